import CPDIGraph
import CPDIRules

/// A pull-request comment: a headline with counts, a table of findings linking to the code, and a
/// Mermaid diagram of the components concerned. Long results are truncated with a count, because a
/// comment has to stay readable (and GitHub rejects bodies over 65,536 characters).
public enum MarkdownFormat {
    /// Rows of the findings table (and items of the problem list) before "…and N more".
    public static let maximumRows = 100

    public static func render(_ result: AnalysisResult, options: ReportOptions = ReportOptions()) -> String {
        var sections = [headline(result)]
        if !result.findings.isEmpty { sections.append(table(result.findings, options: options)) }
        if !result.problems.isEmpty { sections.append(problems(result.problems)) }
        let diagram = MermaidDiagram(result)
        if !diagram.isEmpty {
            var section = "### Components with findings and their neighbours\n\n" + diagram.markdown
            if diagram.isTrimmed {
                section += "\nThe diagram shows \(diagram.shown) of \(diagram.total) components, the most severe findings first.\n"
            }
            sections.append(section)
        }
        sections.append(footer(result, options: options))
        return sections.joined(separator: "\n")
    }

    static func headline(_ result: AnalysisResult) -> String {
        let components = result.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.count
        let scope = "\(count(result.files.count, "file")) and \(count(components, "component"))"
        guard !result.findings.isEmpty else { return "## cpdi: no findings\n\nNo findings in \(scope).\n" }

        let bySeverity = Dictionary(grouping: result.findings, by: \.severity).mapValues(\.count)
        let severities = Severity.allCases.reversed().compactMap { severity in
            bySeverity[severity].map { count($0, severity.rawValue, plural: severity == .info ? "info" : nil) }
        }
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID).mapValues(\.count)
        let known = RuleCatalogue.all.map(\.id).filter { byRule[$0] != nil }
        let rules = (known + byRule.keys.filter { !known.contains($0) }.sorted()).map { "\(MarkdownEscaping.code($0)) \(byRule[$0]!)" }
        return """
            ## cpdi: \(count(result.findings.count, "finding"))

            **\(severities.joined(separator: ", "))** in \(scope). By rule: \(rules.joined(separator: " · "))

            """
    }

    static func table(_ findings: [Finding], options: ReportOptions) -> String {
        // Most severe first, so truncation drops the least important rows.
        let sorted = findings.sorted { ($1.severity, $0) < ($0.severity, $1) }
        var lines = ["| severity | rule | location | component | message |", "|---|---|---|---|---|"]
        for finding in sorted.prefix(maximumRows) {
            let cells = [
                "\(icon(finding.severity)) \(finding.severity.rawValue)",
                MarkdownEscaping.code(finding.ruleID),
                link(finding, options: options),
                MarkdownEscaping.inline(finding.component),
                MarkdownEscaping.inlineKeepingCode(finding.message),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        // A blank line first: a line straight after a table would become one of its rows.
        if sorted.count > maximumRows { lines += ["", "…and \(count(sorted.count - maximumRows, "more finding"))."] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func problems(_ problems: [InputProblem]) -> String {
        var lines = ["### Files cpdi could not fully read", ""]
        for problem in problems.sorted().prefix(maximumRows) {
            let place = [problem.file, problem.line.map(String.init), problem.column.map(String.init)].compactMap { $0 }
            lines.append("- \(icon(problem.severity)) \(MarkdownEscaping.code(place.joined(separator: ":"))): \(MarkdownEscaping.inlineKeepingCode(problem.message))")
        }
        if problems.count > maximumRows { lines += ["", "…and \(count(problems.count - maximumRows, "more problem"))."] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path:line`, linking to `linkPrefix + path#Lline` (a repository browser), else relative to the comment.
    static func link(_ finding: Finding, options: ReportOptions) -> String {
        let target = (options.linkPrefix.map(MarkdownEscaping.linkPrefix) ?? "") + MarkdownEscaping.linkPath(finding.file) + "#L\(finding.line)"
        return "[\(MarkdownEscaping.inline("\(finding.file):\(finding.line)"))](\(target))"
    }

    static func footer(_ result: AnalysisResult, options: ReportOptions) -> String {
        let stamp = options.timestamp.map { " · \(MarkdownEscaping.inline($0))" } ?? ""
        return "<sub>\(MarkdownEscaping.inline("\(result.tool.name) \(result.tool.version)"))\(stamp)</sub>\n"
    }

    static func icon(_ severity: Severity) -> String {
        switch severity {
        case .error: "❌"
        case .warning: "⚠️"
        case .info: "ℹ️"
        }
    }

    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
