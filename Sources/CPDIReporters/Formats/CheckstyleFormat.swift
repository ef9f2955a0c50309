import CPDIRules

/// Checkstyle XML, which Jenkins, reviewdog, GitLab and most code-review bots read: one `<file>` per
/// file with findings, sorted, each finding an `<error>` whose `source` is `cpdi.<rule-id>`.
/// Input problems are listed under their file with source `cpdi.input`, so an unreadable file shows
/// up where people look instead of only in the log.
public enum CheckstyleFormat {
    public static func render(_ result: AnalysisResult) -> String {
        var entries: [String: [Entry]] = [:]
        for finding in result.findings.sorted() {
            entries[finding.file, default: []].append(Entry(
                line: finding.line, column: finding.column, severity: finding.severity,
                message: finding.message, source: "cpdi.\(finding.ruleID)"
            ))
        }
        for problem in result.problems.sorted() {
            entries[problem.file, default: []].append(Entry(
                line: problem.line, column: problem.column, severity: problem.severity,
                message: problem.message, source: "cpdi.input"
            ))
        }
        var xml = XMLEscaping.declaration + "<checkstyle version=\"4.3\">\n"
        for file in entries.keys.sorted() {
            xml += "  <file name=\"\(XMLEscaping.attribute(file))\">\n"
            for entry in entries[file]! { xml += "    \(entry.xml)\n" }
            xml += "  </file>\n"
        }
        return xml + "</checkstyle>\n"
    }

    private struct Entry {
        var line: Int?
        var column: Int?
        var severity: Severity
        var message: String
        var source: String

        var xml: String {
            // Checkstyle's schema requires a line; 0 means the whole file, as for a file that could not be read.
            let place = ["line=\"\(line ?? 0)\""] + (column.map { ["column=\"\($0)\""] } ?? [])
            let attributes = place + [
                "severity=\"\(severity.rawValue)\"",
                "message=\"\(XMLEscaping.attribute(message))\"",
                "source=\"\(XMLEscaping.attribute(source))\"",
            ]
            return "<error \(attributes.joined(separator: " "))/>"
        }
    }
}
