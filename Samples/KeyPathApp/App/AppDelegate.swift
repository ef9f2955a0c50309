import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        setUpDependencies()
        return true
    }
}

// MARK: - Dependencies

private extension AppDelegate {
    /// Lazy keys get their values here, before any screen exists.
    func setUpDependencies() {
        DependencyContainer.set(initialValue: CoreLocationService(), key: LocationServiceKey.self)
        // Deliberate violation (unprovided-dependency): the analytics key used to be set here, until
        // the consent flow moved; `SettingsViewModel` still injects `\.analytics` and crashes.
        // DependencyContainer.set(initialValue: ConsoleAnalytics(), key: AnalyticsKey.self)
    }
}
