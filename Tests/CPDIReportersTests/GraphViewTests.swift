import CPDIFacts
import CPDIGraph
import CPDIReporters
import CPDIRules
import Testing

/// What each view, filter and focus of `cpdi graph` keeps, checked on the DOT text.
@Suite struct GraphViewTests {
    let shop: AnalysisResult

    init() throws { shop = try Golden.shopApp() }

    func ids(of kinds: Set<NodeKind>, in result: AnalysisResult) -> Set<String> {
        Set(result.graph.nodes.filter { kinds.contains($0.kind) }.map(\.id))
    }

    @Test func componentsViewIsComponentsAndForwardsOnly() throws {
        let dot = try GraphFixtures.dot(shop)
        #expect(GraphFixtures.nodeIDs(dot) == ids(of: [.component, .container], in: shop))
        let forwards = shop.graph.edges.filter { $0.kind == .forwardsTo }
        #expect(GraphFixtures.edges(dot).count == forwards.count)
        #expect(GraphFixtures.edges(dot).allSatisfy { $0.from.hasPrefix("component:") || $0.from.hasPrefix("container:") })
        #expect(dot.contains("xlabel=\"helper\"") && dot.contains("xlabel=\"superclass\""), "forwards made another way say how")
        #expect(!dot.contains("\"construction\""), "building the child is the usual way, left unlabelled")
        #expect(!GraphFixtures.edges(dot).contains { $0.line.contains(" label=") || $0.line.contains("[label=") }, "edge labels are external (xlabel)")
    }

    @Test func aliasesViewIsCompositionsDownToLeaves() throws {
        let dot = try GraphFixtures.dot(shop, GraphOptions(view: .aliases))
        #expect(GraphFixtures.nodeIDs(dot) == ids(of: [.alias, .leaf], in: shop))
        #expect(GraphFixtures.edges(dot).count == shop.graph.edges.filter { $0.kind == .composes }.count)
    }

    @Test func fullViewIsEverythingButUses() throws {
        let dot = try GraphFixtures.dot(shop, GraphOptions(view: .full))
        #expect(GraphFixtures.nodeIDs(dot) == Set(shop.graph.nodes.map(\.id)))
        #expect(GraphFixtures.edges(dot).count == shop.graph.edges.filter { $0.kind != .uses }.count)
    }

    @Test func hideLeavesDropsLeafNodesAndTheirEdges() throws {
        let dot = try GraphFixtures.dot(shop, GraphOptions(view: .full, hideLeaves: true))
        #expect(GraphFixtures.nodeIDs(dot) == Set(shop.graph.nodes.filter { $0.kind != .leaf }.map(\.id)))
        #expect(!GraphFixtures.edges(dot).contains { $0.to.hasPrefix("leaf:") })
    }

    @Test func includeAndExcludeMatchNamesAndPaths() throws {
        let cart = try GraphFixtures.dot(shop, GraphOptions(include: ["Features/Cart/*"]))
        #expect(GraphFixtures.nodeIDs(cart) == ["component:CartItemRow", "component:CartScreen", "component:CartSummaryView"])
        let noCart = try GraphFixtures.dot(shop, GraphOptions(exclude: ["Cart*"]))
        #expect(!GraphFixtures.nodeIDs(noCart).contains { $0.contains("Cart") })
        #expect(GraphFixtures.nodeIDs(noCart).contains("component:HomeView"))
    }

    @Test func focusKeepsTheNeighbourhoodInBothDirections() throws {
        let dot = try GraphFixtures.dot(shop, GraphOptions(focus: ["CartScreen"], depth: 1))
        var expected: Set<String> = ["component:CartScreen"]
        for edge in shop.graph.edges where edge.kind == .forwardsTo {
            if edge.from == "component:CartScreen" { expected.insert(edge.to) }
            if edge.to == "component:CartScreen" { expected.insert(edge.from) }
        }
        #expect(GraphFixtures.nodeIDs(dot) == expected)
        #expect(expected.count > 2, "CartScreen has a parent and children")
        let deeper = try GraphFixtures.dot(shop, GraphOptions(focus: ["CartScreen"], depth: 2))
        #expect(GraphFixtures.nodeIDs(deeper).isStrictSuperset(of: expected))
        let alone = try GraphFixtures.dot(shop, GraphOptions(focus: ["CartScreen"], depth: 0))
        #expect(GraphFixtures.nodeIDs(alone) == ["component:CartScreen"])
    }

    @Test func anUnknownFocusNameIsAnErrorWithSuggestions() throws {
        #expect(throws: GraphViewError("--focus CartScren: no such node or module in this view; did you mean CartScreen?")) {
            try GraphFormat.dot.render(shop, options: GraphOptions(focus: ["CartScren"]))
        }
    }

    @Test func focusOnAModuleDrawsTheModule() throws {
        let result = try GraphFixtures.synthetic300.get()
        let dot = try GraphFixtures.dot(result, GraphOptions(focus: ["Module2"], depth: 0))
        let module = Set(result.graph.nodes.filter { $0.module == "Module2" && $0.kind == .component }.map(\.id))
        #expect(GraphFixtures.nodeIDs(dot) == module)
    }

    @Test func reverseDrawsEveryComponentThatEndsUpRequiringTheLeaf() throws {
        let leaf = "ImageLoadingDependency"
        let requiring = Set(DependencyPaths(graph: shop.graph).components(requiring: Node.id(.leaf, leaf)).map(\.id))
        #expect(requiring.count > 3)
        let dot = try GraphFixtures.dot(shop, GraphOptions(reverse: leaf))
        #expect(GraphFixtures.nodeIDs(dot) == requiring.union([Node.id(.leaf, leaf)]))
        // The chain ends at the leaf: components that read it themselves point at it.
        let intoLeaf = GraphFixtures.edges(dot).filter { $0.to == Node.id(.leaf, leaf) }.map(\.from)
        #expect(intoLeaf.contains("component:ProductThumbnail"))
        let full = try GraphFixtures.dot(shop, GraphOptions(view: .full, reverse: leaf))
        #expect(GraphFixtures.nodeIDs(full).contains("alias:ProductThumbnailDependencies"))
        #expect(!GraphFixtures.nodeIDs(full).contains("component:OrderConfirmationView"))
    }

    @Test func reverseOfAnUnknownLeafIsAnError() {
        #expect(throws: GraphViewError.self) { try GraphFormat.dot.render(shop, options: GraphOptions(reverse: "ImageLoading")) }
    }

    @Test func findingsAreDrawnWithALegendTooltipsAndLinks() throws {
        let dot = try GraphFixtures.dot(shop, GraphOptions(linkBase: "output"))
        #expect(dot.contains("\"legend:findings\" [shape=plaintext"))
        #expect(dot.contains("color=\"#ea580c\""))
        let row = try #require(dot.split(separator: "\n").first { $0.hasPrefix("  \"component:CartItemRow\"") })
        #expect(row.contains("URL=\"../Samples/ShopApp/Features/Cart/CartItemRow.swift\""))
        #expect(row.contains("tooltip=\"component\\nSamples/ShopApp/Features/Cart/CartItemRow.swift:"))
        #expect(row.contains(" leaves\\n"), "leaf count, then the findings")
        let linked = try GraphFixtures.dot(shop, GraphOptions(linkPrefix: "https://example.com/blob/abc/"))
        #expect(linked.contains("URL=\"https://example.com/blob/abc/Samples/ShopApp/Features/Cart/CartItemRow.swift#L"))
        #expect(!(try GraphFixtures.dot(shop, .report)).contains("URL="), "the HTML report selects nodes on click instead")
    }

    @Test func hostileNamesStayInsideTheirQuotes() throws {
        let dot = try GraphFixtures.dot(Golden.hostile(), GraphOptions(view: .full))
        #expect(dot.contains("\\\"%\\\"\\nDir/Fïle.swift"))
        #expect(!dot.contains("\"%\"\n"))
    }

    @Test func renderingIsDeterministic() throws {
        let result = try GraphFixtures.synthetic300.get()
        for view in GraphOptions.View.allCases {
            #expect(try GraphFixtures.dot(result, GraphOptions(view: view)) == GraphFixtures.dot(result, GraphOptions(view: view)))
        }
    }
}
