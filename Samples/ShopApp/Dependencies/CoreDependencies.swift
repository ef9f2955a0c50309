import Foundation
import UIKit

// Leaf dependencies shared by every feature. Each protocol exposes exactly one
// namespaced member, so call sites read `dependencies.logger.log(...)`.

// MARK: - Logging

public enum LogLevel: String {
    case debug, info, warning, error
}

public protocol Logging {
    func log(_ level: LogLevel, _ message: String)
}

public protocol LoggingDependency {
    var logger: Logging { get }
}

// MARK: - Tracking

public enum AnalyticsEvent: Equatable {
    case screenViewed(String)
    case addedToCart(sku: String)
    case checkoutStarted(itemCount: Int)
    case orderConfirmed(orderID: String)
    case imageExpanded(Bool)
    case bannerTapped(campaign: String)
    case screenTime(screen: String, seconds: Int)
}

public protocol Tracking {
    func track(_ event: AnalyticsEvent)
}

public protocol TrackingDependency {
    var tracker: Tracking { get }
}

// MARK: - Networking

public protocol HTTPClient {
    func get(_ path: String) async throws -> Data
    func post(_ path: String, body: Data) async throws -> Data
}

public protocol NetworkingDependency {
    var httpClient: HTTPClient { get }
}

// MARK: - Images

public protocol ImageLoading {
    func image(for url: URL) async -> UIImage?
}

public protocol ImageLoadingDependency {
    var imageLoader: ImageLoading { get }
}
