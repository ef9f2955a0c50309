import SwiftUI

typealias HomeViewDependencies = TrackingDependency // used here
    & ProductListViewDependencies // required by ProductListView
    & ProductFeatureDependencies // required by ProductFeature (product pages)
    // cpdi sample: stale-forward — the campaign banner (OldBanner) was taken off this screen, but its alias is still forwarded
    & OldBannerDependencies

struct HomeView<Dependencies: HomeViewDependencies>: View {
    let dependencies: Dependencies
    @State private var selectedSKU: String?

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    var body: some View {
        ProductListView(dependencies: dependencies) { sku in
            selectedSKU = sku
        }
        .navigationTitle("Shop")
        .navigationDestination(item: $selectedSKU) { sku in
            ProductFeature(dependencies: dependencies).productDetailView(for: sku)
        }
        .onAppear {
            dependencies.tracker.track(.screenViewed("home"))
        }
    }
}
