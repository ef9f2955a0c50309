import CPDIGraph

/// `--reverse LEAF`: every component that ends up requiring the leaf (as `cpdi why` finds them), the
/// aliases that carry it, and the leaf. In the components view, which has no aliases, an edge from
/// each component that lists the leaf or reads it itself shows where the chain ends.
struct ReverseLeaf {
    var leaf: String

    func apply(_ view: ViewGraph, graph: DependencyGraph, paths: DependencyPaths) throws(GraphViewError) -> ViewGraph {
        let leafID = Node.id(.leaf, leaf)
        guard paths.node(id: leafID) != nil else {
            let leaves = graph.nodes.filter { $0.kind == .leaf }.map(\.name)
            let suggestions = NameSuggestions.closest(to: leaf, among: leaves)
            let hint = suggestions.isEmpty ? "pass a dependency protocol's name" : "did you mean \(suggestions.joined(separator: ", "))?"
            throw GraphViewError("--reverse \(leaf): no such leaf; \(hint)")
        }
        var keep = Set(paths.components(requiring: leafID).map(\.id))
        keep.insert(leafID)
        for node in graph.nodes where node.kind == .alias && node.leaves?.contains(leaf) == true { keep.insert(node.id) }

        var result = view.restricted(to: keep)
        guard !result.nodes.contains(where: { $0.id == leafID }) else { return result }
        // The view has no leaves: add this one, and an edge from each component that needs it first-hand.
        guard let leafNode = graph.nodes.first(where: { $0.id == leafID }) else { return result }
        let drawn = Set(result.nodes.map(\.id))
        var direct: [String: Edge] = [:]
        for edge in graph.edges where drawn.contains(edge.from) && direct[edge.from] == nil {
            let composesLeaf = edge.kind == .requires
                && (edge.to == leafID || paths.requirements(of: edge.to).contains { $0.to == leafID })
            if (edge.kind == .uses && edge.to == leafID) || composesLeaf {
                direct[edge.from] = Edge(from: edge.from, to: leafID, kind: .uses, file: edge.file, line: edge.line, column: edge.column)
            }
        }
        result.nodes.append(leafNode)
        result.edges += direct.keys.sorted().map { direct[$0]! }
        return result
    }
}
