import CPDIReporters
import CPDIRules
import Foundation

/// Findings accepted as known, so a check can fail only on new ones. Entries are keyed on what a finding is
/// about (rule, file, component, member), never on its line, so edits that move code keep them matched.
public struct Baseline: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    /// Sorted, each key once, with how many findings share it.
    public var findings: [Entry]

    public struct Entry: Codable, Sendable, Hashable, Comparable {
        public var rule: String
        /// Relative to the baseline file's folder, so the baseline works from any working directory.
        public var file: String
        public var component: String
        public var member: String?
        public var count: Int

        public init(rule: String, file: String, component: String, member: String?, count: Int) {
            self.rule = rule
            self.file = file
            self.component = component
            self.member = member
            self.count = count
        }

        var key: Key { Key(rule: rule, file: file, component: component, member: member) }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.component, lhs.member ?? "") < (rhs.file, rhs.rule, rhs.component, rhs.member ?? "")
        }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var component: String
        var member: String?
    }

    /// What `filter` kept and how many known findings it hid.
    public struct Filtered: Sendable {
        public var findings: [Finding]
        public var hidden: Int
    }

    /// A baseline of `findings`, whose display paths are relative to `workingDirectory`, for a file at `path`.
    public init(findings: [Finding], path: String, workingDirectory: URL) {
        let folder = Self.folder(of: path, workingDirectory: workingDirectory)
        var counts: [Key: Int] = [:]
        for finding in findings { counts[Self.key(of: finding, folder: folder, workingDirectory: workingDirectory), default: 0] += 1 }
        version = Self.currentVersion
        self.findings = counts.map { Entry(rule: $0.key.rule, file: $0.key.file, component: $0.key.component, member: $0.key.member, count: $0.value) }
            .sorted()
    }

    /// The findings the baseline does not know. When more findings share a key than the baseline counts,
    /// the first ones in file order are taken as the known ones and the rest are shown.
    public func filter(_ findings: [Finding], path: String, workingDirectory: URL) -> Filtered {
        let folder = Self.folder(of: path, workingDirectory: workingDirectory)
        let allowance = Dictionary(self.findings.map { ($0.key, $0.count) }, uniquingKeysWith: +)
        let kept = FindingMatching.unmatched(findings, allowance: allowance) { Self.key(of: $0, folder: folder, workingDirectory: workingDirectory) }
        return Filtered(findings: kept, hidden: findings.count - kept.count)
    }

    // MARK: Files

    /// Sorted keys and entries, so the file only changes when the findings do.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and integers always encode.
        // swiftlint:disable:next force_try
        return Array(try! encoder.encode(self)) + Array("\n".utf8)
    }

    public func write(to path: String, workingDirectory: URL) throws(InputError) {
        try OutputFile.write(encoded(), to: path, workingDirectory: workingDirectory)
    }

    public static func read(_ path: String, workingDirectory: URL) throws(InputError) -> Baseline {
        let url = URL.resolving(path, against: workingDirectory)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError("\(path): cannot read the baseline; check the path, or create it with `cpdi check --write-baseline \(path)`")
        }
        struct Version: Decodable { var version: Int }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            throw InputError("\(path): not a cpdi baseline (no version); write it again with `cpdi check --write-baseline \(path)`")
        }
        guard version.version == currentVersion else {
            throw InputError("\(path): baseline version \(version.version), but this cpdi reads version \(currentVersion); write it again with --write-baseline")
        }
        do {
            return try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw InputError("\(path): not a valid cpdi baseline (\(Self.oneLine(error))); write it again with `cpdi check --write-baseline \(path)`")
        }
    }

    // MARK: Keys

    private static func folder(of path: String, workingDirectory: URL) -> [String] {
        URL.resolving(path, against: workingDirectory).deletingLastPathComponent().pathComponents
    }

    private static func key(of finding: Finding, folder: [String], workingDirectory: URL) -> Key {
        let components = URL.resolving(finding.file, against: workingDirectory).pathComponents
        let file = components.count > folder.count && Array(components.prefix(folder.count)) == folder
            ? components.dropFirst(folder.count).joined(separator: "/")
            : URL.resolving(finding.file, against: workingDirectory).path
        return Key(rule: finding.ruleID, file: file, component: finding.component, member: finding.member)
    }

    private static func oneLine(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context):
            "missing '\(key.stringValue)' at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            "\(context.debugDescription) at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))"
        default: "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }
}
