import UIKit

typealias ShopBaseViewControllerDependencies = LoggingDependency // used here
    & TrackingDependency // used here

/// Base class of the UIKit screens: screen views, screen time and error alerts.
class ShopBaseViewController<Dependencies: ShopBaseViewControllerDependencies>: UIViewController {
    let dependencies: Dependencies
    private var appearedAt: Date?

    /// Overridden by subclasses; used in analytics and logs.
    var screenName: String { "unnamed" }

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearedAt = Date()
        dependencies.tracker.track(.screenViewed(screenName))
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let appearedAt {
            Analytics.reportScreenTime(dependencies: dependencies, screen: screenName, since: appearedAt)
        }
        appearedAt = nil
    }

    func showError(_ error: Error, title: String) {
        dependencies.logger.log(.error, "\(screenName): \(title) (\(error))")
        let alert = UIAlertController(title: title, message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
