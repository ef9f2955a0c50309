import Testing

@testable import CPDIFacts

/// `ByteWords` skips most places by the first two bytes; these compare it with a plain search of every word at
/// every place, on words and texts chosen to hit the edges (one-byte words, words at the very end, words sharing
/// first bytes, empty words, ranks).
@Suite struct ByteWordsTests {
    /// The lowest rank of a word found anywhere, by brute force.
    private func plainBestRank(_ groups: [[[UInt8]]], in bytes: [UInt8]) -> Int? {
        var best: Int?
        for (rank, words) in groups.enumerated() {
            for word in words {
                let found = word.isEmpty || (0..<max(0, bytes.count - word.count + 1)).contains { Array(bytes[$0..<$0 + word.count]) == word }
                if found { best = min(best ?? rank, rank) }
            }
        }
        return best
    }

    @Test func findsWhatAPlainSearchFinds() {
        // A fixed generator: the same cases on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let alphabet = Array("abcdeHs.{ ".utf8)
        func text(_ length: Int) -> [UInt8] { (0..<length).map { _ in alphabet[next(alphabet.count)] } }
        for _ in 0..<3_000 {
            let groups = (0..<(1 + next(3))).map { _ in (0..<next(4)).map { _ in text(next(5)) } }
            let bytes = text(next(40))
            let words = ByteWords(groups: groups)
            #expect(words.bestRank(in: bytes) == plainBestRank(groups, in: bytes), "\(groups) in \(bytes)")
            #expect(words.occur(in: bytes) == (plainBestRank(groups, in: bytes) != nil))
        }
    }

    @Test func aWordAtTheVeryEndAndOneByteWordsAreFound() {
        let bytes = Array("let x = deps".utf8)
        #expect(ByteWords([Array("deps".utf8)]).occur(in: bytes))
        #expect(ByteWords([Array("s".utf8)]).occur(in: bytes))
        #expect(!ByteWords([Array("depsx".utf8), Array("q".utf8)]).occur(in: bytes))
        #expect(!ByteWords([]).occur(in: bytes))
        #expect(ByteWords([[]]).occur(in: []))
    }

    @Test func theBestRankWinsWhereverItIs() {
        let words = ByteWords(groups: [[Array("register(".utf8)], [Array("register".utf8), Array("Key".utf8)]])
        #expect(words.bestRank(in: Array("Key register x.register(".utf8)) == 0)
        #expect(words.bestRank(in: Array("register { }".utf8)) == 1)
        #expect(words.bestRank(in: Array("nothing here".utf8)) == nil)
    }

    /// Lists compiled once per run (`CompiledWords`) answer as their own table would, also after more lists than
    /// it keeps have pushed a list out, and when two lists differ only in a word's order or a byte.
    @Test func compiledListsAnswerAsTheirOwnTables() {
        let lists: [[[UInt8]]] = (0..<12).map { index in [Array("word\(index)".utf8), Array("x\(index)y".utf8)] }
            + [[Array("x1y".utf8), Array("word1".utf8)], [Array("word1".utf8), Array("x1z".utf8)], []]
        let texts = ["a word1 b", "x1y", "x1z", "word11", "nothing", ""].map { Array($0.utf8) }
        for round in 0..<2 {
            for list in lists {
                for text in texts {
                    #expect(LineTable.containsAny(of: list, in: text) == ByteWords(list).occur(in: text), "round \(round): \(list) in \(text)")
                }
            }
        }
    }
}
