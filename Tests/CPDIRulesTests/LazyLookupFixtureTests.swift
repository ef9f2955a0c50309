import CPDIRules
import Testing

/// A history reader's note: a lookup in a `lazy` property's initial value fails only when the property is first
/// read, and the message says so.
@Suite struct LazyLookupFixtureTests {
    @Test func aLazyPropertysLookupFailsWhenFirstRead() {
        expectExactFindings(RuleExample(files: [
            "AuthorViewModel.swift": """
                import Resolver
                protocol AuthorService {}
                final class LinkService {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() { register { LinkService() } }
                }
                final class AuthorViewModel {
                    let resolver = Resolver.main
                    lazy var authorService: AuthorService = resolver.1️⃣resolve()
                    lazy var linkService: LinkService = resolver.resolve()
                    func load() { _ = authorService; _ = linkService }
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `AuthorService` is resolved in `AuthorViewModel` with Resolver, but nothing registers it; it crashes when `authorService` is first read",
        ]))
    }
}
