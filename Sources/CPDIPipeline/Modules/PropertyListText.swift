import Foundation

/// A value of an old-style (OpenStep) property list, the text format of Xcode's `project.pbxproj`.
/// Foundation's `PropertyListSerialization` reads it on macOS only, so cpdi parses the little it needs.
enum PropertyListText: Equatable {
    case string(String)
    case array([PropertyListText])
    case dictionary([String: PropertyListText])

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [PropertyListText]? { if case .array(let value) = self { value } else { nil } }
    var dictionary: [String: PropertyListText]? { if case .dictionary(let value) = self { value } else { nil } }

    subscript(key: String) -> PropertyListText? { dictionary?[key] }

    /// The value the text holds, or nil when it is not a complete, well-formed property list.
    static func parse(_ data: Data) -> PropertyListText? {
        var parser = Parser(bytes: Array(data))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpaceAndComments()
        return parser.index == parser.bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// Nesting deeper than any project file has is taken as damage, not followed, so a corrupt
        /// file cannot exhaust the stack.
        private static let maximumDepth = 100
        private static let delimiters = Set("{}()=;,\"".utf8)

        mutating func value(depth: Int) -> PropertyListText? {
            guard depth < Self.maximumDepth else { return nil }
            skipSpaceAndComments()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return dictionary(depth: depth)
            case UInt8(ascii: "("): return array(depth: depth)
            case UInt8(ascii: "\""): return quotedString().map(PropertyListText.string)
            default: return unquotedString().map(PropertyListText.string)
            }
        }

        private mutating func dictionary(depth: Int) -> PropertyListText? {
            index += 1
            var entries: [String: PropertyListText] = [:]
            while true {
                skipSpaceAndComments()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(entries)
                }
                guard let key = value(depth: depth + 1)?.string, consume("="),
                    let entry = value(depth: depth + 1), consume(";")
                else { return nil }
                entries[key] = entry
            }
        }

        private mutating func array(depth: Int) -> PropertyListText? {
            index += 1
            var elements: [PropertyListText] = []
            while true {
                skipSpaceAndComments()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return .array(elements)
                }
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipSpaceAndComments()
                // A trailing comma before `)` is allowed, as Xcode writes it.
                if !consume(","), index < bytes.count, bytes[index] != UInt8(ascii: ")") { return nil }
            }
        }

        private mutating func quotedString() -> String? {
            index += 1
            var value: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                    value.append(byte)
                    continue
                }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): value.append(UInt8(ascii: "\r"))
                default: value.append(escaped)
                }
            }
            return nil
        }

        /// Names like `PBXGroup`, `main.swift` or `0A1B2C`; also `<data>`, which project files never need.
        private mutating func unquotedString() -> String? {
            let start = index
            while index < bytes.count, !Self.delimiters.contains(bytes[index]), !Self.isSpace(bytes[index]) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        private mutating func consume(_ character: Unicode.Scalar) -> Bool {
            skipSpaceAndComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func skipSpaceAndComments() {
            while index < bytes.count {
                if Self.isSpace(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    index = min(index + 2, bytes.count)
                } else {
                    return
                }
            }
        }

        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
    }
}
