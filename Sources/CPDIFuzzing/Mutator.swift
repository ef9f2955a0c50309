import CPDISynthetic

/// Turns seed texts into hostile inputs: the mistakes editors, merges and generators make, and the
/// shapes that break parsers (deep nesting, huge tokens, stray control bytes, broken UTF-8).
public struct Mutator: Sendable {
    private var random: SeededGenerator
    private let seeds: [[UInt8]]
    /// Inputs are kept under this size; real source files are far smaller.
    public static let maximumSize = 512 * 1024

    /// Tokens worth inserting: brackets, keywords of the styles, string and comment delimiters.
    static let tokens: [String] = [
        "[", "]", "(", ")", "{", "}", "<", ">", "&", ",", ":", ";", "=", ".", "?", "!", "@", "#", "\\", "`", "$0",
        "\"", "\"\"\"", "#\"", "\"#", "//", "/*", "*/", "\\(", "'", "\n", "\r\n", "\r", "\t", " ",
        "typealias ", "struct ", "class ", "protocol ", "extension ", "enum ", "func ", "init(", "let ", "var ",
        "associatedtype ", "where ", "some ", "any ", "Dependencies", "dependencies", "dependencies.", "Self", "self?.",
        "super.init(dependencies: dependencies)", "Child(dependencies: dependencies)", "typealias X = A & B",
        "@Dependency(\\.key) var key", "@Inject var m: M", "Module { X() as Y }", "// cpdi:disable:next all",
        "#if DEBUG\n", "#endif\n", "#if", "#else", "\u{FEFF}", "é", "🧩", "\u{200B}",
    ]

    /// Prefixes repeated hundreds or thousands of times: the shapes parsers recurse or backtrack on.
    static let nestings: [String] = ["[", "(", "{", "A<", "f(", "[[", "x.", "!", "-", "\"\\(", "try ", "(a, ", "A & "]

    public init(seeds: [[UInt8]], seed: UInt64) {
        precondition(!seeds.isEmpty, "the mutator needs at least one seed")
        self.seeds = seeds
        random = SeededGenerator(seed: seed)
    }

    /// The next input: a seed with one to four mutations.
    public mutating func next() -> [UInt8] {
        var bytes = seeds[random.below(seeds.count)]
        for _ in 0..<random.within(1...4) {
            mutate(&bytes)
            if bytes.count > Self.maximumSize { bytes.removeLast(bytes.count - Self.maximumSize) }
        }
        return bytes
    }

    private mutating func position(in bytes: [UInt8]) -> Int { bytes.isEmpty ? 0 : random.below(bytes.count + 1) }

    /// A count spread over orders of magnitude: mostly small, sometimes in the thousands.
    private mutating func scale(upTo limit: Int) -> Int {
        let magnitude = random.below(Int(log2(Double(limit))) + 1)
        return random.within(1...max(1, 1 << magnitude))
    }

    private mutating func mutate(_ bytes: inout [UInt8]) {
        switch random.below(11) {
        case 0 where !bytes.isEmpty:  // flip a byte
            bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
        case 1:  // insert a token
            bytes.insert(contentsOf: Array(Self.tokens[random.below(Self.tokens.count)].utf8), at: position(in: bytes))
        case 2 where !bytes.isEmpty:  // delete a run
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + random.within(1...64)))
        case 3:  // splice in a fragment of another seed
            let other = seeds[random.below(seeds.count)]
            guard !other.isEmpty else { return }
            let start = random.below(other.count)
            bytes.insert(contentsOf: other[start..<min(other.count, start + random.within(1...400))], at: position(in: bytes))
        case 4 where !bytes.isEmpty:  // truncate
            bytes.removeSubrange(random.below(bytes.count)...)
        case 5:  // deep nesting
            let prefix = Array(Self.nestings[random.below(Self.nestings.count)].utf8)
            let count = scale(upTo: 4_096)
            var run: [UInt8] = []
            run.reserveCapacity(prefix.count * count)
            for _ in 0..<count { run += prefix }
            bytes.insert(contentsOf: run, at: position(in: bytes))
        case 6:  // a long identifier or line
            let byte = random.chance(50) ? UInt8(ascii: "x") : UInt8(ascii: " ")
            bytes.insert(contentsOf: [UInt8](repeating: byte, count: scale(upTo: 200_000)), at: position(in: bytes))
        case 7:  // control bytes and bytes that are not UTF-8
            let byte = random.chance(50) ? UInt8(random.below(32)) : UInt8(0x80 + random.below(128))
            bytes.insert(byte, at: position(in: bytes))
        case 8:  // line endings
            bytes = random.chance(50)
                ? bytes.flatMap { $0 == UInt8(ascii: "\n") ? [UInt8(ascii: "\r"), $0] : [$0] }
                : bytes.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: "\r") : $0 }
        case 9 where !bytes.isEmpty:  // duplicate a region
            let start = random.below(bytes.count)
            let region = Array(bytes[start..<min(bytes.count, start + random.within(1...2_000))])
            bytes.insert(contentsOf: region, at: position(in: bytes))
        default:  // swap two regions' order
            guard bytes.count > 2 else { return }
            let cut = random.below(bytes.count)
            bytes = Array(bytes[cut...] + bytes[..<cut])
        }
    }
}

import Foundation
