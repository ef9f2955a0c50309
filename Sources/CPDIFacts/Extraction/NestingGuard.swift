/// A cheap look at a file's bytes before parsing it: shapes that make the parser take exponential time
/// or recurse past a worker thread's stack, which no hand-written Swift has.
///
/// The parser backtracks over nested square brackets (`[[[[…`, closed or not): each level doubles the
/// time: 20 levels take a tenth of a second in a release build, 24 nearly two, and a debug build is fifty
/// times slower. Parentheses around them multiply it again (each `(a, ` level adds a look-ahead over the
/// whole bracket nest: 16 squares inside 20 tuples took 0.7 s, inside 50 1.6 s); 12 squares stay under a
/// fifth of a second inside the deepest nesting allowed. Any other bracket nested hundreds of
/// levels deep recurses past the stack. Strings and comments are skipped, roughly, so a bracket in
/// text does not count.
public enum NestingGuard {
    /// Square brackets nested deeper than this are refused (real code stays under ten).
    public static let maximumSquareDepth = 12
    /// Any brackets nested deeper than this are refused (SwiftUI bodies stay under forty).
    public static let maximumDepth = 200
    /// Generic arguments opened on one line (`A<A<A<…`), which the parser's look-ahead follows recursively.
    public static let maximumAngleDepth = 64
    /// Longer names, and more `&` on one line, make parsing and walking slow out of all proportion.
    public static let maximumNameLength = 4_096
    public static let maximumAmpersandsPerLine = 500
    /// What the parser itself may nest, as a second fence for shapes the scan does not count.
    public static let maximumParserNesting = 128

    /// The 1-based line where the nesting first goes too deep, and why; nil for ordinary code.
    public static func refusal(_ input: some Collection<UInt8>) -> (line: Int, reason: String)? {
        // Every file is scanned before it is parsed: on raw memory the scan costs a fifth of what it costs
        // through an array's checked subscripts.
        if let refusal = input.withContiguousStorageIfAvailable({ scan($0) }) { return refusal }
        return Array(input).withUnsafeBufferPointer { scan($0) }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, reason: String)? {
        var line = 1
        var square = 0, depth = 0, angles = 0, name = 0, ampersands = 0
        var inLineComment = false, blockComments = 0
        // Strings, and the code of their interpolations (`"\(a[[0]])"`), nest: a stack of what is open.
        var open: [OpenText] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let previous = index > 0 ? bytes[index - 1] : 0
            defer { index += 1 }
            // `\r` ends a line too, alone or before `\n` (which then does not count again).
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) { line += 1 }
                inLineComment = false
                angles = 0
                ampersands = 0
                name = 0
                if case .string(multiline: false, _)? = open.last { open.removeLast() }  // an unterminated string ends here
                continue
            }
            if inLineComment { continue }
            if blockComments > 0 {
                if previous == UInt8(ascii: "*"), byte == UInt8(ascii: "/") { blockComments -= 1 }
                if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "*") { blockComments += 1 }
                continue
            }
            if case .string(let multiline, let hashes)? = open.last {
                // In a raw string (`#"…"#`) only `\#(` interpolates and only `"#` closes.
                if byte == UInt8(ascii: "\\"), hashesFollow(bytes, index + 1, hashes) {
                    if Self.byte(bytes, index + 1 + hashes) == UInt8(ascii: "(") {
                        // An interpolation nests like any bracket (`"\("\("…` recurses in the parser too).
                        open.append(.interpolation(parens: 0))
                        index += 1 + hashes
                        depth += 1
                        if depth > maximumDepth { return (line, "brackets nested more than \(maximumDepth) deep") }
                    } else {
                        index += 1 + hashes  // the escaped byte
                    }
                } else if byte == UInt8(ascii: "\""), !multiline || (Self.byte(bytes, index + 1) == UInt8(ascii: "\"") && Self.byte(bytes, index + 2) == UInt8(ascii: "\"")),
                    hashesFollow(bytes, index + (multiline ? 3 : 1), hashes)
                {
                    open.removeLast()
                    index += (multiline ? 2 : 0) + hashes
                }
                continue
            }
            // `#"` and `##"""` open raw strings.
            if byte == UInt8(ascii: "#") {
                var hashes = 1
                while Self.byte(bytes, index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if Self.byte(bytes, index + hashes) == UInt8(ascii: "\"") {
                    let multiline = Self.byte(bytes, index + hashes + 1) == UInt8(ascii: "\"") && Self.byte(bytes, index + hashes + 2) == UInt8(ascii: "\"")
                    open.append(.string(multiline: multiline, hashes: hashes))
                    index += hashes + (multiline ? 2 : 0)
                    continue
                }
            }
            name = isNameByte(byte) ? name + 1 : 0
            if name > maximumNameLength { return (line, "a name longer than \(maximumNameLength) characters") }
            switch byte {
            case UInt8(ascii: "&"):
                ampersands += 1
                if ampersands > maximumAmpersandsPerLine { return (line, "more than \(maximumAmpersandsPerLine) `&` on one line") }
            case UInt8(ascii: "\""):
                let multiline = Self.byte(bytes, index + 1) == UInt8(ascii: "\"") && Self.byte(bytes, index + 2) == UInt8(ascii: "\"")
                open.append(.string(multiline: multiline, hashes: 0))
                if multiline { index += 2 }
            case UInt8(ascii: "/") where Self.byte(bytes, index + 1) == UInt8(ascii: "/"):
                inLineComment = true
            case UInt8(ascii: "/") where Self.byte(bytes, index + 1) == UInt8(ascii: "*"):
                blockComments = 1
                index += 1
            // `<` right after a name opens generic arguments, or is a comparison written without spaces; either
            // way a line holds few of them, so the count restarts at every line and statement.
            case UInt8(ascii: "<") where isNameByte(previous):
                angles += 1
                if angles > maximumAngleDepth { return (line, "generic arguments nested more than \(maximumAngleDepth) deep") }
            case UInt8(ascii: ">"): angles = max(0, angles - 1)
            case UInt8(ascii: ";"), UInt8(ascii: "="): angles = 0
            case UInt8(ascii: "["):
                square += 1
                depth += 1
                if square > maximumSquareDepth { return (line, "square brackets nested more than \(maximumSquareDepth) deep") }
                if depth > maximumDepth { return (line, "brackets nested more than \(maximumDepth) deep") }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                depth += 1
                if depth > maximumDepth { return (line, "brackets nested more than \(maximumDepth) deep") }
                if byte == UInt8(ascii: "("), case .interpolation(let parens)? = open.last { open[open.count - 1] = .interpolation(parens: parens + 1) }
            case UInt8(ascii: "]"):
                square = max(0, square - 1)
                depth = max(0, depth - 1)
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
                if byte == UInt8(ascii: ")"), case .interpolation(let parens)? = open.last {
                    if parens == 0 { open.removeLast() } else { open[open.count - 1] = .interpolation(parens: parens - 1) }
                }
            default:
                break
            }
        }
        return nil
    }

    /// What is open at a point of the scan: a string, or the code of an interpolation inside one.
    private enum OpenText { case string(multiline: Bool, hashes: Int), interpolation(parens: Int) }

    /// Whether `count` hashes follow from `position` (the closing of a raw string, its escapes).
    private static func hashesFollow(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int, _ count: Int) -> Bool {
        for offset in 0..<count where Self.byte(bytes, position + offset) != UInt8(ascii: "#") { return false }
        return true
    }

    @inline(__always)
    private static func byte(_ bytes: UnsafeBufferPointer<UInt8>, _ position: Int) -> UInt8 {
        position < bytes.count ? bytes[position] : 0
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
