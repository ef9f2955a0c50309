protocol ProfileModuleType {
    func component() -> ProfileLoading
}

struct ProfileModule: ProfileModuleType {
    /// Modules can inject other modules.
    @Inject private var widgetModule: WidgetModuleType

    func component() -> ProfileLoading {
        RemoteProfileLoader(httpService: widgetModule.component())
    }
}
