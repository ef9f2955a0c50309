/// Escaping for every XML format (JUnit, Checkstyle), so a name, path or message comes back from
/// any conforming parser exactly as it went in.
enum XMLEscaping {
    /// An attribute value. Parsers normalise tab, CR and LF in attribute values to spaces, so those
    /// are written as character references to survive the round trip.
    static func attribute(_ text: String) -> String {
        escape(text, keepingLineBreaks: false)
    }

    /// Element content. LF and tab survive as they are; CR would be folded into LF by line-end
    /// normalisation, so it is a character reference.
    static func text(_ text: String) -> String {
        escape(text, keepingLineBreaks: true)
    }

    // Unicode scalars, not Characters: "\r\n" is one Character and would slip past a per-Character switch.
    private static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n" where keepingLineBreaks, "\t" where keepingLineBreaks: escaped.unicodeScalars.append(scalar)
            case "\n", "\t", "\r": escaped += "&#\(scalar.value);"
            default:
                // XML 1.0 forbids the other C0 controls and U+FFFE/U+FFFF even as references; a parser
                // would reject the whole file, so they become U+FFFD.
                escaped.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xFFFD, 0x10000...: true
        default: false
        }
    }

    /// The declaration every XML report starts with.
    static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
}
