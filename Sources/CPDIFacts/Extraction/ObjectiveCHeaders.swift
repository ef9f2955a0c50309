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

    /// What a header declares for Swift: `swift`, source declaring its plainly imported protocols, each name at
    /// the line and column it has in the header, so the facts extracted from it point into the header (`nil`
    /// when there is none); `opaqueProtocols`, the protocols left out that still cannot ask a conformer for any
    /// Swift type (`requiresNoSwiftType`); `sharedInstances`, a class's members that give an instance of it
    /// (`classMembers(in:)`); and `classes`, the classes it declares (`@interface OEXRouter : NSObject`).
    struct Reading: Equatable {
        var swift: String?
        var opaqueProtocols: [String] = []
        var sharedInstances: [StaticPropertyFact] = []
        var classes: [String] = []
    }

    private static let interfaceMarker = Array("@interface".utf8)

    static func swiftEquivalent(of header: String) -> String? { read(header).swift }

    static func read(_ header: String) -> Reading {
        let bytes = Array(header.utf8)
        let declaresProtocols = LineTable.containsAny(of: [protocolMarker], in: bytes)
        guard declaresProtocols || LineTable.containsAny(of: [interfaceMarker], in: bytes) else { return Reading() }
        let code = withoutComments(header)
        let (shared, classes) = classMembers(in: code)
        guard declaresProtocols else { return Reading(sharedInstances: shared, classes: classes) }
        var opaque: [String] = []
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
            } else if closed, requiresNoSwiftType(body) {
                opaque.append(opening.name)
            }
            index = end + 1
        }
        return Reading(
            swift: written ? lines.joined(separator: "\n") + "\n" : nil, opaqueProtocols: opaque, sharedInstances: shared, classes: classes
        )
    }

    /// `+ (instancetype)sharedRouter;` and `@property (class, readonly) OEXRouter* current;` in `@interface
    /// OEXRouter`: Swift reaches them as `OEXRouter.shared()` and `OEXRouter.current`, and each gives an
    /// `OEXRouter`. The importer drops a selector's last words where they repeat the class name's, so the member
    /// is recorded under both names (the one Swift does not use is never written). Only a member with nothing
    /// after its name (no `NS_SWIFT_NAME`, no availability) and with the class itself as its type is read.
    /// A class is declared by `@interface Name : Superclass`; `@interface Name (Category)` and `@interface Name ()`
    /// only extend one.
    static func classMembers(in code: [String]) -> (sharedInstances: [StaticPropertyFact], classes: [String]) {
        var found: [StaticPropertyFact] = []
        var classes: [String] = []
        var owner: String?
        for line in code {
            guard let first = line.utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { continue }
            if let current = owner {
                if line.contains("@end") {
                    owner = nil
                    continue
                }
                // Only a member written on one line is read: `+ (instancetype)sharedRouter;`, `@property (class) …;`.
                guard first == UInt8(ascii: "+") || first == UInt8(ascii: "@"), let semicolon = line.firstIndex(of: ";") else { continue }
                found += sharedInstance(line[..<semicolon].trimmingSpaces, of: current)
            } else if first == UInt8(ascii: "@"), let marker = line.firstRange(of: "@interface") {
                let rest = line[marker.upperBound...].drop { $0 == " " || $0 == "\t" }
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                // The class's superclass, protocols or category follow its name; its members start on later lines.
                if !name.isEmpty, !rest.contains("@end") { owner = name }
                if !name.isEmpty, rest.dropFirst(name.count).drop(while: { $0 == " " || $0 == "\t" }).first == ":" { classes.append(name) }
            }
        }
        return (found, classes)
    }

    private static func sharedInstance(_ statement: String, of owner: String) -> [StaticPropertyFact] {
        var rest = Substring(statement)
        let name: String
        if rest.hasPrefix("+") {
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return [] }
            guard isOwnType(rest[rest.index(after: rest.startIndex)..<close], owner) else { return [] }
            name = rest[rest.index(after: close)...].trimmingSpaces
            guard isIdentifier(name) else { return [] }
            return swiftNames(of: name, owner: owner).map { StaticPropertyFact(owner: owner, name: $0 + "()", type: owner) }
        }
        guard rest.hasPrefix("@property") else { return [] }
        rest = rest.dropFirst("@property".count).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return [] }
        let attributes = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { $0.trimmingSpaces }
        guard attributes.contains("class"), !attributes.contains(where: { $0.hasPrefix("getter") }) else { return [] }
        let spaced = rest[rest.index(after: close)...].map { $0 == "*" ? " * " : String($0) }.joined()
        var words = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let last = words.popLast(), isIdentifier(last), isOwnType(Substring(words.joined(separator: " ")), owner) else { return [] }
        name = last
        return swiftNames(of: name, owner: owner).map { StaticPropertyFact(owner: owner, name: $0, type: owner) }
    }

    /// `instancetype`, or the class itself as a pointer, with any nullability.
    private static func isOwnType(_ written: Substring, _ owner: String) -> Bool {
        let spaced = written.map { $0 == "*" ? " * " : String($0) }.joined()
        let words = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            .filter { !nullability.contains($0) && $0 != "__kindof" }
        return words == ["instancetype"] || words == [owner, "*"]
    }

    /// The selector as written, and without the last words it shares with the class name (`sharedRouter` of
    /// `OEXRouter` → `shared`), as Swift's importer prunes a name that repeats its result type.
    private static func swiftNames(of selector: String, owner: String) -> [String] {
        func words(_ name: String) -> [Substring] {
            var result: [Substring] = []
            var start = name.startIndex
            var index = name.index(after: start)
            while index < name.endIndex {
                let previous = name[name.index(before: index)]
                let next = name.index(after: index) < name.endIndex ? name[name.index(after: index)] : nil
                // A word starts at a capital after a lower-case letter, or at the last capital of a run before
                // a lower-case letter (`OEXRouter` → `OEX`, `Router`).
                if name[index].isUppercase, previous.isLowercase || (previous.isUppercase && next?.isLowercase == true) {
                    result.append(name[start..<index])
                    start = index
                }
                index = name.index(after: index)
            }
            result.append(name[start...])
            return result
        }
        let selectorWords = words(selector)
        let ownerWords = words(owner)
        var shared = 0
        while shared < min(selectorWords.count - 1, ownerWords.count),
              selectorWords[selectorWords.count - 1 - shared] == ownerWords[ownerWords.count - 1 - shared] {
            shared += 1
        }
        guard shared > 0 else { return [selector] }
        return [selector, selectorWords.dropLast(shared).joined()]
    }

    /// An Objective-C protocol declares no associated type, and a requirement can only fix a conformer's
    /// composed dependencies type through a protocol-qualified type (`id<A, B>`) or an initializer; a body with
    /// neither (`- (void)didReceiveNotification:(NSDictionary*)info;`) asks no conformer for a type of its own.
    private static func requiresNoSwiftType(_ body: [(line: Int, text: String)]) -> Bool {
        var text = body.map(\.text).joined(separator: " ")
        if let end = text.firstRange(of: "@end") { text = String(text[..<end.lowerBound]) }
        let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        return !text.contains("<") && !words.contains { $0.hasPrefix("init") || $0 == "instancetype" }
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

    /// The header's lines with comments blanked, so what is written in them is not read as code. A block comment
    /// becomes one space per character, so what follows it on its line keeps its column; a line comment is
    /// dropped. Read a byte at a time (a header is ASCII but for its comments), which is what made reading every
    /// `@interface` header for its shared instances cheap.
    static func withoutComments(_ header: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var comment: [UInt8] = []  // the part of a block comment on the current line
        var inBlock = false
        var bytes = Array(header.utf8)
        bytes.append(UInt8(ascii: "\n"))
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        func blankComment() {
            guard !comment.isEmpty else { return }
            current += Array(repeating: UInt8(ascii: " "), count: String(decoding: comment, as: UTF8.self).count)
            comment.removeAll(keepingCapacity: true)
        }
        func endLine() {
            blankComment()
            lines.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        // A `\r\n` in the text is one line break; a `\r` before the `\n` added above is not (it was not one in the text).
        let sentinel = bytes.count - 1
        func isBreak(at index: Int) -> Bool {
            bytes[index] == newline || (bytes[index] == cr && index + 1 < sentinel && bytes[index + 1] == newline)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            if isBreak(at: index) {
                endLine()
                if byte == cr { index += 1 }
            } else if inBlock {
                if byte == star, next == slash {
                    inBlock = false
                    comment += [star, slash]
                    blankComment()
                    index += 1
                } else {
                    comment.append(byte)
                }
            } else if byte == slash, next == star {
                inBlock = true
                comment += [slash, star]
                index += 1
            } else if byte == slash, next == slash {
                while index + 1 < bytes.count, !isBreak(at: index + 1) { index += 1 }
            } else {
                current.append(byte)
            }
            index += 1
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `withoutComments` as first written, a character at a time: what the byte scan must equal (`ObjectiveCHeaderTests`).
    static func withoutCommentsByCharacter(_ header: String) -> [String] {
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
