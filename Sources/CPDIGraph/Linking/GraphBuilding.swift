import CPDIFacts

/// Pass: turns the linked model into the plain graph value reporters draw.
struct GraphBuilding {
    let model: DependencyModel

    func run() -> DependencyGraph {
        var nodes: [String: Node] = [:]
        var edges: Set<EdgeKey> = []
        var edgeList: [Edge] = []
        // Every component has a few edges; growing the set step by step rehashes it again and again.
        edges.reserveCapacity(2 * (model.components.count + model.forwards.count))
        func add(_ edge: Edge) {
            // One edge per endpoints and manner; the first place it is written stands for all.
            if edges.insert(EdgeKey(edge)).inserted { edgeList.append(edge) }
        }
        let symbols = model.symbols
        // Each component's leaves, flattened once: its node lists them and every read in its code is matched against them.
        var componentLeaves: [String: Set<String>] = [:]
        componentLeaves.reserveCapacity(model.components.count)

        for (name, component) in model.components {
            let id = nodeID(ofComponent: name)
            let kind: NodeKind = model.containers[name] == nil ? .component : .container
            let leaves = model.leaves(of: component)
            componentLeaves[name] = leaves
            nodes[id] = Node(
                id: id, kind: kind, name: name, module: component.module, file: component.file,
                line: component.position.line, column: component.position.column, access: component.access,
                leaves: leaves.sorted()
            )
            for requirement in component.requirements {
                let target = requirement.kind == .alias ? Node.id(.alias, requirement.name) : Node.id(.leaf, requirement.name)
                add(Edge(from: id, to: target, kind: .requires, file: component.file,
                         line: requirement.reference.position.line, column: requirement.reference.position.column))
            }
        }
        for (name, container) in model.containers where model.components[name] == nil {
            let id = Node.id(.container, name)
            nodes[id] = Node(
                id: id, kind: .container, name: name, module: container.module, file: container.file,
                line: container.position.line, column: container.position.column, access: container.access
            )
        }
        for container in model.containers.values {
            let id = nodeID(ofComponent: container.name)
            for conformance in container.conformances {
                for leaf in symbols.leafSets[conformance.name] ?? [] {
                    add(Edge(from: id, to: Node.id(.leaf, leaf), kind: .provides, file: conformance.file,
                             line: conformance.position.line, column: conformance.position.column))
                }
            }
        }
        for name in includedAliases() {
            let alias = symbols.aliases[name]!
            let id = Node.id(.alias, name)
            nodes[id] = Node(
                id: id, kind: .alias, name: name, module: alias.module, file: alias.file,
                line: alias.fact.position.line, column: alias.fact.position.column, access: alias.fact.access,
                leaves: (symbols.leafSets[name] ?? []).sorted()
            )
            for member in alias.fact.members {
                for target in memberTargets(member, scope: alias.fact.enclosingType) {
                    add(Edge(from: id, to: target, kind: .composes, file: alias.file,
                             line: member.position.line, column: member.position.column))
                }
            }
        }
        for leaf in symbols.leafNames {
            let id = Node.id(.leaf, leaf)
            if let declared = symbols.protocols[leaf] {
                nodes[id] = Node(
                    id: id, kind: .leaf, name: leaf, module: declared.module, file: declared.file,
                    line: declared.fact.position.line, column: declared.fact.position.column, access: declared.fact.access
                )
            } else {
                nodes[id] = Node(id: id, kind: .leaf, name: leaf, module: "", file: "", line: 0, column: 0, access: .public)
            }
        }
        for forward in model.forwards {
            guard let source = forward.source else { continue }
            add(Edge(from: nodeID(ofComponent: source), to: nodeID(ofComponent: forward.target), kind: .forwardsTo,
                     via: forward.via, file: forward.file, line: forward.position.line, column: forward.position.column))
        }
        for edge in useEdges(componentLeaves: componentLeaves) { add(edge) }
        // The run-time styles: registrations, and the types that inject them (drawn as components).
        let runtime = model.runtime.graphElements(symbols: symbols, nodeID: nodeID(ofComponent:))
        for node in runtime.nodes where nodes[node.id] == nil { nodes[node.id] = node }
        for edge in runtime.edges { add(edge) }

        // Edges may point at nodes that were not drawn (a leaf reached only through a type): drop them.
        let kept = Self.sorted(edgeList.filter { nodes[$0.from] != nil && nodes[$0.to] != nil })
        // App entry code outside any component (a scene delegate building the coordinator) does not count.
        let forwarded = Set(model.forwards.filter { $0.source != nil }.map(\.target))
        let roots = model.components.keys.filter { !forwarded.contains($0) }.map(nodeID(ofComponent:)).sorted()
        return DependencyGraph(nodes: nodes.keys.sorted().map { nodes[$0]! }, edges: kept, roots: roots)
    }

    /// The edges in `Edge`'s order. A large app has hundreds of thousands; comparing their strings and
    /// moving them in a sort dominated linking, so each string is ranked once and the sort compares integers.
    static func sorted(_ edges: [Edge]) -> [Edge] {
        func ranks(_ strings: Set<String>) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: strings.sorted().enumerated().map { ($0.element, $0.offset) })
        }
        let names = ranks(Set(edges.lazy.flatMap { [$0.from, $0.to] }))
        let files = ranks(Set(edges.lazy.map(\.file)))
        let kinds = ranks(Set(EdgeKind.allCases.map(\.rawValue)))
        let vias = ranks(Set(ForwardVia.allCases.map(\.rawValue) + [""]))
        let keys = edges.map { edge in
            EdgeSortKey(
                from: names[edge.from]!, to: names[edge.to]!, kind: kinds[edge.kind.rawValue]!,
                via: vias[edge.via?.rawValue ?? ""]!, file: files[edge.file]!, line: edge.line, column: edge.column
            )
        }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { edges[$0] }
    }

    private func nodeID(ofComponent name: String) -> String {
        model.containers[name] == nil ? Node.id(.component, name) : Node.id(.container, name)
    }

    /// Aliases components are constrained by, those named like dependency aliases, and what they compose.
    private func includedAliases() -> [String] {
        let symbols = model.symbols
        var included = Set(model.owners.keys)
        var queue = Array(included) + symbols.aliases.keys.filter {
            model.conventions.isAliasName($0.lastDottedPart)
        }
        while let name = queue.popLast() {
            included.insert(name)
            guard let alias = symbols.aliases[name] else { continue }
            for member in alias.fact.members {
                if case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType),
                    !included.contains(nested)
                {
                    queue.append(nested)
                }
            }
        }
        return symbols.sortedAliasNames.filter(included.contains)
    }

    private func memberTargets(_ member: TypeReference, scope: String?) -> [String] {
        let symbols = model.symbols
        switch symbols.resolve(member.name, from: scope) {
        case .alias(let alias): return [Node.id(.alias, alias)]
        case .protocolType(let proto):
            if symbols.leafNames.contains(proto) { return [Node.id(.leaf, proto)] }
            return (symbols.leafSets[proto] ?? []).sorted().map { Node.id(.leaf, $0) }
        case .type: return []
        case nil: return symbols.leafNames.contains(member.name) ? [Node.id(.leaf, member.name)] : []
        }
    }

    /// component → leaf for every member a component reads, matched against the leaves it needs.
    private func useEdges(componentLeaves: [String: Set<String>]) -> [Edge] {
        let resolution = model.attribution
        var edges: [Edge] = []
        for path in model.sortedFilePaths {
            for use in model.files[path]!.uses {
                guard let source = resolution.primaryComponent(type: use.enclosingType, function: use.enclosingFunction),
                    let leaves = componentLeaves[source]
                else { continue }
                for leaf in LeafUsage.leaves(declaring: use.member, among: leaves, symbols: model.symbols) {
                    edges.append(Edge(from: nodeID(ofComponent: source), to: Node.id(.leaf, leaf), kind: .uses,
                                      file: path, line: use.position.line, column: use.position.column))
                }
            }
        }
        return edges
    }
}

/// An edge's fields as ranks, in the order `Edge.<` compares them.
private struct EdgeSortKey: Comparable {
    let from: Int, to: Int, kind: Int, via: Int, file: Int, line: Int, column: Int

    static func < (lhs: EdgeSortKey, rhs: EdgeSortKey) -> Bool {
        if (lhs.from, lhs.to, lhs.kind) != (rhs.from, rhs.to, rhs.kind) {
            return (lhs.from, lhs.to, lhs.kind) < (rhs.from, rhs.to, rhs.kind)
        }
        return (lhs.via, lhs.file, lhs.line, lhs.column) < (rhs.via, rhs.file, rhs.line, rhs.column)
    }
}

private struct EdgeKey: Hashable {
    let from: String, to: String, kind: EdgeKind, via: ForwardVia?
    init(_ edge: Edge) {
        (from, to, kind, via) = (edge.from, edge.to, edge.kind, edge.via)
    }
}

/// Which leaves a member name belongs to.
public enum LeafUsage {
    /// The leaves among `candidates` that declare `member` (a property, method or associated type).
    public static func leaves(declaring member: String, among candidates: Set<String>, symbols: SymbolTable) -> [String] {
        candidates.filter { symbols.protocols[$0]?.fact.requirements.contains(member) ?? false }.sorted()
    }
}
