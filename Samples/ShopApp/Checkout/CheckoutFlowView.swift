import SwiftUI
import UIKit

typealias CheckoutFlowViewDependencies = CheckoutViewControllerDependencies // required by CheckoutViewController

/// Hosts the UIKit checkout flow inside the SwiftUI cart.
struct CheckoutFlowView<Dependencies: CheckoutFlowViewDependencies>: UIViewControllerRepresentable {
    let dependencies: Dependencies
    let items: [CartItem]

    func makeUIViewController(context: Context) -> UINavigationController {
        UINavigationController(rootViewController: CheckoutViewController(dependencies: dependencies, items: items))
    }

    func updateUIViewController(_ navigationController: UINavigationController, context: Context) {}
}
