import CPDIGraph
import CPDIRules

/// `cpdi diff --format markdown`: a pull-request comment. New findings as a table up front, then what
/// changed in the graph and a Mermaid picture of it, with the full lists folded away in `<details>`.
enum DiffMarkdown {
    static func render(_ report: DiffReport, options: ReportOptions) -> String {
        let diff = report.diff
        let sides = "\(MarkdownEscaping.code(diff.base.label)) → \(MarkdownEscaping.code(diff.head.label))"
        guard !diff.isEmpty else {
            return "## cpdi diff: no change\n\nThis change leaves the dependency graph and the findings of \(sides) as they were.\n\n" + footer(diff, options)
        }
        var sections = ["## cpdi diff: \(headline(diff))\n\n\(sides): \(MarkdownEscaping.inline(DiffWording.counts(diff).joined(separator: ", "))).\n"]
        if !diff.introduced.isEmpty {
            sections.append("### New findings\n\n" + MarkdownFormat.table(diff.introduced, options: options))
        }
        if !diff.fixed.isEmpty {
            sections.append(folded("Fixed findings (\(diff.fixed.count))", MarkdownFormat.table(diff.fixed, options: options)))
        }
        let graphLines = bullets(diff)
        if !graphLines.isEmpty {
            sections.append("### What changed in the graph\n\n" + graphLines.prefix(MarkdownFormat.maximumRows).joined(separator: "\n") + "\n"
                + (graphLines.count > MarkdownFormat.maximumRows ? "\n…and \(graphLines.count - MarkdownFormat.maximumRows) more.\n" : ""))
        }
        let picture = report.picture
        if !picture.isEmpty {
            var section = "### The changed part of the graph\n\n" + mermaid(picture)
            if picture.leftOut > 0 { section += "\n\(picture.leftOut) more components were left out of the picture.\n" }
            sections.append(section)
        }
        let edges = diff.addedEdges.map { "- ➕ " + MarkdownEscaping.inline(DiffWording.edge($0)) }
            + diff.removedEdges.map { "- ➖ " + MarkdownEscaping.inline(DiffWording.edge($0)) }
        if !edges.isEmpty { sections.append(folded("Edges added and removed (\(edges.count))", capped(edges))) }
        if !diff.affected.isEmpty {
            sections.append(folded("Affected components (\(diff.affected.count))", capped(diff.affected.map { "- " + MarkdownEscaping.inline($0) })))
        }
        sections.append(footer(diff, options))
        return sections.joined(separator: "\n")
    }

    static func headline(_ diff: ResultDiff) -> String {
        if diff.introduced.isEmpty && diff.fixed.isEmpty { return "no new findings" }
        return "\(DiffWording.count(diff.introduced.count, "new finding")), \(diff.fixed.count) fixed"
    }

    /// Added and removed components, aliases and other nodes, then leaf sets, each one line.
    static func bullets(_ diff: ResultDiff) -> [String] {
        var lines: [String] = []
        for node in diff.addedNodes { lines.append("- ➕ \(node.kind.rawValue) \(MarkdownEscaping.code(node.name)) added") }
        for node in diff.removedNodes { lines.append("- ➖ \(node.kind.rawValue) \(MarkdownEscaping.code(node.name)) removed") }
        for change in diff.leafChanges {
            for gained in change.added {
                let through = gained.through.isEmpty ? ", listed in its own alias" : ", through " + gained.through.map(MarkdownEscaping.code).joined(separator: ", ")
                lines.append("- 🔶 \(MarkdownEscaping.code(change.name)) now needs \(MarkdownEscaping.code(gained.leaf))\(through)")
            }
            for leaf in change.removed { lines.append("- 🔸 \(MarkdownEscaping.code(change.name)) no longer needs \(MarkdownEscaping.code(leaf))") }
        }
        return lines
    }

    static func mermaid(_ picture: DiffPicture) -> String {
        var lines = ["flowchart LR"]
        for item in picture.items {
            let label = ([item.name] + item.notes.prefix(4)).map(MermaidEscaping.label).joined(separator: "<br>")
            lines.append("  \(MermaidEscaping.nodeID(item.id))[\"\(label)\"]")
        }
        for (index, arrow) in picture.arrows.enumerated() {
            let shape = arrow.status == .removed ? "-.->" : "-->"
            let label = arrow.label.isEmpty ? "" : "|\"\(MermaidEscaping.label(arrow.label))\"|"
            lines.append("  \(MermaidEscaping.nodeID(arrow.from)) \(shape)\(label) \(MermaidEscaping.nodeID(arrow.to))")
            if arrow.status == .added || arrow.status == .removed {
                lines.append("  linkStyle \(index) stroke:\(arrow.status == .added ? "#16a34a" : "#dc2626"),stroke-width:2px")
            }
        }
        for status in DiffPicture.Status.allCases {
            let members = picture.items.filter { $0.status == status }.map { MermaidEscaping.nodeID($0.id) }
            guard !members.isEmpty else { continue }
            let style = DiffDOT.style(status)
            let dashed = status == .removed || status == .shrunk ? ",stroke-dasharray:4 2" : ""
            lines.append("  classDef \(status.rawValue) fill:\(style["fillcolor"]!),stroke:\(style["color"]!)\(dashed)")
            lines.append("  class \(members.joined(separator: ",")) \(status.rawValue)")
        }
        return "```mermaid\n" + lines.joined(separator: "\n") + "\n```\n\n"
            + "🟩 added · 🟥 removed (dashed) · 🟧 needs more leaves · grey: unchanged neighbours · unlabelled arrows: builds the child\n"
    }

    static func folded(_ summary: String, _ body: String) -> String {
        // Blank lines around the body, or GitHub renders the Markdown inside as plain text.
        "<details><summary>\(MarkdownEscaping.inline(summary))</summary>\n\n\(body)\n</details>\n"
    }

    static func capped(_ lines: [String]) -> String {
        lines.prefix(MarkdownFormat.maximumRows).joined(separator: "\n")
            + (lines.count > MarkdownFormat.maximumRows ? "\n\n…and \(lines.count - MarkdownFormat.maximumRows) more." : "")
    }

    static func footer(_ diff: ResultDiff, _ options: ReportOptions) -> String {
        let stamp = options.timestamp.map { " · \(MarkdownEscaping.inline($0))" } ?? ""
        return "<!-- cpdi-diff -->\n<sub>\(MarkdownEscaping.inline("\(diff.tool.name) \(diff.tool.version) diff"))\(stamp)</sub>\n"
    }
}
