import Foundation

/// Provides every app-wide leaf dependency. Only the root knows this concrete type;
/// components below it are generic over their own `…Dependencies` alias.
struct AppDependencies: LoggingDependency,
    TrackingDependency,
    NetworkingDependency,
    ImageLoadingDependency,
    CacheDependency,
    CartStoreDependency,
    PaymentsDependency,
    CurrencyFormattingDependency,
    NotificationCenterDependency {
    let logger: Logging
    let tracker: Tracking
    let httpClient: HTTPClient
    let imageLoader: ImageLoading
    let cache: InMemoryProductCache
    let cartStore: CartStoring
    let paymentProcessor: PaymentProcessing
    let currencyFormatter: CurrencyFormatting

    func makeNotificationCenter() -> NotificationPosting {
        InAppNoticePoster()
    }

    static func live() -> AppDependencies {
        let logger = ConsoleLogger(subsystem: "com.example.shop")
        return AppDependencies(
            logger: logger,
            tracker: LoggingTracker(logger: logger),
            httpClient: URLSessionHTTPClient(baseURL: URL(string: "https://api.example-shop.com/v2/")!),
            imageLoader: URLSessionImageLoader(),
            cache: InMemoryProductCache(capacity: 30),
            cartStore: InMemoryCartStore(),
            paymentProcessor: SandboxPaymentProcessor(),
            currencyFormatter: LocaleCurrencyFormatter(currencyCode: "USD")
        )
    }
}
