import UIKit

typealias PaymentMethodCellDependencies = CurrencyFormattingDependency // used here

final class PaymentMethodCell<Dependencies: PaymentMethodCellDependencies>: UITableViewCell {
    static var reuseIdentifier: String { "PaymentMethodCell" }

    /// Set by the table view controller for every dequeued cell.
    var dependencies: Dependencies?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    func configure(with method: PaymentMethod) {
        textLabel?.text = "\(method.displayName) •••• \(method.lastFour)"
        if let limit = method.spendingLimit, let formatted = dependencies?.currencyFormatter.string(from: limit) {
            detailTextLabel?.text = "Limit \(formatted)"
        } else {
            detailTextLabel?.text = nil
        }
    }
}
