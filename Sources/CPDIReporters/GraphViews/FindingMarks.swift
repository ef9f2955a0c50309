import CPDIGraph
import CPDIRules

/// Which nodes and edges findings are about, for every drawing of the graph.
struct FindingMarks {
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

struct EdgeMark: Hashable {
    let from: String, to: String, kind: EdgeKind
    init(_ edge: Edge) { (from, to, kind) = (edge.from, edge.to, edge.kind) }
}
