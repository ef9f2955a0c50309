import SwiftSyntax

/// Line and column (1-based, the column in UTF-8 bytes) of positions in one file, and the file's bytes.
///
/// `SourceLocationConverter` finds the line ends by walking every token and trivia piece of the tree,
/// which cost about as much as a tenth of the fact walk. The tree spells the source byte for byte, so
/// a plain byte scan for `\n` finds the same line ends. Only `\r` needs the tree: swift-syntax counts
/// a `\r\n` split between two pieces as two line ends, so a file holding a `\r` is left to the
/// converter and gets exactly the positions it always got.
public struct LineTable {
    /// The source's UTF-8 bytes, for cheap looks at the text under a node.
    let bytes: [UInt8]
    /// The offset just after each `\n`, ascending; nil when the converter answers instead.
    private let lineEnds: [Int]?
    private let converter: SourceLocationConverter?

    /// Whether the bytes hold any of `needles`, in one pass that stops at the first found (a file is
    /// scanned once for all the words it is asked about, not once per word).
    func containsAny(of needles: [[UInt8]]) -> Bool {
        Self.containsAny(of: needles, in: bytes)
    }

    /// `containsAny(of:)` of any bytes, for callers that have not parsed them.
    public static func containsAny(of needles: [[UInt8]], in bytes: [UInt8]) -> Bool {
        CompiledWords.words(for: needles).occur(in: bytes)
    }

    init(source: String, tree: SourceFileSyntax, fileName: String) {
        bytes = Array(source.utf8)
        var ends: [Int] = []
        var hasCarriageReturn = false
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                switch buffer[index] {
                case UInt8(ascii: "\n"): ends.append(index + 1)
                case UInt8(ascii: "\r"): hasCarriageReturn = true
                default: continue
                }
            }
        }
        if hasCarriageReturn {
            lineEnds = nil
            converter = SourceLocationConverter(fileName: fileName, tree: tree)
        } else {
            lineEnds = ends
            converter = nil
        }
    }

    func position(of absolute: AbsolutePosition) -> SourcePosition {
        guard let lineEnds else {
            let location = converter!.location(for: absolute)
            return SourcePosition(line: location.line, column: location.column)
        }
        // Clamped to the file, as the converter does.
        let offset = max(0, min(absolute.utf8Offset, bytes.count))
        // The number of line ends at or before `offset` is the index of its line.
        var low = 0
        var high = lineEnds.count
        while low < high {
            let middle = (low + high) / 2
            if lineEnds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : lineEnds[low - 1]
        return SourcePosition(line: low + 1, column: offset - lineStart + 1)
    }

    /// Where a node's text starts, past its leading trivia.
    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        position(of: node.positionAfterSkippingLeadingTrivia)
    }

    /// Whether `byte` occurs in a node's text, trivia included.
    func contains(_ byte: UInt8, in node: some SyntaxProtocol) -> Bool {
        let start = max(0, min(node.position.utf8Offset, bytes.count))
        let end = max(start, min(node.endPosition.utf8Offset, bytes.count))
        return bytes[start..<end].contains(byte)
    }
}
