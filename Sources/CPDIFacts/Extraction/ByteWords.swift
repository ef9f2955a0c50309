/// A few words looked for in a file's bytes before anything is parsed: whether the file holds any of them, or
/// the best-ranked group it holds one of.
///
/// Most files hold none, so every byte is looked at. A bit per pair of bytes says whether some word starts with
/// that pair; only there are the words starting with the first byte compared. Words start with common letters
/// (`register`, `services`, `deps`), and the pair rules out most places the first byte alone would not. (A hash of
/// three bytes rules out more, but costs more per byte than it saves.)
public struct ByteWords: Sendable {
    /// The words laid end to end; `starts[n]..<starts[n + 1]` is word `n`.
    private let flat: [UInt8]
    private let starts: [Int]
    /// Word `n`'s group: lower ranks are better, 0 the best.
    private let ranks: [Int]
    /// The first word starting with each byte, and for each word the next one starting with the same byte; -1 ends.
    private let heads: [Int]
    private let chains: [Int]
    /// Bit `first << 8 | second` is set when some word starts with those two bytes (a one-byte word sets every
    /// pair it starts).
    private let starters: [UInt64]
    /// An empty word is found in any bytes: the best rank of those.
    private let emptyWordRank: Int?

    /// `groups[rank]` holds the words of that rank.
    public init(groups: [[[UInt8]]]) {
        var flat: [UInt8] = [], starts: [Int] = [], ranks: [Int] = [], chains: [Int] = []
        var heads = [Int](repeating: -1, count: 256)
        var starters = [UInt64](repeating: 0, count: 65_536 / 64)
        var emptyWordRank: Int?
        for (rank, words) in groups.enumerated() {
            for word in words {
                guard let first = word.first else {
                    emptyWordRank = min(emptyWordRank ?? rank, rank)
                    continue
                }
                let number = ranks.count
                starts.append(flat.count)
                flat += word
                ranks.append(rank)
                chains.append(heads[Int(first)])
                heads[Int(first)] = number
                for second in word.count > 1 ? [Int(word[1])] : Array(0..<256) {
                    let bit = Int(first) << 8 | second
                    starters[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            }
        }
        starts.append(flat.count)
        (self.flat, self.starts, self.ranks, self.heads, self.chains, self.starters) = (flat, starts, ranks, heads, chains, starters)
        self.emptyWordRank = emptyWordRank
    }

    public init(_ words: [[UInt8]]) {
        self.init(groups: [words])
    }

    /// Whether the bytes hold any of the words.
    public func occur(in bytes: [UInt8]) -> Bool {
        bestRank(in: bytes) != nil
    }

    /// The best (lowest) rank of the words the bytes hold; nil when they hold none. The scan stops at the first word
    /// of rank 0.
    public func bestRank(in bytes: [UInt8]) -> Int? {
        if emptyWordRank == 0 { return 0 }
        let found = bytes.withUnsafeBufferPointer { haystack in
            flat.withUnsafeBufferPointer { flat in
                starts.withUnsafeBufferPointer { starts in
                    ranks.withUnsafeBufferPointer { ranks in
                        heads.withUnsafeBufferPointer { heads in
                            chains.withUnsafeBufferPointer { chains in
                                starters.withUnsafeBufferPointer { starters in
                                    Self.search(haystack, flat: flat, starts: starts, ranks: ranks, heads: heads, chains: chains, starters: starters)
                                }
                            }
                        }
                    }
                }
            }
        }
        guard let emptyWordRank else { return found }
        return min(found ?? emptyWordRank, emptyWordRank)
    }

    /// The loop, on raw memory and locals only.
    private static func search(
        _ haystack: UnsafeBufferPointer<UInt8>, flat: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>,
        ranks: UnsafeBufferPointer<Int>, heads: UnsafeBufferPointer<Int>, chains: UnsafeBufferPointer<Int>, starters: UnsafeBufferPointer<UInt64>
    ) -> Int? {
        let end = haystack.count
        var best: Int?
        for index in 0..<end {
            let first = Int(haystack[index])
            // Past the last byte comes a zero, which only the pairs of one-byte words include.
            let bit = first << 8 | (index + 1 < end ? Int(haystack[index + 1]) : 0)
            guard starters[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { continue }
            var number = heads[first]
            while number >= 0 {
                let start = starts[number], count = starts[number + 1] - start
                if index + count <= end, best.map({ ranks[number] < $0 }) ?? true {
                    var offset = 1
                    while offset < count, haystack[index + offset] == flat[start + offset] { offset += 1 }
                    if offset == count {
                        if ranks[number] == 0 { return 0 }
                        best = ranks[number]
                    }
                }
                number = chains[number]
            }
        }
        return best
    }
}
