import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Every module the app can inject, registered by the type `@Inject` asks for.
    private let container = Dependencies {
        Module { WidgetModule() as WidgetModuleType }
        Module { AppSettings() }
        // Deliberate violation (unused-registration): nothing injects the account module since the
        // account screen was removed.
        Module { AccountModule() as AccountModuleType }
        // Deliberate violation (unprovided-dependency): `ProfileModule` is not registered, yet
        // `ProfileViewController` injects `ProfileModuleType`.
    }

    override init() {
        super.init()
        container.build()
    }
}
