import CPDIRules

/// `path:line:col: warning: message [rule-id]` — what Xcode, editors and CI log parsers understand.
public enum XcodeFormat {
    public static func findings(_ result: AnalysisResult) -> String {
        result.findings.map(line).joined()
    }

    public static func line(_ finding: Finding) -> String {
        "\(oneLine(finding.file)):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(oneLine(finding.message)) [\(finding.ruleID)]\n"
    }

    /// Problems reading the input, in the same shape so editors can jump to them.
    public static func problems(_ result: AnalysisResult) -> String {
        result.problems.map { problem in
            let place = [oneLine(problem.file), problem.line.map(String.init), problem.column.map(String.init)].compactMap { $0 }
            return "\(place.joined(separator: ":")): \(problem.severity.rawValue): \(oneLine(problem.message))\n"
        }.joined()
    }

    /// Each finding must stay on one line, whatever a path, name or message contains.
    static func oneLine(_ text: String) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }
}
