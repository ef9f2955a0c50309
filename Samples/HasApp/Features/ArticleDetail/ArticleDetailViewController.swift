import UIKit

final class ArticleDetailViewController: UIViewController {
    typealias Dependencies = ArticleDetailViewModel.Dependencies // required by ArticleDetailViewModel
        & BookmarksViewModel.Dependencies // required by BookmarksViewModel (bookmark button)
        & HasNotificationManager // "Remind me later", used here
        & HasErrorReporter // failed bookmark saves, used here

    var dependencies: ArticleDetailViewController.Dependencies!
    var article: Article!

    private lazy var viewModel = ArticleDetailViewModel(dependencies: dependencies, article: article)
    private lazy var bookmarks = BookmarksViewModel(dependencies: dependencies)
    private let heroImageView = UIImageView()
    private let bodyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        title = article.title

        heroImageView.contentMode = .scaleAspectFill
        heroImageView.clipsToBounds = true
        bodyLabel.numberOfLines = 0
        let stack = UIStackView(arrangedSubviews: [heroImageView, bodyLabel])
        stack.axis = .vertical
        stack.spacing = 12
        stack.frame = view.bounds
        stack.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(stack)

        viewModel.onUpdate = { [weak self] article in
            self?.render(article)
        }
        viewModel.onHeroImage = { [weak self] image in
            self?.heroImageView.image = image
        }
        render(article)
        updateBarButtons()
        viewModel.load()
    }

    private func render(_ article: Article) {
        bodyLabel.text = article.body
    }

    private func updateBarButtons() {
        let bookmarkSymbol = bookmarks.isBookmarked(article) ? "bookmark.fill" : "bookmark"
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(image: UIImage(systemName: bookmarkSymbol), primaryAction: UIAction { [weak self] _ in
                self?.toggleBookmark()
            }),
            UIBarButtonItem(image: UIImage(systemName: "bell"), primaryAction: UIAction { [weak self] _ in
                self?.remindLater()
            }),
        ]
    }

    private func toggleBookmark() {
        do {
            try bookmarks.toggleBookmark(for: article)
        } catch {
            dependencies.errorReporter.report(error, context: "bookmark \(article.id)")
        }
        updateBarButtons()
    }

    private func remindLater() {
        dependencies.makeNotificationManager().scheduleReminder(for: article, after: 3 * 60 * 60)
    }
}
