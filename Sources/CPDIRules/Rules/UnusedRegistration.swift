import CPDIFacts
import CPDIGraph

/// A registered module or key, or a leaf a container provides, that nothing asks for.
public struct UnusedRegistration: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unused-registration",
        defaultSeverity: .warning,
        summary: "A registered module, a key-path container property or a container-provided leaf that nothing injects or needs.",
        explanation: """
            A registration nobody injects still runs at launch, keeps its object alive and makes readers \
            believe it matters; a leaf a container conforms to that no component needs keeps a service \
            wired up for nothing. cpdi flags a type registered with `Module { … }`, Swinject's `register` or \
            Resolver's `register { … }` that no injection or lookup asks for (by its type, or a type it \
            `implements`, and its name), and a type it `implements` that nothing asks for while the \
            registration itself is used; a property of a key-path container (a container of the sources, \
            swift-dependencies' `DependencyValues`, Factory's containers) that nothing injects and no code \
            reads (`.key`, `\\.key`, or its name in the container's own code); and a leaf that a concrete \
            container (one whose conformances cpdi can all see) conforms to while no component needs it \
            and no generic constraint, parameter or property elsewhere is typed by an alias or protocol \
            that includes it (a container handed there must conform). \
            Overrides (`withDependencies { $0.key = … }`, `.dependency(\\.key, …)`, `.register { … }`) \
            write a key and read none. cpdi stays silent where a reader may be out of sight: a store with \
            a lookup whose type it cannot tell, a type written anywhere a lookup could take it from (`T.self`, \
            a cast, a generic argument, a parameter, a wrapped property's type: a call cpdi does not know may \
            ask for it there; a construction, a plain stored property's type and what a type inherits are no \
            such places), a type declared outside the sources (a library's declaration may be what writes it), \
            public registrations in a scan that holds no app (clients of the library may use \
            them), and declarations marked `// periphery:ignore`. Registrations made for \
            code outside the analysed paths look unused too: analyse the whole app. Remove the registration \
            or conformance, or inject it where it was meant to be used.
            """,

        triggering: [
            RuleExample(
                """
                final class AppDelegate {
                    private let dependencies = Dependencies {
                        Module { WidgetModule() as WidgetModuleType }
                        1️⃣Module { LegacyModule() as LegacyModuleType } // nothing injects it any more
                    }
                }
                final class ViewController {
                    @Inject private var widgetModule: WidgetModuleType
                }
                protocol LegacyModuleType {}
                """,
                findings: ["1️⃣": "`LegacyModuleType` is registered in `AppDelegate`, but nothing injects it"]
            ),
            RuleExample(
                """
                public final class DependencyContainer {
                    public static subscript<K: DependencyKey>(key: K.Type) -> K.Value {
                        get { key.currentValue }
                        set { key.currentValue = newValue }
                    }
                }
                struct AServiceKey: DependencyKey { static var currentValue: AService = AService() }
                struct ClockKey: DependencyKey { static var currentValue: Clock = SystemClock() }
                extension DependencyContainer {
                    var aService: AService {
                        get { Self[AServiceKey.self] }
                        set { Self[AServiceKey.self] = newValue }
                    }
                    var 1️⃣clock: Clock {
                        get { Self[ClockKey.self] }
                        set { Self[ClockKey.self] = newValue }
                    }
                }
                final class AViewModel {
                    @Dependency(\\.aService) var aService
                }
                """,
                findings: ["1️⃣": "`\\.clock` is declared on `DependencyContainer`, but nothing injects it with `@Dependency(\\.clock)` or reads it"]
            ),
            // swift-dependencies: the app's own key, only overridden in a preview.
            RuleExample(
                """
                import Dependencies
                extension DependencyValues {
                    var apiClient: APIClient {
                        get { self[APIClient.self] }
                        set { self[APIClient.self] = newValue }
                    }
                    var 1️⃣legacyClient: LegacyClient {
                        get { self[LegacyClient.self] }
                        set { self[LegacyClient.self] = newValue }
                    }
                }
                @main struct FeedApp {
                    @Dependency(\\.apiClient) var apiClient
                    func preview() { withDependencies { $0.legacyClient = .mock } operation: { apiClient.load() } }
                }
                """,
                findings: ["1️⃣": "`\\.legacyClient` is declared on `DependencyValues`, but nothing injects it with `@Dependency(\\.legacyClient)` or reads it"]
            ),
            // SwiftUI's environment: its keys are read with `@Environment`.
            RuleExample(
                """
                import SwiftUI
                private struct ShelfStyleKey: EnvironmentKey { static let defaultValue = ShelfStyle.plain }
                extension EnvironmentValues {
                    var 1️⃣shelfStyle: ShelfStyle {
                        get { self[ShelfStyleKey.self] }
                        set { self[ShelfStyleKey.self] = newValue }
                    }
                }
                """,
                findings: ["1️⃣": "`\\.shelfStyle` is declared on `EnvironmentValues`, but nothing injects it with `@Environment(\\.shelfStyle)` or reads it"]
            ),
            // Swinject and Resolver: registered, resolved by nobody.
            RuleExample(
                files: [
                    "AppAssembly.swift": """
                        import Swinject
                        final class AppAssembly: Assembly {
                            func assemble(container: Container) {
                                container.register(Network.self) { _ in URLSessionNetwork() }
                                container.1️⃣register(Tracker.self) { r in Tracker(network: r.resolve(Network.self)!) }
                            }
                        }
                        final class Tracker {}
                        """,
                    "Services.swift": """
                        import Resolver
                        extension Resolver: ResolverRegistering {
                            public static func registerAllServices() {
                                register { Session() }
                                2️⃣register { LegacyStore() }.implements(Store.self)
                            }
                        }
                        final class Feed {
                            @Injected var session: Session
                            let network = AppAssembly.container.resolve(Network.self)!
                            func title() -> String { session.name + network.host }
                        }
                        final class LegacyStore {}
                        """,
                ],
                findings: [
                    "1️⃣": "`Tracker` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
                    "2️⃣": "`LegacyStore` is registered with Resolver in `Resolver`, but nothing resolves or injects it",
                ]
            ),
            RuleExample(
                files: [
                    "Leaves.swift": """
                        protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                        protocol HasLegacyStore { var legacyStore: LegacyStore { get } }
                        final class ArticlesViewModel {
                            typealias Dependencies = HasImageProvider
                            let dependencies: Dependencies
                            init(dependencies: Dependencies) { self.dependencies = dependencies }
                        }
                        """,
                    "AppDependency.swift": """
                        struct AppDependency: HasImageProvider, 1️⃣HasLegacyStore {
                            let imageProvider: ImageProviding
                            let legacyStore: LegacyStore
                        }
                        """,
                ],
                findings: ["1️⃣": "`AppDependency` provides `HasLegacyStore`, but no component needs it"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                final class AppDelegate {
                    private let dependencies = Dependencies {
                        Module { WidgetModule() as WidgetModuleType }
                        Module { SampleModule() as SampleModuleType }
                    }
                }
                final class ViewController { @Inject private var widgetModule: WidgetModuleType }
                // Modules can inject modules.
                struct WidgetModule: WidgetModuleType { @Injected private var sample: SampleModuleType }
                """
            ),
            // A public key of a library scanned without an app: its clients may inject it.
            RuleExample(
                """
                extension DependencyValues {
                    public var apiClient: APIClient {
                        get { self[APIClientKey.self] }
                        set { self[APIClientKey.self] = newValue }
                    }
                }
                """
            ),
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                protocol HasErrorReporter { var errorReporter: ErrorReporting { get } }
                final class ArticlesViewModel {
                    typealias Dependencies = HasImageProvider
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                struct AppDependency: HasImageProvider, HasErrorReporter {
                    let imageProvider: ImageProviding
                    let errorReporter: ErrorReporting
                }
                // The coordinator holds the container itself and reads the reporter from it.
                final class FlowCoordinator {
                    let dependencies: AppDependency
                    init(dependencies: AppDependency) { self.dependencies = dependencies }
                    func fail(_ error: Error) { dependencies.errorReporter.report(error) }
                }
                """
            ),
            // No component needs the legacy store, but the preview's container is handed to a view whose
            // generic constraint lists it: dropping the conformance breaks that build.
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                protocol HasLegacyStore { var legacyStore: LegacyStore { get } }
                final class ArticlesViewModel {
                    typealias Dependencies = HasImageProvider
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func cover() -> Image { dependencies.imageProvider.cover() }
                }
                typealias ShellContainer = HasImageProvider & HasLegacyStore
                struct ShellView<Container>: View where Container: ShellContainer {
                    let container: Container
                    var body: some View { Text("shell") }
                }
                struct PreviewContainer: HasImageProvider, HasLegacyStore {
                    let imageProvider: ImageProviding
                    let legacyStore: LegacyStore
                }
                """
            ),
            // A template's placeholder requires nothing: the container has no value behind it to remove.
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                protocol HasNoDependency {}
                final class ArticlesViewModel {
                    typealias Dependencies = HasImageProvider
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func cover() -> Image { dependencies.imageProvider.cover() }
                }
                struct AppDependency: HasImageProvider, HasNoDependency {
                    let imageProvider: ImageProviding
                }
                """
            ),
        ]
    )

    /// The wrapper a reader would inject the key with where the app injects it nowhere yet.
    private static func usualWrapper(_ registration: Registration, container: String, context: RuleContext) -> String {
        // SwiftUI's environment is read with `@Environment(\.key)`, whatever the app's own wrappers are.
        if container.split(separator: ".").last == "EnvironmentValues" { return "Environment" }
        switch registration.dialect {
        case .factory: return "Injected"
        case .swiftDependencies: return "Dependency"
        default: return context.model.conventions.keyPathWrapperNames.first?.pattern ?? "Dependency"
        }
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let runtime = context.model.runtime
        var findings: [Finding] = []
        for registration in runtime.sortedRegistrations where registration.usage == .unused {
            let name = registration.name
            switch registration.dialect {
            case .modules, .swinject, .resolver:
                let library = registration.dialect == .modules ? "" : " with \(registration.dialect.title)"
                let verb = registration.dialect == .modules ? "injects" : "resolves or injects"
                // Every place that registers the key is as dead as the first.
                let sites = [Registration.RegistrationSite(file: registration.file, position: registration.position, owner: registration.owner)]
                    + registration.otherSites
                for site in sites {
                    findings.append(finding(
                        file: site.file, at: site.position,
                        "`\(name)` is registered\(library)\(site.owner.map { " in `\($0)`" } ?? ""), but nothing \(verb) it",
                        component: site.owner ?? name, member: name,
                        suggestion: "remove the registration of `\(name)`, or inject it where it is needed"
                    ))
                }
            case .keyPath, .swiftDependencies, .factory:
                guard let container = registration.container else { continue }
                let wrapper = registration.injectedWith ?? Self.usualWrapper(registration, container: container, context: context)
                let key = "\\.\(registration.key)"
                findings.append(finding(
                    file: registration.file, at: registration.position,
                    "`\(name)` is declared on `\(container)`, but nothing injects it with `@\(wrapper)(\(key))` or reads it",
                    component: container, member: name,
                    suggestion: Self.keySuggestion(registration, container: container)
                ))
            }
        }
        for registration in runtime.sortedRegistrations {
            for alias in registration.unusedAliases {
                let owner = registration.owner
                findings.append(finding(
                    file: alias.file, at: alias.position,
                    "`\(alias.type)` is registered with \(registration.dialect.title)\(owner.map { " in `\($0)`" } ?? "") as another type of `\(registration.name)` (`.implements`), but nothing resolves or injects it",
                    component: owner ?? registration.name, member: alias.type,
                    suggestion: "remove `.implements(\(alias.type).self)`, or resolve `\(alias.type)` where it is needed"
                ))
            }
        }
        // A protocol that requires, inherits and is extended with nothing (`protocol HasSQLService {}`, a template's
        // `HasNoDependency`) provides no value: a container conforming to it has nothing behind it to remove.
        for provided in context.model.coverage.unneeded where !context.model.leafMembers.isBare(provided.leaf) {
            findings.append(finding(
                file: provided.file, at: provided.position,
                "`\(provided.container)` provides `\(provided.leaf)`, but no component needs it",
                component: provided.container, member: provided.leaf,
                suggestion: provided.conformance == provided.leaf
                    ? "remove the conformance to `\(provided.leaf)` and the value behind it"
                    : "`\(provided.leaf)` comes with `\(provided.conformance)`; drop it if nothing will need it"
            ))
        }
        return findings
    }

    /// Removing the property also means removing what sets it (`withDependencies { $0.x = … }`,
    /// `Container.shared.x.register { … }`), and its key type may serve another lookup (`@Dependency(Key.self)`).
    static func keySuggestion(_ registration: Registration, container: String) -> String {
        var suggestion = "remove `\(registration.key)` from `\(container)`"
        if let keyType = registration.keyType { suggestion += " (and its key `\(keyType)` if nothing else uses it)" }
        if registration.isOverridden { suggestion += ", with the overrides that set it" }
        return suggestion
    }
}
