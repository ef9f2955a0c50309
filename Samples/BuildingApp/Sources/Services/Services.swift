// The services of the app and the leaf protocols that provide them, in both styles the sample uses:
// `…Dependency` protocols (CPDI) and `Has…` protocols.

public protocol Logging { func log(_ message: String) }
public protocol Pricing { func format(_ cents: Int) -> String }
public protocol Tracking { func track(_ event: String) }
public protocol ImageLoading { func load(_ name: String) -> String }
public protocol Storing { func save(_ key: String) }

public protocol LoggingDependency { var logger: Logging { get } }
public protocol PricingDependency { var pricing: Pricing { get } }
public protocol TrackingDependency { var tracker: Tracking { get } }
public protocol ImageLoadingDependency { var images: ImageLoading { get } }
public protocol HasStore { var store: Storing { get } }
public protocol HasClock { var now: Int { get } }

struct PrintLogger: Logging { func log(_ message: String) { print("log:", message) } }
struct EuroPricing: Pricing { func format(_ cents: Int) -> String { "€\(cents / 100)" } }
struct ListTracker: Tracking { func track(_ event: String) { print("track:", event) } }
struct NamedImages: ImageLoading { func load(_ name: String) -> String { "<\(name)>" } }
struct MemoryStore: Storing { func save(_ key: String) { print("saved:", key) } }

/// The app container: it provides every leaf.
public struct AppDependencies: LoggingDependency, PricingDependency, TrackingDependency, ImageLoadingDependency {
    public let logger: Logging = PrintLogger()
    public let pricing: Pricing = EuroPricing()
    public let tracker: Tracking = ListTracker()
    public let images: ImageLoading = NamedImages()
    public init() {}
}

extension AppDependencies: HasStore, HasClock {
    public var store: Storing { MemoryStore() }
    public var now: Int { 42 }
}
