import UIKit

final class ArticleDetailViewModel {
    typealias Dependencies = HasArticleProvider // refreshes the article text
        & HasImageProvider // hero image
        // cpdi sample: unused-dependency — offline copies moved to BookmarksViewModel; nothing here persists anything any more
        & HasPersistenceProvider

    let dependencies: Dependencies
    private(set) var article: Article
    var onUpdate: ((Article) -> Void)?
    var onHeroImage: ((UIImage) -> Void)?

    init(dependencies: Dependencies, article: Article) {
        self.dependencies = dependencies
        self.article = article
    }

    func load() {
        dependencies.articleProvider.article(withID: article.id) { [weak self] result in
            guard let self, case .success(let fresh) = result else { return }
            self.article = fresh
            self.onUpdate?(fresh)
        }
        if let url = article.heroImageURL {
            dependencies.imageProvider.loadImage(from: url) { [weak self] image in
                if let image {
                    self?.onHeroImage?(image)
                }
            }
        }
    }
}
