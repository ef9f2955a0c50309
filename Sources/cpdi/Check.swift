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

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "How to print findings: \(ReportFormat.allCases.filter(\.isFindingsOnly).map(\.rawValue).joined(separator: ", ")).")
    var reporter: ReportFormat = .xcode

    func validate() throws {
        // Whole reports (graph, counts, pages) belong to `report`; `check` only lists findings.
        guard reporter.isFindingsOnly else {
            throw ValidationError("--reporter \(reporter.rawValue) is a full report, not a list of findings; use `cpdi report --format \(reporter.rawValue)`")
        }
    }

    func run() throws {
        let started = Date()
        let result = Terminal.analyse(scan)
        do {
            FileHandle.standardOutput.write(Data(try reporter.render(result)))
        } catch {
            Terminal.fail(InputError("cannot print the \(reporter.rawValue) findings: \(error)"))
        }
        Terminal.err(Summary.line(result, seconds: Date().timeIntervalSince(started)) + "\n")
        if result.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
        let failing = result.findings.contains { $0.severity == .error || (strict && $0.severity >= .warning) }
        if failing { throw ExitCode(1) }
    }
}

enum Summary {
    static func line(_ result: AnalysisResult, seconds: Double) -> String {
        let counts = Dictionary(grouping: result.findings, by: \.severity).mapValues(\.count)
        let components = result.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.count
        let bySeverity = Severity.allCases.reversed().compactMap { severity in
            counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
        }
        let findings = result.findings.isEmpty ? "no findings" : "\(result.findings.count) finding\(result.findings.count == 1 ? "" : "s") (\(bySeverity.joined(separator: ", ")))"
        let problems = result.problems.isEmpty ? "" : ", \(result.problems.count) unreadable or partly parsed file\(result.problems.count == 1 ? "" : "s")"
        return "cpdi: \(result.files.count) files, \(components) components, \(findings)\(problems) in \(String(format: "%.2f", seconds)) s"
    }
}
