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
    static func tokens(_ text: String) -> [ManifestToken] {
        var tokens: [ManifestToken] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, !characters[index].isNewline { index += 1 }
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 2
            } else if character == "\"" {
                var value = ""
                var interpolated = false
                index += 1
                while index < characters.count, characters[index] != "\"", !characters[index].isNewline {
                    if characters[index] == "\\", index + 1 < characters.count {
                        index += 1
                        if characters[index] == "(" { interpolated = true }
                    }
                    value.append(characters[index])
                    index += 1
                }
                tokens.append(interpolated ? .interpolatedString : .string(value))
                index += 1
            } else if character.isLetter || character == "_" {
                var name = ""
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    name.append(characters[index])
                    index += 1
                }
                tokens.append(.identifier(name))
            } else {
                if "().:,[]".contains(character) { tokens.append(.punctuation(character)) }
                index += 1
            }
        }
        return tokens
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
