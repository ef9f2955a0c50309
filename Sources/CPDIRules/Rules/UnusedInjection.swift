import CPDIFacts
import CPDIGraph

/// An injected property (`@Dependency(\.x)`, `@Injected`, `@Inject`, …) that nothing reads.
public struct UnusedInjection: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unused-injection",
        defaultSeverity: .warning,
        summary: "An injected property (`@Dependency`, `@Injected`, `@Inject`, …) that nothing reads.",
        explanation: """
            A property wrapper that injects at run time is the whole declaration of a dependency: when the code \
            that used it goes, the property stays, still makes readers believe the type needs the service, keeps \
            the registration looking used and, for lazy wrappers, may still build it. cpdi flags an injected \
            property whose name nothing reads: not its type's code (also in extensions, nested types and \
            subclasses, as `x`, `self.x`, `$x` or `_x`), and no `.x` on any value that may be one of its \
            instances anywhere (for a private property, in its own file): a value whose type the sources \
            give (a construction, an annotated parameter, a property typed in any file or by a superclass, a \
            chain of such properties, `Type.shared`, a key path's written root, the root of `Container[\\.x]`) \
            is read on that type only. It stays silent where a reader may be out of sight: a property that a \
            protocol its type may conform to requires, one that is not private in a type conforming to a \
            library's protocol (whose requirements cpdi cannot see), `@objc`, `dynamic` or \
            `override` properties, top-level ones, and public ones in \
            a scan that holds no app (clients of the library may read them). `// periphery:ignore` on the \
            declaration keeps it on purpose. `cpdi fix` removes the property.
            """,
        triggering: [
            RuleExample(
                """
                import Dependencies
                struct FeedModel {
                    @Dependency(\\.apiClient) var apiClient
                    @Dependency(\\.serverChangeAuthorizer)
                    private var 1️⃣authorizer // the name differs from the key; nothing reads either
                    func load() async throws -> [Item] { try await apiClient.items() }
                }
                """,
                findings: ["1️⃣": "`authorizer` is injected into `FeedModel` with `@Dependency(\\.serverChangeAuthorizer)`, but nothing reads it"]
            ),
            RuleExample(
                """
                import Resolver
                final class ProfileViewModel {
                    @Injected private var session: Session
                    @LazyInjected private var 1️⃣analytics: Analytics
                    func name() -> String { session.user.name }
                }
                """,
                findings: ["1️⃣": "`analytics` is injected into `ProfileViewModel` with `@LazyInjected`, but nothing reads it"]
            ),
            RuleExample(
                files: [
                    "Containers.swift": """
                        import Factory
                        extension Container {
                            var network: Factory<Network> { self { Network() } }
                            var tracker: Factory<Tracker> { self { Tracker() } }
                        }
                        """,
                    "Settings.swift": """
                        import Factory
                        final class SettingsModel {
                            @Injected(\\.network) var network
                            @Injected(\\.tracker) var 1️⃣tracker
                            func refresh() { network.fetch() }
                        }
                        """,
                ],
                findings: ["1️⃣": "`tracker` is injected into `SettingsModel` with `@Injected(\\.tracker)`, but nothing reads it"]
            ),
            // `InjectedValues[\.network]` reads the container's `network`: the subscript's key path is rooted there.
            RuleExample(
                files: [
                    "InjectedValues.swift": """
                        struct InjectedValues {
                            private static var current = InjectedValues()
                            static subscript<T>(_ keyPath: WritableKeyPath<Self, T>) -> T {
                                get { current[keyPath: keyPath] }
                                set { current[keyPath: keyPath] = newValue }
                            }
                            var network = Network()
                        }
                        """,
                    "Upload.swift": """
                        struct UploadView {
                            @Injected(\\.network) var 1️⃣network
                            func send() { InjectedValues[\\.network].upload() }
                        }
                        """,
                ],
                findings: ["1️⃣": "`network` is injected into `UploadView` with `@Injected(\\.network)`, but nothing reads it"]
            ),
        ],
        nonTriggering: [
            // Read in an extension in another file, as a projected value, and by a subclass.
            RuleExample(
                files: [
                    "Feed.swift": """
                        import Dependencies
                        class FeedModel {
                            @Dependency(\\.apiClient) var apiClient
                            @Dependency(\\.continuousClock) var clock
                            @Dependency(\\.uuid) var uuid
                        }
                        final class LiveFeedModel: FeedModel {
                            func id() -> UUID { uuid() }
                        }
                        """,
                    "Feed+Load.swift": """
                        extension FeedModel {
                            func load() async throws { _ = try await apiClient.items(); try await clock.sleep(for: .seconds(1)) }
                        }
                        """,
                ]
            ),
            // Kept on purpose, read through a protocol, read through an instance.
            RuleExample(
                """
                import Resolver
                protocol HasSession { var session: Session { get } }
                final class ProfileViewModel: HasSession {
                    @Injected var session: Session
                    // periphery:ignore
                    @Injected private var analytics: Analytics
                    @Injected var formatter: NameFormatter
                }
                func title(of model: ProfileViewModel) -> String { model.formatter.format("") }
                """
            ),
            // A subscript of the sources whose key path is rooted at the injecting type reads its property.
            RuleExample(
                """
                import Resolver
                final class ProfileViewModel {
                    @Injected var formatter: NameFormatter
                }
                enum Snapshot {
                    static subscript<V>(_ path: KeyPath<ProfileViewModel, V>) -> V { fatalError() }
                }
                func format() { _ = Snapshot[\\.formatter] }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        context.model.runtime.injections.compactMap { injection in
            guard injection.usage == .unused else { return nil }
            let fact = injection.fact
            let position = fact.namePosition ?? fact.position
            // A local of a free function or closure has no type to name; the finding's place says where it is.
            let into = fact.enclosingType == nil ? "is injected as a local" : "is injected into `\(injection.owner)`"
            var found = finding(
                file: injection.file, at: position,
                "`\(fact.property)` \(into) with `\(Self.written(fact))`, but nothing reads it",
                component: injection.owner, member: fact.property,
                suggestion: "remove `\(fact.property)`, or read it where it was meant to be used"
            )
            found.removal = DeclarationRemoval(file: injection.file, line: position.line, column: position.column)
            return found
        }
    }

    /// The wrapper as written: `@Dependency(\.key)`, `@Injected`.
    static func written(_ fact: InjectionFact) -> String {
        switch fact.key {
        case .keyPath(let key): "@\(fact.wrapper)(\\\(fact.keyPathRoot.map { "\($0)." } ?? ".")\(key))"
        case .keyType(let key): "@\(fact.wrapper)(\(key).self)"
        case .type: "@\(fact.wrapper)"
        }
    }
}
