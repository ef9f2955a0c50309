import Testing

@testable import CPDIGraph

/// The lists of files a read index keeps per read stay ascending and free of repeats, in whatever order files are noted.
@Suite struct FileNumbersTests {
    @Test func numbersNotedInAnyOrderAreFoundOnceEach() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<300 {
            var numbers = FileNumbers()
            var plain: Set<Int32> = []
            for _ in 0..<Int(state % 40) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                // Mostly ascending, as files are noted one after another; sometimes earlier, as typed chains are.
                let number = state % 5 == 0 ? Int32(state % 50) : (plain.max() ?? 0) + Int32(state % 3)
                numbers.insert(number)
                plain.insert(number)
            }
            #expect(numbers.numbers == plain.sorted())
            for candidate in Int32(-1)...Int32(60) { #expect(numbers.contains(candidate) == plain.contains(candidate)) }
        }
    }
}
