import SwiftUI

typealias CartSummaryViewDependencies = CurrencyFormattingDependency // used here
    & TrackingDependency // used here
    // cpdi sample: unused-dependency — left over from the removed shipping estimate; nothing in this file talks to the network
    & NetworkingDependency

struct CartSummaryView<Dependencies>: View where Dependencies: CartSummaryViewDependencies {
    let dependencies: Dependencies
    let items: [CartItem]
    let onCheckout: () -> Void

    private var total: Decimal {
        items.reduce(Decimal(0)) { $0 + $1.unitPrice * Decimal($1.quantity) }
    }

    var body: some View {
        Section {
            HStack {
                Text("Total")
                Spacer()
                Text(dependencies.currencyFormatter.string(from: total))
                    .bold()
            }
            Button("Check out") {
                dependencies.tracker.track(.checkoutStarted(itemCount: items.count))
                onCheckout()
            }
            .frame(maxWidth: .infinity)
        }
    }
}
