import CPDIFacts
import CPDIGraph
import CPDIRules

extension ResultDiff {
    /// Compares two results. `baseLabel` and `headLabel` only name the sides in reports.
    public init(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String) {
        schemaVersion = Self.currentSchemaVersion
        tool = head.tool
        self.base = Side(base, label: baseLabel)
        self.head = Side(head, label: headLabel)
        (introduced, fixed) = FindingMatching.changes(base: base.findings, head: head.findings)

        // Each side's nodes and edges are indexed at the same time as the other's.
        let (baseIndex, headIndex) = Parallel.both({ GraphIndex(base.graph) }, { GraphIndex(head.graph) })
        let (baseNodes, headNodes) = (baseIndex.nodes, headIndex.nodes)
        // What only head has and what only base has, one on each core.
        let (added, removed) = Parallel.both(
            { Self.onlyIn(head.graph, of: headIndex, notIn: baseIndex) }, { Self.onlyIn(base.graph, of: baseIndex, notIn: headIndex) }
        )
        (addedNodes, addedEdges) = added
        (removedNodes, removedEdges) = removed

        leafChanges = Self.leafChanges(baseNodes: baseNodes, headNodes: headNodes, head: head)
        let changedEnds = Set((addedEdges + removedEdges).map(\.from))
        affected = Self.affected(
            changed: Set((addedNodes + removedNodes).filter(Self.isComponent).map(\.id))
                .union(leafChanges.map(\.id))
                .union(Self.components(at: changedEnds, graphs: [base.graph, head.graph])),
            graphs: [base.graph, head.graph], nodes: (base: baseNodes, head: headNodes)
        )
    }

    /// The nodes and edges of `graph` (indexed by `index`) that `other` does not have, in order.
    private static func onlyIn(_ graph: DependencyGraph, of index: GraphIndex, notIn other: GraphIndex) -> ([Node], [EdgeChange]) {
        let nodes = graph.nodes.filter { other.nodes[$0.id] == nil }.sorted { $0.id < $1.id }
        // Not `Dictionary.filter`, which builds a dictionary of the survivors only to be read once.
        let edges = index.edges.compactMap { other.edges[$0.key] == nil ? $0.value : nil }.sorted()
        return (nodes, edges)
    }

    /// The components among `ids`, and the components that require the aliases among them: an alias
    /// that composes something else changes what its components need.
    private static func components(at ids: Set<String>, graphs: [DependencyGraph]) -> Set<String> {
        var found = Set(ids.filter { $0.hasPrefix("\(NodeKind.component.rawValue):") || $0.hasPrefix("\(NodeKind.container.rawValue):") })
        for graph in graphs {
            for edge in graph.edges where edge.kind == .requires && ids.contains(edge.to) { found.insert(edge.from) }
        }
        return found
    }

    static func isComponent(_ node: Node) -> Bool { node.kind == .component || node.kind == .container }

    /// One edge per identity (ends, kind, manner), the first in the graph's order: the same forward
    /// written twice is one edge of the architecture.
    fileprivate static func edgesByIdentity(_ edges: [Edge]) -> [EdgeIdentity: EdgeChange] {
        var byIdentity: [EdgeIdentity: EdgeChange] = [:]
        byIdentity.reserveCapacity(edges.count)
        for edge in edges {
            let identity = EdgeIdentity(from: edge.from, to: edge.to, kind: edge.kind, via: edge.via)
            if byIdentity[identity] == nil { byIdentity[identity] = EdgeChange(edge) }
        }
        return byIdentity
    }

    fileprivate struct EdgeIdentity: Hashable, Sendable {
        var from: String
        var to: String
        var kind: EdgeKind
        var via: ForwardVia?
    }

    private static func leafChanges(baseNodes: [String: Node], headNodes: [String: Node], head: AnalysisResult) -> [LeafChange] {
        var children: [String: Set<String>] = [:]
        for edge in head.graph.edges where edge.kind == .forwardsTo { children[edge.from, default: []].insert(edge.to) }
        return head.graph.nodes.filter(isComponent).sorted { $0.id < $1.id }.compactMap { node in
            // Equal lists are equal sets, and most components keep theirs.
            guard let before = baseNodes[node.id], isComponent(before), before.leaves != node.leaves else { return nil }
            let old = Set(before.leaves ?? []), new = Set(node.leaves ?? [])
            guard old != new else { return nil }
            let gained = new.subtracting(old).sorted().map { leaf in
                let through = (children[node.id] ?? []).compactMap { headNodes[$0] }.filter { ($0.leaves ?? []).contains(leaf) }.map(\.name)
                return LeafChange.Gained(leaf: leaf, through: Array(Set(through)).sorted())
            }
            return LeafChange(id: node.id, name: node.name, file: node.file, line: node.line, added: gained, removed: old.subtracting(new).sorted())
        }
    }

    /// The changed components and, following forwards backwards in both graphs, everyone upstream.
    private static func affected(changed: Set<String>, graphs: [DependencyGraph], nodes: (base: [String: Node], head: [String: Node])) -> [String] {
        var parents: [String: Set<String>] = [:]
        for graph in graphs {
            for edge in graph.edges where edge.kind == .forwardsTo { parents[edge.to, default: []].insert(edge.from) }
        }
        var seen = changed
        var queue = Array(changed)
        while let id = queue.popLast() {
            for parent in parents[id] ?? [] where seen.insert(parent).inserted { queue.append(parent) }
        }
        return Array(Set(seen.compactMap { (nodes.head[$0] ?? nodes.base[$0])?.name })).sorted()
    }
}

extension ResultDiff.Side {
    init(_ result: AnalysisResult, label: String) {
        self.init(
            label: label, files: result.files.count,
            components: result.graph.nodes.filter(ResultDiff.isComponent).count, findings: result.findings.count
        )
    }
}

/// One side's nodes by id and edges by identity, what the comparison looks things up in.
private struct GraphIndex: Sendable {
    var nodes: [String: Node]
    var edges: [ResultDiff.EdgeIdentity: ResultDiff.EdgeChange]

    init(_ graph: DependencyGraph) {
        nodes = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        edges = ResultDiff.edgesByIdentity(graph.edges)
    }
}
