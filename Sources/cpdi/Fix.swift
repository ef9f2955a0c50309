import ArgumentParser
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite aliases to resolve unused, directly added, stale and missing forwards.",
        discussion: """
            Edits go through the syntax tree: comments, line breaks and indentation of each alias stay. \
            Suppressed findings, findings in --baseline and files that do not parse are left alone. Files are \
            written atomically; --dry-run prints a unified diff instead. Running it twice changes nothing the \
            second time. Exit status: 0, or 2 for usage or input errors.
            """
    )

    @OptionGroup var scan: ScanOptions

    @Option(name: .customLong("rule"), help: ArgumentHelp(
        "Fix only findings of this rule (repeatable): \(Pipeline.fixableRules.sorted().joined(separator: ", ")).", valueName: "ID"
    ))
    var rules: [String] = []

    @Flag(help: "Print the changes as a unified diff and write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Leave the findings recorded in this baseline file alone (default: `baseline:` in .cpdi.yml).", valueName: "FILE"))
    var baseline: String?

    func validate() throws {
        try FixRun.refuseFacts(scan)
        for rule in rules where !Pipeline.fixableRules.contains(rule) {
            let known = RuleCatalogue.rule(id: rule) != nil
            throw ValidationError("--rule \(rule): \(known ? "has no automatic fix" : "no such rule"); fixable rules are \(Pipeline.fixableRules.sorted().joined(separator: ", "))")
        }
    }

    func run() throws {
        try FixRun(scan: scan, rules: rules, dryRun: dryRun, baseline: baseline).perform()
    }
}

/// The work of `cpdi fix`, shared with `cpdi check --fix`.
struct FixRun {
    var scan: ScanOptions
    var rules: [String] = []
    var dryRun = false
    var baseline: String?

    /// Fixing edits sources, which facts files do not carry.
    static func refuseFacts(_ scan: ScanOptions) throws {
        if !scan.facts.isEmpty { throw ValidationError("fixing rewrites sources: pass PATHs, not --facts") }
    }

    func perform() throws {
        let started = Date()
        let workingDirectory = Terminal.workingDirectory
        let configuration = Terminal.configuration(paths: scan.paths, settings: scan.settings)
        let baselinePath = baseline ?? configuration.baselinePath(workingDirectory: workingDirectory)
        let known = baselinePath.map { path in
            do throws(InputError) { return try Baseline.read(path, workingDirectory: workingDirectory) } catch { Terminal.fail(error) }
        }
        let outcome: FixOutcome
        do {
            let pipeline = Pipeline(configuration: configuration)
            outcome = try pipeline.fix(
                paths: scan.paths, workingDirectory: workingDirectory,
                cache: scan.settings.cache(for: scan.paths, conventions: pipeline.conventions, workingDirectory: workingDirectory),
                rules: rules.isEmpty ? nil : Set(rules),
                keep: { findings in
                    guard let known, let baselinePath else { return findings }
                    return known.filter(findings, path: baselinePath, workingDirectory: workingDirectory).findings
                }
            )
        } catch {
            Terminal.fail(error)
        }
        Terminal.err(XcodeFormat.problems(outcome.result))
        if dryRun {
            let diff = outcome.changedFiles.map { UnifiedDiff.render(path: $0.path, old: $0.original, new: $0.fixed) }.joined()
            FileHandle.standardOutput.write(Data(diff.utf8))
        } else {
            for file in outcome.changedFiles {
                do throws(InputError) {
                    try OutputFile.write(Array(file.fixed.utf8), to: file.url.path, workingDirectory: workingDirectory)
                } catch {
                    Terminal.fail(error)
                }
            }
        }
        Terminal.err(summary(outcome, seconds: Date().timeIntervalSince(started), usedBaseline: baselinePath != nil) + "\n")
        if outcome.result.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
    }

    /// Why a finding of a rule `cpdi fix` edits comes with no edit, as the rule's message tells: a member copied into a
    /// property nobody reads, a child with no alias to forward, or else a composition written in place, which may be
    /// spelled again where callers build the value.
    static func whyByHand(_ finding: Finding) -> String {
        if finding.message.contains(" is only copied into ") { return "its copy into a property must be removed by hand too" }
        if finding.message.contains(" constrained by instead") { return "a child has no alias of its own to forward" }
        return "a composition written in place, edited by hand wherever it is spelled"
    }

    /// "fixed 4 findings in 2 files; 3 remain: 1 direct-child-dependency (a child has no alias of its own), 2 not fixable automatically"
    private func summary(_ outcome: FixOutcome, seconds: Double, usedBaseline: Bool) -> String {
        let verb = dryRun ? "would fix" : "fixed"
        let files = outcome.changedFiles.count
        var line = "cpdi: \(verb) \(outcome.fixed.count) finding\(outcome.fixed.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
        let remaining = outcome.result.findings
        if !remaining.isEmpty {
            let selected = rules.isEmpty ? Pipeline.fixableRules : Set(rules)
            let unparsable = Set(outcome.result.problems.map(\.file))
            var reasons: [String: Int] = [:]
            for finding in remaining {
                let reason: String
                if !selected.contains(finding.ruleID) {
                    reason = Pipeline.fixableRules.contains(finding.ruleID) ? "of rules not selected" : "not fixable automatically"
                } else if finding.editedFile == nil {
                    reason = "\(finding.ruleID) (\(Self.whyByHand(finding)))"
                } else if unparsable.contains(finding.editedFile!) {
                    reason = "in files that do not parse"
                } else {
                    reason = usedBaseline ? "kept by the baseline" : "whose edit could not be applied"
                }
                reasons[reason, default: 0] += 1
            }
            let parts = reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            line += "; \(remaining.count) remain\(remaining.count == 1 ? "s" : ""): \(parts.joined(separator: ", "))"
        }
        return line + " in \(String(format: "%.2f", seconds)) s"
    }
}
