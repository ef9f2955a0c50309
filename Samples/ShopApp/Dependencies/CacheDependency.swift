import Foundation

/// One cached product payload.
public protocol ProductCacheEntry {
    var sku: String { get }
    var title: String { get }
    var payload: Data { get }
    var storedAt: Date { get }
}

/// Storage for product payloads. The entry type is left to the implementation
/// (in memory, on disk, …), so the cache leaf carries it as an associated type.
public protocol ProductCaching: AnyObject {
    associatedtype Entry: ProductCacheEntry

    var recentEntries: [Entry] { get }
    func entry(for sku: String) -> Entry?
    func store(_ payload: Data, sku: String, title: String)
}

/// Components that only need the entry type can write `Dependencies.Cache.Entry`
/// without ever touching `dependencies.cache`.
public protocol CacheDependency {
    associatedtype Cache: ProductCaching
    var cache: Cache { get }
}
