import CPDIGraph
import CPDIRules

/// `cpdi diff` on a terminal: a summary line, then each kind of change as `+`/`-` lines.
public enum DiffText {
    public static func render(_ diff: ResultDiff) -> String {
        var lines = [summary(diff), ""]
        if diff.isEmpty { return "\(summary(diff))\n" }
        section(&lines, "Findings introduced", diff.introduced.map { "+ " + XcodeFormat.line($0).dropLast() })
        section(&lines, "Findings fixed", diff.fixed.map { "- " + XcodeFormat.line($0).dropLast() })
        for kind in NodeKind.allCases {
            let plural = DiffWording.plural(kind)
            section(&lines, "\(plural.prefix(1).uppercased())\(plural.dropFirst()) added", diff.addedNodes.filter { $0.kind == kind }.map { "+ \(name($0))\(place($0))" })
            section(&lines, "\(plural.prefix(1).uppercased())\(plural.dropFirst()) removed", diff.removedNodes.filter { $0.kind == kind }.map { "- \(name($0))\(place($0))" })
        }
        section(&lines, "Edges added", diff.addedEdges.map { "+ " + DiffWording.edge($0) })
        section(&lines, "Edges removed", diff.removedEdges.map { "- " + DiffWording.edge($0) })
        section(&lines, "Leaf sets changed", diff.leafChanges.flatMap(DiffWording.sentences).map { "~ " + $0 }, count: diff.leafChanges.count)
        section(&lines, "Affected components", diff.affected.map(XcodeFormat.oneLine))
        return lines.joined(separator: "\n")
    }

    static func summary(_ diff: ResultDiff) -> String {
        let sides = "\(XcodeFormat.oneLine(diff.base.label)) → \(XcodeFormat.oneLine(diff.head.label))"
        guard !diff.isEmpty else { return "cpdi diff \(sides): no change to the graph or the findings" }
        return "cpdi diff \(sides): " + DiffWording.counts(diff).joined(separator: ", ")
    }

    /// A titled list; `count` is what the title counts when that is not one per line (leaf sets, not leaves).
    private static func section(_ lines: inout [String], _ title: String, _ items: [String], count: Int? = nil) {
        guard !items.isEmpty else { return }
        lines.append("\(title) (\(count ?? items.count)):")
        lines += items.map { "  " + $0 }
        lines.append("")
    }

    private static func name(_ node: Node) -> String { XcodeFormat.oneLine(node.name) }

    private static func place(_ node: Node) -> String {
        node.file.isEmpty ? "" : " (\(XcodeFormat.oneLine(node.file)):\(node.line))"
    }
}
