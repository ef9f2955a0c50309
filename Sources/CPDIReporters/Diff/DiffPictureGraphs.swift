import CPDIGraph

/// The part of both graphs a diff's picture reads (`DiffPicture`), taken by asking each side about the changed
/// nodes and their neighbours instead of walking every node and edge: at 100,000 components, that is what lets a
/// saved graph stay where it lies. `DiffPicture` drawn from these graphs is the one drawn from the whole graphs
/// (`DiffPictureGraphsTests`), because they hold, on both sides:
/// - every `requires` edge into an alias whose composition changed;
/// - every `forwardsTo` edge of each component the picture may show or mark, and of each component an added or
///   removed forward starts at, so every pair of components gets its status and label as it would from all edges;
/// - the component or container node of every id those edges and the changes name.
enum DiffPictureGraphs {
    static func around<Graph: DiffGraph>(_ diff: ResultDiff, base: Graph, head: Graph) -> (base: DependencyGraph, head: DependencyGraph) {
        var picked = (base: Picked(graph: base), head: Picked(graph: head))
        func takeForwards(from id: String) {
            picked.base.takeForwards(from: id)
            picked.head.takeForwards(from: id)
        }
        func isComponent(_ id: String) -> Bool { picked.base.component(id) != nil || picked.head.component(id) != nil }

        // Forwards added or removed: every pair of components that is in one graph only starts at one of these.
        let changes = diff.addedEdges + diff.removedEdges
        for change in changes where change.kind == .forwardsTo { takeForwards(from: change.from) }

        // The components the picture marks, as `DiffPicture` finds them.
        var focus = Set((diff.addedNodes + diff.removedNodes).filter(ResultDiff.isComponent).map(\.id)).union(diff.leafChanges.map(\.id))
        let changedAliases = Set(changes.filter { $0.kind == .composes }.map(\.from))
        for alias in changedAliases.sorted() {
            for edge in picked.base.takeRequires(into: alias) + picked.head.takeRequires(into: alias) where isComponent(edge.from) {
                focus.insert(edge.from)
            }
        }
        for change in changes where change.kind == .forwardsTo {
            for end in [change.from, change.to] where isComponent(end) { focus.insert(end) }
        }

        // Their neighbours one forward away, either way, and everything those forward to.
        var neighbours: Set<String> = []
        for id in focus.sorted() {
            takeForwards(from: id)
            for edge in picked.base.forwards(into: id) + picked.head.forwards(into: id) { neighbours.insert(edge.from) }
            for edge in picked.base.forwards(from: id) + picked.head.forwards(from: id) { neighbours.insert(edge.to) }
        }
        for id in neighbours.sorted() { takeForwards(from: id) }
        // Each side's node of every id either side names: `DiffPicture` takes a component from whichever graph has it.
        let ids = picked.base.names.union(picked.head.names)
        return (picked.base.graph(naming: ids), picked.head.graph(naming: ids))
    }

    /// What has been taken of one side.
    private struct Picked<Graph: DiffGraph> {
        let graph: Graph
        private var edges: [Edge] = []
        private var forwardSources: Set<String> = []
        private var takenRequires: Set<String> = []

        init(graph: Graph) { self.graph = graph }

        func component(_ id: String) -> Node? { graph.node(id: id).flatMap { ResultDiff.isComponent($0) ? $0 : nil } }

        func forwards(from id: String) -> [Edge] { graph.edges(from: id).filter { $0.kind == .forwardsTo } }
        func forwards(into id: String) -> [Edge] { graph.edges(into: id, kind: .forwardsTo) }

        mutating func takeForwards(from id: String) {
            guard forwardSources.insert(id).inserted else { return }
            edges += forwards(from: id)
        }

        mutating func takeRequires(into id: String) -> [Edge] {
            let found = graph.edges(into: id, kind: .requires)
            if takenRequires.insert(id).inserted { edges += found }
            return found
        }

        /// The ids the taken edges and the components asked about name.
        var names: Set<String> { Set(edges.flatMap { [$0.from, $0.to] }).union(forwardSources) }

        /// The taken edges in identity order, and this side's component nodes among `ids`.
        func graph(naming ids: Set<String>) -> DependencyGraph {
            DependencyGraph(nodes: ids.sorted().compactMap(component), edges: edges.sorted { ResultDiff.identityPrecedes($0, $1) }, roots: [])
        }
    }
}
