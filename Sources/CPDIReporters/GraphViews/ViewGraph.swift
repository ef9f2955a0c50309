import CPDIGraph

/// The nodes and edges a view keeps, before anything is styled: each step (selection, filters,
/// focus, collapse) takes one and returns a smaller one. Edges only ever join kept nodes.
struct ViewGraph: Sendable {
    var nodes: [Node]
    var edges: [Edge]

    /// Keeps the nodes `keep` accepts and the edges between them, in the same order.
    func restricted(to keep: (Node) -> Bool) -> ViewGraph {
        let kept = nodes.filter(keep)
        let ids = Set(kept.map(\.id))
        return ViewGraph(nodes: kept, edges: edges.filter { ids.contains($0.from) && ids.contains($0.to) })
    }

    func restricted(to ids: Set<String>) -> ViewGraph { restricted { ids.contains($0.id) } }

    /// Neighbours in both directions, built once so every traversal stays linear in the edges.
    func adjacency() -> [String: [String]] {
        var neighbours: [String: [String]] = [:]
        for edge in edges {
            neighbours[edge.from, default: []].append(edge.to)
            neighbours[edge.to, default: []].append(edge.from)
        }
        return neighbours
    }
}
