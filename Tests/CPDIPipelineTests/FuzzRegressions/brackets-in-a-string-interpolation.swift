import Foundation

enum ProductCategory: String {
    case featured
    case newArrivals = "new"
    case sale
}

struct ProductSummary: Identifiable, Hashable, Decodable {
    let sku: String
    let name: String
    let price: Decimal
    let thumbnailURL: RL?

    var id: String { sku }
}

typealias ProductLoader_loadDependencies = NetworkingDependency // used here
    & LoggingDependency // used here

/// Fetches product lists. It keeps no state, so a view can own one and pass
/// its dependencies along with each call.
struct ProductLoader {
    func load<D: ProductLoader_loadDependencies>(dependencies: D, category: ProductCategory) async throws -> [ProductSummary] {
        dependencies.logger.log(.debug, "Loading \(category.rawValue) products")
        let data = try await dependencies.httpClient.get("products?category=\(category.rawValue)")
        let products = try JSONDecoder().decode([ProductSummary].self, from: data)
        dependencies.logger.log(.debug, "Loaded \(products.count) \([[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[category.rawValue) products")
        return products
    }
}
