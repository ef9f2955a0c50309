import CPDIFacts
import CPDIGraph
import CPDIRules

extension ResultDiff {
    /// Compares two results. `baseLabel` and `headLabel` only name the sides in reports.
    public init(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String) {
        let (baseGraph, headGraph) = Parallel.both({ SortedGraph(base.graph) }, { SortedGraph(head.graph) })
        self.init(base: base, head: head, baseGraph: baseGraph, headGraph: headGraph, baseLabel: baseLabel, headLabel: headLabel)
    }

    /// Compares two results whose graphs are given apart (the results' own `graph` is not read).
    ///
    /// Both sides keep their nodes sorted by id and their edges by ends, kind and manner, so they are compared
    /// in one walk, like a merge, without hashing every id and edge. Where the next two are the same, nothing is
    /// read: a saved result's graph is compared where it lies, and only what differs is decoded.
    public init<Graph: DiffGraph>(
        base: AnalysisResult, head: AnalysisResult, baseGraph: Graph, headGraph: Graph, baseLabel: String, headLabel: String
    ) {
        schemaVersion = Self.currentSchemaVersion
        tool = head.tool
        self.base = Side(label: baseLabel, files: base.files.count, components: baseGraph.componentCount, findings: base.findings.count)
        self.head = Side(label: headLabel, files: head.files.count, components: headGraph.componentCount, findings: head.findings.count)
        (introduced, fixed) = FindingMatching.changes(base: base.findings, head: head.findings)

        let nodes = Self.merge(
            baseGraph.nodeCount, headGraph.nodeCount, same: { baseGraph.sameNode($0, as: $1, in: headGraph) },
            base: baseGraph.node(at:), head: headGraph.node(at:)
        ) { (left: borrowing Node, right: borrowing Node) in left.id < right.id }
        addedNodes = nodes.added
        removedNodes = nodes.removed
        let edges = Self.merge(
            baseGraph.edgeCount, headGraph.edgeCount, same: { baseGraph.sameIdentity($0, as: $1, in: headGraph) },
            base: baseGraph.edge(at:), head: headGraph.edge(at:), by: Self.identityPrecedes
        )
        addedEdges = edges.added.map(EdgeChange.init)
        removedEdges = edges.removed.map(EdgeChange.init)

        leafChanges = Self.leafChanges(nodes.differing, head: headGraph)
        let changedEnds = Set((addedEdges + removedEdges).map(\.from))
        affected = Self.affected(
            changed: Set((addedNodes + removedNodes).filter(Self.isComponent).map(\.id))
                .union(leafChanges.map(\.id))
                .union(Self.components(at: changedEnds, base: baseGraph, head: headGraph)),
            base: baseGraph, head: headGraph
        )
    }

    /// What only head has, what only base has, and the pairs of the same key that differ (base's, head's), for two
    /// lists in `precedes` order without repeats. Elements `same` calls alike are skipped unread.
    private static func merge<T>(
        _ baseCount: Int, _ headCount: Int, same: (Int, Int) -> Bool, base: (Int) -> T, head: (Int) -> T,
        by precedes: (borrowing T, borrowing T) -> Bool
    ) -> (added: [T], removed: [T], differing: [(T, T)]) {
        var added: [T] = [], removed: [T] = [], differing: [(T, T)] = []
        var (i, j) = (0, 0)
        while i < baseCount || j < headCount {
            if i < baseCount, j < headCount, same(i, j) {
                i += 1
                j += 1
            } else if j == headCount {
                removed.append(base(i))
                i += 1
            } else if i == baseCount {
                added.append(head(j))
                j += 1
            } else {
                let (before, after) = (base(i), head(j))
                if precedes(before, after) {
                    removed.append(before)
                    i += 1
                } else if precedes(after, before) {
                    added.append(after)
                    j += 1
                } else {
                    differing.append((before, after))
                    i += 1
                    j += 1
                }
            }
        }
        return (added, removed, differing)
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
    private static func components<Graph: DiffGraph>(at ids: Set<String>, base: Graph, head: Graph) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        var found = Set(ids.filter { $0.hasPrefix("\(NodeKind.component.rawValue):") || $0.hasPrefix("\(NodeKind.container.rawValue):") })
        for id in ids {
            for edge in base.edges(into: id, kind: .requires) + head.edges(into: id, kind: .requires) { found.insert(edge.from) }
        }
        return found
    }

    static func isComponent(_ node: Node) -> Bool { node.kind == .component || node.kind == .container }

    private static func leafChanges<Graph: DiffGraph>(_ pairs: [(Node, Node)], head: Graph) -> [LeafChange] {
        // Equal lists are equal sets, and most components keep theirs.
        let changed = pairs.filter { before, node in isComponent(node) && isComponent(before) && before.leaves != node.leaves }
        return changed.compactMap { before, node in
            let old = Set(before.leaves ?? []), new = Set(node.leaves ?? [])
            guard old != new else { return nil }
            let children = Set(head.edges(from: node.id).filter { $0.kind == .forwardsTo }.map(\.to))
            let gained = new.subtracting(old).sorted().map { leaf in
                let through = children.compactMap { head.node(id: $0) }.filter { ($0.leaves ?? []).contains(leaf) }.map(\.name)
                return LeafChange.Gained(leaf: leaf, through: Array(Set(through)).sorted())
            }
            return LeafChange(id: node.id, name: node.name, file: node.file, line: node.line, added: gained, removed: old.subtracting(new).sorted())
        }
    }

    /// The changed components and, following forwards backwards in both graphs, everyone upstream.
    private static func affected<Graph: DiffGraph>(changed: Set<String>, base: Graph, head: Graph) -> [String] {
        guard !changed.isEmpty else { return [] }
        var seen = changed
        var queue = Array(changed)
        while let id = queue.popLast() {
            for edge in base.edges(into: id, kind: .forwardsTo) + head.edges(into: id, kind: .forwardsTo)
            where seen.insert(edge.from).inserted {
                queue.append(edge.from)
            }
        }
        return Array(Set(seen.compactMap { (head.node(id: $0) ?? base.node(id: $0))?.name })).sorted()
    }
}
