import Services

// The Has-protocol style: a nested alias stored as it is.
final class SettingsViewModel {
    typealias Dependencies = HasStore & HasClock
    let dependencies: Dependencies
    init(dependencies: Dependencies) { self.dependencies = dependencies }
    func save() {
        dependencies.store.save("settings@\(dependencies.now)")
    }
}

final class SettingsScreen {
    typealias Dependencies = SettingsViewModel.Dependencies & LoggingDependency
    let dependencies: Dependencies
    init(dependencies: Dependencies) { self.dependencies = dependencies }
    func open() {
        dependencies.logger.log("settings")
        SettingsViewModel(dependencies: dependencies).save()
    }
}
