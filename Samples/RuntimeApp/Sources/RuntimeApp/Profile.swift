import Resolver

// Resolver: `register { … }` in `registerAllServices`, `@Injected` and `resolve()`.

final class SessionStore { var user = "ada" }
protocol TokenProviding { var token: String { get } }
final class KeychainTokens: TokenProviding { let token = "secret" }
struct Catalog { let source: String }
struct Profile {
    let session: SessionStore
    let tokens: TokenProviding
    var title: String { "\(session.user) (\(tokens.token.count) characters of token)" }
}
final class LegacySync {}
final class ImageCache: Caching {}

extension Resolver: ResolverRegistering {
    public static func registerAllServices() {
        register { SessionStore() }.scope(.application)
        register { KeychainTokens() }.implements(TokenProviding.self)
        register(name: "remote") { Catalog(source: "remote") }
        register { Profile(session: resolve(), tokens: resolve()) }
        // cpdi sample: unused-registration — nothing resolves `ImageCache` as a `Caching`.
        register { ImageCache() }.implements((any Caching).self)
        // cpdi sample: unused-registration — nothing resolves `LegacySync`.
        register { LegacySync() }
    }
}

final class ProfileScreen {
    @Injected var profile: Profile
    @Injected(name: "remote") var catalog: Catalog
    @LazyInjected var session: SessionStore
    @WeakLazyInjected var images: ImageCache?
    // cpdi sample: unused-injection — injected, never read.
    @LazyInjected private var tokens: TokenProviding

    func render() -> String? {
        images == nil ? nil : "\(profile.title) from \(catalog.source) as \(session.user)"
    }
}

func runResolver() {
    Resolver.registerAllServices()
    report(ProfileScreen().render())
}

protocol Caching {}
