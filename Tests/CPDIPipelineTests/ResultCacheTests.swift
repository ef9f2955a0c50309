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
