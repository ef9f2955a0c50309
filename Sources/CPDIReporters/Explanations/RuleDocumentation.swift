import CPDIFacts
import CPDIRules

/// The text of `cpdi rules`: the catalogue as a table, or one rule with its explanation and the very
/// examples its tests run, so the documentation cannot drift from the behaviour.
public enum RuleDocumentation {
    /// One line per rule: id, default severity, summary.
    public static func listing(_ rules: [any Rule]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
        return rules.map { rule in
            let description = rule.description
            return pad(description.id, idWidth) + "  " + pad(description.defaultSeverity.rawValue, severityWidth) + "  " + description.summary
        }.joined(separator: "\n") + "\n"
    }

    /// The whole rule: summary, explanation, then each example with its findings drawn under the lines they point at.
    public static func document(_ rule: any Rule, width: Int = 100) -> String {
        let description = rule.description
        var lines = [
            "\(description.id) (default severity: \(description.defaultSeverity.rawValue))",
            "",
            description.summary,
            "",
        ]
        lines += wrap(description.explanation, width: width)
        for (title, examples) in [("Triggers on", description.triggering), ("Does not trigger on", description.nonTriggering)] {
            for (index, example) in examples.enumerated() {
                lines += ["", "\(title) (example \(index + 1) of \(examples.count)):"]
                lines += render(example)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Source lines indented, each marked place followed by a caret line carrying the expected message.
    static func render(_ example: RuleExample) -> [String] {
        var lines: [String] = []
        for file in example.files {
            let source = MarkedSource(file.markedSource)
            if example.files.count > 1 { lines.append("  // \(file.path)") }
            let markersByLine = Dictionary(grouping: source.markers.filter { example.findings[$0.key] != nil }, by: \.value.line)
            for (offset, text) in source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                lines.append(("    " + text).trimmingTrailingSpaces)
                for (marker, position) in (markersByLine[offset + 1] ?? []).sorted(by: { $0.value.column < $1.value.column }) {
                    // Columns count UTF-8 bytes; the caret goes under the character that starts there.
                    let prefix = text.utf8.prefix(position.column - 1)
                    let indent = String(decoding: prefix, as: UTF8.self).count
                    lines.append("    " + String(repeating: " ", count: indent) + "^ " + (example.findings[marker] ?? ""))
                }
            }
        }
        return lines
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

extension StringProtocol {
    fileprivate var trimmingTrailingSpaces: String {
        var text = String(self)
        while text.last == " " { text.removeLast() }
        return text
    }
}
