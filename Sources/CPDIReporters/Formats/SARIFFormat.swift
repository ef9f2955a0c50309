import CPDIRules
import Foundation

/// SARIF 2.1.0, as GitHub code scanning uploads it: one rule per cpdi rule with its help, one result
/// per finding with a repository-relative location and a fingerprint that survives line moves, and
/// input problems as tool execution notifications.
public enum SARIFFormat {
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Versioned, so a change of the hash re-opens alerts once instead of silently mismatching.
    public static let fingerprintKey = "cpdiFindingHash/v1"
    /// The root that relative artifact URIs are resolved against; GitHub maps it to the checkout.
    public static let sourceRoot = "%SRCROOT%"

    /// `workingDirectory` is what the result's relative paths are relative to; it only matters when
    /// `options.basePath` is set, and tests pin it so the output does not depend on where they run.
    public static func render(
        _ result: AnalysisResult, options: ReportOptions,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> [UInt8] {
        let uris = ArtifactURIs(basePath: options.basePath, workingDirectory: workingDirectory)
        let rules = RuleCatalogue.all.map(\.description)
        let run = SARIF.Run(
            tool: SARIF.Tool(driver: driver(result.tool, rules: rules)),
            invocations: [invocation(result.problems, uris: uris, timestamp: options.timestamp)],
            results: results(result.findings, rules: rules, uris: uris)
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(SARIF.Log(schema: schemaURI, runs: [run]))) + [UInt8(ascii: "\n")]
    }

    static func driver(_ tool: AnalysisResult.Tool, rules: [RuleDescription]) -> SARIF.Driver {
        SARIF.Driver(name: tool.name, version: tool.version, semanticVersion: tool.version, rules: rules.map(reportingDescriptor))
    }

    static func reportingDescriptor(_ rule: RuleDescription) -> SARIF.ReportingDescriptor {
        SARIF.ReportingDescriptor(
            id: rule.id,
            name: ruleName(rule.id),
            shortDescription: SARIF.Text(text: rule.summary),
            fullDescription: SARIF.Text(text: rule.explanation),
            help: SARIF.Help(text: rule.explanation, markdown: RuleHelpMarkdown.render(rule)),
            defaultConfiguration: SARIF.Configuration(level: level(rule.defaultSeverity)),
            properties: SARIF.RuleProperties(tags: ["dependency-injection", "maintainability"])
        )
    }

    /// SARIF wants an identifier-like name next to the id: `unused-dependency` → `UnusedDependency`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    static func results(_ findings: [Finding], rules: [RuleDescription], uris: ArtifactURIs) -> [SARIF.Result] {
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var fingerprints = Fingerprints()
        return findings.map { finding in
            let artifact = uris.location(of: finding.file)
            return SARIF.Result(
                ruleId: finding.ruleID,
                ruleIndex: ruleIndex[finding.ruleID],
                level: level(finding.severity),
                message: SARIF.Text(text: finding.message),
                locations: [location(artifact, line: finding.line, column: finding.column, component: finding.component)],
                partialFingerprints: [fingerprintKey: fingerprints.next(for: finding, uri: artifact?.uri ?? "")],
                properties: SARIF.ResultProperties(finding)
            )
        }
    }

    static func location(_ artifact: SARIF.ArtifactLocation?, line: Int?, column: Int?, component: String? = nil) -> SARIF.Location {
        SARIF.Location(
            physicalLocation: artifact.map { SARIF.PhysicalLocation(artifactLocation: $0, region: region(line: line, column: column)) },
            logicalLocations: component.map { [SARIF.LogicalLocation(name: $0)] }
        )
    }

    /// SARIF lines and columns start at 1; an unknown place has no region rather than a line 0.
    static func region(line: Int?, column: Int?) -> SARIF.Region? {
        guard let line, line >= 1 else { return nil }
        return SARIF.Region(startLine: line, startColumn: column.flatMap { $0 >= 1 ? $0 : nil })
    }

    static func invocation(_ problems: [InputProblem], uris: ArtifactURIs, timestamp: String?) -> SARIF.Invocation {
        let notifications = problems.map { problem in
            let artifact = uris.location(of: problem.file)
            return SARIF.Notification(
                level: level(problem.severity),
                message: SARIF.Text(text: problem.message),
                locations: artifact.map { [location($0, line: problem.line, column: problem.column)] }
            )
        }
        // Unreadable files are reported, not fatal: the run itself completed.
        return SARIF.Invocation(
            executionSuccessful: true,
            toolExecutionNotifications: notifications.isEmpty ? nil : notifications,
            endTimeUtc: timestamp
        )
    }
}

// MARK: - Fingerprints

/// GitHub matches alerts across pushes by `partialFingerprints`, so they hash what stays put when
/// code above a finding moves (rule, file, component, member) and never the line.
struct Fingerprints {
    private var seen: [String: Int] = [:]

    /// Findings with the same identity are told apart by their order, as CodeQL does (`hash:2`).
    mutating func next(for finding: Finding, uri: String) -> String {
        let hash = Self.hex(Self.fnv1a64([finding.ruleID, uri, finding.component, finding.member ?? ""]))
        let occurrence = (seen[hash] ?? 0) + 1
        seen[hash] = occurrence
        return "\(hash):\(occurrence)"
    }

    /// FNV-1a, 64 bits: deterministic on every platform, and Linux Foundation has no CryptoKit.
    /// The parts are NUL-separated so ("ab", "c") and ("a", "bc") differ.
    static func fnv1a64(_ parts: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{0}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

// MARK: - Artifact URIs

/// Turns result paths (relative to the working directory, or absolute) into SARIF artifact locations:
/// relative to `basePath` under `%SRCROOT%` when the file is inside it, else an absolute `file:` URI.
struct ArtifactURIs {
    /// The absolute, normalised components of the repository root; nil when no base path was given.
    private let base: [String]?
    private let workingDirectory: [String]

    init(basePath: String?, workingDirectory: String) {
        let directory = Self.components(of: workingDirectory, against: [])
        self.workingDirectory = directory
        self.base = basePath.map { Self.components(of: $0, against: directory) }
    }

    func location(of path: String) -> SARIF.ArtifactLocation? {
        guard !path.isEmpty else { return nil }
        guard let base else {
            // Without a base, the working directory is taken to be the repository root.
            if path.hasPrefix("/") { return SARIF.ArtifactLocation(uri: Self.fileURI(Self.components(of: path, against: [])), uriBaseId: nil) }
            return SARIF.ArtifactLocation(uri: Self.encode(Self.components(of: path, against: [])), uriBaseId: SARIFFormat.sourceRoot)
        }
        let absolute = Self.components(of: path, against: workingDirectory)
        guard absolute.count > base.count, Array(absolute.prefix(base.count)) == base else {
            return SARIF.ArtifactLocation(uri: Self.fileURI(absolute), uriBaseId: nil)
        }
        return SARIF.ArtifactLocation(uri: Self.encode(Array(absolute.dropFirst(base.count))), uriBaseId: SARIFFormat.sourceRoot)
    }

    /// Normalised lexically (`.` and `..` folded), as the paths were displayed; symbolic links are not followed.
    static func components(of path: String, against directory: [String]) -> [String] {
        var result = path.hasPrefix("/") ? [] : directory
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(String(part))
            }
        }
        return result
    }

    static func fileURI(_ components: [String]) -> String {
        "file:///" + encode(components)
    }

    static func encode(_ components: [String]) -> String {
        components.map(percentEncoded).joined(separator: "/")
    }

    /// Everything but RFC 3986 unreserved characters is encoded: a `:` in a first segment would read as
    /// a scheme, `#`, `?` and `%` would end or garble the path, and consumers differ on the rest.
    static func percentEncoded(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

// MARK: - Rule help

/// A rule's help for GitHub's alert page: the explanation, then its examples, which are also its tests.
enum RuleHelpMarkdown {
    static func render(_ rule: RuleDescription) -> String {
        var sections = [rule.explanation]
        if !rule.triggering.isEmpty {
            let legend = "A numbered marker shows where cpdi reports a finding; its message follows the code."
            sections.append("#### Flagged\n\n\(legend)\n\n" + rule.triggering.map(example).joined(separator: "\n\n"))
        }
        if !rule.nonTriggering.isEmpty {
            sections.append("#### Not flagged\n\n" + rule.nonTriggering.map(example).joined(separator: "\n\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The markers stay in the code: they show exactly where cpdi reports each finding.
    static func example(_ example: RuleExample) -> String {
        let files = example.files.map { file in
            let block = codeBlock(file.markedSource)
            return example.files.count > 1 ? "`\(file.path)`:\n\n\(block)" : block
        }
        let expected = example.findings.keys.sorted().map { "- \($0) \(example.findings[$0]!)" }
        return (files + (expected.isEmpty ? [] : [expected.joined(separator: "\n")])).joined(separator: "\n\n")
    }

    /// A fence longer than any run of backticks in the code, so the code cannot close it early.
    static func codeBlock(_ code: String) -> String {
        var longest = 0
        var run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)swift\n\(code)\n\(fence)"
    }
}

// MARK: - The SARIF subset cpdi writes

/// Only what cpdi fills in; nil properties are left out of the JSON.
enum SARIF {
    struct Log: Encodable {
        var schema: String
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Help
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    struct Text: Encodable {
        var text: String
    }

    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct RuleProperties: Encodable {
        var tags: [String]
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        var properties: ResultProperties?
    }

    /// What a finding says beyond its message, for tools that read the SARIF further.
    struct ResultProperties: Encodable {
        var member: String?
        var suggestion: String?

        init?(_ finding: Finding) {
            guard finding.member != nil || finding.suggestion != nil else { return nil }
            (member, suggestion) = (finding.member, finding.suggestion)
        }
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation?
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct LogicalLocation: Encodable {
        var name: String
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]?
        var endTimeUtc: String?
    }

    struct Notification: Encodable {
        var level: String
        var message: Text
        var locations: [Location]?
    }
}
