import CPDIFacts
import CPDIRules
import Foundation

/// What a `.cpdi.yml` can change about a run, with the defaults filled in. `Configuration()` is the
/// behaviour without a file.
public struct Configuration: Sendable, Equatable {
    /// The file name looked up in the analysed folder.
    public static let fileName = ".cpdi.yml"

    /// Path globs a file must match (one of) to be analysed; empty means every file.
    public var include: [PathGlob] = []
    /// Path globs that leave a file out.
    public var exclude: [PathGlob] = []
    /// Folders whose sub-folders are modules (`Sources` → `Sources/<Module>/…`). Globs, relative to `baseDirectory`
    /// when they contain a `/`, else matched against any folder name.
    public var moduleRoots: [PathGlob] = ["Sources"]
    /// Overrides per rule id; rules not listed keep their defaults.
    public var rules: [String: RuleSetting] = [:]
    /// Rules that are off by default (`cpdi rules` shows which, and why) and that this configuration turns on.
    public var optInRules: Set<String> = []
    public var naming: NamingConventions = .default
    /// `learn-naming: false`: only the configured names count. By default an app's own names for its aliases,
    /// dependencies values and dependency protocols are learnt from the shape of its code (`NamingInference`).
    public var learnsNaming = true
    /// `strict: true`: warnings fail `cpdi check` as `--strict` makes them, wherever it runs (the build plugin,
    /// an Xcode build phase, CI) without each place repeating the flag.
    public var strict = false
    /// `baseline: FILE`: the baseline `check` and `fix` use when none is given on the command line, as written
    /// (relative to `baseDirectory`), so the build plugin and the command line hide the same known findings.
    public var baseline: String?
    /// The folder globs are relative to: the folder that holds the configuration file.
    public var baseDirectory: URL?
    /// The configuration file as the user named it, for messages; nil when only defaults apply.
    public var source: String?

    public init() {}

    /// How one rule is set up: turned off, or with another severity.
    public struct RuleSetting: Sendable, Equatable {
        public var enabled: Bool?
        public var severity: Severity?

        public init(enabled: Bool? = nil, severity: Severity? = nil) {
            self.enabled = enabled
            self.severity = severity
        }
    }

    /// The configured baseline as a path for messages and `Baseline.read`: relative to `workingDirectory` when
    /// it is inside it, else absolute.
    public func baselinePath(workingDirectory: URL) -> String? {
        guard let baseline else { return nil }
        let url = URL.resolving(baseline, against: baseDirectory ?? workingDirectory)
        return SourceDiscovery(workingDirectory: workingDirectory).displayPath(of: url)
    }

    /// A rule runs when it is on by default and not turned off, or it is opt-in and turned on: listed
    /// under `opt-in-rules`, `enabled: true`, or given a severity.
    public func isEnabled(_ ruleID: String) -> Bool {
        if let enabled = rules[ruleID]?.enabled { return enabled }
        guard RuleCatalogue.rule(id: ruleID)?.description.isOptIn == true else { return true }
        return optInRules.contains(ruleID) || rules[ruleID]?.severity != nil
    }

    /// The severity a rule's findings are reported with.
    public func severity(of ruleID: String, default defaultSeverity: Severity) -> Severity {
        rules[ruleID]?.severity ?? defaultSeverity
    }

    /// Findings of disabled rules removed, the others at their configured severity.
    public func applyRuleSettings(to findings: [Finding]) -> [Finding] {
        guard !rules.isEmpty else { return findings }
        return findings.compactMap { finding in
            guard isEnabled(finding.ruleID) else { return nil }
            var finding = finding
            finding.severity = severity(of: finding.ruleID, default: finding.severity)
            return finding
        }
    }
}
