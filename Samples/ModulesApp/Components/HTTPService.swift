import Foundation

protocol HTTPServiceType {
    func get<T: Decodable>(_ type: T.Type, path: String) async throws -> T
}

struct HTTPService: HTTPServiceType {
    var baseURL = URL(string: "https://widgets.example.com/api/")!

    func get<T: Decodable>(_ type: T.Type, path: String) async throws -> T {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent(path))
        return try JSONDecoder().decode(T.self, from: data)
    }
}
