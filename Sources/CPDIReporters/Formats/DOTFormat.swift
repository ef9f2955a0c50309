import CPDIGraph
import CPDIRules

/// A drawing of the graph as Graphviz DOT: one shape per node kind, findings in colour and style per
/// severity on the node and edge they are about (with a legend), a tooltip with kind, place and leaf
/// count and a link to the source on every node, clusters per module or folder, and the layout
/// strategy's bounds as graph attributes.
public enum DOTFormat {
    /// The whole graph, flat and undecorated (`GraphOptions.reportFull`).
    public static func render(_ result: AnalysisResult) -> String {
        // The report view has no focus or reverse, the only options that can fail.
        (try? render(GraphDrawing.make(result, options: .reportFull))) ?? ""
    }

    public static func render(_ drawing: GraphDrawing) -> String {
        let shape = drawing.strategy.shape ?? LayoutShape.preferred(for: drawing)
        var lines = [
            "digraph cpdi {",
            "  graph [rankdir=\(shape.direction.rawValue), fontname=\"Helvetica\", fontsize=11, nodesep=0.25, ranksep=0.6, bgcolor=\"white\", tooltip=\"cpdi dependency graph\"];",
            "  node [fontname=\"Helvetica\", fontsize=10, penwidth=1];",
            "  edge [fontname=\"Helvetica\", fontsize=8, arrowsize=0.6];",
        ]
        var graphAttributes = drawing.strategy.attributes
        if drawing.decorations, drawing.strategy.collapse != .flat {
            let grouping = drawing.strategy.collapse.rawValue
            graphAttributes["label"] = "\(LayoutStrategy.formatted(drawing.strategy.viewNodes)) nodes collapsed by \(grouping); "
                + "edge labels count the edges between two \(grouping)s. Draw one with --focus <\(grouping == "module" ? "module" : "node")>."
            graphAttributes["labelloc"] = "t"
        } else if drawing.decorations, drawing.lines.contains(where: { $0.kind == .forwardsTo }) {
            graphAttributes["label"] = ForwardLabels.legend
            graphAttributes["labelloc"] = "b"
        }
        if !graphAttributes.isEmpty { lines.append("  graph [\(attributeList(graphAttributes))];") }

        var clustered: [String: [GraphDrawing.Item]] = [:]
        for item in drawing.items {
            if let cluster = item.cluster {
                clustered[cluster, default: []].append(item)
            } else {
                lines.append("  \(quoted(item.id)) [\(attributeList(attributes(of: item)))];")
            }
        }
        for (index, cluster) in drawing.clusters.enumerated() {
            guard let items = clustered[cluster] else { continue }
            lines.append("  subgraph \(quoted("cluster_\(index)")) {")
            lines.append("    graph [\(attributeList(["label": cluster, "labelloc": "t", "style": "rounded", "color": "#94a3b8", "fontcolor": "#475569", "tooltip": "\(drawing.strategy.cluster.rawValue) \(cluster)"]))];")
            for item in items { lines.append("    \(quoted(item.id)) [\(attributeList(attributes(of: item)))];") }
            lines.append("  }")
        }
        if drawing.decorations, !drawing.legend.isEmpty { lines.append(legend(drawing.legend)) }
        let lengths = shape.folding.lengths(drawing.lines.map { ($0.from, $0.to) })
        for (line, length) in zip(drawing.lines, lengths) {
            var attributes = attributes(of: line)
            if length > 1 { attributes["minlen"] = String(length) }
            lines.append("  \(quoted(line.from)) -> \(quoted(line.to)) [\(attributeList(attributes))];")
        }
        for chain in shape.folding.chains(unconnected(drawing)) {
            lines.append("  \(quoted(chain.from)) -> \(quoted(chain.to)) [style=\"invis\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func attributes(of item: GraphDrawing.Item) -> [String: String] {
        var attributes: [String: String]
        switch item.shape {
        case .node(let kind): attributes = style(of: kind)
        case .group(let grouping): attributes = ["shape": grouping == .folder ? "folder" : "component", "style": "filled", "fillcolor": "#e0e7ff"]
        }
        attributes["label"] = item.label
        attributes["tooltip"] = item.tooltip
        if let url = item.url {
            attributes["URL"] = url
            attributes["target"] = "_top"
        }
        if let severity = item.severity {
            attributes["color"] = color(severity)
            switch severity {
            case .error:
                attributes["penwidth"] = "3.5"
                attributes["style"] = (attributes["style"].map { $0 + "," } ?? "") + "bold"
            case .warning:
                attributes["penwidth"] = "2.5"
            case .info:
                attributes["penwidth"] = "2"
                attributes["style"] = (attributes["style"].map { $0 + "," } ?? "") + "dashed"
            }
        }
        return attributes
    }

    /// The items no line touches, per cluster (the unclustered ones first), in drawing order.
    static func unconnected(_ drawing: GraphDrawing) -> [[String]] {
        let connected = Set(drawing.lines.flatMap { [$0.from, $0.to] })
        var groups: [String: [String]] = [:]
        for item in drawing.items where !connected.contains(item.id) { groups[item.cluster ?? "", default: []].append(item.id) }
        return ([""] + drawing.clusters).compactMap { groups[$0] }
    }

    static func attributes(of line: GraphDrawing.Line) -> [String: String] {
        guard let kind = line.kind else {
            // A collapsed line: thicker the more edges it stands for.
            var width = 1.0, count = line.count
            while count > 1, width < 5 { width += 0.5; count /= 2 }
            return [
                "color": "#1d4ed8", "fontcolor": "#1d4ed8", "penwidth": String(width),
                "label": line.label ?? "", "tooltip": line.tooltip ?? "",
            ]
        }
        var attributes = style(of: kind)
        // An external label, placed after layout: dot's own edge labels are virtual nodes, which cost
        // layout time and, in clustered graphs with cycles, crash Graphviz 2.43 when the layout is freed.
        if let label = line.label { attributes["xlabel"] = label }
        if let severity = line.severity {
            attributes["color"] = color(severity)
            attributes["fontcolor"] = color(severity)
            attributes["penwidth"] = "2"
            if let tooltip = line.tooltip { attributes["tooltip"] = tooltip }
        }
        return attributes
    }

    static func style(of kind: NodeKind) -> [String: String] {
        switch kind {
        case .component: ["shape": "box", "style": "rounded,filled", "fillcolor": "#dbeafe"]
        case .container: ["shape": "box3d", "style": "filled", "fillcolor": "#dcfce7"]
        case .alias: ["shape": "note", "style": "filled", "fillcolor": "#fef9c3"]
        case .leaf: ["shape": "ellipse", "style": "filled", "fillcolor": "#f3f4f6"]
        case .registration: ["shape": "cylinder", "style": "filled", "fillcolor": "#fae8ff"]
        }
    }

    static func style(of kind: EdgeKind) -> [String: String] {
        switch kind {
        case .composes: ["color": "#a3a3a3", "arrowhead": "onormal"]
        case .requires: ["color": "#525252", "style": "dashed"]
        case .forwardsTo: ["color": "#1d4ed8", "penwidth": "1.5", "fontcolor": "#1d4ed8"]
        case .uses: ["color": "#737373", "style": "dotted", "arrowhead": "vee"]
        case .provides: ["color": "#15803d", "arrowhead": "empty"]
        case .injects: ["color": "#a21caf", "style": "dashed"]
        }
    }

    static func color(_ severity: Severity) -> String {
        switch severity {
        case .error: "#dc2626"
        case .warning: "#ea580c"
        case .info: "#2563eb"
        }
    }

    static func fill(_ severity: Severity) -> String {
        switch severity {
        case .error: "#fee2e2"
        case .warning: "#ffedd5"
        case .info: "#dbeafe"
        }
    }

    /// A table of the severities drawn and how many findings each has. Its text is fixed (severity
    /// names and numbers), so the HTML-like label needs no escaping.
    static func legend(_ counts: [(severity: Severity, count: Int)]) -> String {
        var rows = "<TR><TD COLSPAN=\"2\"><B>findings</B></TD></TR>"
        for (severity, count) in counts {
            rows += "<TR><TD BGCOLOR=\"\(fill(severity))\" COLOR=\"\(color(severity))\"><FONT COLOR=\"\(color(severity))\">\(severity.rawValue)</FONT></TD><TD>\(count)</TD></TR>"
        }
        return "  \"legend:findings\" [shape=plaintext, tooltip=\"findings by severity\", label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">\(rows)</TABLE>>];"
    }

    static func attributeList(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { "\($0)=\(quoted(attributes[$0]!))" }.joined(separator: ", ")
    }

    /// A DOT double-quoted string: quotes and backslashes escaped, line breaks as DOT's `\n`.
    static func quoted(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }
}
