import SwiftUI
import UIKit

typealias CheckoutViewControllerDependencies = PaymentsDependency // used here
    & NotificationCenterDependency // used here (order placed notice)
    & ShopBaseViewControllerDependencies // required by ShopBaseViewController
    & PaymentMethodsViewControllerDependencies // required by PaymentMethodsViewController
    & OrderConfirmationViewDependencies // required by OrderConfirmationView

final class CheckoutViewController<Dependencies: CheckoutViewControllerDependencies>: ShopBaseViewController<Dependencies> {
    private let items: [CartItem]
    private let paymentMethods = PaymentMethodsViewController<Dependencies>(style: .insetGrouped)
    private lazy var placeOrderButton = UIButton(
        configuration: .filled(),
        primaryAction: UIAction(title: "Place order") { [weak self] _ in
            self?.placeOrder()
        }
    )

    override var screenName: String { "checkout" }

    init(dependencies: Dependencies, items: [CartItem]) {
        self.items = items
        super.init(dependencies: dependencies)
        title = "Checkout"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        paymentMethods.dependencies = dependencies
        addChild(paymentMethods)
        let stack = UIStackView(arrangedSubviews: [paymentMethods.view, placeOrderButton])
        stack.axis = .vertical
        stack.spacing = 16
        stack.frame = view.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(stack)
        paymentMethods.didMove(toParent: self)
    }

    private func placeOrder() {
        placeOrderButton.isEnabled = false
        Task {
            defer { placeOrderButton.isEnabled = true }
            do {
                let receipt = try await self.dependencies.paymentProcessor.charge(items)
                self.dependencies.makeNotificationCenter().post(.orderPlaced(orderID: receipt.orderID))
                let confirmation = UIHostingController(
                    rootView: OrderConfirmationView(dependencies: dependencies, receipt: receipt)
                )
                navigationController?.pushViewController(confirmation, animated: true)
            } catch {
                showError(error, title: "Payment failed")
            }
        }
    }
}
