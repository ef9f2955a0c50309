import SwiftUI

public typealias ProductFeatureDependencies = ProductDetailViewExternalDependencies // required by ProductDetailView (spliced in productDetailView(for:))
    & ProductDataRepositoryDependencies // required by ProductDataRepository

/// The product feature's public entry point. Callers outside the feature only see this type.
public struct ProductFeature<Dependencies: ProductFeatureDependencies> {
    let dependencies: Dependencies

    public init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// The page for one product. Every page gets a repository of its own.
    @MainActor
    public func productDetailView(for sku: String) -> some View {
        ProductDetailView(
            dependencies: SplicedProductDetailViewDependencies(
                externalDependencies: dependencies,
                productDataRepository: ProductDataRepository(dependencies: dependencies, sku: sku)
            ),
            sku: sku
        )
    }
}
