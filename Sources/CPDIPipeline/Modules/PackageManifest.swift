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
        let tokens = ManifestTokens.tokens(text)
        var targets: [Target] = []
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index] == .punctuation("."), case .identifier(let kind) = tokens[index + 1],
                let folder = Self.defaultFolders[kind], tokens[index + 2] == .punctuation("(")
            else { continue }
            guard let arguments = ManifestTokens.arguments(tokens, openingAt: index + 2) else { continue }
            guard let name = ManifestTokens.string(arguments["name"]) else { continue }
            let path = ManifestTokens.string(arguments["path"]).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "\(folder)/\(name)"
            targets.append(Target(name: name, path: path.hasPrefix("./") ? String(path.dropFirst(2)) : path))
        }
        self.targets = targets
    }
}
