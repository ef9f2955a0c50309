import CPDIGraph

/// `--focus NAME… --depth N`: the named nodes and everything within N edges of them, in either
/// direction. A name that is no node's but a module's focuses on the whole module, which is how a
/// collapsed picture is drilled into.
struct Focus {
    var names: [String]
    var depth: Int

    func apply(_ view: ViewGraph) throws(GraphViewError) -> ViewGraph {
        guard !names.isEmpty else { return view }
        var byName: [String: [String]] = [:]
        var byModule: [String: [String]] = [:]
        for node in view.nodes {
            byName[node.name, default: []].append(node.id)
            if !node.module.isEmpty { byModule[node.module, default: []].append(node.id) }
        }
        var start: [String] = []
        for name in names {
            if let ids = byName[name] ?? byModule[name] {
                start += ids
            } else {
                let suggestions = NameSuggestions.closest(to: name, among: Set(byName.keys).union(byModule.keys))
                let hint = suggestions.isEmpty ? "check the name and the --view" : "did you mean \(suggestions.joined(separator: ", "))?"
                throw GraphViewError("--focus \(name): no such node or module in this view; \(hint)")
            }
        }
        let neighbours = view.adjacency()
        var distance = Dictionary(start.map { ($0, 0) }, uniquingKeysWith: { first, _ in first })
        var frontier = Array(distance.keys)
        for level in 0..<max(depth, 0) {
            var next: [String] = []
            for id in frontier {
                for neighbour in neighbours[id] ?? [] where distance[neighbour] == nil {
                    distance[neighbour] = level + 1
                    next.append(neighbour)
                }
            }
            frontier = next
        }
        return view.restricted(to: Set(distance.keys))
    }
}
