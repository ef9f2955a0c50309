import CPDIGraph

/// Containers that conform to their leaves through a component's alias, and the other components they are handed to.
///
/// `final class Container: HomeDependencies` gets every leaf of `HomeDependencies` through that alias. Taking a leaf out
/// of the alias because `HomeCoordinator`, its one component, never reads it also takes it out of the container's
/// conformances; where the container is handed to `SignInViewModel`, which needs that leaf, the app stops building.
struct ContainerReliance: Sendable {
    /// The components each container is handed to, by container.
    private let handedTo: [String: Set<String>]

    init(_ model: DependencyModel) {
        handedTo = model.coverage.handOvers.reduce(into: [:]) { $0[$1.container, default: []].insert($1.target) }
    }

    /// Whether taking one of `leaves` out of `alias` would take it from a container that a component other than
    /// `owners` needs it from: the container conforms through `alias` (or an alias composing it), gets the leaf in no
    /// other way, and is handed to that component. Asked only of members about to be reported.
    func isReliedOn(_ leaves: Set<String>, of alias: String, owners: [String], in model: DependencyModel) -> Bool {
        guard !leaves.isEmpty, !handedTo.isEmpty else { return false }
        let symbols = model.symbols
        for (container, targets) in handedTo {
            let others = targets.subtracting(owners)
            guard !others.isEmpty, let declared = model.containers[container] else { continue }
            let conformances = declared.conformances.map(\.name)
            guard conformances.contains(where: { $0 == alias || symbols.composedAliases(of: $0).contains(alias) }) else { continue }
            // What a component needs through `alias` itself (`RootDependencies = GlobalsDependencies`) goes with it.
            let needed = leaves.filter { leaf in
                others.contains { target in model.components[target].map { needs($0, leaf, avoiding: alias, symbols: symbols) } ?? false }
            }
            for leaf in needed.sorted() {
                let otherwise = conformances.contains { conformance in
                    guard conformance != alias else { return false }
                    if let declared = symbols.aliases[conformance] {
                        return AliasComposers.reaches(leaf, from: declared.fact, avoiding: alias, symbols: symbols)
                    }
                    return symbols.leafSets[conformance]?.contains(leaf) ?? (conformance == leaf)
                }
                if !otherwise { return true }
            }
        }
        return false
    }

    /// Whether `component` asks for `leaf` by a way that does not go through `alias`.
    private func needs(_ component: Component, _ leaf: String, avoiding alias: String, symbols: SymbolTable) -> Bool {
        (component.requirements + component.initializerExtras).contains { requirement in
            guard requirement.kind == .alias else { return symbols.leaves(ofRequirement: requirement).contains(leaf) }
            guard requirement.name != alias, let declared = symbols.aliases[requirement.name] else { return false }
            return AliasComposers.reaches(leaf, from: declared.fact, avoiding: alias, symbols: symbols)
        }
    }
}
