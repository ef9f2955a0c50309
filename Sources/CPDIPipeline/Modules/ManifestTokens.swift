/// Swift manifests (`Package.swift`, Tuist's `Project.swift`) reduced to what cpdi reads from them:
/// identifiers, string literals and the punctuation of calls. They are read as text because running
/// them would need their toolchains and would run the project's code.
enum ManifestToken: Equatable {
    case identifier(String)
    case string(String)
    /// A string with `\(…)` in it: its value is only known when the manifest runs.
    case interpolatedString
    case punctuation(Character)
}

enum ManifestTokens {
    /// Identifiers, simple string literals and punctuation; comments and everything else are skipped.
    /// Read as UTF-8 bytes: a large manifest (swift-nio's has 20 KB) is read on every run, and walking
    /// it by `Character` took milliseconds. Bytes of non-ASCII letters count as identifier bytes.
    static func tokens(_ text: String) -> [ManifestToken] {
        var text = text
        return text.withUTF8 { tokens(bytes: $0) }
    }

    private static func tokens(bytes: UnsafeBufferPointer<UInt8>) -> [ManifestToken] {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        func isNewline(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        func isIdentifierStart(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        func isIdentifier(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) }
        var tokens: [ManifestToken] = []
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == slash, index + 1 < count, bytes[index + 1] == slash {
                while index < count, !isNewline(bytes[index]) { index += 1 }
            } else if byte == slash, index + 1 < count, bytes[index + 1] == star {
                index += 2
                while index + 1 < count, !(bytes[index] == star && bytes[index + 1] == slash) { index += 1 }
                index += 2
            } else if byte == quote {
                var value: [UInt8] = []
                var interpolated = false
                index += 1
                while index < count, bytes[index] != quote, !isNewline(bytes[index]) {
                    if bytes[index] == backslash, index + 1 < count {
                        index += 1
                        if bytes[index] == UInt8(ascii: "(") { interpolated = true }
                    }
                    value.append(bytes[index])
                    index += 1
                }
                tokens.append(interpolated ? .interpolatedString : .string(String(decoding: value, as: UTF8.self)))
                index += 1
            } else if isIdentifierStart(byte) {
                let start = index
                while index < count, isIdentifier(bytes[index]) { index += 1 }
                tokens.append(.identifier(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)))
            } else {
                if let punctuation = Self.punctuation[Int(byte)] { tokens.append(.punctuation(punctuation)) }
                index += 1
            }
        }
        return tokens
    }

    /// The punctuation kept, by byte.
    private static let punctuation: [Character?] = (0..<256).map { byte in
        let character = Character(Unicode.Scalar(UInt8(byte)))
        return "().:,[]".contains(character) ? character : nil
    }

    /// The labelled arguments directly inside the parentheses that open at `start`, each as the tokens of
    /// its value; the first of a repeated label wins. Nested calls (`.product(name: …)` among the
    /// dependencies) are part of their argument's value, not arguments of their own. Nil when the call
    /// never closes: the text is cut off, and what it meant is unknown.
    static func arguments(_ tokens: [ManifestToken], openingAt start: Int) -> [String: ArraySlice<ManifestToken>]? {
        var arguments: [String: ArraySlice<ManifestToken>] = [:]
        var depth = 0
        var label: (name: String, valueStart: Int)?
        func close(at end: Int) {
            if let label, arguments[label.name] == nil { arguments[label.name] = tokens[label.valueStart..<end] }
            label = nil
        }
        var index = start
        while index < tokens.count {
            switch tokens[index] {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"):
                depth -= 1
                if depth == 0 {
                    close(at: index)
                    return arguments
                }
            case .punctuation(",") where depth == 1: close(at: index)
            case .identifier(let name) where depth == 1 && label == nil && index + 1 < tokens.count:
                if tokens[index + 1] == .punctuation(":") {
                    label = (name, index + 2)
                    index += 1
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The value of an argument that is exactly one string literal (`name: "Core"`), else nil.
    static func string(_ value: ArraySlice<ManifestToken>?) -> String? {
        guard let value, value.count == 1, case .string(let string) = value.first else { return nil }
        return string
    }
}
