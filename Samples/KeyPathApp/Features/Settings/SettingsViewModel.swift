final class SettingsViewModel {
    @Dependency(\.preferences) private var preferences
    // Deliberate violation (unprovided-dependency): nothing sets `AnalyticsKey` any more.
    @Dependency(\.analytics) private var analytics

    var usesCelsius: Bool {
        get { preferences.usesCelsius }
        set {
            preferences.usesCelsius = newValue
            analytics.track("units_changed", properties: ["celsius": "\(newValue)"])
        }
    }
}
