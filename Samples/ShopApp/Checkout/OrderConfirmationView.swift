import SwiftUI

typealias OrderConfirmationViewDependencies = CurrencyFormattingDependency // used here
    & Analytics_trackDependencies // required by Analytics.track

struct OrderConfirmationView<Dependencies: OrderConfirmationViewDependencies>: View {
    let dependencies: Dependencies
    let receipt: Receipt

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "checkmark.seal.fill")
                .font(.system(size: 56))
                .foregroundStyle(.green)
            Text("Thank you!")
                .font(.title.bold())
            Text("Order \(receipt.orderID)")
            Text("Total \(dependencies.currencyFormatter.string(from: receipt.total))")
            Text(receipt.estimatedDelivery, style: .date)
                .foregroundStyle(.secondary)
        }
        .padding()
        .onAppear {
            Analytics.track(dependencies: dependencies, .orderConfirmed(orderID: receipt.orderID))
        }
    }
}
