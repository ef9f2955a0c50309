import GraphvizRendering

/// The diff picture as Graphviz DOT (and, through libgraphviz, SVG or PNG): added components and
/// forwards in green, removed ones red and dashed, components whose leaves grew in orange, and their
/// unchanged neighbours in grey, with a legend.
enum DiffDOT {
    static func render(_ picture: DiffPicture) -> String {
        var lines = [
            "digraph cpdi_diff {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, nodesep=0.25, ranksep=0.6, bgcolor=\"white\", tooltip=\"cpdi diff\"];",
            "  node [fontname=\"Helvetica\", fontsize=10, shape=box, style=\"rounded,filled\"];",
            "  edge [fontname=\"Helvetica\", fontsize=8, arrowsize=0.6];",
        ]
        if picture.leftOut > 0 {
            lines.append("  graph [labelloc=t, label=\(DOTFormat.quoted("\(picture.leftOut) more components left out; the text format lists every change"))];")
        }
        if picture.isEmpty {
            lines.append("  \"empty\" [label=\"no component changed\", shape=plaintext, style=\"\"];")
        }
        for item in picture.items {
            var attributes = style(item.status)
            attributes["label"] = ([item.name] + item.notes.prefix(4) + (item.notes.count > 4 ? ["… \(item.notes.count - 4) more"] : [])).joined(separator: "\n")
            attributes["tooltip"] = "\(item.status.rawValue) · \(item.tooltip)"
            lines.append("  \(DOTFormat.quoted(item.id)) [\(DOTFormat.attributeList(attributes))];")
        }
        if !picture.isEmpty { lines.append(legend(Set(picture.items.map(\.status)))) }
        for arrow in picture.arrows {
            var attributes = edgeStyle(arrow.status)
            if !arrow.label.isEmpty { attributes["label"] = arrow.label }
            lines.append("  \(DOTFormat.quoted(arrow.from)) -> \(DOTFormat.quoted(arrow.to)) [\(DOTFormat.attributeList(attributes))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// SVG, PNG or any other format libgraphviz renders in process.
    static func render(_ picture: DiffPicture, format: String) throws(GraphvizError) -> [UInt8] {
        try GraphvizRenderer.render(dot: render(picture), engine: "dot", format: format)
    }

    static func style(_ status: DiffPicture.Status) -> [String: String] {
        switch status {
        case .added: ["fillcolor": "#dcfce7", "color": "#16a34a", "penwidth": "2"]
        case .removed: ["fillcolor": "#fee2e2", "color": "#dc2626", "fontcolor": "#991b1b", "penwidth": "2", "style": "rounded,filled,dashed"]
        case .grown: ["fillcolor": "#ffedd5", "color": "#ea580c", "penwidth": "2"]
        case .shrunk: ["fillcolor": "#fff7ed", "color": "#ea580c", "penwidth": "1.5", "style": "rounded,filled,dashed"]
        case .changed: ["fillcolor": "#dbeafe", "color": "#1d4ed8", "penwidth": "1.5"]
        case .neighbour: ["fillcolor": "#f3f4f6", "color": "#9ca3af", "fontcolor": "#4b5563"]
        }
    }

    static func edgeStyle(_ status: DiffPicture.Status) -> [String: String] {
        switch status {
        case .added: ["color": "#16a34a", "fontcolor": "#16a34a", "penwidth": "2"]
        case .removed: ["color": "#dc2626", "fontcolor": "#dc2626", "penwidth": "2", "style": "dashed"]
        default: ["color": "#9ca3af", "fontcolor": "#6b7280"]
        }
    }

    /// The statuses drawn, in a fixed order, and what an unlabelled arrow means. Fixed text only, so the
    /// HTML-like label needs no escaping.
    static func legend(_ shown: Set<DiffPicture.Status>) -> String {
        let rows = DiffPicture.Status.allCases.filter(shown.contains).map { status in
            let style = style(status)
            return "<TR><TD BGCOLOR=\"\(style["fillcolor"]!)\"><FONT COLOR=\"\(style["color"]!)\">\(status.rawValue)</FONT></TD></TR>"
        }.joined()
        let arrows = "<TR><TD>unlabelled arrow:<BR/>builds the child</TD></TR>"
        return "  \"legend:diff\" [shape=plaintext, style=\"\", tooltip=\"what each colour means\", label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\"><TR><TD><B>change</B></TD></TR>\(rows)\(arrows)</TABLE>>];"
    }
}
