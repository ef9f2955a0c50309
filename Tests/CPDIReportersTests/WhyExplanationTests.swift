import CPDIGraph
import CPDIPipeline
import CPDIReporters
import Testing

/// `cpdi why`: the composition tree and the paths to a leaf, on a small app where the answer is known.
@Suite struct WhyExplanationTests {
    /// `List` needs images twice over: listed directly in its alias, and through `Thumbnail`'s alias,
    /// which it forwards because it builds thumbnails.
    static let sources: [(path: String, text: String)] = [
        ("Leaves.swift", """
            protocol LoggingDependency { var logger: Logger { get } }
            protocol ImageLoadingDependency { var images: Images { get } }
            """),
        ("Thumbnail.swift", """
            typealias ThumbnailDependencies = ImageLoadingDependency
            struct Thumbnail<Dependencies: ThumbnailDependencies> {
                let dependencies: Dependencies
                func load() { dependencies.images.load() }
            }
            """),
        ("List.swift", """
            typealias ListDependencies = LoggingDependency
                & ThumbnailDependencies
                & ImageLoadingDependency
            struct List<Dependencies: ListDependencies> {
                let dependencies: Dependencies
                func row() -> Thumbnail<Dependencies> { Thumbnail(dependencies: dependencies) }
                func log() { dependencies.logger.log(dependencies.images.name) }
            }
            """),
    ]

    static func explanation() -> (WhyExplanation, DependencyGraph) {
        let graph = Pipeline().run(sources: sources).graph
        return (WhyExplanation(graph: graph), graph)
    }

    static func node(_ id: String, in graph: DependencyGraph) throws -> Node {
        try #require(graph.nodes.first { $0.id == id })
    }

    /// An alias named in the app's own words says that its name was learnt, and how to turn that off.
    @Test func aLearntAliasNameIsSaidSo() throws {
        let result = Pipeline().run(sources: [
            ("Launch.swift", """
                protocol NavigatorProvider { var navigator: Navigator { get } }
                final class LaunchViewModel {
                    typealias ServiceProvider = NavigatorProvider
                    let serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                    func go() { _ = serviceProvider.navigator }
                }
                """),
        ])
        let text = WhyExplanation(result: result).compositionTree(of: try Self.node("component:LaunchViewModel", in: result.graph))
        #expect(text.contains("\nnames learnt from the code: `ServiceProvider` (turn off with `learn-naming: false`)\n"))
    }

    @Test func treeShowsAliasesDownToLeavesWithPositionsAndForwards() throws {
        let (explanation, graph) = Self.explanation()
        let text = explanation.compositionTree(of: try Self.node("component:List", in: graph))
        #expect(text == """
            List — component · List.swift:4
            └─ ListDependencies — alias · List.swift:1
               ├─ LoggingDependency — leaf · listed at List.swift:1
               ├─ ThumbnailDependencies — alias of Thumbnail, forwarded at List.swift:6 · listed at List.swift:2
               │  └─ ImageLoadingDependency — leaf · listed at Thumbnail.swift:1
               └─ ImageLoadingDependency — leaf · listed at List.swift:3

            2 leaves: ImageLoadingDependency, LoggingDependency
            forwards to:
              Thumbnail (construction, List.swift:6)

            """)
    }

    /// A parent lists a view model's alias and builds not the view model but the coordinator that takes that alias:
    /// the alias reaches it through the coordinator, which the tree names instead of saying it is not forwarded.
    @Test func anAliasAChildTakesAsItsOwnIsForwardedThroughThatChild() throws {
        let result = Pipeline().run(sources: [
            ("Leaves.swift", "protocol StorageDependency { var storage: Storage { get } }"),
            ("Transfer.swift", """
                final class TransferViewModel {
                    typealias Dependencies = StorageDependency
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func save() { dependencies.storage.save() }
                }
                final class TransferCoordinator {
                    let dependencies: TransferViewModel.Dependencies
                    init(dependencies: TransferViewModel.Dependencies) { self.dependencies = dependencies }
                    func start() { _ = TransferViewModel(dependencies: dependencies) }
                }
                """),
            ("Home.swift", """
                final class HomeCoordinator {
                    typealias Dependencies = TransferViewModel.Dependencies
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func transfer() { TransferCoordinator(dependencies: dependencies).start() }
                }
                """),
        ])
        let text = WhyExplanation(result: result).compositionTree(of: try Self.node("component:HomeCoordinator", in: result.graph))
        #expect(text.contains(
            "TransferViewModel.Dependencies — alias of TransferViewModel, which TransferCoordinator also requires, forwarded at Home.swift:5"
        ), "\(text)")
        #expect(!text.contains("not forwarded"))
    }

    @Test func everyPathToALeafIsListedShortestFirst() throws {
        let (explanation, graph) = Self.explanation()
        let text = explanation.leafPaths(
            from: try Self.node("component:List", in: graph), to: try Self.node("leaf:ImageLoadingDependency", in: graph)
        )
        #expect(text == """
            List needs ImageLoadingDependency by 2 paths:

            1. List → ListDependencies → ImageLoadingDependency
               List — component · List.swift:4
               requires ListDependencies — alias · List.swift:1
               composes ImageLoadingDependency — leaf · listed at List.swift:3

            2. List → ListDependencies → ThumbnailDependencies → ImageLoadingDependency
               List — component · List.swift:4
               requires ListDependencies — alias · List.swift:1
               composes ThumbnailDependencies — alias of Thumbnail, forwarded at List.swift:6 · listed at List.swift:2
               composes ImageLoadingDependency — leaf · listed at Thumbnail.swift:1

            """)
    }

    @Test func aLeafTheComponentDoesNotNeedSaysSo() throws {
        let (explanation, graph) = Self.explanation()
        let text = explanation.leafPaths(
            from: try Self.node("component:Thumbnail", in: graph), to: try Self.node("leaf:LoggingDependency", in: graph)
        )
        #expect(text == "Thumbnail does not need LoggingDependency: no alias it requires composes it.\n")
    }

    @Test func componentsRequiringALeafIncludeThoseThatForwardIt() throws {
        let (_, graph) = Self.explanation()
        let names = DependencyPaths(graph: graph).components(requiring: "leaf:ImageLoadingDependency").map(\.name)
        #expect(names == ["List", "Thumbnail"])
        #expect(DependencyPaths(graph: graph).components(requiring: "leaf:LoggingDependency").map(\.name) == ["List"])
    }

    @Test func cyclicCompositionsEndInsteadOfLoopingForever() throws {
        let graph = Pipeline().run(sources: [("Cycle.swift", """
            protocol LoggingDependency { var logger: Logger { get } }
            typealias ADependencies = LoggingDependency & BDependencies
            typealias BDependencies = ADependencies
            struct A<Dependencies: ADependencies> { let dependencies: Dependencies }
            """)]).graph
        let paths = DependencyPaths(graph: graph).paths(from: "component:A", to: "leaf:LoggingDependency")
        #expect(paths.paths.map { $0.map(\.node.name) } == [["A", "ADependencies", "LoggingDependency"]])
        #expect(!paths.truncated)
    }

    @Test func namesAreSuggestedByPrefixThenEditDistance() {
        let known = ["ProductListView", "ProductThumbnail", "CartScreen", "ProductComponent"]
        #expect(NameSuggestions.closest(to: "productlist", among: known) == ["ProductListView"])
        #expect(NameSuggestions.closest(to: "CartScren", among: known) == ["CartScreen"])
        #expect(NameSuggestions.closest(to: "Zebra", among: known) == [])
    }
}

/// `cpdi why COMPONENT LEAF` ends with what cpdi says of that leaf there, so "why is this flagged?" has its answer.
@Suite struct WhyLeafFindingTests {
    @Test func theFindingOnTheLeafFollowsItsPaths() throws {
        let result = Pipeline().run(sources: [
            ("AddModel.swift", """
                protocol HasLogger { var logger: Logger { get } }
                protocol HasStore { var store: Store { get } }
                final class Logger {}
                final class Store { func load() {} }
                final class AddModel {
                    typealias Dependencies = HasLogger & HasStore
                    private let dependencies: Dependencies
                    private let logger: Logger
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.logger = dependencies.logger
                    }
                    func save() { dependencies.store.load() }
                }
                """),
        ])
        let explanation = WhyExplanation(result: result)
        let component = try #require(result.graph.nodes.first { $0.id == "component:AddModel" })
        let leaf = try #require(result.graph.nodes.first { $0.id == "leaf:HasLogger" })
        let text = explanation.leafPaths(from: component, to: leaf)
        #expect(text.hasSuffix("""

            AddModel.swift:6: `HasLogger` in `AddModel.Dependencies` is only copied into `logger`, which nothing reads; remove both [unused-dependency]

            """))
        let store = try #require(result.graph.nodes.first { $0.id == "leaf:HasStore" })
        #expect(!explanation.leafPaths(from: component, to: store).contains("[unused-dependency]"))
    }
}
