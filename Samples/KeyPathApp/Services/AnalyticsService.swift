protocol AnalyticsTracking {
    func track(_ event: String, properties: [String: String])
}

struct ConsoleAnalytics: AnalyticsTracking {
    func track(_ event: String, properties: [String: String]) {
        print("[analytics]", event, properties)
    }
}

/// Lazy, because the real tracker needs the user's consent first.
struct AnalyticsKey: LazyDependencyKey {
    static var currentValue: AnalyticsTracking?
}

extension DependencyContainer {
    var analytics: AnalyticsTracking {
        get { Self[AnalyticsKey.self] }
        set { Self[AnalyticsKey.self] = newValue }
    }
}
