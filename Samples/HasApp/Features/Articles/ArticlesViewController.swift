import UIKit

final class ArticlesViewController: UITableViewController {
    typealias Dependencies = ArticlesViewModel.Dependencies // required by ArticlesViewModel
        & HasImageProvider // thumbnails, loaded here

    var dependencies: Dependencies!
    var onSelect: ((Article) -> Void)?
    var onOpenSettings: (() -> Void)?

    private lazy var viewModel = ArticlesViewModel(dependencies: dependencies)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Latest"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Settings", primaryAction: UIAction { [weak self] _ in
            self?.onOpenSettings?()
        })
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "ArticleCell")
        viewModel.onChange = { [weak self] in
            self?.tableView.reloadData()
        }
        viewModel.refresh()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.articles.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ArticleCell", for: indexPath)
        let article = viewModel.articles[indexPath.row]
        cell.textLabel?.text = article.title
        cell.imageView?.image = UIImage(systemName: "newspaper")
        if let url = article.heroImageURL {
            dependencies.imageProvider.loadImage(from: url) { [weak tableView] image in
                guard let image, let visibleCell = tableView?.cellForRow(at: indexPath) else { return }
                visibleCell.imageView?.image = image
                visibleCell.setNeedsLayout()
            }
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        onSelect?(viewModel.articles[indexPath.row])
    }
}
