import Foundation

// MARK: - Cart

public struct CartItem: Identifiable, Hashable {
    public let sku: String
    public var title: String
    public var unitPrice: Decimal
    public var quantity: Int
    public var imageURL: URL?

    public var id: String { sku }
}

public protocol CartStoring: AnyObject {
    var items: [CartItem] { get }
    func add(sku: String, title: String, unitPrice: Decimal, imageURL: URL?)
    func setQuantity(_ quantity: Int, for sku: String)
    func changes() -> AsyncStream<[CartItem]>
}

public protocol CartStoreDependency {
    var cartStore: CartStoring { get }
}

// MARK: - Payments

public struct PaymentMethod: Hashable {
    public let id: String
    public let displayName: String
    public let lastFour: String
    public let spendingLimit: Decimal?
}

public struct Receipt: Hashable {
    public let orderID: String
    public let total: Decimal
    public let estimatedDelivery: Date
}

public protocol PaymentProcessing {
    func savedMethods() async throws -> [PaymentMethod]
    func select(_ method: PaymentMethod)
    func charge(_ items: [CartItem]) async throws -> Receipt
}

public protocol PaymentsDependency {
    var paymentProcessor: PaymentProcessing { get }
}

// MARK: - Formatting

public protocol CurrencyFormatting {
    func string(from amount: Decimal) -> String
}

public protocol CurrencyFormattingDependency {
    var currencyFormatter: CurrencyFormatting { get }
}

// MARK: - Notices

public enum ShopNotice {
    case orderPlaced(orderID: String)
    case priceDrop(sku: String)
}

public protocol NotificationPosting {
    func post(_ notice: ShopNotice)
}

/// A provider rather than a property: every caller gets its own poster.
public protocol NotificationCenterDependency {
    func makeNotificationCenter() -> NotificationPosting
}
