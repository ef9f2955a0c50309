import CPDIGraph
import CPDIRules

/// The graph as Graphviz DOT: one shape per node kind, findings in colour on the node and edge they
/// are about, a tooltip with kind, place and leaf count on every node.
public enum DOTFormat {
    public static func render(_ result: AnalysisResult) -> String {
        let graph = result.graph
        let marks = FindingMarks(result: result)
        var lines = [
            "digraph cpdi {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, nodesep=0.25, ranksep=0.6, bgcolor=\"white\", tooltip=\"cpdi dependency graph\"];",
            "  node [fontname=\"Helvetica\", fontsize=10, penwidth=1];",
            "  edge [fontname=\"Helvetica\", fontsize=8, arrowsize=0.6];",
        ]
        for node in graph.nodes {
            var attributes = style(of: node.kind)
            attributes["label"] = node.name
            attributes["tooltip"] = tooltip(node, findings: marks.nodeFindings[node.id] ?? [])
            if let severity = marks.nodeSeverity[node.id] {
                attributes["color"] = color(severity)
                attributes["penwidth"] = "2.5"
            }
            lines.append("  \(quoted(node.id)) [\(attributeList(attributes))];")
        }
        // `uses` edges repeat what requires + composes already show and double the clutter; JSON keeps them.
        for edge in graph.edges where edge.kind != .uses {
            var attributes = style(of: edge)
            if let finding = marks.edgeFindings[EdgeMark(edge)] {
                attributes["color"] = color(finding.severity)
                attributes["fontcolor"] = color(finding.severity)
                attributes["penwidth"] = "2"
                attributes["label"] = finding.ruleID
                attributes["tooltip"] = finding.message
            }
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to)) [\(attributeList(attributes))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
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

    static func style(of edge: Edge) -> [String: String] {
        switch edge.kind {
        case .composes: ["color": "#a3a3a3", "arrowhead": "onormal"]
        case .requires: ["color": "#525252", "style": "dashed"]
        case .forwardsTo: ["color": "#1d4ed8", "penwidth": "1.5", "label": edge.via?.rawValue ?? "", "fontcolor": "#1d4ed8"]
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

    static func tooltip(_ node: Node, findings: [Finding]) -> String {
        var parts = [node.kind.rawValue]
        if !node.file.isEmpty { parts.append("\(node.file):\(node.line)") }
        if let leaves = node.leaves { parts.append("\(leaves.count) leaves") }
        parts += findings.map { "\($0.ruleID): \($0.message)" }
        return parts.joined(separator: "\n")
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

/// Which nodes and edges findings are about.
private struct FindingMarks {
    var nodeSeverity: [String: Severity] = [:]
    var nodeFindings: [String: [Finding]] = [:]
    var edgeFindings: [EdgeMark: Finding] = [:]

    init(result: AnalysisResult) {
        // A finding names its component; prefer the component (or container) node over an alias of the same name.
        var nodesByName: [String: Node] = [:]
        for node in result.graph.nodes {
            let isComponent = node.kind == .component || node.kind == .container
            if nodesByName[node.name] == nil || isComponent { nodesByName[node.name] = node }
        }
        var composesAt: [String: Edge] = [:]
        for edge in result.graph.edges where edge.kind == .composes {
            composesAt["\(edge.file):\(edge.line):\(edge.column)"] = composesAt["\(edge.file):\(edge.line):\(edge.column)"] ?? edge
        }
        for finding in result.findings {
            guard let node = nodesByName[finding.component] else { continue }
            nodeSeverity[node.id] = max(nodeSeverity[node.id] ?? .info, finding.severity)
            nodeFindings[node.id, default: []].append(finding)
            // An alias member finding points at the member as written: colour that composes edge.
            if let edge = composesAt["\(finding.file):\(finding.line):\(finding.column)"] {
                let mark = EdgeMark(edge)
                if edgeFindings[mark].map({ $0.severity < finding.severity }) ?? true { edgeFindings[mark] = finding }
            }
        }
    }
}

private struct EdgeMark: Hashable {
    let from: String, to: String, kind: EdgeKind
    init(_ edge: Edge) { (from, to, kind) = (edge.from, edge.to, edge.kind) }
}
