/// The targets a Tuist `Project.swift` declares, read from its text without running it.
///
/// A target is a call `.target(…)`, `Target(…)` or `.init(…)` with a literal `name:` and at least one
/// argument only targets have (`product:`, `bundleId:`, `sources:`), so the `.target(name:)`
/// dependencies inside another target are not taken for targets. Targets built by helper functions
/// from interpolated names are invisible here; their files fall through to the other project files.
struct TuistManifest: Equatable {
    struct Target: Equatable {
        var name: String
        /// Folders or files relative to the manifest's folder; `""` is the folder itself.
        var paths: [String]
    }

    var targets: [Target]

    private static let targetOnlyLabels: Set<String> = ["product", "bundleId", "sources"]
    /// Arguments inside `sources:` whose strings are not the target's own files
    /// (`.glob("Sources/**", excluding: ["Sources/Legacy/**"])`).
    private static let nonSourceLabels: Set<String> = ["excluding", "compilerFlags", "codeGen", "compilationCondition"]

    init(text: String) {
        let tokens = ManifestTokens.tokens(text)
        var targets: [Target] = []
        for index in tokens.indices where index + 1 < tokens.count && tokens[index + 1] == .punctuation("(") {
            guard case .identifier(let callee) = tokens[index] else { continue }
            let isMember = index > 0 && tokens[index - 1] == .punctuation(".")
            guard (isMember && (callee == "target" || callee == "init")) || (!isMember && callee == "Target") else { continue }
            guard let arguments = ManifestTokens.arguments(tokens, openingAt: index + 1) else { continue }
            guard let name = ManifestTokens.string(arguments["name"]),
                !Self.targetOnlyLabels.isDisjoint(with: arguments.keys)
            else { continue }
            // Without `sources:` Tuist compiles nothing; cpdi then gives the target the folder named
            // after it, the layout `tuist init` creates (`App/Sources/…`), so its files still get a module.
            let paths = arguments["sources"].map { Self.sourcePaths($0) } ?? [name]
            targets.append(Target(name: name, paths: paths))
        }
        self.targets = targets
    }

    /// The folder prefix of every source glob in a `sources:` value, in order, each once.
    private static func sourcePaths(_ value: ArraySlice<ManifestToken>) -> [String] {
        var paths: [String] = []
        // The label in force at each nesting level: strings under `excluding:` are skipped.
        var labels: [String?] = [nil]
        var index = value.startIndex
        while index < value.endIndex {
            switch value[index] {
            case .punctuation("("), .punctuation("["): labels.append(nil)
            case .punctuation(")"), .punctuation("]"): if labels.count > 1 { labels.removeLast() }
            case .punctuation(","): labels[labels.count - 1] = nil
            case .identifier(let label) where index + 1 < value.endIndex && value[index + 1] == .punctuation(":"):
                labels[labels.count - 1] = label
                index += 1
            case .string(let glob) where !labels.contains(where: { $0.map(nonSourceLabels.contains) ?? false }):
                let path = folderPrefix(of: glob)
                if !paths.contains(path) { paths.append(path) }
            default: break
            }
            index += 1
        }
        return paths
    }

    /// `Sources/**`, `Sources/**/*.swift` and `Sources/*.swift` all name the folder `Sources`; a path
    /// without wildcards is kept whole. `**/*.swift` is the manifest's own folder, `""`.
    static func folderPrefix(of glob: String) -> String {
        let names = glob.split(separator: "/", omittingEmptySubsequences: true)
        let fixed = names.prefix { !$0.contains(where: { "*?[{".contains($0) }) }
        return fixed.filter { $0 != "." }.joined(separator: "/")
    }
}
