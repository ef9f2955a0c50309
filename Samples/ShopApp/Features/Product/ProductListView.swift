import SwiftUI

typealias ProductListViewDependencies = LoggingDependency // used here
    & CacheDependency // used here (recently viewed entries)
    & CurrencyFormattingDependency // used here
    & ProductLoader_loadDependencies // required by ProductLoader.load(dependencies:)
    & ProductThumbnailDependencies // required by ProductThumbnail
    & RecentlyViewedListDependencies // required by RecentlyViewedList

struct ProductListView<Dependencies: ProductListViewDependencies>: View {
    let dependencies: Dependencies
    let onSelect: (String) -> Void
    @State private var products: [ProductSummary] = []
    @State private var loadFailed = false
    private let loader = ProductLoader()

    init(dependencies: Dependencies, onSelect: @escaping (String) -> Void) {
        self.dependencies = dependencies
        self.onSelect = onSelect
    }

    var body: some View {
        List {
            let recent = dependencies.cache.recentEntries
            if !recent.isEmpty {
                Section("Recently viewed") {
                    RecentlyViewedList(dependencies: dependencies, entries: recent, onSelect: onSelect)
                }
            }
            Section("Featured") {
                ForEach(products) { product in
                    Button {
                        onSelect(product.sku)
                    } label: {
                        HStack(spacing: 12) {
                            ProductThumbnail(dependencies: dependencies, url: product.thumbnailURL)
                            VStack(alignment: .leading, spacing: 2) {
                                Text(product.name)
                                Text(dependencies.currencyFormatter.string(from: product.price))
                                    .foregroundStyle(.secondary)
                            }
                        }
                    }
                }
            }
        }
        .overlay {
            if loadFailed {
                ContentUnavailableView("Couldn't load products", systemImage: "wifi.slash")
            }
        }
        .task { await reload() }
        .refreshable { await reload() }
    }

    private func reload() async {
        do {
            products = try await loader.load(dependencies: dependencies, category: .featured)
            loadFailed = false
        } catch {
            dependencies.logger.log(.error, "Product list failed: \(error)")
            loadFailed = products.isEmpty
        }
    }
}
