import Foundation

struct ProductDetails: Decodable {
    let sku: String
    let name: String
    let summary: String
    let price: Decimal
    let imageURL: URL?
}

/// What a product page needs from its repository.
protocol ProductDataProviding: AnyObject {
    var sku: String { get }
    func details() async throws -> ProductDetails
}

/// Internal leaf: only the product page has a repository, spliced in per page
/// (see `SplicedProductDetailViewDependencies`).
protocol ProductDataRepositoryDependency {
    var productDataRepository: ProductDataProviding { get }
}

typealias ProductDataRepositoryDependencies = NetworkingDependency // used here
    & CacheDependency // used here
    & LoggingDependency // used here

/// Loads one product, answering from the shared cache when it can.
/// Created with its product page and released with it.
final class ProductDataRepository<Dependencies: ProductDataRepositoryDependencies>: ProductDataProviding {
    let dependencies: Dependencies
    let sku: String

    init(dependencies: Dependencies, sku: String) {
        self.dependencies = dependencies
        self.sku = sku
    }

    func details() async throws -> ProductDetails {
        let decoder = JSONDecoder()
        if let entry = dependencies.cache.entry(for: sku) {
            if let cached = try? decoder.decode(ProductDetails.self, from: entry.payload) {
                return cached
            }
            dependencies.logger.log(.warning, "Ignoring unreadable cache entry for \(sku)")
        }
        let data = try await dependencies.httpClient.get("products/\(sku)")
        let details = try decoder.decode(ProductDetails.self, from: data)
        dependencies.cache.store(data, sku: sku, title: details.name)
        return details
    }
}
