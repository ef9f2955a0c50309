import Foundation

/// Plain data container holding every service of the app.
struct AppDependency: HasImageProvider, HasArticleProvider, HasPersistenceProvider {
    let imageProvider: ImageProviding
    let articleProvider: ArticleProviding
    let persistenceProvider: PersistenceProviding
    let errorReporter: ErrorReporting
    let stateService: StateService
}

extension AppDependency: HasErrorReporter, HasStateService {}

extension AppDependency: HasNotificationManager {
    func makeNotificationManager() -> NotificationManaging {
        LocalReminderManager()
    }
}

extension AppDependency {
    static func live() -> AppDependency {
        AppDependency(
            imageProvider: CachingImageProvider(session: .shared),
            articleProvider: RemoteArticleProvider(baseURL: URL(string: "https://news.example.org/api/")!, session: .shared),
            persistenceProvider: UserDefaultsPersistence(defaults: .standard),
            errorReporter: ConsoleErrorReporter(),
            stateService: InMemoryStateService()
        )
    }
}
