import Foundation

/// Registered as itself (`Module { AppSettings() }`), so it is injected as `AppSettings`.
final class AppSettings {
    private let defaults = UserDefaults.standard

    var showsPreviews: Bool {
        get { defaults.bool(forKey: "showsPreviews") }
        set { defaults.set(newValue, forKey: "showsPreviews") }
    }
}
