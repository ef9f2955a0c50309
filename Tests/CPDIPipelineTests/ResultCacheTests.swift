import CPDIFacts
import CPDIGraph
@testable import CPDIPipeline
import CPDIRules
import Foundation
import Testing

/// Saved results of `cpdi diff` are written without reading them back, so the compact coder must carry
/// every part of a result: each sample's result (graph, findings with fixes, problems) makes the round
/// trip equal, and a stored result loads back equal.
@Suite struct ResultCacheTests {
    @Test(arguments: Fixtures.samples)
    func aSamplesResultRoundTripsThroughTheCompactCoder(sample: String) throws {
        let result = try Fixtures.analyse(["Samples/\(sample)"])
        #expect(!result.graph.nodes.isEmpty)
        let bytes = try CompactCoder.encode(result)
        let decoded = try bytes.withUnsafeBytes { try CompactCoder.decode(AnalysisResult.self, from: $0) }
        #expect(decoded == result)
        // Nodes and edges are written and read field by field, in the bytes their synthesized `Codable` gives.
        #expect(try CompactCoder.encode(result, genericOnly: true) == bytes)
        #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(AnalysisResult.self, from: $0, genericOnly: true) } == result)
    }

    /// Every optional field of a node and an edge, present and absent, and every kind of each.
    @Test func nodesAndEdgesOfEveryShapeRoundTripInTheBytesOfTheirCodable() throws {
        let nodes = NodeKind.allCases.enumerated().map { index, kind in
            Node(
                id: Node.id(kind, "Name\(index)"), kind: kind, name: "Name\(index)", module: "Module", file: index == 0 ? "" : "Sources/File.swift",
                line: index, column: -index, access: AccessLevel.allCases[index % AccessLevel.allCases.count],
                leaves: index % 2 == 0 ? nil : ["leaf:A", "leaf:B-with-a-name-longer-than-fifteen-bytes"]
            )
        }
        let vias: [ForwardVia?] = [nil] + ForwardVia.allCases
        let edges = EdgeKind.allCases.flatMap { kind in
            vias.enumerated().map { index, via in
                Edge(from: nodes[index % nodes.count].id, to: "leaf:X", kind: kind, via: via, file: "F.swift", line: index + 1, column: 1_000_000)
            }
        }
        let graph = DependencyGraph(nodes: nodes, edges: edges, roots: [nodes[0].id])
        let bytes = try CompactCoder.encode(graph)
        #expect(try CompactCoder.encode(graph, genericOnly: true) == bytes)
        #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(DependencyGraph.self, from: $0) } == graph)
        #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(DependencyGraph.self, from: $0, genericOnly: true) } == graph)
        // Every truncation fails to decode instead of giving a wrong graph.
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: (any Error).self) { try bytes.prefix(length).withUnsafeBytes { try CompactCoder.decode(DependencyGraph.self, from: $0) } }
        }
    }

    @Test func aStoredResultLoadsBackEqualAndADamagedOneIsAMiss() throws {
        try Fixtures.withTemporaryFolder { folder in
            let result = try Fixtures.analyse(["Samples/ShopApp"])
            let cache = ResultCache(cacheDirectory: folder)
            let key = cache.key(commit: "0123abcd", paths: ["."], configuration: nil)
            cache.store(result, key: key)
            #expect(cache.load(key) == result)
            let file = folder.appendingPathComponent("results/\(key).result")
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count / 2).write(to: file)
            #expect(cache.load(key) == nil)
        }
    }
}
