import CPDIFacts
import CPDIRules

/// The text of `cpdi rules`: the catalogue as a table, or one rule with its explanation and the very
/// examples its tests run, so the documentation cannot drift from the behaviour.
public enum RuleDocumentation {
    /// One line per rule: id, whether it runs by default, default severity, measured precision, summary.
    public static func listing(_ rules: [any Rule]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
        let precisions = rules.map { precision($0.description.measured) }
        let precisionWidth = max(precisions.map(\.count).max() ?? 0, "precision".count)
        let header = pad("rule", idWidth) + "  " + pad("default", 7) + "  " + pad("severity", severityWidth) + "  "
            + pad("precision", precisionWidth) + "  summary"
        let rows = zip(rules, precisions).map { rule, precision in
            let description = rule.description
            return pad(description.id, idWidth) + "  " + pad(description.isOptIn ? "opt-in" : "on", 7) + "  "
                + pad(description.defaultSeverity.rawValue, severityWidth) + "  " + pad(precision, precisionWidth) + "  " + description.summary
        }
        let note = "precision: right / (right + wrong) of its findings on held-out public apps, read one by one; "
            + "`cpdi rules ID` adds the development half, which the default also needs (–: no finding there)"
        return ([header] + rows + ["", note]).joined(separator: "\n") + "\n"
    }

    /// "0.97 (32/33)", or "–" for a rule not measured or with no finding on the corpus.
    static func precision(_ measured: Measurement?) -> String {
        guard let measured, let value = measured.precision else { return "–" }
        return String(format: "%.2f", value) + " (\(measured.right)/\(measured.right + measured.wrong))"
    }

    /// Whether the rule runs by default, and what its measurement says.
    static func standing(_ description: RuleDescription) -> String {
        let state = description.isOptIn ? "opt-in: enable it with `opt-in-rules:` or --enable-rule" : "on by default"
        guard let measured = description.measured else { return "\(state); not measured on real apps" }
        let counts = "\(measured.right) right, \(measured.wrong) wrong, \(measured.pointless) pointless on \(measured.apps) held-out public app\(measured.apps == 1 ? "" : "s")"
        let tuning = CorpusMeasurements.measuredWhileTuning(description.id).map {
            "; on \($0.apps) development apps: \($0.right) right, \($0.wrong) wrong, \($0.pointless) pointless"
        } ?? ""
        guard let value = measured.precision else { return "\(state); no findings on \(measured.apps) held-out public apps\(tuning)" }
        return "\(state); measured precision \(String(format: "%.2f", value)) (\(counts))\(tuning)"
    }

    /// The whole rule: summary, explanation, then each example with its findings drawn under the lines they point at.
    public static func document(_ rule: any Rule, width: Int = 100) -> String {
        let description = rule.description
        var lines = [
            "\(description.id) (default severity: \(description.defaultSeverity.rawValue))",
            standing(description),
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
