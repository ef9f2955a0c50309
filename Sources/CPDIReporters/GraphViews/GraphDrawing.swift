import CPDIGraph
import CPDIRules

/// What a picture of the graph shows, independent of the output syntax: DOT and Mermaid each
/// write one of these. Built by `make`: view → filters → reverse → focus → strategy → collapse.
public struct GraphDrawing: Sendable {
    public enum Shape: Sendable, Equatable {
        case node(NodeKind)
        /// A collapsed module or folder.
        case group(GraphOptions.Grouping)
    }

    public struct Item: Sendable {
        public var id: String
        public var label: String
        public var shape: Shape
        public var tooltip: String
        public var url: String?
        /// The cluster the item is drawn in, if any.
        public var cluster: String?
        public var severity: Severity?
        /// Findings on the item (on its members, for a group), by severity.
        public var findings: [Severity: Int]
    }

    public struct Line: Sendable {
        public var from: String, to: String
        /// nil for the edges between collapsed groups.
        public var kind: EdgeKind?
        public var label: String?
        public var tooltip: String?
        /// The finding this edge is about (drawn in its colour), if any.
        public var severity: Severity?
        /// How many edges a collapsed line stands for.
        public var count: Int
    }

    public var items: [Item]
    public var lines: [Line]
    /// Cluster keys in drawing order.
    public var clusters: [String]
    /// Findings per severity among the drawn items, most severe first, for the legend.
    public var legend: [(severity: Severity, count: Int)]
    public var strategy: LayoutStrategy
    public var view: GraphOptions.View
    public var decorations: Bool

    public static func make(_ result: AnalysisResult, options: GraphOptions, target: LayoutStrategy.Target = .graphviz) throws(GraphViewError) -> GraphDrawing {
        var view = options.view.select(result.graph)
        view = PatternFilter(include: options.include, exclude: options.exclude, hideLeaves: options.hideLeaves).apply(view)
        if let leaf = options.reverse {
            view = try ReverseLeaf(leaf: leaf).apply(view, graph: result.graph, paths: DependencyPaths(graph: result.graph))
        }
        view = try Focus(names: options.focus, depth: options.depth).apply(view)
        let strategy = LayoutStrategy.choose(view, options: options, target: target)
        let marks = FindingMarks(result: result)
        let links = SourceLinks(prefix: options.linkPrefix, base: options.linkBase)

        var drawing = strategy.collapse == .flat
            ? flat(view, strategy: strategy, marks: marks, links: options.decorations ? links : nil)
            : collapsed(view, strategy: strategy, marks: marks)
        if strategy.trimmedNodes > 0 { drawing.trim(to: strategy.drawnNodes) }
        drawing.view = options.view
        drawing.decorations = options.decorations
        var counts: [Severity: Int] = [:]
        for item in drawing.items { counts.merge(item.findings, uniquingKeysWith: +) }
        drawing.legend = Severity.allCases.reversed().compactMap { severity in counts[severity].map { (severity, $0) } }
        return drawing
    }

    private init(items: [Item], lines: [Line], clusters: [String], strategy: LayoutStrategy) {
        self.items = items
        self.lines = lines
        self.clusters = clusters
        self.legend = []
        self.strategy = strategy
        self.view = .components
        self.decorations = true
    }

    private static func flat(_ view: ViewGraph, strategy: LayoutStrategy, marks: FindingMarks, links: SourceLinks?) -> GraphDrawing {
        var clusters: Set<String> = []
        let items = view.nodes.map { node in
            let cluster = strategy.cluster.key(of: node)
            if let cluster { clusters.insert(cluster) }
            return Item(
                id: node.id, label: node.name, shape: .node(node.kind),
                tooltip: tooltip(node, findings: marks.nodeFindings[node.id] ?? []),
                url: links?.url(file: node.file, line: node.line), cluster: cluster, severity: marks.nodeSeverity[node.id],
                findings: Dictionary(grouping: marks.nodeFindings[node.id] ?? [], by: \.severity).mapValues(\.count)
            )
        }
        let lines = view.edges.map { edge in
            var line = Line(from: edge.from, to: edge.to, kind: edge.kind, label: nil, tooltip: nil, severity: nil, count: 1)
            if edge.kind == .forwardsTo, strategy.edgeLabels { line.label = ForwardLabels.label([edge.via]) }
            if let finding = marks.edgeFindings[EdgeMark(edge)] {
                line.severity = finding.severity
                line.label = finding.ruleID
                line.tooltip = finding.message
            }
            return line
        }
        return GraphDrawing(items: items, lines: lines, clusters: clusters.sorted(), strategy: strategy)
    }

    private static func collapsed(_ view: ViewGraph, strategy: LayoutStrategy, marks: FindingMarks) -> GraphDrawing {
        let collapse = Collapse(grouping: strategy.collapse)
        let (groups, links) = collapse.apply(view, marks: marks)
        let items = groups.map { group in
            let id = collapse.id(ofGroup: group.key)
            var findings: [Severity: Int] = [:]
            for member in group.members { for finding in marks.nodeFindings[member.id] ?? [] { findings[finding.severity, default: 0] += 1 } }
            let counts = Dictionary(grouping: group.members, by: \.kind).mapValues(\.count)
            let contents = NodeKind.allCases.compactMap { kind in counts[kind].map { "\(LayoutStrategy.formatted($0)) \(plural(kind, $0))" } }
            var tooltip = [strategy.collapse.rawValue + " " + group.key] + contents
            tooltip.append("\(LayoutStrategy.formatted(group.internalEdges)) edges inside")
            if group.findings > 0 { tooltip.append("\(group.findings) finding\(group.findings == 1 ? "" : "s")") }
            return Item(
                id: id, label: group.key + "\n" + contents.joined(separator: ", "), shape: .group(strategy.collapse),
                tooltip: tooltip.joined(separator: "\n"), url: nil, cluster: nil, severity: group.severity, findings: findings
            )
        }
        let lines = links.map { link in
            Line(
                from: collapse.id(ofGroup: link.from), to: collapse.id(ofGroup: link.to), kind: nil,
                label: LayoutStrategy.formatted(link.count),
                tooltip: "\(LayoutStrategy.formatted(link.count)) \(link.kinds.map(\.rawValue).sorted().joined(separator: ", ")) edges",
                severity: nil, count: link.count
            )
        }
        return GraphDrawing(items: items, lines: lines, clusters: [], strategy: strategy)
    }

    /// Keeps the `limit` items with the most edges (ties by id), for Mermaid when even collapsing is not enough.
    private mutating func trim(to limit: Int) {
        var degree: [String: Int] = [:]
        for line in lines {
            degree[line.from, default: 0] += line.count
            degree[line.to, default: 0] += line.count
        }
        let kept = Set(items.map(\.id).sorted { (degree[$0] ?? 0, $1) > (degree[$1] ?? 0, $0) }.prefix(limit))
        items = items.filter { kept.contains($0.id) }
        lines = lines.filter { kept.contains($0.from) && kept.contains($0.to) }
    }

    static func tooltip(_ node: Node, findings: [Finding]) -> String {
        var parts = [node.kind.rawValue]
        if !node.file.isEmpty { parts.append("\(node.file):\(node.line)") }
        if let leaves = node.leaves { parts.append("\(leaves.count) leaves") }
        parts += findings.map { "\($0.ruleID): \($0.message)" }
        return parts.joined(separator: "\n")
    }

    private static func plural(_ kind: NodeKind, _ count: Int) -> String {
        let name = kind == .alias ? "aliase" : kind.rawValue
        return count == 1 ? kind.rawValue : name + "s"
    }
}
