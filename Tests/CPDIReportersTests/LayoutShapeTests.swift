import CPDIGraph
@testable import CPDIReporters
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// Pictures of real apps keep a shape that fits a screen: long fan-outs and unconnected components
/// are folded over several ranks, the direction that fills the report's panel best is chosen, and
/// only unusual forwards are labelled.
@Suite struct LayoutShapeTests {
    @Test func aFanOutOfLeavesIsSpreadOverRanksAndNothingElseGetsLonger() {
        // hub → ten leaves, and hub → mid → two leaves: mid has children, so hub → mid keeps length 1,
        // while mid's own two leaves are a (small) fan-out of their own.
        let leaves = (0..<10).map { (from: "hub", to: "leaf\($0)") }
        let lines = leaves + [("hub", "mid"), ("mid", "a"), ("mid", "b")]
        #expect(FanOutFolding.ranks(3).lengths(lines) == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1] + [1, 1, 2])
        // √10 rounded up: four ranks.
        #expect(FanOutFolding.squareRoot.lengths(lines).prefix(10).max() == 4)
        #expect(FanOutFolding.none.lengths(lines) == Array(repeating: 1, count: 13))
        // A fan-out below five is left alone by √n.
        #expect(FanOutFolding.squareRoot.lengths([("p", "x"), ("p", "y"), ("p", "z")]) == [1, 1, 1])
    }

    @Test func unconnectedNodesAreChainedLikeAFanOut() {
        let group = (0..<7).map { "n\($0)" }
        let chains = FanOutFolding.ranks(3).chains([group, ["alone"]])
        #expect(chains.map { "\($0.from)>\($0.to)" } == ["n0>n1", "n1>n2", "n3>n4", "n4>n5"])
        #expect(FanOutFolding.none.chains([group]).isEmpty)
    }

    @Test func onlyForwardsMadeAnotherWayThanBuildingAreLabelled() {
        #expect(ForwardLabels.label([.construction, nil]) == nil)
        #expect(ForwardLabels.label([ForwardVia?]()) == nil)
        #expect(ForwardLabels.label([.helper]) == "helper")
        #expect(ForwardLabels.label([.superclass, .construction, .superclass]) == "construction, superclass")
    }

    /// A coordinator that builds 25 screens per module put 70 components in one row of dot's ranks
    /// (10:1) or, left to right, one column (1:3, the sliver users saw). Folded, the PNG is landscape
    /// and no longer than 3:1.
    @Test func aSeventyComponentAppWithLongFanOutsIsNoSliver() throws {
        let result = try GraphFixtures.synthetic(SyntheticApp(components: 70, modules: 3, seed: 1, fanOut: 25))
        let png = try GraphFormat.png.draw(result)
        let shape = try #require(png.strategy?.shape)
        #expect(shape.folding != .none, "\(shape)")
        let (width, height) = try Self.pngSize(png.bytes)
        #expect(Double(width) / Double(height) >= 1 && Double(width) / Double(height) <= 3, "\(width) × \(height) px, \(shape.summary)")

        var unfolded = try GraphDrawing.make(result, options: GraphOptions())
        unfolded.strategy.shape = LayoutShape(direction: .topToBottom)
        let flat = try #require(LayoutShape.measure(unfolded))
        #expect(flat.width / flat.height > 6, "unfolded it is a strip: \(flat)")
    }

    /// An app whose components forward nothing to each other drew every one in the first rank: 88
    /// components of a real app made a 1:15 column. Chained, they form blocks.
    @Test func anAppWithoutForwardsIsDrawnAsBlocks() throws {
        var result = try Golden.shopApp()
        let names = (0..<60).map { "Screen\($0)" }
        result.graph = DependencyGraph(
            nodes: names.enumerated().map { index, name in
                Node(id: Node.id(.component, name), kind: .component, name: name, module: index < 30 ? "Home" : "Settings",
                     file: "\(name).swift", line: 1, column: 1, access: .internal)
            },
            edges: [], roots: []
        )
        result.findings = []
        let png = try GraphFormat.png.draw(result)
        let (width, height) = try Self.pngSize(png.bytes)
        let ratio = Double(width) / Double(height)
        #expect(ratio >= 1.0 / 3 && ratio <= 3, "\(width) × \(height) px, \(png.strategy?.summary ?? "")")
    }

    /// Graphviz 2.43 freed the label nodes of a clustered drawing twice (a crash of the whole process)
    /// when labelled forwards ran both ways between a clustered node and unclustered ones, as a real
    /// app's reducers do; external labels (xlabel) are placed after the layout and do not crash.
    @Test func labelledForwardsBothWaysAcrossAClusterDraw() throws {
        var result = try Golden.shopApp()
        func node(_ n: Int) -> Node {
            Node(id: Node.id(.component, "N\(n)"), kind: .component, name: "N\(n)", module: n == 3 ? "Kit" : "",
                 file: "N\(n).swift", line: 1, column: 1, access: .internal)
        }
        func edge(_ from: Int, _ to: Int, _ via: ForwardVia) -> Edge {
            Edge(from: Node.id(.component, "N\(from)"), to: Node.id(.component, "N\(to)"), kind: .forwardsTo, via: via,
                 file: "N\(from).swift", line: 2, column: 1)
        }
        result.graph = DependencyGraph(
            nodes: (0..<8).map(node),
            edges: [edge(0, 5, .construction), edge(1, 2, .construction), edge(1, 6, .construction), edge(3, 7, .construction),
                    edge(3, 2, .method)] + [3, 4, 5, 6, 7].map { edge(2, $0, .helper) },
            roots: []
        )
        result.findings = []
        let svg = String(decoding: try GraphFormat.svg.render(result, options: GraphOptions(cluster: .module)), as: UTF8.self)
        #expect(svg.contains(">helper<") && svg.contains(">method<") && svg.contains(">Kit<"))
    }

    static func pngSize(_ bytes: [UInt8]) throws -> (Int, Int) {
        try #require(bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16..<20), number(20..<24))
    }
}
