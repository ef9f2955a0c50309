import Foundation

/// The targets a `Package.swift` declares, read from its text without running it: enough to name the
/// module of each source file. Targets with a custom `path:` are why this exists; the others live in
/// `Sources/<name>` (`Tests/<name>`, `Plugins/<name>`), which the module roots also find.
struct PackageManifest: Equatable {
    struct Target: Equatable {
        var name: String
        /// Relative to the manifest's folder, without a trailing slash.
        var path: String
    }

    var targets: [Target]

    /// Target kinds and the folder SwiftPM looks in when no `path:` is given.
    private static let defaultFolders = [
        "target": "Sources", "executableTarget": "Sources", "macro": "Sources", "systemLibrary": "Sources",
        "testTarget": "Tests", "plugin": "Plugins",
    ]

    init(text: String) {
        let tokens = Self.tokens(text)
        var targets: [Target] = []
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index] == .punctuation("."), case .identifier(let kind) = tokens[index + 1],
                let folder = Self.defaultFolders[kind], tokens[index + 2] == .punctuation("(")
            else { continue }
            let arguments = Self.topLevelStringArguments(tokens, openingAt: index + 2)
            guard let name = arguments["name"] else { continue }
            let path = arguments["path"].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "\(folder)/\(name)"
            targets.append(Target(name: name, path: path.hasPrefix("./") ? String(path.dropFirst(2)) : path))
        }
        self.targets = targets
    }

    private enum Token: Equatable {
        case identifier(String)
        case string(String)
        case punctuation(Character)
    }

    /// `label: "value"` pairs directly inside the parentheses that open at `start`, not in nested calls
    /// (`.product(name: …)` in the dependencies).
    private static func topLevelStringArguments(_ tokens: [Token], openingAt start: Int) -> [String: String] {
        var arguments: [String: String] = [:]
        var depth = 0
        var index = start
        while index < tokens.count {
            switch tokens[index] {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"):
                depth -= 1
                if depth == 0 { return arguments }
            case .identifier(let label) where depth == 1 && index + 2 < tokens.count:
                if tokens[index + 1] == .punctuation(":"), case .string(let value) = tokens[index + 2], arguments[label] == nil {
                    arguments[label] = value
                }
            default: break
            }
            index += 1
        }
        return arguments
    }

    /// Identifiers, simple string literals and punctuation; comments and everything else are skipped.
    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
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
                index += 1
                while index < characters.count, characters[index] != "\"", !characters[index].isNewline {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    value.append(characters[index])
                    index += 1
                }
                tokens.append(.string(value))
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
}
