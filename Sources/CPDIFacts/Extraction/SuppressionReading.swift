import SwiftSyntax

/// Finds `cpdi:` commands in comments. Only comment trivia counts, so the same text in a string literal
/// or a doc comment does nothing.
enum SuppressionReading {
    static let prefix = "cpdi:"

    static func read(_ tree: SourceFileSyntax, source: String, converter: SourceLocationConverter) -> [SuppressionComment] {
        // Almost no file has one; skipping the token walk keeps extraction as fast as before.
        guard mentionsPrefix(source) else { return [] }
        var comments: [SuppressionComment] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia {
                if let comment = parse(piece, at: offset, converter: converter) { comments.append(comment) }
                offset += piece.sourceLength
            }
            offset = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                if let comment = parse(piece, at: offset, converter: converter) { comments.append(comment) }
                offset += piece.sourceLength
            }
        }
        return comments
    }

    /// A plain byte search: `String.contains` compares Characters, which costs far more than the token walk it saves.
    static func mentionsPrefix(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            let needle = Array(prefix.utf8)
            guard bytes.count >= needle.count else { return false }
            var index = 0
            while index <= bytes.count - needle.count {
                if bytes[index] == needle[0], (1..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    private static func parse(_ piece: TriviaPiece, at offset: AbsolutePosition, converter: SourceLocationConverter) -> SuppressionComment? {
        let body: Substring
        switch piece {
        case .lineComment(let text): body = text.dropFirst(2)
        case .blockComment(let text): body = text.dropFirst(2).dropLast(text.hasSuffix("*/") ? 2 : 0)
        default: return nil
        }
        let trimmed = body.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(prefix) else { return nil }
        let words = trimmed.dropFirst(prefix.count).split { $0 == " " || $0 == "\t" || $0 == "," || $0.isNewline }
        let command = words.first ?? ""
        // A reason may follow the rule ids after a dash: `// cpdi:disable:next unused-dependency - kept for v2`.
        let rules = words.dropFirst().prefix { !["-", "--", "—", "–"].contains($0) }.map(String.init)
        let location = converter.location(for: offset)
        return SuppressionComment(command: String(command), rules: rules, position: SourcePosition(line: location.line, column: location.column))
    }
}
