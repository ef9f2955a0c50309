import Foundation

/// Bookmarks, with an offline copy of every bookmarked article.
final class BookmarksViewModel {
    typealias Dependencies = HasStateService & HasPersistenceProvider

    let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    func isBookmarked(_ article: Article) -> Bool {
        dependencies.stateService.bookmarkedIDs.contains(article.id)
    }

    func toggleBookmark(for article: Article) throws {
        if isBookmarked(article) {
            dependencies.stateService.bookmarkedIDs.remove(article.id)
        } else {
            try dependencies.persistenceProvider.save(article, forKey: "offline.\(article.id)")
            dependencies.stateService.bookmarkedIDs.insert(article.id)
        }
    }
}
