import Testing

@testable import CPDIFacts

/// Work spread over the cores comes back in index order, whatever order the threads finish in: linking relies on
/// it for results that are the same bytes as one loop's.
@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 2, 255, 256, 257, 1000])
    func chunkedResultsAreInIndexOrder(count: Int) {
        for chunk in [1, 7, 256, 5000] {
            #expect(Parallel.map(count, chunk: chunk) { $0 * 3 } == (0..<count).map { $0 * 3 })
            // The ranges cover every index once, in order, none longer than the chunk.
            let ranges = Parallel.map(ranges: count, chunk: chunk) { $0 }
            #expect(ranges.flatMap { Array($0) } == Array(0..<count))
            #expect(ranges.allSatisfy { !$0.isEmpty && $0.count <= chunk })
        }
    }

    @Test func eachIndexIsDoneOnce() {
        let counted = Parallel.map(10_000, chunk: 64) { index in String(index) }
        #expect(Set(counted).count == 10_000)
        #expect(counted.first == "0" && counted.last == "9999")
    }
}
