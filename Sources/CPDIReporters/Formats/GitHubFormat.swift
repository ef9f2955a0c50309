import CPDIRules

/// GitHub Actions workflow commands, which the runner turns into annotations on the pull request:
/// `::warning file=…,line=…,col=…,title=rule-id::message`, one per finding and one per input problem.
public enum GitHubFormat {
    public static func render(_ result: AnalysisResult) -> String {
        let findings = result.findings.sorted().map { finding in
            command(finding.severity, properties: [
                ("file", finding.file), ("line", String(finding.line)), ("col", String(finding.column)), ("title", finding.ruleID),
            ], message: finding.message)
        }
        let problems = result.problems.sorted().map { problem in
            let place = [("file", problem.file)] + [("line", problem.line), ("col", problem.column)].compactMap { name, value in
                value.map { (name, String($0)) }
            }
            return command(problem.severity, properties: place + [("title", "cpdi input")], message: problem.message)
        }
        return (findings + problems).joined()
    }

    static func command(_ severity: Severity, properties: [(String, String)], message: String) -> String {
        let name = switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
        let list = properties.map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(escapeMessage(message))\n"
    }

    /// The runner ends a command at a line break and decodes exactly these escapes (the ones
    /// `@actions/core` writes); `%` itself is escaped so a literal `%0A` in a name stays literal.
    static func escapeMessage(_ text: String) -> String {
        escape(text, also: [])
    }

    /// Properties are additionally split on `,` and separated from the message by `::`.
    static func escapeProperty(_ text: String) -> String {
        escape(text, also: [":", ","])
    }

    // Unicode scalars, because "\r\n" is a single Character.
    private static func escape(_ text: String, also extra: Set<Unicode.Scalar>) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%", "\r", "\n": escaped += percent(scalar)
            case _ where extra.contains(scalar): escaped += percent(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func percent(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "%" + (hex.count < 2 ? "0" + hex : hex)
    }
}
