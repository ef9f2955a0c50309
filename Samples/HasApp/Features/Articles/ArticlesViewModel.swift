import Foundation

final class ArticlesViewModel {
    typealias Dependencies = HasArticleProvider & HasPersistenceProvider

    private static let cacheKey = "articles.latest"

    let dependencies: Dependencies
    private(set) var articles: [Article] = []
    var onChange: (() -> Void)?

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        // Show what we had last time until the network answers.
        articles = dependencies.persistenceProvider.load([Article].self, forKey: Self.cacheKey) ?? []
    }

    func refresh() {
        dependencies.articleProvider.latestArticles { [weak self] result in
            // On failure the cached list simply stays on screen.
            guard let self, case .success(let articles) = result else { return }
            self.articles = articles
            try? self.dependencies.persistenceProvider.save(articles, forKey: Self.cacheKey)
            self.onChange?()
        }
    }
}
