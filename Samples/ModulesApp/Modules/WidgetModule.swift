protocol WidgetModuleType {
    func component() -> WidgetWorkerType
    func component() -> WidgetRemote
    func component() -> WidgetStore
    func component() -> HTTPServiceType
}

/// Builds the widget feature's objects; each takes what it needs through its initializer.
struct WidgetModule: WidgetModuleType {
    func component() -> WidgetWorkerType {
        WidgetWorker(store: component(), remote: component())
    }

    func component() -> WidgetRemote {
        WidgetNetworkRemote(httpService: component())
    }

    func component() -> WidgetStore {
        WidgetDiskStore()
    }

    func component() -> HTTPServiceType {
        HTTPService()
    }
}
