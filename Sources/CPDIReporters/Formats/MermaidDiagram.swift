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
        var vias: [String: [ForwardVia?]] = [:]
        for edge in forwards where selected.contains(edge.from) && selected.contains(edge.to) && (flagged[edge.from] != nil || flagged[edge.to] != nil) {
            vias["\(MermaidEscaping.nodeID(edge.from)) \(MermaidEscaping.nodeID(edge.to))", default: []].append(edge.via)
        }
        for pair in vias.keys.sorted() {
            let ends = pair.split(separator: " ")
            let label = ForwardLabels.label(vias[pair]!).map { "|\($0)|" } ?? ""
            lines.append("  \(ends[0]) -->\(label) \(ends[1])")
        }
        for severity in Severity.allCases.reversed() {
            let members = flaggedOrder.filter { selected.contains($0) && flagged[$0] == severity }.sorted().map(MermaidEscaping.nodeID)
            guard !members.isEmpty else { continue }
            lines.append("  classDef \(severity.rawValue) \(Self.style(severity))")
            lines.append("  class \(members.joined(separator: ",")) \(severity.rawValue)")
        }
    }

    /// The fenced block and what its arrows mean, or nothing when no finding points at a node of the graph.
    var markdown: String {
        isEmpty ? "" : "```mermaid\n" + lines.joined(separator: "\n") + "\n```\n\nArrows: who forwards its dependencies to whom. " + ForwardLabels.legend + "\n"
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

/// `cpdi graph --format mermaid`: a drawing as a Mermaid flowchart, which GitHub and GitLab render
/// inline. The drawing is made for `LayoutStrategy.Target.mermaid`, so a large view arrives already
/// collapsed (or trimmed), and a comment line says so.
extension MermaidDiagram {
    static func flowchart(_ drawing: GraphDrawing) -> String {
        var lines = ["flowchart LR"]
        let strategy = drawing.strategy
        lines.append("  %% cpdi graph: \(drawing.view.rawValue) view, \(strategy.summary)")
        if strategy.collapse != .flat, let reason = strategy.reason {
            lines.append("  %% collapsed by \(strategy.collapse.rawValue): \(reason); draw one \(strategy.collapse.rawValue) with --focus")
        }
        if strategy.trimmedNodes > 0 {
            lines.append("  %% \(LayoutStrategy.formatted(strategy.trimmedNodes)) nodes with the fewest edges were left out to stay within Mermaid's limits")
        }
        var clustered: [String: [GraphDrawing.Item]] = [:]
        for item in drawing.items {
            if let cluster = item.cluster { clustered[cluster, default: []].append(item) } else { lines.append("  " + node(item)) }
        }
        for (index, cluster) in drawing.clusters.enumerated() {
            guard let items = clustered[cluster] else { continue }
            lines.append("  subgraph cluster_\(index) [\"\(MermaidEscaping.label(cluster))\"]")
            for item in items { lines.append("    " + node(item)) }
            lines.append("  end")
        }
        if drawing.decorations, !drawing.legend.isEmpty {
            let text = drawing.legend.map { "\($0.count) \($0.severity.rawValue)" }.joined(separator: ", ")
            lines.append("  legend_findings[\"findings: \(MermaidEscaping.label(text))\"]")
        }
        let keyed = drawing.decorations && drawing.lines.contains { $0.kind == .forwardsTo }
        if keyed { lines.append("  legend_arrows[\"\(MermaidEscaping.label(ForwardLabels.legend))\"]") }
        for line in drawing.lines {
            let arrow = line.kind == nil || line.kind == .forwardsTo ? "-->" : line.kind == .composes ? "--o" : "-.->"
            let label = line.label.map { $0.isEmpty ? "" : "|\"\(MermaidEscaping.label($0))\"|" } ?? ""
            lines.append("  \(MermaidEscaping.nodeID(line.from)) \(arrow)\(label) \(MermaidEscaping.nodeID(line.to))")
        }
        // Kind classes first, severity classes after, so a finding's colours win.
        var byClass: [String: [String]] = [:]
        for item in drawing.items {
            let kind: String
            switch item.shape {
            case .node(let nodeKind): kind = nodeKind.rawValue
            case .group: kind = "group"
            }
            byClass[kind, default: []].append(MermaidEscaping.nodeID(item.id))
            if let severity = item.severity { byClass[severity.rawValue, default: []].append(MermaidEscaping.nodeID(item.id)) }
        }
        if drawing.decorations, !drawing.legend.isEmpty { byClass[drawing.legend[0].severity.rawValue, default: []].append("legend_findings") }
        if keyed { byClass["legend"] = ["legend_arrows"] }
        let order = NodeKind.allCases.map(\.rawValue) + ["group", "legend"] + Severity.allCases.map(\.rawValue)
        for name in order {
            guard let members = byClass[name] else { continue }
            lines.append("  classDef \(name) \(classStyle(name))")
            lines.append("  class \(members.joined(separator: ",")) \(name)")
        }
        if drawing.decorations {
            for item in drawing.items {
                guard let url = item.url else { continue }
                // The URL is percent-encoded already (`SourceLinks`), so it cannot hold a quote.
                lines.append("  click \(MermaidEscaping.nodeID(item.id)) href \"\(url)\" \"\(MermaidEscaping.label(item.tooltip))\"")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func node(_ item: GraphDrawing.Item) -> String {
        let label = "\"\(MermaidEscaping.label(item.label))\""
        let shape: String
        switch item.shape {
        case .node(.component): shape = "(\(label))"
        case .node(.container): shape = "[[\(label)]]"
        case .node(.alias): shape = ">\(label)]"
        case .node(.leaf): shape = "([\(label)])"
        case .node(.registration): shape = "[(\(label))]"
        case .group: shape = "{{\(label)}}"
        }
        return MermaidEscaping.nodeID(item.id) + shape
    }

    private static func classStyle(_ name: String) -> String {
        switch name {
        case "component": "fill:#dbeafe,stroke:#1d4ed8"
        case "container": "fill:#dcfce7,stroke:#15803d"
        case "alias": "fill:#fef9c3,stroke:#a16207"
        case "leaf": "fill:#f3f4f6,stroke:#737373"
        case "registration": "fill:#fae8ff,stroke:#a21caf"
        case "group": "fill:#e0e7ff,stroke:#4338ca"
        case "legend": "fill:#ffffff,stroke:#cbd5e1,color:#475569"
        case "error": "fill:#fee2e2,stroke:#dc2626,stroke-width:3px"
        case "warning": "fill:#ffedd5,stroke:#ea580c,stroke-width:2px"
        default: "fill:#dbeafe,stroke:#2563eb,stroke-width:2px,stroke-dasharray:4 2"
        }
    }
}
