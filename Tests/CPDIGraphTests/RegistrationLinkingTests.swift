import CPDIFacts
import CPDIGraph
import CPDIPipeline
import Foundation
import Testing

/// The run-time styles become registration nodes and `injects` edges; concrete containers are
/// compared with the components they are handed to.
@Suite struct RegistrationLinkingTests {
    func link(_ files: (String, String)...) -> (model: DependencyModel, graph: DependencyGraph) {
        let facts = files.map { FactExtractor.extract(path: $0.0, source: $0.1) }
        return Linker().link(facts, modules: Dictionary(uniqueKeysWithValues: files.map { ($0.0, "App") }))
    }

    func injects(_ graph: DependencyGraph) -> [String] {
        graph.edges.filter { $0.kind == .injects }.map { "\($0.from) -> \($0.to)" }
    }

    static let keyPathContainer = """
        public final class DependencyContainer {
            public static subscript<K: DependencyKey>(key: K.Type) -> K.Value {
                get { key.currentValue }
                set { key.currentValue = newValue }
            }
        }
        struct AServiceKey: DependencyKey { static var currentValue: AService = AService() }
        struct BServiceKey: LazyDependencyKey { static var currentValue: BService? }
        extension DependencyContainer {
            var aService: AService {
                get { Self[AServiceKey.self] }
                set { Self[AServiceKey.self] = newValue }
            }
            var bService: BService {
                get { Self[BServiceKey.self] }
                set { Self[BServiceKey.self] = newValue }
            }
        }
        """

    @Test func modulesBecomeRegistrationNodesInjectedByTheirTypes() throws {
        let (model, graph) = link(
            ("AppDelegate.swift", """
                final class AppDelegate {
                    let container = Dependencies {
                        Module { WidgetModule() as WidgetModuleType }
                        Dependency { HTTPService() }
                    }
                }
                """),
            ("Screens.swift", """
                final class ViewController {
                    @Inject private var widgetModule: WidgetModuleType
                    @Inject private var profile: ProfileModuleType
                }
                struct WidgetModule: WidgetModuleType {
                    @Injected var http: HTTPService
                    func component() -> WidgetWorkerType { WidgetWorker() }
                }
                protocol ProfileModuleType {}
                """)
        )
        let registration = try #require(graph.node(id: "registration:WidgetModuleType"))
        #expect(registration.kind == .registration)
        #expect((registration.file, registration.line, registration.column) == ("AppDelegate.swift", 3, 9))
        #expect(graph.node(id: "registration:HTTPService") != nil)
        #expect(injects(graph) == [
            "component:ViewController -> registration:WidgetModuleType",
            "component:WidgetModule -> registration:HTTPService",
        ])
        // The type whose injection resolves to nothing is still drawn: that is where the app crashes.
        #expect(graph.node(id: "component:ViewController")?.line == 1)
        #expect(model.runtime.judgesTypeInjections)
        #expect(model.runtime.injections.map(\.resolution) == [.registered("WidgetModuleType"), .unregistered(nearMiss: nil), .registered("HTTPService")])
        #expect(model.runtime.registrations["WidgetModuleType"]?.implementation == "WidgetModule")
        #expect(model.runtime.vendors["WidgetWorkerType"] == ["WidgetModule"])
    }

    @Test func typeInjectionsAreNotJudgedWithoutReadableRegistrations() {
        let unseen = link(("Screen.swift", "final class Screen { @Inject var module: WidgetModuleType }"))
        #expect(unseen.model.runtime.injections.map(\.resolution) == [.unknown])
        let opaque = link(("Screen.swift", """
            let container = Dependencies { Module { makeModule() } }
            final class Screen { @Inject var module: WidgetModuleType }
            """))
        #expect(opaque.model.runtime.injections.map(\.resolution) == [.unknown])
    }

    @Test func keyPathPropertiesAreRegistrationsProvidedByDefaultsOrBySettingTheirKey() throws {
        let screen = """
            final class ViewModel {
                @Dependency(\\.aService) var aService
                @Dependency(\\.bService) var bService
                @Dependency(\\.cService) var cService
            }
            """
        let (model, graph) = link(("Container.swift", Self.keyPathContainer), ("ViewModel.swift", screen))
        #expect(graph.node(id: "registration:\\.aService")?.name == "\\.aService")
        #expect(injects(graph) == [
            "component:ViewModel -> registration:\\.aService",
            "component:ViewModel -> registration:\\.bService",
        ])
        #expect(model.runtime.registrations["\\.aService"]?.isProvided == true)
        #expect(model.runtime.registrations["\\.bService"]?.isProvided == false)
        #expect(model.runtime.registrations["\\.bService"]?.container == "DependencyContainer")
        #expect(model.runtime.injections.map(\.resolution) == [.registered("\\.aService"), .registered("\\.bService"), .unregistered(nearMiss: nil)])

        for setUp in [
            "func setUp() { DependencyContainer.set(initialValue: BService(), key: BServiceKey.self) }",
            "func setUp() { DependencyContainer.set(initialValue: BService(), key: \\.bService) }",
            "func setUp() { DependencyContainer[\\.bService] = BService() }",
            "func setUp() { BServiceKey.currentValue = BService() }",
        ] {
            let linked = link(("Container.swift", Self.keyPathContainer), ("ViewModel.swift", screen), ("Launch.swift", setUp))
            #expect(linked.model.runtime.registrations["\\.bService"]?.isProvided == true, "\(setUp)")
        }
    }

    /// A container's computed properties in an extension without a key-backed one (`colors` forwards to the
    /// theme) are registrations where the sources show the type is a key-path container: here a property
    /// wrapper of the sources takes key paths rooted at it. The same in an extension of another type is nothing.
    @Test func computedPropertiesOfAKeyPathContainerAreRegistrations() throws {
        let container = """
            struct InjectedValues {
                private static var current = InjectedValues()
                static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T {
                    get { current[keyPath: keyPath] }
                    set { current[keyPath: keyPath] = newValue }
                }
                var theme = Theme()
            }
            @propertyWrapper
            struct Injected<T> {
                private let keyPath: WritableKeyPath<InjectedValues, T>
                var wrappedValue: T {
                    get { InjectedValues[keyPath] }
                    set { InjectedValues[keyPath] = newValue }
                }
                init(_ keyPath: WritableKeyPath<InjectedValues, T>) { self.keyPath = keyPath }
            }
            """
        let extensions = """
            extension InjectedValues {
                var colors: Colors {
                    get { theme.colors }
                    set { theme.colors = newValue }
                }
            }
            extension Settings {
                var volume: Int {
                    get { stored }
                    set { stored = newValue }
                }
            }
            """
        let screen = """
            struct Screen {
                @Injected(\\.colors) var colors
                func paint() { _ = colors.text }
            }
            """
        let (model, graph) = link(("InjectedValues.swift", container), ("Extensions.swift", extensions), ("Screen.swift", screen))
        #expect(injects(graph) == ["component:Screen -> registration:\\.colors"])
        #expect(model.runtime.registrations["\\.colors"]?.container == "InjectedValues")
        #expect(model.runtime.registrations["\\.volume"] == nil)
        let facts = FactExtractor.extract(path: "Extensions.swift", source: extensions).runtime.containerProperties
        #expect(facts.map(\.name) == ["colors", "volume"] && facts.allSatisfy(\.computesFromOthers))
        // Without the wrapper, nothing shows `InjectedValues` is a container: the computed property is no registration.
        let alone = link(("Extensions.swift", extensions), ("Screen.swift", screen))
        #expect(alone.model.runtime.registrations["\\.colors"] == nil)
    }

    /// swift-dependencies' own keys are the library's registrations; a key declared in another package is unknown.
    @Test func keyPathsIntoALibrarysContainerAreNotJudged() {
        let (model, _) = link(("Feature.swift", """
            extension DependencyValues {
                var apiClient: APIClient {
                    get { self[APIClientKey.self] }
                    set { self[APIClientKey.self] = newValue }
                }
            }
            struct Feature {
                @Dependency(\\.date) var date
                @Dependency(\\.database) var database
            }
            """))
        #expect(!model.runtime.judgesKeyPathInjections)
        #expect(model.runtime.injections.map(\.resolution) == [.registered("\\.date"), .unknown])
        #expect(model.runtime.registrations["\\.date"]?.file == "")
    }

    // MARK: Containers of the composition styles

    static let leaves = """
        protocol LoggingDependency { var logger: Logging { get } }
        protocol PaymentsDependency { var payments: Payments { get } }
        protocol LegacyDependency { var legacy: Legacy { get } }
        typealias RootDependencies = LoggingDependency & PaymentsDependency
        struct Root<Dependencies: RootDependencies> {
            let dependencies: Dependencies
        }
        """

    @Test func containersHeldOrBuiltOnTheSpotAreComparedWithWhatTheyAreHandedTo() {
        let (model, _) = link(
            ("Leaves.swift", Self.leaves),
            ("App.swift", """
                struct AppDependencies: LoggingDependency {
                    let logger: Logging
                }
                extension AppDependencies: PaymentsDependency, LegacyDependency {
                    var payments: Payments { Payments() }
                    var legacy: Legacy { Legacy() }
                }
                struct SmallDependencies: LoggingDependency { let logger: Logging }
                struct ShopApp {
                    let dependencies = AppDependencies.live()
                    var body: some View { Root(dependencies: dependencies) }
                }
                let preview = Root(dependencies: SmallDependencies(logger: ConsoleLogger()))
                """)
        )
        let handOvers = model.coverage.handOvers.map { "\($0.container) -> \($0.target) \($0.file):\($0.position) missing \($0.missing)" }
        #expect(handOvers == [
            "AppDependencies -> Root App.swift:11:27 missing []",
            "SmallDependencies -> Root App.swift:13:15 missing [\"PaymentsDependency\"]",
        ])
        #expect(model.coverage.unneeded.map { "\($0.container) \($0.leaf) \($0.file):\($0.position)" } == [
            "AppDependencies LegacyDependency App.swift:4:48",
        ])
    }

    @Test func containersWithConformancesOutOfSightOrGenericParametersAreNotJudged() {
        let (model, _) = link(
            ("Leaves.swift", Self.leaves),
            ("App.swift", """
                struct AppDependencies: LoggingDependency, PaymentsKit.Providing { let logger: Logging }
                struct Spliced<External>: RootDependencies { let external: External }
                let first = Root(dependencies: AppDependencies(logger: ConsoleLogger()))
                let second = Root(dependencies: Spliced(external: Other()))
                """)
        )
        #expect(model.coverage.handOvers.isEmpty)
        #expect(model.coverage.unneeded.isEmpty)
    }

    @Test func aSubclassProvidesWhatItsSuperclassContainerProvides() {
        let (model, _) = link(
            ("Leaves.swift", Self.leaves),
            ("App.swift", """
                class BaseDependencies: LoggingDependency { let logger: Logging = ConsoleLogger() }
                final class AppDependencies: BaseDependencies, PaymentsDependency { let payments = Payments() }
                let root = Root(dependencies: AppDependencies())
                """)
        )
        #expect(model.coverage.handOvers.map(\.missing) == [[]])
    }

    @Test(arguments: ["ShopApp", "HasApp"])
    func theCompositionSamplesContainersCoverWhatTheyAreHandedTo(sample: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Samples/\(sample)")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let files = try paths.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        let facts = files.map { FactExtractor.extract(path: $0.0, source: $0.1) }
        let (model, _) = Linker().link(facts, modules: Dictionary(uniqueKeysWithValues: files.map { ($0.0, sample) }))
        #expect(!model.coverage.handOvers.isEmpty, "the app container is handed to its root")
        #expect(model.coverage.handOvers.allSatisfy { $0.missing.isEmpty })
        #expect(model.coverage.unneeded.isEmpty)
    }
}
