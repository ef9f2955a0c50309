import Dependencies

// swift-dependencies: keys on `DependencyValues`, injected with `@Dependency(\.key)`.

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) -> String
}

extension WeatherClient: DependencyKey {
    static let liveValue = WeatherClient { city in "sunny in \(city)" }
}

struct NewsClient: Sendable {
    var headline: @Sendable () -> String
}

// cpdi sample: unprovided-dependency — a test value only: the app falls back to it (and prints UNRESOLVED).
extension NewsClient: TestDependencyKey {
    static let testValue = NewsClient { "unimplemented" }
}

struct LegacyAnalytics: Sendable {
    var track: @Sendable (String) -> Void
}

extension LegacyAnalytics: DependencyKey {
    static let liveValue = LegacyAnalytics { _ in }
}

extension DependencyValues {
    var weather: WeatherClient {
        get { self[WeatherClient.self] }
        set { self[WeatherClient.self] = newValue }
    }

    var news: NewsClient {
        get { self[NewsClient.self] }
        set { self[NewsClient.self] = newValue }
    }

    // cpdi sample: unused-registration — only a preview overrides it; nothing injects or reads it.
    var legacyAnalytics: LegacyAnalytics {
        get { self[LegacyAnalytics.self] }
        set { self[LegacyAnalytics.self] = newValue }
    }
}

struct ForecastModel {
    @Dependency(\.weather) var weather
    @Dependency(\.date.now) var now
    // cpdi sample: unused-injection — the key is `uuid`, the property another name; nothing reads it.
    @Dependency(\.uuid)
    private var makeID

    func summary(for city: String) -> String {
        weather.forecast(city) + (now.timeIntervalSince1970 > 0 ? "" : " (no clock)")
    }
}

struct NewsModel {
    @Dependency(\.news) var news; static let injectedAt = #line

    func headline() -> String { news.headline() }
}

/// Overrides write a key and read none: `legacyAnalytics` stays unused.
func previewForecast() -> String {
    withDependencies {
        $0.legacyAnalytics = LegacyAnalytics { _ in }
        $0.weather = WeatherClient { _ in "always sunny" }
    } operation: {
        ForecastModel().summary(for: "Preview")
    }
}

func runDependencies() {
    report(ForecastModel().summary(for: "Lisbon"))
    report(previewForecast())
    let headline = NewsModel().headline()
    report(headline == "unimplemented" ? nil : headline, line: NewsModel.injectedAt)
}
