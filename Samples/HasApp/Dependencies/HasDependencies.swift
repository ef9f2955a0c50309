// One `Has…` protocol per service. Objects compose the ones they need into
// their nested `Dependencies` alias.

protocol HasImageProvider {
    var imageProvider: ImageProviding { get }
}

protocol HasArticleProvider {
    var articleProvider: ArticleProviding { get }
}

protocol HasPersistenceProvider {
    var persistenceProvider: PersistenceProviding { get }
}

protocol HasErrorReporter {
    var errorReporter: ErrorReporting { get }
}

protocol HasStateService {
    var stateService: StateService { get }
}

/// Reminder managers keep per-screen state, so the container makes a new one on request.
protocol HasNotificationManager {
    func makeNotificationManager() -> NotificationManaging
}
