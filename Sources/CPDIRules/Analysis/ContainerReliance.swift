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
            let needed = others.reduce(into: Set<String>()) { needed, target in
                if let component = model.components[target] { needed.formUnion(model.leaves(of: component).intersection(leaves)) }
            }
            for leaf in needed {
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
}
