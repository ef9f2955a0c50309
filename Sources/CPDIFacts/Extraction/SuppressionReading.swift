import SwiftSyntax

/// Finds `cpdi:` commands in comments. Only comment trivia counts, so the same text in a string literal
/// or a doc comment does nothing.
enum SuppressionReading {
    static let prefix = "cpdi:"

    static func read(_ tree: SourceFileSyntax, source: String, lines: LineTable) -> [SuppressionComment] {
        // Almost no file has one; skipping the token walk keeps extraction as fast as before.
        guard mentionsPrefix(source) else { return [] }
        var comments: [SuppressionComment] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position
            for piece in token.leadingTrivia {
                if let comment = parse(piece, at: offset, lines: lines) { comments.append(comment) }
                offset += piece.sourceLength
            }
            offset = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                if let comment = parse(piece, at: offset, lines: lines) { comments.append(comment) }
                offset += piece.sourceLength
            }
        }
        return comments
    }

    /// A plain byte search: `String.contains` compares Characters, which costs far more than the token walk it saves.
    /// It looks for the rare `:` first and only then for the word before it.
    static func mentionsPrefix(_ source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            let needle = Array(prefix.utf8)
            let last = needle.count - 1
            var index = last
            while index < bytes.count {
                if bytes[index] == needle[last], (0..<last).allSatisfy({ bytes[index - last + $0] == needle[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    private static func parse(_ piece: TriviaPiece, at offset: AbsolutePosition, lines: LineTable) -> SuppressionComment? {
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
        return SuppressionComment(command: String(command), rules: rules, position: lines.position(of: offset))
    }
}
