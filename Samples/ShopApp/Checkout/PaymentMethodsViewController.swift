import UIKit

typealias PaymentMethodsViewControllerDependencies = PaymentsDependency // used here
    & PaymentMethodCellDependencies // required by PaymentMethodCell

/// Lists the saved payment methods. It is created before its dependencies are
/// known, so they are injected through the property.
final class PaymentMethodsViewController<Dependencies: PaymentMethodsViewControllerDependencies>: UITableViewController {
    var dependencies: Dependencies? {
        didSet {
            for case let cell as PaymentMethodCell<Dependencies> in tableView.visibleCells {
                cell.dependencies = dependencies
            }
            reloadMethods()
        }
    }

    private var methods: [PaymentMethod] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(PaymentMethodCell<Dependencies>.self, forCellReuseIdentifier: PaymentMethodCell<Dependencies>.reuseIdentifier)
    }

    private func reloadMethods() {
        Task {
            methods = (try? await dependencies?.paymentProcessor.savedMethods()) ?? []
            tableView.reloadData()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        methods.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let identifier = PaymentMethodCell<Dependencies>.reuseIdentifier
        guard let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath) as? PaymentMethodCell<Dependencies> else {
            return UITableViewCell()
        }
        cell.dependencies = dependencies
        cell.configure(with: methods[indexPath.row])
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        dependencies?.paymentProcessor.select(methods[indexPath.row])
    }
}
