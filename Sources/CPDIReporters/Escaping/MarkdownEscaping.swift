/// Escaping for GitHub-flavoured Markdown, so names, paths and messages render literally: no stray
/// emphasis, links, HTML or code spans, no broken table, and always on one line.
enum MarkdownEscaping {
    /// Inline text that is safe in a table cell or a list item.
    static func inline(_ text: String) -> String {
        var escaped = ""
        var afterCR = false
        // Unicode scalars, not Characters: Markdown syntax is code points, and "\r\n" is one Character.
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\n" where afterCR: continue
            case "\n", "\r": escaped += "<br>"
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            // `|` splits table cells even inside code; the rest start emphasis, links, code or strikethrough.
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                escaped += "\\"
                escaped.unicodeScalars.append(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `text` as inline code. HTML `<code>` rather than backticks, because its content can be
    /// escaped like any other text, whatever backticks or pipes it holds.
    static func code(_ text: String) -> String {
        "<code>" + inline(text) + "</code>"
    }

    /// A message whose paired backticks mark code (as cpdi writes them) keeps those spans as code;
    /// an unpaired backtick is shown as one.
    static func inlineKeepingCode(_ text: String) -> String {
        var parts = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        if parts.count.isMultiple(of: 2) {
            let unpaired = parts.removeLast()
            parts[parts.count - 1] += "`" + unpaired
        }
        return parts.enumerated().map { index, part in
            index.isMultiple(of: 2) ? inline(part) : code(part)
        }.joined()
    }

    /// A file path as the path of a link target: everything but unreserved characters and `/`
    /// percent-encoded, so spaces, `#`, `(`, `)` and `|` cannot end the link or the table cell.
    static func linkPath(_ path: String) -> String {
        percentEncoded(path) { byte in isUnreserved(byte) || byte == UInt8(ascii: "/") }
    }

    /// A user's URL prefix: URL syntax is kept, characters that would end the link (space, `(`, `)`,
    /// `<`, `>`), split the table (`|`) or are not URL characters at all are percent-encoded.
    static func linkPrefix(_ prefix: String) -> String {
        percentEncoded(prefix) { byte in isUnreserved(byte) || Array(":/?#@!$&'*+,;=%".utf8).contains(byte) }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func percentEncoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if keep(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
