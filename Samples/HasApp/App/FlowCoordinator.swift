import UIKit

/// Creates the screens and hands each one the app's dependencies.
/// Every screen only sees the slice its `Dependencies` alias asks for.
final class FlowCoordinator {
    let dependencies: AppDependency
    private let navigationController: UINavigationController

    init(dependencies: AppDependency, navigationController: UINavigationController) {
        self.dependencies = dependencies
        self.navigationController = navigationController
    }

    func start() {
        let articles = ArticlesViewController()
        configureViewController(vc: articles)
        articles.onSelect = { [weak self] article in
            self?.showDetail(for: article)
        }
        articles.onOpenSettings = { [weak self] in
            self?.showSettings()
        }
        navigationController.setViewControllers([articles], animated: false)
    }

    func showDetail(for article: Article) {
        let vc = ArticleDetailViewController()
        vc.dependencies = dependencies
        vc.article = article
        navigationController.pushViewController(vc, animated: true)
    }

    func showSettings() {
        let settings = SettingsViewController(services: dependencies)
        navigationController.present(UINavigationController(rootViewController: settings), animated: true)
    }

    private func configureViewController(vc: ArticlesViewController) {
        vc.dependencies = dependencies
    }
}
