import CPDIGraph
@testable import CPDIPipeline
@testable import CPDIReporters
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// A warm `cpdi diff` compares two saved results where they lie (`EncodedGraph`), and its picture is drawn from
/// the part of both graphs around the change (`DiffPictureGraphs`). Both must give what the graphs in memory give:
/// the same `ResultDiff`, the same picture as one drawn from the whole graphs, and the same report in every format
/// that reads the graphs.
@Suite struct SavedGraphDiffTests {
    /// Every sample against every other, and against itself.
    @Test func everyPairOfSamplesDiffsAlikeInMemoryAndWhereSaved() throws {
        let results = try Fixtures.samples.map { try Fixtures.analyse(["Samples/\($0)"]) }
        try Fixtures.withTemporaryFolder { folder in
            for (baseIndex, base) in results.enumerated() {
                for (headIndex, head) in results.enumerated() {
                    try Self.expectAlike(base, head, in: folder, "\(Fixtures.samples[baseIndex]) → \(Fixtures.samples[headIndex])")
                }
            }
        }
    }

    /// A generated app after each of a seeded sequence of pull-request edits, against the app before it and
    /// against the app as first generated.
    @Test(arguments: [UInt64(3), 8, 21])
    func aGeneratedAppDiffsAlikeAfterEachEdit(seed: UInt64) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app")
            try SyntheticApp(components: 80, modules: 4, seed: seed).write(to: app)
            let first = try WorkingTreeResultTests.cold(app)
            var previous = first
            var random = SeededGenerator(seed: seed)
            var applied: [String] = []
            for _ in 0..<10 {
                applied.append(try TreeEdit.applyOne(in: app, random: &random))
                let now = try WorkingTreeResultTests.cold(app)
                try Self.expectAlike(previous, now, in: root, "after \(applied)")
                try Self.expectAlike(first, now, in: root, "from the first, after \(applied)")
                previous = now
            }
        }
    }

    /// The same graph with one node and one edge more, a node whose leaves changed, and names outside ASCII,
    /// which are ordered as `String` orders them, not by their bytes.
    @Test func namesOutsideASCIIAreFoundAndOrderedAsStringsAre() throws {
        func graph(_ extra: Bool) -> DependencyGraph {
            var nodes = [
                Node(id: "component:Café", kind: .component, name: "Café", module: "M", file: "a.swift", line: 1, column: 1, access: .internal, leaves: extra ? ["leaf:Ä"] : []),
                Node(id: "component:Zed", kind: .component, name: "Zed", module: "M", file: "a.swift", line: 2, column: 1, access: .internal, leaves: []),
                Node(id: "component:Ébène", kind: .component, name: "Ébène", module: "M", file: "b.swift", line: 1, column: 1, access: .internal, leaves: []),
                Node(id: "leaf:Ä", kind: .leaf, name: "Ä", module: "M", file: "c.swift", line: 1, column: 1, access: .internal, leaves: nil),
            ]
            var edges = [
                Edge(from: "component:Café", to: "component:Ébène", kind: .forwardsTo, via: .construction, file: "a.swift", line: 3, column: 5),
                Edge(from: "component:Zed", to: "component:Café", kind: .forwardsTo, via: nil, file: "a.swift", line: 4, column: 5),
            ]
            if extra {
                nodes.append(Node(id: "component:Ωmega", kind: .component, name: "Ωmega", module: "M", file: "d.swift", line: 1, column: 1, access: .internal, leaves: []))
                edges.append(Edge(from: "component:Ωmega", to: "component:Café", kind: .forwardsTo, via: .helper, file: "d.swift", line: 2, column: 1))
            }
            return DependencyGraph(nodes: nodes.sorted { $0.id < $1.id }, edges: edges.sorted(), roots: [])
        }
        var base = try Fixtures.analyse(["Samples/ShopApp"]), head = base
        base.graph = graph(false)
        head.graph = graph(true)
        try Fixtures.withTemporaryFolder { folder in
            let sides = try Self.saved(base, head, in: folder)
            #expect(sides.head.node(id: "component:Ωmega")?.name == "Ωmega")
            #expect(sides.head.edges(into: "component:Café", kind: .forwardsTo).map(\.from) == ["component:Zed", "component:Ωmega"])
            try Self.expectAlike(base, head, in: folder, "outside ASCII")
        }
    }

    /// A graph not in the order a diff walks, with an edge twice, or with a kind no build writes, is not read where it
    /// lies: the diff decodes it (and a damaged one is a miss), rather than decoding a node later and failing.
    @Test func aGraphOutOfOrderWithRepeatsOrDamagedIsNotReadWhereItLies() throws {
        var result = try Fixtures.analyse(["Samples/ShopApp"])
        try Fixtures.withTemporaryFolder { folder in
            #expect(Self.encoded(result, in: folder, name: "sorted") != nil)
            for (written, damaged) in [("component", "compXnent"), ("forwardsTo", "forwardsXo"), ("construction", "constructiXn"), ("internal", "interXal")] {
                let file = folder.appendingPathComponent("results/sorted.result")
                let bytes = [UInt8](try Data(contentsOf: file))
                // The field itself, by its string tag and length: ids hold the same words with more after them.
                let (from, to) = ([4, UInt8(written.utf8.count)] + Array(written.utf8), [4, UInt8(damaged.utf8.count)] + Array(damaged.utf8))
                let at = try #require((0...(bytes.count - from.count)).last { Array(bytes[$0..<($0 + from.count)]) == from })
                try Data(bytes[..<at] + to + bytes[(at + from.count)...]).write(to: file)
                #expect(ResultCache(cacheDirectory: folder).loadApart("sorted") == nil, "\(damaged)")
                _ = Self.encoded(result, in: folder, name: "sorted")
            }
            var repeated = result
            repeated.graph.edges.insert(repeated.graph.edges[0], at: 0)
            #expect(Self.encoded(repeated, in: folder, name: "repeated") == nil)
            result.graph.nodes.reverse()
            #expect(Self.encoded(result, in: folder, name: "reversed") == nil)
        }
    }

    /// A work tree whose facts only moved, run for a diff (`graphApart`), moves its saved graph where it lies
    /// (`EncodedGraph.movingPlaces`): the result it saves is the one a run that decodes, moves and encodes the graph
    /// saves, byte for byte, and its graph is a cold run's.
    @Test(arguments: [UInt64(4), 9])
    func aGraphMovedWhereItLiesIsSavedAsAMovedDecodedGraphIs(seed: UInt64) throws {
        try Fixtures.withTemporaryFolder { root in
            var random = SeededGenerator(seed: seed)
            let apps = (apart: root.appendingPathComponent("apart/app"), whole: root.appendingPathComponent("whole/app"))
            try SyntheticApp(components: 60, modules: 3, seed: seed).write(to: apps.apart)
            try SyntheticApp(components: 60, modules: 3, seed: seed).write(to: apps.whole)
            let files = try TreeEdit.swiftFiles(in: apps.apart).map { $0.path.dropFirst(apps.apart.path.count) }
            func run(_ app: URL, apart: Bool) throws -> (result: AnalysisResult, graph: EncodedGraph?) {
                var pipeline = Pipeline(configuration: Configuration())
                pipeline.stampSettlingSeconds = -3_600
                let cache = FactsCache(directory: app.deletingLastPathComponent().appendingPathComponent("cache"), conventions: pipeline.conventions)
                return try pipeline.run(paths: ["."], workingDirectory: app, cache: cache, graphApart: apart)
            }
            _ = try run(apps.apart, apart: true)
            _ = try run(apps.whole, apart: false)
            for round in 0..<4 {
                let file = String(files[random.below(files.count)])
                for app in [apps.apart, apps.whole] {
                    let url = URL(fileURLWithPath: app.path + file)
                    try ("// moved \(round)\n" + String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
                }
                let apart = try run(apps.apart, apart: true), whole = try run(apps.whole, apart: false)
                let graph = try #require(apart.graph, "round \(round)")
                let cold = try WorkingTreeResultTests.cold(apps.whole)
                #expect(whole.result == cold, "round \(round)")
                #expect((0..<graph.nodeCount).map(graph.node(at:)) == SortedGraph(cold.graph).nodes, "round \(round)")
                #expect((0..<graph.edgeCount).map(graph.edge(at:)) == SortedGraph(cold.graph).edges, "round \(round)")
                let saved = (apart: root.appendingPathComponent("apart/cache/working-results"), whole: root.appendingPathComponent("whole/cache/working-results"))
                // Which older results each keeps depends on the order they were last read in; the ones both keep are compared.
                let names = try Set(FileManager.default.contentsOfDirectory(atPath: saved.whole.path).filter { $0.hasSuffix(".result") })
                    .intersection(FileManager.default.contentsOfDirectory(atPath: saved.apart.path)).sorted()
                #expect(names.count >= 2, "round \(round): this round's result and the one it moved")
                for name in names {
                    #expect(
                        try Data(contentsOf: saved.apart.appendingPathComponent(name)) == Data(contentsOf: saved.whole.appendingPathComponent(name)),
                        "round \(round): \(name)"
                    )
                }
            }
        }
    }

    // MARK: -

    static func expectAlike(_ base: AnalysisResult, _ head: AnalysisResult, in folder: URL, _ comment: Comment) throws {
        let inMemory = DiffReport(base: base, head: head, baseLabel: "base", headLabel: "head")
        let sides = try saved(base, head, in: folder)
        let apart = DiffReport(
            base: withoutGraph(base), head: withoutGraph(head), baseGraph: sides.base, headGraph: sides.head, baseLabel: "base", headLabel: "head"
        )
        #expect(apart.diff == inMemory.diff, comment)
        let whole = DiffPicture(inMemory.diff, base: base.graph, head: head.graph)
        #expect(DiffDOT.render(inMemory.picture) == DiffDOT.render(whole), comment)
        #expect(DiffDOT.render(apart.picture) == DiffDOT.render(whole), comment)
        for format in [DiffFormat.text, .markdown, .json, .dot] {
            #expect(try format.render(apart) == format.render(inMemory), "\(format): \(comment)")
        }
    }

    static func saved(_ base: AnalysisResult, _ head: AnalysisResult, in folder: URL) throws -> (base: EncodedGraph, head: EncodedGraph) {
        (try #require(encoded(base, in: folder, name: "base")), try #require(encoded(head, in: folder, name: "head")))
    }

    static func encoded(_ result: AnalysisResult, in folder: URL, name: String) -> EncodedGraph? {
        let cache = ResultCache(cacheDirectory: folder)
        cache.store(result, key: name)
        return cache.loadApart(name).map(\.graph)
    }

    static func withoutGraph(_ result: AnalysisResult) -> AnalysisResult {
        var result = result
        result.graph = DependencyGraph(nodes: [], edges: [], roots: [])
        return result
    }
}
