import Foundation
import UIKit

// Production implementations of the leaf protocols. Kept deliberately small.

struct ConsoleLogger: Logging {
    let subsystem: String

    func log(_ level: LogLevel, _ message: String) {
        print("[\(subsystem)] \(level.rawValue.uppercased()) \(message)")
    }
}

/// Writes events to the log until the analytics SDK is integrated.
struct LoggingTracker: Tracking {
    let logger: Logging

    func track(_ event: AnalyticsEvent) {
        logger.log(.debug, "event: \(event)")
    }
}

struct URLSessionHTTPClient: HTTPClient {
    let baseURL: URL
    var session: URLSession = .shared

    func get(_ path: String) async throws -> Data {
        let (data, _) = try await session.data(from: url(for: path))
        return data
    }

    func post(_ path: String, body: Data) async throws -> Data {
        var request = URLRequest(url: url(for: path))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, _) = try await session.data(for: request)
        return data
    }

    private func url(for path: String) -> URL {
        URL(string: path, relativeTo: baseURL) ?? baseURL
    }
}

final class URLSessionImageLoader: ImageLoading {
    private let memory = NSCache<NSURL, UIImage>()

    func image(for url: URL) async -> UIImage? {
        if let hit = memory.object(forKey: url as NSURL) {
            return hit
        }
        guard let (data, _) = try? await URLSession.shared.data(from: url),
              let image = UIImage(data: data) else {
            return nil
        }
        memory.setObject(image, forKey: url as NSURL)
        return image
    }
}

final class InMemoryProductCache: ProductCaching {
    struct Entry: ProductCacheEntry {
        let sku: String
        let title: String
        let payload: Data
        let storedAt: Date
    }

    private let capacity: Int
    private var entries: [Entry] = [] // most recent first

    init(capacity: Int) {
        self.capacity = capacity
    }

    var recentEntries: [Entry] { entries }

    func entry(for sku: String) -> Entry? {
        entries.first { $0.sku == sku }
    }

    func store(_ payload: Data, sku: String, title: String) {
        entries.removeAll { $0.sku == sku }
        entries.insert(Entry(sku: sku, title: title, payload: payload, storedAt: Date()), at: 0)
        entries = Array(entries.prefix(capacity))
    }
}

final class InMemoryCartStore: CartStoring {
    private(set) var items: [CartItem] = [] {
        didSet { observers.values.forEach { $0.yield(items) } }
    }
    private var observers: [UUID: AsyncStream<[CartItem]>.Continuation] = [:]

    func add(sku: String, title: String, unitPrice: Decimal, imageURL: URL?) {
        if let index = items.firstIndex(where: { $0.sku == sku }) {
            items[index].quantity += 1
        } else {
            items.append(CartItem(sku: sku, title: title, unitPrice: unitPrice, quantity: 1, imageURL: imageURL))
        }
    }

    func setQuantity(_ quantity: Int, for sku: String) {
        guard let index = items.firstIndex(where: { $0.sku == sku }) else { return }
        if quantity > 0 {
            items[index].quantity = quantity
        } else {
            items.remove(at: index)
        }
    }

    func changes() -> AsyncStream<[CartItem]> {
        AsyncStream { continuation in
            let id = UUID()
            observers[id] = continuation
            continuation.yield(items)
            continuation.onTermination = { [weak self] _ in
                self?.observers[id] = nil
            }
        }
    }
}

struct SandboxPaymentProcessor: PaymentProcessing {
    func savedMethods() async throws -> [PaymentMethod] {
        [
            PaymentMethod(id: "pm_visa", displayName: "Visa", lastFour: "4242", spendingLimit: nil),
            PaymentMethod(id: "pm_amex", displayName: "Company Amex", lastFour: "0005", spendingLimit: 500),
        ]
    }

    func select(_ method: PaymentMethod) {}

    func charge(_ items: [CartItem]) async throws -> Receipt {
        let total = items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) }
        return Receipt(
            orderID: "SBX-\(Int.random(in: 10_000...99_999))",
            total: total,
            estimatedDelivery: Date().addingTimeInterval(3 * 86_400)
        )
    }
}

struct LocaleCurrencyFormatter: CurrencyFormatting {
    let currencyCode: String

    func string(from amount: Decimal) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = currencyCode
        return formatter.string(from: amount as NSDecimalNumber) ?? "\(amount) \(currencyCode)"
    }
}

/// Posts in-app notices; a banner overlay listens for `.shopNotice`.
struct InAppNoticePoster: NotificationPosting {
    func post(_ notice: ShopNotice) {
        NotificationCenter.default.post(name: .shopNotice, object: nil, userInfo: ["notice": notice])
    }
}

extension Notification.Name {
    static let shopNotice = Notification.Name("ShopNotice")
}
