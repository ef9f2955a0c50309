import Foundation
import UIKit

final class CachingImageProvider: ImageProviding {
    private let session: URLSession
    private let cache = NSCache<NSURL, UIImage>()

    init(session: URLSession) {
        self.session = session
    }

    func loadImage(from url: URL, completion: @escaping (UIImage?) -> Void) {
        if let cached = cache.object(forKey: url as NSURL) {
            completion(cached)
            return
        }
        session.dataTask(with: url) { [cache] data, _, _ in
            let image = data.flatMap(UIImage.init(data:))
            if let image {
                cache.setObject(image, forKey: url as NSURL)
            }
            DispatchQueue.main.async { completion(image) }
        }.resume()
    }
}

struct RemoteArticleProvider: ArticleProviding {
    let baseURL: URL
    let session: URLSession

    func latestArticles(completion: @escaping (Result<[Article], Error>) -> Void) {
        fetch("articles/latest", as: [Article].self, completion: completion)
    }

    func article(withID id: String, completion: @escaping (Result<Article, Error>) -> Void) {
        fetch("articles/\(id)", as: Article.self, completion: completion)
    }

    private func fetch<T: Decodable>(_ path: String, as type: T.Type, completion: @escaping (Result<T, Error>) -> Void) {
        let url = URL(string: path, relativeTo: baseURL) ?? baseURL
        session.dataTask(with: url) { data, _, error in
            let result = Result<T, Error> {
                if let error { throw error }
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try decoder.decode(T.self, from: data ?? Data())
            }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}

struct UserDefaultsPersistence: PersistenceProviding {
    let defaults: UserDefaults
    private let prefix = "reader."

    func save<T: Encodable>(_ value: T, forKey key: String) throws {
        defaults.set(try JSONEncoder().encode(value), forKey: prefix + key)
    }

    func load<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let data = defaults.data(forKey: prefix + key) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    func removeAll() throws {
        for key in defaults.dictionaryRepresentation().keys where key.hasPrefix(prefix) {
            defaults.removeObject(forKey: key)
        }
    }
}

struct ConsoleErrorReporter: ErrorReporting {
    func report(_ error: Error, context: String) {
        print("⚠️ \(context): \(error)")
    }
}

final class InMemoryStateService: StateService {
    var bookmarkedIDs: Set<String> = []
    var prefersLargeText = false
}

/// Schedules reminders with timers while the app is running.
final class LocalReminderManager: NotificationManaging {
    private var timers: [Timer] = []

    func scheduleReminder(for article: Article, after interval: TimeInterval) {
        let timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: false) { _ in
            NotificationCenter.default.post(name: .articleReminder, object: article.id)
        }
        timers.append(timer)
    }

    func cancelAllReminders() {
        timers.forEach { $0.invalidate() }
        timers.removeAll()
    }
}

extension Notification.Name {
    static let articleReminder = Notification.Name("ArticleReminder")
}
