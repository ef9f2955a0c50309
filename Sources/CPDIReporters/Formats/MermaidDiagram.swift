import CPDIGraph
import CPDIRules

/// The part of the graph a reviewer needs next to the findings: the components that have findings
/// and the components they forward to or are forwarded from, as a Mermaid flowchart GitHub renders.
struct MermaidDiagram {
    /// Beyond this, Mermaid's layout turns into a hairball in a comment-sized box.
    static let maximumNodes = 50

    /// Nodes drawn, and how many would have been drawn without the limit.
    private(set) var shown = 0
    private(set) var total = 0
    private var lines: [String] = []

    var isEmpty: Bool { shown == 0 }
    var isTrimmed: Bool { shown < total }

    init(_ result: AnalysisResult, maximumNodes: Int = Self.maximumNodes) {
        let nodes = Dictionary(result.graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let flagged = Self.flaggedNodes(result)
        let forwards = result.graph.edges.filter { $0.kind == .forwardsTo && nodes[$0.from] != nil && nodes[$0.to] != nil }

        // Flagged components first, most severe first, each followed in turn by its neighbours, so a
        // trimmed diagram still shows as many of the components the table talks about as fit.
        let flaggedOrder = flagged.keys.sorted { (flagged[$1]!, $0) < (flagged[$0]!, $1) }
        var neighbours: [String: Set<String>] = [:]
        for edge in forwards {
            neighbours[edge.from, default: []].insert(edge.to)
            neighbours[edge.to, default: []].insert(edge.from)
        }
        var candidates = flaggedOrder
        var seen = Set(flaggedOrder)
        for id in flaggedOrder {
            for neighbour in (neighbours[id] ?? []).sorted() where seen.insert(neighbour).inserted { candidates.append(neighbour) }
        }
        let selected = Set(candidates.prefix(maximumNodes))
        total = candidates.count
        shown = selected.count
        guard !selected.isEmpty else { return }

        lines.append("flowchart LR")
        for id in selected.sorted() {
            let node = nodes[id]!
            let label = "\"\(MermaidEscaping.label(node.name))\""
            let shape = node.kind == .container ? "[[\(label)]]" : "[\(label)]"
            lines.append("  \(MermaidEscaping.nodeID(id))\(shape)")
        }
        // Node ids are [A-Za-z0-9_], so a space separates the two ends of a pair safely.
        // One arrow per pair, labelled with every way it forwards (a class may both build and subclass another).
        var vias: [String: Set<String>] = [:]
        for edge in forwards where selected.contains(edge.from) && selected.contains(edge.to) && (flagged[edge.from] != nil || flagged[edge.to] != nil) {
            vias["\(MermaidEscaping.nodeID(edge.from)) \(MermaidEscaping.nodeID(edge.to))", default: []].formUnion(edge.via.map { [$0.rawValue] } ?? [])
        }
        for pair in vias.keys.sorted() {
            let ends = pair.split(separator: " ")
            let label = vias[pair]!.isEmpty ? "" : "|\(vias[pair]!.sorted().joined(separator: ", "))|"
            lines.append("  \(ends[0]) -->\(label) \(ends[1])")
        }
        for severity in Severity.allCases.reversed() {
            let members = flaggedOrder.filter { selected.contains($0) && flagged[$0] == severity }.sorted().map(MermaidEscaping.nodeID)
            guard !members.isEmpty else { continue }
            lines.append("  classDef \(severity.rawValue) \(Self.style(severity))")
            lines.append("  class \(members.joined(separator: ",")) \(severity.rawValue)")
        }
    }

    /// The fenced block, or nothing when no finding points at a node of the graph.
    var markdown: String {
        isEmpty ? "" : "```mermaid\n" + lines.joined(separator: "\n") + "\n```\n"
    }

    /// The most severe finding of each component node. A finding names its component by name only;
    /// a component wins over a container of the same name.
    private static func flaggedNodes(_ result: AnalysisResult) -> [String: Severity] {
        var byName: [String: Node] = [:]
        for node in result.graph.nodes where node.kind == .component || node.kind == .container {
            if byName[node.name] == nil || node.kind == .component { byName[node.name] = node }
        }
        var flagged: [String: Severity] = [:]
        for finding in result.findings {
            guard let node = byName[finding.component] else { continue }
            flagged[node.id] = max(flagged[node.id] ?? finding.severity, finding.severity)
        }
        return flagged
    }

    // The same colours as the SVG graph, so a reader recognises them.
    private static func style(_ severity: Severity) -> String {
        switch severity {
        case .error: "fill:#fee2e2,stroke:#dc2626,stroke-width:2px"
        case .warning: "fill:#ffedd5,stroke:#ea580c,stroke-width:2px"
        case .info: "fill:#dbeafe,stroke:#2563eb,stroke-width:2px"
        }
    }
}
