import Testing

@testable import CPDIFacts

/// The byte-wise splits of names give what the `Character`-wise `split` they replace gives, on generated strings
/// that hit the edges: empty parts at either end and in the middle, separators only, and letters beyond ASCII.
@Suite struct NamePartsTests {
    private static let alphabet: [String] = ["a", "B", "|", ".", "é", "ü", "😀", "_", "1"]

    /// Every string of up to four of the alphabet's pieces, and some longer ones from a fixed generator.
    private static var cases: [String] {
        var found: [String] = [""]
        var level = [""]
        for _ in 0..<4 {
            level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
            found += level
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<12 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                text += alphabet[Int(state % UInt64(alphabet.count))]
            }
            found.append(text)
        }
        return found
    }

    @Test func barSeparatedSplitsAsSplitDoes() {
        for text in Self.cases {
            for maxSplits in [1, 2, Int.max] {
                for omitting in [true, false] {
                    let expected = text.split(separator: "|", maxSplits: maxSplits, omittingEmptySubsequences: omitting).map(String.init)
                    #expect(text.barSeparated(maxSplits: maxSplits, omittingEmptySubsequences: omitting) == expected, "\(text)")
                }
            }
        }
    }

    @Test func firstAndLastBarSplitsFindTheBarsSearchingByCharacterFinds() {
        for text in Self.cases {
            let first = text.firstBarSplit
            if let bar = text.firstIndex(of: "|") {
                #expect(first.before == text[..<bar] && first.after == text[text.index(after: bar)...], "\(text)")
            } else {
                #expect(first.before == text[...] && first.after == nil, "\(text)")
            }
            let last = text.lastBarSplit
            if let bar = text.lastIndex(of: "|") {
                #expect(last?.before == text[..<bar] && last?.after == text[text.index(after: bar)...], "\(text)")
            } else {
                #expect(last == nil, "\(text)")
            }
        }
    }

    @Test func lastDottedPartIsTheLastPartSplitFinds() {
        for text in Self.cases {
            #expect(text.lastDottedPart == (text.split(separator: ".").last ?? text[...]), "\(text)")
        }
        #expect("Home.Dependencies".lastDottedPart == "Dependencies")
        #expect("Dependencies".lastDottedPart == "Dependencies")
        #expect("A.B.".lastDottedPart == "B")
        #expect("..".lastDottedPart == "..")
    }
}
