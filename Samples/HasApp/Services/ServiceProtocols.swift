import Foundation
import UIKit

struct Article: Codable, Hashable, Identifiable {
    let id: String
    let title: String
    let summary: String
    let body: String
    let heroImageURL: URL?
    let publishedAt: Date
}

protocol ImageProviding {
    func loadImage(from url: URL, completion: @escaping (UIImage?) -> Void)
}

protocol ArticleProviding {
    func latestArticles(completion: @escaping (Result<[Article], Error>) -> Void)
    func article(withID id: String, completion: @escaping (Result<Article, Error>) -> Void)
}

protocol PersistenceProviding {
    func save<T: Encodable>(_ value: T, forKey key: String) throws
    func load<T: Decodable>(_ type: T.Type, forKey key: String) -> T?
    func removeAll() throws
}

protocol ErrorReporting {
    func report(_ error: Error, context: String)
}

/// UI state that outlives a single screen.
protocol StateService: AnyObject {
    var bookmarkedIDs: Set<String> { get set }
    var prefersLargeText: Bool { get set }
}

protocol NotificationManaging {
    func scheduleReminder(for article: Article, after interval: TimeInterval)
    func cancelAllReminders()
}
