import CPDIFacts
import CPDIGraph
import CPDIRules

extension ResultDiff {
    /// Compares two results. `baseLabel` and `headLabel` only name the sides in reports.
    ///
    /// Graphs keep their nodes sorted by id and their edges by ends, kind and manner
    /// (`GraphBuilding.sorted`), so both sides are compared in one walk, like a merge, without hashing
    /// every id and edge: that took more than half of a warm diff of a 2,000-component app. A side whose
    /// lists are not in that order (a result written by hand) is sorted first.
    public init(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String) {
        schemaVersion = Self.currentSchemaVersion
        tool = head.tool
        self.base = Side(base, label: baseLabel)
        self.head = Side(head, label: headLabel)
        (introduced, fixed) = FindingMatching.changes(base: base.findings, head: head.findings)

        let (baseLists, headLists) = Parallel.both({ SortedGraph(base.graph) }, { SortedGraph(head.graph) })
        let nodes = Self.merge(baseLists.nodes, headLists.nodes) { (left: borrowing Node, right: borrowing Node) in left.id < right.id }
        addedNodes = nodes.added
        removedNodes = nodes.removed
        let edges = Self.merge(baseLists.edges, headLists.edges, pairs: false, by: Self.identityPrecedes)
        addedEdges = edges.added.map(EdgeChange.init)
        removedEdges = edges.removed.map(EdgeChange.init)

        leafChanges = Self.leafChanges(nodes.both, head: headLists)
        let changedEnds = Set((addedEdges + removedEdges).map(\.from))
        affected = Self.affected(
            changed: Set((addedNodes + removedNodes).filter(Self.isComponent).map(\.id))
                .union(leafChanges.map(\.id))
                .union(Self.components(at: changedEnds, graphs: [base.graph, head.graph])),
            graphs: [base.graph, head.graph], nodes: (base: baseLists, head: headLists)
        )
    }

    /// What only `head` has, what only `base` has, and the pairs both have (base's, head's), for two
    /// lists in `precedes` order without repeats (the pairs only when asked for). Elements are read in place: copying each (a node or an
    /// edge holds half a dozen strings) cost more than comparing them.
    private static func merge<T>(
        _ base: [T], _ head: [T], pairs: Bool = true, by precedes: (borrowing T, borrowing T) -> Bool
    ) -> (added: [T], removed: [T], both: [(T, T)]) {
        var added: [T] = [], removed: [T] = [], both: [(T, T)] = []
        base.withUnsafeBufferPointer { base in
            head.withUnsafeBufferPointer { head in
                var (i, j) = (0, 0)
                while i < base.count || j < head.count {
                    if j == head.count || (i < base.count && precedes(base[i], head[j])) {
                        removed.append(base[i])
                        i += 1
                    } else if i == base.count || precedes(head[j], base[i]) {
                        added.append(head[j])
                        j += 1
                    } else {
                        if pairs { both.append((base[i], head[j])) }
                        i += 1
                        j += 1
                    }
                }
            }
        }
        return (added, removed, both)
    }

    /// The order of edge identities: ends, kind, manner (`EdgeChange`'s order). Field by field, as tuples would
    /// compare, without building them: copying four strings per comparison was a sixth of a warm diff at
    /// 100,000 components.
    static func identityPrecedes(_ left: borrowing Edge, _ right: borrowing Edge) -> Bool {
        if left.from != right.from { return left.from < right.from }
        if left.to != right.to { return left.to < right.to }
        if left.kind != right.kind { return left.kind.rawValue < right.kind.rawValue }
        if left.via != right.via { return (left.via?.rawValue ?? "") < (right.via?.rawValue ?? "") }
        return false
    }

    /// The components among `ids`, and the components that require the aliases among them: an alias
    /// that composes something else changes what its components need.
    private static func components(at ids: Set<String>, graphs: [DependencyGraph]) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        var found = Set(ids.filter { $0.hasPrefix("\(NodeKind.component.rawValue):") || $0.hasPrefix("\(NodeKind.container.rawValue):") })
        for graph in graphs {
            for edge in graph.edges where edge.kind == .requires && ids.contains(edge.to) { found.insert(edge.from) }
        }
        return found
    }

    static func isComponent(_ node: Node) -> Bool { node.kind == .component || node.kind == .container }

    private static func leafChanges(_ pairs: [(Node, Node)], head: SortedGraph) -> [LeafChange] {
        // Equal lists are equal sets, and most components keep theirs.
        let changed = pairs.filter { before, node in isComponent(node) && isComponent(before) && before.leaves != node.leaves }
        guard !changed.isEmpty else { return [] }
        var children: [String: Set<String>] = [:]
        for edge in head.edges where edge.kind == .forwardsTo { children[edge.from, default: []].insert(edge.to) }
        return changed.compactMap { before, node in
            let old = Set(before.leaves ?? []), new = Set(node.leaves ?? [])
            guard old != new else { return nil }
            let gained = new.subtracting(old).sorted().map { leaf in
                let through = (children[node.id] ?? []).compactMap { head.node($0) }.filter { ($0.leaves ?? []).contains(leaf) }.map(\.name)
                return LeafChange.Gained(leaf: leaf, through: Array(Set(through)).sorted())
            }
            return LeafChange(id: node.id, name: node.name, file: node.file, line: node.line, added: gained, removed: old.subtracting(new).sorted())
        }
    }

    /// The changed components and, following forwards backwards in both graphs, everyone upstream.
    private static func affected(changed: Set<String>, graphs: [DependencyGraph], nodes: (base: SortedGraph, head: SortedGraph)) -> [String] {
        guard !changed.isEmpty else { return [] }
        var parents: [String: Set<String>] = [:]
        for graph in graphs {
            for edge in graph.edges where edge.kind == .forwardsTo { parents[edge.to, default: []].insert(edge.from) }
        }
        var seen = changed
        var queue = Array(changed)
        while let id = queue.popLast() {
            for parent in parents[id] ?? [] where seen.insert(parent).inserted { queue.append(parent) }
        }
        return Array(Set(seen.compactMap { (nodes.head.node($0) ?? nodes.base.node($0))?.name })).sorted()
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

/// One side's nodes by id and edges by identity, each once (the first in the graph's order), sorted.
private struct SortedGraph: Sendable {
    let nodes: [Node]
    /// One edge per identity (ends, kind, manner): the same forward written twice is one edge of the architecture.
    let edges: [Edge]

    init(_ graph: DependencyGraph) {
        nodes = Self.unique(graph.nodes) { (left: borrowing Node, right: borrowing Node) in left.id < right.id }
        edges = Self.unique(graph.edges, by: ResultDiff.identityPrecedes)
    }

    /// The node with this id, by binary search.
    func node(_ id: String) -> Node? {
        var (low, high) = (0, nodes.count)
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < nodes.count && nodes[low].id == id ? nodes[low] : nil
    }

    /// `items` in `precedes` order, keeping the first of equal items. The graphs cpdi writes are already
    /// in order without repeats and come back as they are; others are sorted stably.
    private static func unique<T>(_ items: [T], by precedes: (borrowing T, borrowing T) -> Bool) -> [T] {
        let inOrder = items.withUnsafeBufferPointer { items in
            items.indices.dropFirst().allSatisfy { precedes(items[$0 - 1], items[$0]) }
        }
        if inOrder { return items }
        let ordered = items.indices.sorted { precedes(items[$0], items[$1]) || (!precedes(items[$1], items[$0]) && $0 < $1) }.map { items[$0] }
        var unique: [T] = []
        unique.reserveCapacity(ordered.count)
        for item in ordered where unique.last.map({ precedes($0, item) }) ?? true { unique.append(item) }
        return unique
    }
}
