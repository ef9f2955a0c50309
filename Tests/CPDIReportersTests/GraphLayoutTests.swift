import CPDIGraph
import CPDIReporters
import CPDIRules
import Testing

/// Clusters, collapse and the layout strategy chosen by size.
@Suite struct GraphLayoutTests {
    @Test func smallSingleModuleGraphsAreFlatAndUnbounded() throws {
        let output = try GraphFormat.dot.draw(Golden.shopApp())
        let strategy = try #require(output.strategy)
        #expect(strategy.engine == "dot")
        #expect(strategy.collapse == .flat && strategy.cluster == .flat)
        #expect(strategy.attributes.isEmpty)
        #expect(!String(decoding: output.bytes, as: UTF8.self).contains("subgraph"))
    }

    @Test func severalModulesAreClusteredPerModule() throws {
        let result = try GraphFixtures.synthetic300.get()
        let output = try GraphFormat.dot.draw(result)
        let dot = String(decoding: output.bytes, as: UTF8.self)
        #expect(output.strategy?.cluster == .module)
        let modules = Set(result.graph.nodes.filter { $0.kind == .component }.map(\.module))
        #expect(dot.components(separatedBy: "subgraph \"cluster_").count - 1 == modules.count)
        #expect(dot.contains("label=\"Module3\""))
        // 300 components are more than dot lays out quickly unbounded.
        #expect(dot.contains("mclimit=\"0.3\"") && dot.contains("nslimit=\"2\""))
        let drawn = result.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.count
        let summary = try #require(output.strategy?.summary)
        #expect(summary.hasPrefix("\(drawn) nodes — clustered by module, dot (bounded), "), "\(summary)")
        #expect(summary.contains("top to bottom") || summary.contains("left to right"), "the measured shape is named: \(summary)")
    }

    @Test func clusterByFolderAndNone() throws {
        let shop = try Golden.shopApp()
        let byFolder = try GraphFixtures.dot(shop, GraphOptions(cluster: .folder))
        #expect(byFolder.contains("label=\"Samples/ShopApp/Features/Cart\""))
        let folders = Set(shop.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.map { $0.file.split(separator: "/").dropLast().joined(separator: "/") })
        #expect(byFolder.components(separatedBy: "subgraph \"cluster_").count - 1 == folders.count)
        let none = try GraphFixtures.dot(GraphFixtures.synthetic300.get(), GraphOptions(cluster: .flat))
        #expect(!none.contains("subgraph"))
    }

    @Test func collapseByModuleCountsTheEdgesBetweenModules() throws {
        let result = try GraphFixtures.synthetic300.get()
        let dot = try GraphFixtures.dot(result, GraphOptions(collapse: .module))
        let modules = Set(result.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.map(\.module))
        #expect(GraphFixtures.nodeIDs(dot) == Set(modules.map { "module:\($0)" }))
        // Every forward between two modules is counted once on the line between them.
        var expected: [String: Int] = [:]
        let moduleOf = Dictionary(result.graph.nodes.map { ($0.id, $0.module) }, uniquingKeysWith: { a, _ in a })
        for edge in result.graph.edges where edge.kind == .forwardsTo && moduleOf[edge.from] != moduleOf[edge.to] {
            expected["module:\(moduleOf[edge.from]!) module:\(moduleOf[edge.to]!)", default: 0] += 1
        }
        let drawn = GraphFixtures.edges(dot)
        #expect(drawn.count == expected.count)
        for edge in drawn {
            let count = try #require(expected["\(edge.from) \(edge.to)"])
            #expect(edge.line.contains("label=\"\(count)\""), "\(edge.line)")
        }
        #expect(dot.contains("shape=\"component\""))
        #expect(dot.contains("components\\n"), "the tooltip counts what a module holds")
    }

    @Test func collapseByFolder() throws {
        let shop = try Golden.shopApp()
        let dot = try GraphFixtures.dot(shop, GraphOptions(collapse: .folder))
        #expect(GraphFixtures.nodeIDs(dot).contains("folder:Samples/ShopApp/Features/Cart"))
        #expect(dot.contains("shape=\"folder\""))
    }

    @Test func largeViewsCollapseByDefaultAndSayWhy() throws {
        let result = try GraphFixtures.synthetic600.get()
        for view in GraphOptions.View.allCases {
            let output = try GraphFormat.dot.draw(result, options: GraphOptions(view: view))
            let strategy = try #require(output.strategy)
            #expect(strategy.collapse == .module, "\(view)")
            #expect(strategy.engine == "dot")
            #expect(strategy.reason?.contains("exceed") == true)
            #expect(strategy.summary.contains("collapsed by module"))
        }
        // Forced flat, the same view goes to sfdp instead of dot.
        let flat = try #require(try GraphFormat.dot.draw(result, options: GraphOptions(cluster: .flat, collapse: .flat)).strategy)
        #expect(flat.engine == "sfdp")
        #expect(flat.attributes["overlap"] == "prism")
        // A focus brings the view back under the limit: drawn flat with dot.
        let focused = try #require(try GraphFormat.dot.draw(result, options: GraphOptions(focus: ["Module3"])).strategy)
        #expect(focused.collapse == .flat && focused.engine == "dot")
    }

    @Test func anExplicitEngineWins() throws {
        let strategy = try #require(try GraphFormat.dot.draw(Golden.shopApp(), options: GraphOptions(engine: "neato")).strategy)
        #expect(strategy.engine == "neato")
    }
}
