/// Protocols that Objective-C headers declare, as Swift sees them.
///
/// Mixed apps compose `…Provider` protocols that a header declares (`@protocol OEXConfigProvider <NSObject>
/// @property (readonly) OEXConfig* config; @end`) and Swift imports as `protocol OEXConfigProvider:
/// NSObjectProtocol { var config: OEXConfig { get } }`. Without them an alias composing such a protocol holds a
/// name nothing declares, and its component cannot be judged.
///
/// Only what imports plainly is written: a protocol whose body holds nothing but instance properties without a
/// custom getter, under their own names. A method (whose Swift name the importer derives from its selector), an
/// `@optional` or class property, a getter name or a macro could make a member read under a name cpdi would not
/// know, so such a protocol is left out, and an alias composing it stays unjudged, as before.
public enum ObjectiveCHeaders {
    /// Whether cpdi reads the file as a header (for its protocols only), not as Swift.
    public static func isHeader(_ path: String) -> Bool { path.hasSuffix(".h") }

    private static let protocolMarker = Array("@protocol".utf8)

    /// Swift source declaring the header's plainly imported protocols, each name at the line and column it has
    /// in the header, so the facts extracted from it point into the header. `nil` when there is none.
    static func swiftEquivalent(of header: String) -> String? {
        guard LineTable.containsAny(of: [protocolMarker], in: Array(header.utf8)) else { return nil }
        let code = withoutComments(header)
        var lines = Array(repeating: "", count: code.count)
        var written = false
        var index = 0
        while index < code.count {
            guard let opening = protocolOpening(code[index], line: index) else {
                index += 1
                continue
            }
            // The body runs to the `@end` that closes it; every statement in it ends with `;`.
            var body: [(line: Int, text: String)] = [(index, opening.rest)]
            var end = index
            var closed = opening.rest.contains("@end")
            while !closed, end + 1 < code.count {
                end += 1
                body.append((end, code[end]))
                closed = code[end].contains("@end")
            }
            if closed, let members = properties(in: body) {
                let bases = opening.bases.map { $0 == "NSObject" ? "NSObjectProtocol" : $0 }
                let head = "protocol \(opening.name)" + (bases.isEmpty ? "" : ": " + bases.joined(separator: ", ")) + " {"
                let padding = max(0, opening.column - 1 - "protocol ".count)
                lines[index] = String(repeating: " ", count: padding) + head
                for member in members {
                    lines[member.line] += (lines[member.line].isEmpty || lines[member.line].hasSuffix("{") ? " " : "; ") + member.declaration
                }
                lines[end] += " }"
                written = true
            }
            index = end + 1
        }
        return written ? lines.joined(separator: "\n") + "\n" : nil
    }

    /// `@protocol Name <A, B>` opening a declaration (not `@protocol Name;`, which only announces one).
    private static func protocolOpening(_ line: String, line number: Int) -> (name: String, bases: [String], column: Int, rest: String)? {
        guard let marker = line.firstRange(of: "@protocol") else { return nil }
        var rest = line[marker.upperBound...]
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        guard !name.isEmpty, name.first?.isLetter == true || name.first == "_" else { return nil }
        let column = line.distance(from: line.startIndex, to: rest.startIndex) + 1
        rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        var bases: [String] = []
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            bases = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { $0.trimmingSpaces }
            guard bases.allSatisfy(isIdentifier) else { return nil }
            rest = rest[rest.index(after: close)...]
        }
        guard !rest.trimmingSpaces.hasPrefix(";") else { return nil }
        // The column counts characters, as cpdi's positions do for the ASCII a header name is written in.
        return (name, bases, column, String(rest))
    }

    /// The body's members as Swift requirements, each at the line its statement starts on; `nil` if anything
    /// in the body does not import under a name cpdi can tell.
    private static func properties(in body: [(line: Int, text: String)]) -> [(line: Int, declaration: String)]? {
        var members: [(line: Int, declaration: String)] = []
        var statement = ""
        var startLine = body.first?.line ?? 0
        for (line, text) in body {
            var text = Substring(text)
            if let end = text.firstRange(of: "@end") { text = text[..<end.lowerBound] }
            for character in text {
                if statement.trimmingSpaces.isEmpty { startLine = line }
                if character == ";" {
                    guard let member = property(statement.trimmingSpaces) else { return nil }
                    members.append((startLine, member))
                    statement = ""
                } else {
                    statement.append(character)
                }
            }
            statement.append(" ")
        }
        guard statement.trimmingSpaces.isEmpty else { return nil }
        return members
    }

    private static let nullability: Set<String> = ["nullable", "_Nullable", "nonnull", "_Nonnull", "null_unspecified", "_Null_unspecified"]
    private static let optionalMarkers: Set<String> = ["nullable", "_Nullable", "null_unspecified", "_Null_unspecified"]
    private static let ignoredWords: Set<String> = ["*", "const", "__kindof", "__weak", "__strong"]

    /// `@property (readonly, nonatomic, nullable) OEXRouter* router` → `var router: OEXRouter? { get }`.
    private static func property(_ statement: String) -> String? {
        var statement = Substring(statement)
        if statement.hasPrefix("@required") { statement = statement.dropFirst("@required".count).drop { $0 == " " || $0 == "\t" } }
        guard statement.hasPrefix("@property") else { return nil }
        var rest = statement.dropFirst("@property".count).drop { $0 == " " || $0 == "\t" }
        var attributes: [String] = []
        if rest.first == "(" {
            guard let close = rest.firstIndex(of: ")") else { return nil }
            attributes = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { $0.trimmingSpaces }
            rest = rest[rest.index(after: close)...]
        }
        guard !attributes.contains(where: { $0 == "class" || $0.hasPrefix("getter") }) else { return nil }
        // The name is the last word; what comes before it is the type, with its pointer stars.
        let spaced: String = rest.map { (character: Character) -> String in character == "*" ? " * " : String(character) }.joined()
        var words: [String] = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.popLast(), isIdentifier(name) else { return nil }
        let optional = (attributes + words).contains { optionalMarkers.contains($0) }
        words.removeAll { nullability.contains($0) || ignoredWords.contains($0) }
        guard let type = swiftType(words) else { return nil }
        let accessors = attributes.contains("readonly") ? "{ get }" : "{ get set }"
        return "var \(name): \(type)\(optional ? "?" : "") \(accessors)"
    }

    /// `OEXConfig`, `id <Reachability>` → `Reachability`, `id` → `Any`; anything else (generics, blocks, two
    /// words) is not written.
    private static func swiftType(_ words: [String]) -> String? {
        let joined = words.joined(separator: " ")
        if joined == "id" { return "Any" }
        if joined.hasPrefix("id") {
            let inner = joined.dropFirst(2).trimmingSpaces
            guard inner.hasPrefix("<"), inner.hasSuffix(">") else { return nil }
            let protocols = inner.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces }
            guard !protocols.isEmpty, protocols.allSatisfy(isIdentifier) else { return nil }
            return protocols.joined(separator: " & ")
        }
        guard words.count == 1, isIdentifier(words[0]) else { return nil }
        return words[0]
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The header's lines with comments blanked, so what is written in them is not read as code.
    private static func withoutComments(_ header: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var inBlock = false
        var characters = Array(header)
        characters.append("\n")
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "\n" || character == "\r\n" {
                lines.append(current)
                current = ""
            } else if inBlock {
                if character == "*", next == "/" { inBlock = false; index += 1; current += "  " } else { current += " " }
            } else if character == "/", next == "*" {
                inBlock = true
                index += 1
                current += "  "
            } else if character == "/", next == "/" {
                while index + 1 < characters.count, characters[index + 1] != "\n", characters[index + 1] != "\r\n" { index += 1 }
            } else {
                current.append(character)
            }
            index += 1
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
