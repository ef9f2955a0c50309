/// Escaping for Mermaid flowcharts inside a Markdown code fence.
enum MermaidEscaping {
    /// A node id made of `[A-Za-z0-9_]` only. The encoding is one-to-one (every other scalar becomes
    /// `_<hex>_`), so distinct graph ids never collide and the same id always gives the same node; the
    /// `n_` prefix keeps ids off Mermaid keywords such as `end` or `style`.
    static func nodeID(_ id: String) -> String {
        var encoded = "n_"
        for scalar in id.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "_\(String(scalar.value, radix: 16, uppercase: true))_"
            }
        }
        return encoded
    }

    /// A label, to be written between double quotes. Mermaid decodes `#name;` and `#code;` entities,
    /// so `#` itself is escaped; a backtick would turn the label into a Markdown string, and three of
    /// them would close the code fence; `<`, `>` and `&` would be read as HTML.
    static func label(_ text: String) -> String {
        var escaped = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\n" where afterCR: continue
            case "\n", "\r": escaped += " "
            case "\"": escaped += "#quot;"
            case "#": escaped += "#35;"
            case "`": escaped += "#96;"
            case "<": escaped += "#lt;"
            case ">": escaped += "#gt;"
            case "&": escaped += "#amp;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
