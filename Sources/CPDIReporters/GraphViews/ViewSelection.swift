import CPDIGraph

/// Which kinds of node and edge each view draws.
extension GraphOptions.View {
    var nodeKinds: Set<NodeKind> {
        switch self {
        // The run-time styles' registrations are the services features reach: part of the architecture.
        case .components: [.component, .container, .registration]
        case .aliases: [.alias, .leaf]
        case .full: Set(NodeKind.allCases)
        }
    }

    var edgeKinds: Set<EdgeKind> {
        switch self {
        case .components: [.forwardsTo, .injects]
        case .aliases: [.composes]
        // `uses` repeats what requires + composes already show and doubles the clutter; JSON keeps them.
        case .full: Set(EdgeKind.allCases).subtracting([.uses])
        }
    }

    func select(_ graph: DependencyGraph) -> ViewGraph {
        let kinds = nodeKinds, edgeKinds = edgeKinds
        return ViewGraph(nodes: graph.nodes, edges: graph.edges.filter { edgeKinds.contains($0.kind) })
            .restricted { kinds.contains($0.kind) }
    }
}
