import CPDIGraph
import CPDIPipeline
import CPDIRules
import Testing

/// Linking: names resolve to the right components, aliases flatten to the right leaves, and every
/// way of handing dependencies on becomes a `forwardsTo` edge of the right kind.
@Suite struct LinkingTests {
    static let leaves = """
        protocol LoggingDependency { var logger: Logger { get } }
        protocol TrackingDependency { var tracker: Tracker { get } }
        protocol NetworkingDependency { var network: Networking { get } }
        """

    func graph(_ files: (String, String)...) -> DependencyGraph {
        Pipeline().run(sources: [("Leaves.swift", Self.leaves)] + files.map { (path: $0.0, text: $0.1) }).graph
    }

    func forwards(_ graph: DependencyGraph) -> [String] {
        graph.edges.filter { $0.kind == .forwardsTo }.map { "\($0.from) -> \($0.to) (\($0.via!.rawValue))" }
    }

    @Test func nestedAliasesComposedFromOtherNestedAliasesFlatten() throws {
        let graph = graph(("Screens.swift", """
            protocol HasCart { var cart: Cart { get } }
            final class ProductsView { typealias Dependencies = LoggingDependency & TrackingDependency }
            final class CartView { typealias Dependencies = HasCart }
            final class ShopView {
                typealias Dependencies = ProductsView.Dependencies
                    // the cart tab
                    & CartView.Dependencies
                let dependencies: Dependencies
            }
            """))
        let shop = try #require(graph.node(id: "component:ShopView"))
        #expect(shop.leaves == ["HasCart", "LoggingDependency", "TrackingDependency"])
        let composes = graph.edges.filter { $0.from == "alias:ShopView.Dependencies" && $0.kind == .composes }.map(\.to)
        #expect(composes == ["alias:CartView.Dependencies", "alias:ProductsView.Dependencies"])
    }

    @Test func everyKindOfForwardResolvesToItsComponent() {
        let graph = graph(
            ("Helpers.swift", """
                typealias BaseDependencies = LoggingDependency
                class Base<Dependencies: BaseDependencies> { init(dependencies: Dependencies) {} }
                typealias Analytics_trackDependencies = TrackingDependency
                enum Analytics { static func track<D: Analytics_trackDependencies>(dependencies: D) {} }
                typealias Loader_loadDependencies = NetworkingDependency
                struct Loader { func load<D: Loader_loadDependencies>(dependencies: D) {} }
                typealias View_glowDependencies = LoggingDependency
                extension View { func glow<D: View_glowDependencies>(dependencies: D) -> some View { self } }
                typealias RowDependencies = LoggingDependency
                final class Row<Dependencies: RowDependencies> { var dependencies: Dependencies? }
                typealias BadgeDependencies = LoggingDependency
                struct Badge<Dependencies: BadgeDependencies> { let dependencies: Dependencies }
                typealias ComponentDependencies = LoggingDependency
                protocol Component { associatedtype Dependencies: ComponentDependencies; var dependencies: Dependencies { get } }
                """),
            ("Screen.swift", """
                typealias ScreenDependencies = BaseDependencies & Analytics_trackDependencies & Loader_loadDependencies
                    & View_glowDependencies & RowDependencies & BadgeDependencies & ComponentDependencies
                final class Screen<Dependencies: ScreenDependencies>: Base<Dependencies>, Component {
                    let dependencies: Dependencies
                    let loader = Loader()
                    private var row: Row<Dependencies>?
                    override init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        super.init(dependencies: dependencies)
                        Analytics.track(dependencies: dependencies)
                        loader.load(dependencies: dependencies)
                        let badge = Badge(dependencies: dependencies)
                    }
                    func attach(row: Row<Dependencies>) { row.dependencies = dependencies }
                    var body: some View { Text("").glow(dependencies: dependencies) }
                }
                """)
        )
        #expect(forwards(graph) == [
            "component:Screen -> component:Analytics.track (helper)",
            "component:Screen -> component:Badge (construction)",
            "component:Screen -> component:Base (superclass)",
            "component:Screen -> component:Component (conformance)",
            "component:Screen -> component:Loader.load (method)",
            "component:Screen -> component:Row (assignment)",
            "component:Screen -> component:View.glow (helper)",
        ])
    }

    @Test func subclassingAComponentForwardsEvenWithoutSuperInit() {
        let graph = graph(("Controllers.swift", """
            typealias BaseDependencies = LoggingDependency
            class Base<Dependencies: BaseDependencies> { let dependencies: Dependencies; init(dependencies: Dependencies) { self.dependencies = dependencies } }
            typealias ChildDependencies = BaseDependencies
            final class Child<Dependencies: ChildDependencies>: Base<Dependencies> {}
            """))
        #expect(forwards(graph) == ["component:Child -> component:Base (superclass)"])
    }

    @Test func splicedTypeStandsForItsAliasAndOwnsTheExternalOne() throws {
        let graph = graph(("Product.swift", """
            protocol RepositoryDependency { var repository: Repository { get } }
            typealias ProductViewDependencies = TrackingDependency & RepositoryDependency
            typealias ProductViewExternalDependencies = TrackingDependency
            struct SplicedProductViewDependencies<External: ProductViewExternalDependencies>: ProductViewDependencies {
                private let externalDependencies: External
                let repository: Repository
                var tracker: Tracker { externalDependencies.tracker }
            }
            struct ProductView<External: ProductViewExternalDependencies> {
                let dependencies: SplicedProductViewDependencies<External>
            }
            """))
        #expect(graph.edges.contains { $0.from == "component:ProductView" && $0.to == "alias:ProductViewDependencies" && $0.kind == .requires })
        #expect(graph.edges.contains { $0.from == "container:SplicedProductViewDependencies" && $0.to == "alias:ProductViewExternalDependencies" && $0.kind == .requires })
        #expect(graph.edges.contains { $0.from == "container:SplicedProductViewDependencies" && $0.to == "leaf:RepositoryDependency" && $0.kind == .provides })
    }

    @Test func containersConformingInExtensionsProvideTheirLeaves() {
        let graph = graph(("App.swift", """
            protocol HasOpenService { var openService: OpenService { get } }
            protocol HasInfoService { var infoService: InfoService { get } }
            final class Screen { typealias Services = HasOpenService & HasInfoService; let services: Services }
            struct AppServices {}
            extension AppServices: HasOpenService, HasInfoService {}
            """))
        let provided = graph.edges.filter { $0.kind == .provides }.map { "\($0.from) -> \($0.to)" }
        #expect(provided == ["container:AppServices -> leaf:HasInfoService", "container:AppServices -> leaf:HasOpenService"])
    }

    @Test func ordinaryProtocolCompositionsAreNotDependencies() {
        let graph = graph(("Handlers.swift", """
            protocol Inbound { func read() }
            protocol Outbound { func write() }
            typealias Duplex = Inbound & Outbound
            struct Pipe<Handler: Duplex>: Inbound, Outbound { func read() {}; func write() {} }
            protocol ServiceProviding { var value: Int { get } }
            struct Service: ServiceProviding { let value = 1 }
            """))
        #expect(graph.nodes.allSatisfy { $0.file == "Leaves.swift" || $0.kind != .component })
        #expect(!graph.nodes.contains { $0.kind == .container })
    }

    @Test func rootsAreComponentsNoComponentForwardsTo() {
        let graph = graph(("App.swift", """
            typealias ChildDependencies = LoggingDependency
            struct Child<Dependencies: ChildDependencies> { let dependencies: Dependencies }
            struct AppDependencies: LoggingDependency { let logger: Logger }
            struct Root { let dependencies = AppDependencies(); var child: some Any { Child(dependencies: dependencies) } }
            """))
        #expect(graph.roots == ["component:Root"])
    }

    @Test func commentedOutAliasesAreIgnored() {
        let graph = graph(("Old.swift", """
            // typealias OldScreenDependencies = LoggingDependency
            /* typealias OlderScreenDependencies = TrackingDependency */
            """))
        #expect(!graph.nodes.contains { $0.kind == .alias })
    }
}
