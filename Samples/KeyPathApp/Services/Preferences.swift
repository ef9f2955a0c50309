import Foundation

protocol PreferencesStoring {
    var usesCelsius: Bool { get nonmutating set }
}

struct UserDefaultsPreferences: PreferencesStoring {
    let defaults: UserDefaults

    var usesCelsius: Bool {
        get { defaults.object(forKey: "usesCelsius") as? Bool ?? true }
        nonmutating set { defaults.set(newValue, forKey: "usesCelsius") }
    }
}

final class ImageCache {
    private var images: [URL: Data] = [:]
    func image(for url: URL) -> Data? { images[url] }
    func store(_ data: Data, for url: URL) { images[url] = data }
}

struct PreferencesKey: DependencyKey {
    static var currentValue: PreferencesStoring = UserDefaultsPreferences(defaults: .standard)
}

struct ImageCacheKey: DependencyKey {
    static var currentValue = ImageCache()
}

extension DependencyContainer {
    var preferences: PreferencesStoring {
        get { Self[PreferencesKey.self] }
        set { Self[PreferencesKey.self] = newValue }
    }

    // Deliberate violation (unused-registration): the forecast icons stopped using this cache,
    // so nothing injects `\.imageCache` any more.
    var imageCache: ImageCache {
        get { Self[ImageCacheKey.self] }
        set { Self[ImageCacheKey.self] = newValue }
    }
}
