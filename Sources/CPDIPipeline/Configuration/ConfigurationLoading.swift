import CPDIFacts
import CPDIGraph
import CPDIRules
import Foundation
import Yams

/// CPDIGraph has a `Node` too; in this file it is always the YAML one.
private typealias Node = Yams.Node

extension Configuration {
    /// The top-level keys of `.cpdi.yml`, in the order `cpdi config --print` writes them.
    static let topLevelKeys = ["include", "exclude", "module-roots", "strict", "baseline", "naming", "learn-naming", "opt-in-rules", "rules"]
    static let severityWords = ["error", "warning", "info", "off"]

    /// The configuration for a run: `explicitPath` (`--config`) when given, which must exist; else `.cpdi.yml`
    /// in the analysed folder (the first path when it is a folder, else the working directory), if there is one.
    public static func load(
        explicitPath: String?, paths: [String], workingDirectory: URL, tree: any SourceTree = DiskTree()
    ) throws(InputError) -> Configuration {
        if let explicitPath {
            let url = URL.resolving(explicitPath, against: workingDirectory)
            guard case .bytes(let bytes) = tree.read(url.standardizedFileURL.path, limit: Pipeline.maximumFileSize) else {
                throw InputError("\(explicitPath): cannot read the configuration file; check the --config path")
            }
            return try parse(Data(bytes), file: explicitPath, baseDirectory: url.deletingLastPathComponent())
        }
        let root = analysedRoot(paths: paths, workingDirectory: workingDirectory, tree: tree)
        let url = root.appendingPathComponent(fileName)
        guard case .bytes(let bytes) = tree.read(url.standardizedFileURL.path, limit: Pipeline.maximumFileSize) else { return Configuration() }
        let display = SourceDiscovery(workingDirectory: workingDirectory).displayPath(of: url)
        return try parse(Data(bytes), file: display, baseDirectory: root)
    }

    /// The folder whose `.cpdi.yml` applies: the first path when it is a folder, else the working directory.
    public static func analysedRoot(paths: [String], workingDirectory: URL, tree: any SourceTree = DiskTree()) -> URL {
        if let first = paths.first {
            let url = URL.resolving(first, against: workingDirectory)
            if tree.kind(of: url.standardizedFileURL.path) == .folder { return url }
        }
        return workingDirectory.standardizedFileURL
    }

    /// Reads one configuration text; every mistake is an `InputError` that names the file, the line and the key.
    public static func parse(_ data: Data, file: String, baseDirectory: URL) throws(InputError) -> Configuration {
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError("\(file): not valid UTF-8; save the configuration as UTF-8")
        }
        let reader = ConfigurationReader(file: file)
        var configuration = try reader.read(text)
        configuration.baseDirectory = baseDirectory.standardizedFileURL
        configuration.source = file
        return configuration
    }
}

/// Walks the YAML node tree of one configuration file, so errors can point at the line and key path.
private struct ConfigurationReader {
    let file: String

    func read(_ text: String) throws(InputError) -> Configuration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw InputError("\(file): \(Self.describe(error)); fix the YAML syntax")
        }
        var configuration = Configuration()
        guard let root else { return configuration }
        guard let mapping = root.mapping else {
            throw fail(root, nil, "the top level must be a mapping with keys \(Configuration.topLevelKeys.joined(separator: ", "))")
        }
        for (keyNode, value) in mapping {
            let key = try keyString(keyNode, path: nil)
            switch key {
            case "include": configuration.include = try globs(value, path: key)
            case "exclude": configuration.exclude = try globs(value, path: key)
            case "module-roots": configuration.moduleRoots = try globs(value, path: key)
            case "strict": configuration.strict = try flag(value, path: key)
            case "baseline": configuration.baseline = try filePath(value, path: key)
            case "rules": configuration.rules = try rules(value)
            case "opt-in-rules": configuration.optInRules = try optInRules(value)
            case "naming": configuration.naming = try naming(value)
            case "learn-naming": configuration.learnsNaming = try flag(value, path: key)
            default: throw unknownKey(key, node: keyNode, path: nil, known: Configuration.topLevelKeys)
            }
        }
        return configuration
    }

    // MARK: Sections

    private func globs(_ node: Node, path: String) throws(InputError) -> [PathGlob] {
        try strings(node, path: path).map { entry throws(InputError) in
            do { return try PathGlob(entry.value) } catch { throw fail(entry.node, entry.path, "\(error); fix the glob") }
        }
    }

    private func rules(_ node: Node) throws(InputError) -> [String: Configuration.RuleSetting] {
        guard let mapping = node.mapping else {
            throw fail(node, "rules", "expected a mapping of rule ids to a severity or { enabled, severity }")
        }
        let known = RuleCatalogue.all.map(\.id)
        var settings: [String: Configuration.RuleSetting] = [:]
        for (keyNode, value) in mapping {
            let id = try keyString(keyNode, path: "rules")
            guard known.contains(id) else { throw unknownKey(id, node: keyNode, path: "rules", known: known, what: "rule") }
            settings[id] = try ruleSetting(value, path: "rules.\(id)")
        }
        return settings
    }

    /// A list of rule ids, as SwiftLint's `opt_in_rules`; naming a rule that is on anyway is allowed.
    private func optInRules(_ node: Node) throws(InputError) -> Set<String> {
        let known = RuleCatalogue.all.map(\.id)
        var ids: Set<String> = []
        for entry in try strings(node, path: "opt-in-rules") {
            guard known.contains(entry.value) else {
                throw unknownKey(entry.value, node: entry.node, path: "opt-in-rules", known: known, what: "rule")
            }
            ids.insert(entry.value)
        }
        return ids
    }

    /// `off`, a severity, a boolean, or `{ enabled: Bool, severity: … }`.
    private func ruleSetting(_ node: Node, path: String) throws(InputError) -> Configuration.RuleSetting {
        if let scalar = node.scalar {
            if let enabled = Self.boolean(scalar.string) { return .init(enabled: enabled) }
            return try severity(node, path: path)
        }
        guard let mapping = node.mapping else {
            throw fail(node, path, "expected one of \(Configuration.severityWords.joined(separator: ", ")) or a mapping with enabled and severity")
        }
        var enabled: Bool?
        var severity: Configuration.RuleSetting?
        for (keyNode, value) in mapping {
            let key = try keyString(keyNode, path: path)
            switch key {
            case "enabled": enabled = try flag(value, path: "\(path).enabled")
            case "severity": severity = try self.severity(value, path: "\(path).severity")
            default: throw unknownKey(key, node: keyNode, path: path, known: ["enabled", "severity"])
            }
        }
        // `severity: off` turns the rule off whatever `enabled` says.
        let isOff = severity?.enabled == false
        return .init(enabled: isOff ? false : enabled, severity: severity?.severity)
    }

    private func severity(_ node: Node, path: String) throws(InputError) -> Configuration.RuleSetting {
        let word = node.scalar?.string ?? ""
        if word == "off" { return .init(enabled: false) }
        guard let severity = Severity(rawValue: word) else {
            throw fail(node, path, "'\(word)' is not one of \(Configuration.severityWords.joined(separator: ", "))")
        }
        return .init(severity: severity)
    }

    /// Every field of `NamingConventions` is a list of name patterns; the keys are its property names in
    /// kebab-case, found through its `Codable` form so that new conventions are configurable without code here.
    private func naming(_ node: Node) throws(InputError) -> NamingConventions {
        guard let mapping = node.mapping else { throw fail(node, "naming", "expected a mapping of conventions to lists of name patterns") }
        var fields = NamingFields.defaults
        let known = NamingFields.keys
        for (keyNode, value) in mapping {
            let key = try keyString(keyNode, path: "naming")
            guard let property = NamingFields.property(forKey: key) else {
                throw unknownKey(key, node: keyNode, path: "naming", known: known, what: "naming convention")
            }
            var patterns: [String] = []
            for entry in try strings(value, path: "naming.\(key)") {
                do { _ = try NamePattern(entry.value) } catch { throw fail(entry.node, entry.path, "\(error); fix the pattern") }
                patterns.append(entry.value)
            }
            fields[property] = patterns
        }
        do {
            return try NamingFields.conventions(from: fields)
        } catch {
            throw InputError("\(file): naming: \(error); check the naming section")
        }
    }

    // MARK: Values

    private func flag(_ node: Node, path: String) throws(InputError) -> Bool {
        guard let scalar = node.scalar else { throw fail(node, path, "expected true or false") }
        guard let flag = Self.boolean(scalar.string) else { throw fail(node, path, "'\(scalar.string)' is not true or false") }
        return flag
    }

    /// One path; empty or null means none.
    private func filePath(_ node: Node, path: String) throws(InputError) -> String? {
        let values = try strings(node, path: path)
        guard values.count <= 1, node.sequence == nil else { throw fail(node, path, "expected one file path, not a list") }
        return values.first.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A scalar or a list of scalars, each with its node and key path for errors.
    private func strings(_ node: Node, path: String) throws(InputError) -> [(value: String, node: Node, path: String)] {
        if let scalar = node.scalar, scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return [] }
        if let scalar = node.scalar { return [(scalar.string, node, path)] }
        guard let sequence = node.sequence else { throw fail(node, path, "expected a string or a list of strings") }
        var values: [(value: String, node: Node, path: String)] = []
        for (index, element) in sequence.enumerated() {
            guard let scalar = element.scalar else { throw fail(element, "\(path)[\(index)]", "expected a string") }
            values.append((scalar.string, element, "\(path)[\(index)]"))
        }
        return values
    }

    private func keyString(_ node: Node, path: String?) throws(InputError) -> String {
        guard let key = node.scalar?.string else { throw fail(node, path, "keys must be plain names") }
        return key
    }

    static func boolean(_ word: String) -> Bool? {
        switch word {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    // MARK: Errors

    private func unknownKey(_ key: String, node: Node, path: String?, known: [String], what: String = "key") -> InputError {
        let hint = NameSuggestions.closest(to: key, among: known).first.map { "did you mean '\($0)'?" }
            ?? "expected one of \(known.joined(separator: ", "))"
        return fail(node, path.map { "\($0).\(key)" } ?? key, "unknown \(what); \(hint)")
    }

    private func fail(_ node: Node, _ path: String?, _ message: String) -> InputError {
        let line = node.mark.map { ":\($0.line)" } ?? ""
        return InputError("\(file)\(line): \(path.map { "\($0): " } ?? "")\(message)")
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
            let YamlError.composer(_, problem, mark, _):
            "line \(mark.line): \(problem)"
        case let YamlError.duplicatedKeysInMapping(duplicates, context):
            "line \(context.mark.line): duplicated key \(duplicates.sorted().joined(separator: ", "))"
        default: "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }
}

/// `NamingConventions` seen as a dictionary of kebab-case keys to pattern lists, through its `Codable` form.
enum NamingFields {
    /// Property name → patterns, for the built-in defaults.
    static let defaults: [String: [String]] = {
        // The defaults are literals that always encode.
        // swiftlint:disable:next force_try
        let data = try! JSONEncoder().encode(NamingConventions.default)
        return (try? JSONSerialization.jsonObject(with: data) as? [String: [String]]) ?? [:]
    }()

    /// Configuration keys, sorted.
    static let keys: [String] = defaults.keys.map(kebabCase).sorted()

    static func property(forKey key: String) -> String? { defaults.keys.first { kebabCase($0) == key } }

    static func conventions(from fields: [String: [String]]) throws -> NamingConventions {
        try JSONDecoder().decode(NamingConventions.self, from: JSONSerialization.data(withJSONObject: fields))
    }

    static func fields(of conventions: NamingConventions) -> [String: [String]] {
        guard let data = try? JSONEncoder().encode(conventions) else { return [:] }
        return (try? JSONSerialization.jsonObject(with: data) as? [String: [String]]) ?? [:]
    }

    /// `dependencyProtocolNames` → `dependency-protocol-names`.
    static func kebabCase(_ name: String) -> String {
        name.reduce(into: "") { result, character in
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }
}
