/// "Why does X need Y?": questions about how requirements reach a component, answered from the
/// graph alone, so a saved result can be asked too.
///
/// A component needs a leaf through a chain of `requires` and `composes` edges: its own alias, the
/// aliases of children it forwards to, and so on down to the leaf.
public struct DependencyPaths: Sendable {
    /// One node on a path and the edge that led to it (nil for the first node).
    public struct Step: Sendable, Equatable {
        public var node: Node
        public var via: Edge?
        /// For an alias: the component whose own alias it is, when that is known.
        public var owner: Node?
        /// For an alias owned by another component: where the previous component forwards to that owner.
        public var forward: Edge?
    }

    public typealias Path = [Step]

    private let nodesByID: [String: Node]
    /// `requires` and `composes` edges by source, in the order they are written.
    private let requirementEdges: [String: [Edge]]
    private let requirers: [String: [Edge]]
    private let forwards: [String: [Edge]]

    public init(graph: DependencyGraph) {
        nodesByID = Dictionary(graph.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var requirementEdges: [String: [Edge]] = [:]
        var requirers: [String: [Edge]] = [:]
        var forwards: [String: [Edge]] = [:]
        for edge in graph.edges {
            switch edge.kind {
            case .requires, .composes:
                // An alias repeated in one composition is one step, not two paths.
                if requirementEdges[edge.from]?.last?.to != edge.to { requirementEdges[edge.from, default: []].append(edge) }
                if edge.kind == .requires { requirers[edge.to, default: []].append(edge) }
            case .forwardsTo:
                forwards[edge.from, default: []].append(edge)
            default:
                break
            }
        }
        self.requirementEdges = requirementEdges.mapValues { $0.sorted { ($0.file, $0.line, $0.column, $0.to) < ($1.file, $1.line, $1.column, $1.to) } }
        self.requirers = requirers
        self.forwards = forwards
    }

    public func node(id: String) -> Node? { nodesByID[id] }

    /// The components a component hands its dependencies to, as `forwardsTo` edges.
    public func forwards(of id: String) -> [Edge] { forwards[id] ?? [] }

    /// Where `componentID` hands its dependencies to `childID`, if it does.
    public func forward(from componentID: String, to childID: String) -> Edge? {
        forwards[componentID]?.first { $0.to == childID }
    }

    /// A component `componentID` hands its dependencies to that requires the alias `aliasID` too, and where it is handed
    /// them: an alias can reach a parent through a child that takes it as its own (`TransferCoordinator(dependencies:)`
    /// typed `TransferViewModel.Dependencies`). The first such child by id.
    public func forwardedRequirer(of aliasID: String, from componentID: String) -> (child: Node, forward: Edge)? {
        let children = (requirers[aliasID] ?? []).map(\.from).sorted()
        for child in children where child != componentID {
            if let edge = forward(from: componentID, to: child), let node = nodesByID[child] { return (node, edge) }
        }
        return nil
    }

    /// What a component or alias is directly built from: its `requires` or `composes` edges.
    public func requirements(of id: String) -> [Edge] { requirementEdges[id] ?? [] }

    /// The component an alias belongs to: the one named after it when several require it (one of them
    /// is reusing another's alias), else the only one.
    public func owner(ofAlias id: String) -> Node? {
        guard let alias = nodesByID[id] else { return nil }
        let candidates = (requirers[id] ?? []).compactMap { nodesByID[$0.from] }.filter { $0.kind == .component || $0.kind == .container }
        if let named = candidates.first(where: { Self.isOwnAlias(alias.name, of: $0.name) }) { return named }
        return candidates.count == 1 ? candidates[0] : nil
    }

    /// `FooDependencies`, nested `Foo.Dependencies` (or `Foo.Services`), and `Type_functionDependencies` for helpers.
    static func isOwnAlias(_ alias: String, of component: String) -> Bool {
        alias.hasPrefix(component + ".") || alias == String(component.map { $0 == "." ? "_" : $0 }) + "Dependencies"
    }

    /// Every simple path from `componentID` down to `leafID`, shortest first; at most `limit` of them.
    public func paths(from componentID: String, to leafID: String, limit: Int = 50) -> (paths: [Path], truncated: Bool) {
        guard let start = nodesByID[componentID] else { return ([], false) }
        var found: [Path] = []
        var truncated = false
        var onPath: Set<String> = [componentID]
        var path: Path = [Step(node: start)]
        // Depth-first: cycles are cut by `onPath`; a graph with very many paths is cut by `limit`.
        func walk(_ id: String, component: Node) {
            for edge in requirements(of: id) {
                if found.count >= limit { truncated = true; return }
                guard !onPath.contains(edge.to), let next = nodesByID[edge.to] else { continue }
                if edge.to == leafID {
                    found.append(path + [Step(node: next, via: edge)])
                    continue
                }
                guard next.kind == .alias || next.kind == .component else { continue }
                var step = Step(node: next, via: edge)
                var nextComponent = component
                if next.kind == .alias, let owner = owner(ofAlias: next.id), owner.id != component.id {
                    step.owner = owner
                    step.forward = forward(from: component.id, to: owner.id)
                    nextComponent = owner
                }
                onPath.insert(edge.to)
                path.append(step)
                walk(edge.to, component: nextComponent)
                path.removeLast()
                onPath.remove(edge.to)
            }
        }
        walk(componentID, component: start)
        let ordered = found.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }.map(\.element)
        return (ordered, truncated)
    }

    /// Components whose flattened requirements include `leafID`, by name.
    public func components(requiring leafID: String) -> [Node] {
        var reached: Set<String> = [leafID]
        var queue = [leafID]
        var requiredBy: [String: [String]] = [:]
        for (from, edges) in requirementEdges {
            for edge in edges { requiredBy[edge.to, default: []].append(from) }
        }
        while let id = queue.popLast() {
            for parent in requiredBy[id] ?? [] where reached.insert(parent).inserted {
                queue.append(parent)
            }
        }
        return reached.compactMap { nodesByID[$0] }.filter { $0.kind == .component }.sorted { $0.name < $1.name }
    }
}
