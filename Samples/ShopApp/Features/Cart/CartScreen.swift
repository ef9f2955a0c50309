import SwiftUI

typealias CartScreenDependencies = CartStoreDependency // used here
    & CartItemRowDependencies // required by CartItemRow
    & CartSummaryViewDependencies // required by CartSummaryView
    & CheckoutFlowViewDependencies // required by CheckoutFlowView

// Before checkout moved to UIKit the cart placed orders itself:
// typealias CartScreenLegacyDependencies = CartStoreDependency & NetworkingDependency & OldBannerDependencies

struct CartScreen<Dependencies: CartScreenDependencies>: View {
    let dependencies: Dependencies
    @State private var items: [CartItem] = []
    @State private var isCheckingOut = false

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    var body: some View {
        List {
            ForEach(items) { item in
                CartItemRow(dependencies: dependencies, item: item)
            }
            .onDelete { offsets in
                for index in offsets {
                    dependencies.cartStore.setQuantity(0, for: items[index].sku)
                }
            }
            if !items.isEmpty {
                CartSummaryView(dependencies: dependencies, items: items) {
                    isCheckingOut = true
                }
            }
        }
        .navigationTitle("Cart")
        .overlay {
            if items.isEmpty {
                ContentUnavailableView("Your cart is empty", systemImage: "cart")
            }
        }
        .sheet(isPresented: $isCheckingOut) {
            CheckoutFlowView(dependencies: dependencies, items: items)
        }
        .task {
            for await latest in dependencies.cartStore.changes() {
                items = latest
            }
        }
    }
}
