import SwiftUI

typealias CartItemRowDependencies = CurrencyFormattingDependency // used here
    & CartStoreDependency // used here (quantity stepper)
    // cpdi sample: direct-child-dependency — only ProductThumbnail loads images; forward ProductThumbnailDependencies instead
    & ImageLoadingDependency

struct CartItemRow<Dependencies: CartItemRowDependencies>: View {
    let dependencies: Dependencies
    let item: CartItem

    var body: some View {
        HStack(spacing: 12) {
            ProductThumbnail(dependencies: dependencies, url: item.imageURL, side: 44)
            VStack(alignment: .leading, spacing: 2) {
                Text(item.title)
                    .lineLimit(2)
                Text(dependencies.currencyFormatter.string(from: item.unitPrice * Decimal(item.quantity)))
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Stepper("Quantity \(item.quantity)", value: quantity, in: 0...20)
                .labelsHidden()
        }
    }

    private var quantity: Binding<Int> {
        Binding(
            get: { item.quantity },
            set: { dependencies.cartStore.setQuantity($0, for: item.sku) }
        )
    }
}
