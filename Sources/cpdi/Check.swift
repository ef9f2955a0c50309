import ArgumentParser
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print findings as file:line:col: severity: message [rule-id], or in another --reporter format.",
        discussion: "Exit status: 0 when nothing fails the run, 1 when an error-level finding does (any finding with --strict), 2 for usage or input errors."
    )

    @OptionGroup var scan: ScanOptions

    @Flag(help: "Fail (exit 1) on warnings too (also `strict: true` in .cpdi.yml).")
    var strict = false

    @Option(help: "How to print findings: \(ReportFormat.allCases.filter(\.isFindingsOnly).map(\.rawValue).joined(separator: ", ")).")
    var reporter: ReportFormat = .xcode

    @Option(help: ArgumentHelp(
        "Hide the findings recorded in this baseline file; only new ones are printed and fail the run.",
        discussion: "Default: `baseline:` in .cpdi.yml, unless --write-baseline is given.", valueName: "FILE"
    ))
    var baseline: String?

    @Option(help: ArgumentHelp("Record the current findings in this file, to pass to --baseline later.", valueName: "FILE"))
    var writeBaseline: String?

    @Flag(help: "Apply the fixes instead of listing the findings (the same as `cpdi fix`).")
    var fix = false

    @Option(help: ArgumentHelp(
        "Print only the findings in this file or folder (repeatable); all PATHs are still scanned, since forwards cross modules.",
        valueName: "PATH"
    ))
    var reportOnly: [String] = []

    @Option(help: ArgumentHelp("Like --report-only, for each path listed in this file, one a line (paths that do not exist are skipped).", valueName: "FILE"))
    var reportOnlyList: [String] = []

    @Flag(help: "Print absolute file paths, for build systems and IDEs that run cpdi from another folder.")
    var absolutePaths = false

    func validate() throws {
        if fix { try FixRun.refuseFacts(scan) }
        // Whole reports (graph, counts, pages) belong to `report`; `check` only lists findings.
        guard reporter.isFindingsOnly else {
            throw ValidationError("--reporter \(reporter.rawValue) is a full report, not a list of findings; use `cpdi report --format \(reporter.rawValue)`")
        }
    }

    func run() throws {
        if fix { return try FixRun(scan: scan, baseline: baseline).perform() }
        let started = Date()
        let workingDirectory = Terminal.workingDirectory
        let configuration = Terminal.configuration(paths: scan.paths, settings: scan.settings)
        // Recording a baseline starts from every finding, so the configured one is not read then (it may not exist yet).
        let baseline = self.baseline ?? (writeBaseline == nil ? configuration.baselinePath(workingDirectory: workingDirectory) : nil)
        // Read first, so a missing baseline or report path fails before a long scan.
        let known = baseline.map { path in
            do throws(InputError) { return try Baseline.read(path, workingDirectory: workingDirectory) } catch { Terminal.fail(error) }
        }
        let scope: ReportScope?
        do {
            scope = reportOnly.isEmpty && reportOnlyList.isEmpty
                ? nil : try ReportScope(paths: reportOnly, lists: reportOnlyList, workingDirectory: workingDirectory)
        } catch {
            Terminal.fail(error)
        }
        var result = Terminal.analyse(scan, configuration: configuration, needsGraph: false) { result in
            let reported = scope?.restrict(result) ?? result
            return absolutePaths ? reported.withAbsolutePaths(workingDirectory: workingDirectory) : reported
        }
        if let writeBaseline {
            do {
                try Baseline(findings: result.findings, path: writeBaseline, workingDirectory: Terminal.workingDirectory)
                    .write(to: writeBaseline, workingDirectory: Terminal.workingDirectory)
            } catch {
                Terminal.fail(error)
            }
            Terminal.err("cpdi: wrote \(writeBaseline) (\(result.findings.count) known finding\(result.findings.count == 1 ? "" : "s"))\n")
        }
        var hidden: Int?
        if let known, let baseline {
            let filtered = known.filter(result.findings, path: baseline, workingDirectory: Terminal.workingDirectory)
            result.findings = filtered.findings
            hidden = filtered.hidden
        }
        do {
            FileHandle.standardOutput.write(Data(try reporter.render(result)))
        } catch {
            Terminal.fail(InputError("cannot print the \(reporter.rawValue) findings: \(error)"))
        }
        Terminal.err(Summary.line(result, seconds: Date().timeIntervalSince(started), hiddenByBaseline: hidden) + "\n")
        if result.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        let strict = self.strict || configuration.strict
        let failing = result.findings.contains { $0.severity == .error || (strict && $0.severity >= .warning) }
        if failing { throw ExitCode(1) }
    }
}

enum Summary {
    static func line(_ result: AnalysisResult, seconds: Double, hiddenByBaseline hidden: Int? = nil) -> String {
        let counts = Dictionary(grouping: result.findings, by: \.severity).mapValues(\.count)
        let bySeverity = Severity.allCases.reversed().compactMap { severity in
            counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
        }
        let findings = result.findings.isEmpty ? "no findings" : "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") (\(bySeverity.joined(separator: ", ")))"
        let problems = result.problems.isEmpty ? "" : ", \(result.problems.count) unreadable or partly parsed file\(result.problems.count == 1 ? "" : "s")"
        let known = hidden.map { ", \($0) known finding\($0 == 1 ? "" : "s") hidden by the baseline" } ?? ""
        let runtime = result.runtime?.summary.map { ", \($0)" } ?? ""
        return "cpdi: \(result.files.count) files, \(result.coverage.summary)\(runtime), \(findings)\(known)\(problems) in \(String(format: "%.2f", seconds)) s"
    }
}
