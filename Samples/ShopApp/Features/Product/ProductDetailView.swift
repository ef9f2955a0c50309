import SwiftUI

typealias ProductDetailViewDependencies = TrackingDependency // used here
    & CartStoreDependency // used here
    & ProductDataRepositoryDependency // used here; spliced in per page, see below
    & ProductImageViewDependencies // required by ProductImageView
    & ProductReviewsViewDependencies // required by ProductReviewsView
    & Analytics_trackDependencies // required by Analytics.track

/// What the page needs from outside the feature: the flattened list above minus the repository.
public typealias ProductDetailViewExternalDependencies = TrackingDependency
    & CartStoreDependency
    & LoggingDependency
    & NetworkingDependency
    & ImageLoadingDependency

/// Adds the page-scoped repository to the dependencies handed in by the caller.
struct SplicedProductDetailViewDependencies<ExternalDependencies: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
    private let externalDependencies: ExternalDependencies // from the caller
    let productDataRepository: ProductDataProviding // created for this page

    init(externalDependencies: ExternalDependencies, productDataRepository: ProductDataProviding) {
        self.externalDependencies = externalDependencies
        self.productDataRepository = productDataRepository
    }

    // Forwarded to the page and its children
    var tracker: Tracking { externalDependencies.tracker }
    var cartStore: CartStoring { externalDependencies.cartStore }
    var logger: Logging { externalDependencies.logger }
    var httpClient: HTTPClient { externalDependencies.httpClient }
    var imageLoader: ImageLoading { externalDependencies.imageLoader }
}

struct ProductDetailView<ExternalDependencies: ProductDetailViewExternalDependencies>: View {
    let dependencies: SplicedProductDetailViewDependencies<ExternalDependencies>
    let sku: String
    @State private var details: ProductDetails?
    @State private var loadError: String?

    init(dependencies: SplicedProductDetailViewDependencies<ExternalDependencies>, sku: String) {
        self.dependencies = dependencies
        self.sku = sku
    }

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                ProductImageView(dependencies: dependencies, imageURL: details?.imageURL)
                if let details {
                    Text(details.name)
                        .font(.title2.bold())
                    Text(details.summary)
                    Button("Add to cart") {
                        addToCart(details)
                    }
                    .buttonStyle(.borderedProminent)
                } else if let loadError {
                    Text(loadError)
                        .foregroundStyle(.red)
                }
                ProductReviewsView(dependencies: dependencies, sku: sku)
            }
            .padding()
        }
        .navigationTitle(details?.name ?? "")
        .task {
            do {
                details = try await dependencies.productDataRepository.details()
            } catch {
                loadError = "This product is not available right now."
            }
        }
        .onAppear {
            dependencies.tracker.track(.screenViewed("product_detail"))
        }
    }

    private func addToCart(_ details: ProductDetails) {
        dependencies.cartStore.add(sku: details.sku, title: details.name, unitPrice: details.price, imageURL: details.imageURL)
        Analytics.track(dependencies: dependencies, .addedToCart(sku: details.sku))
    }
}
