import CPDIFacts

/// A concrete container handed to a component: held by the caller (`let dependencies = AppDependencies.live()`
/// then `Root(dependencies: dependencies)`) or built on the spot (`Root(dependencies: AppDependencies())`).
public struct ContainerHandOver: Sendable, Equatable {
    public var container: String
    public var target: String
    public var file: String
    public var position: SourcePosition
    /// Leaves the target ends up needing that the container does not conform to, sorted.
    public var missing: [String]
}

/// A leaf a container conforms to, and whether any component needs it.
public struct ProvidedLeaf: Sendable, Equatable {
    public var container: String
    public var leaf: String
    /// The conformance as written (the leaf itself, or an alias or protocol that includes it).
    public var conformance: String
    public var file: String
    public var position: SourcePosition
}

/// The composition styles' counterpart of the run-time registry: which leaves the concrete containers
/// provide against what the components they are handed to need. Only containers whose every
/// conformance cpdi can see are judged.
public struct ContainerCoverage: Sendable {
    public var handOvers: [ContainerHandOver] = []
    /// Provided leaves that no component needs and no holder of the container reads.
    public var unneeded: [ProvidedLeaf] = []

    public init() {}
}

/// Pass: compares each judged container with the components it is handed to.
struct ContainerCoverageLinking {
    let model: DependencyModel

    /// Protocols from the standard library and Foundation that say nothing about dependencies.
    private static let neutralConformances: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Identifiable", "AnyObject",
        "CustomStringConvertible", "CustomDebugStringConvertible", "ObservableObject", "NSObject", "Error",
    ]

    func run() -> ContainerCoverage {
        var coverage = ContainerCoverage()
        var provided: [String: Set<String>] = [:]
        for name in model.containers.keys.sorted() { provided[name] = providedLeaves(of: name, visiting: []) }

        var seen: Set<String> = []
        for forward in model.forwards {
            guard let container = handedContainer(forward), let leaves = provided[container] ?? nil,
                let target = model.components[forward.target],
                seen.insert("\(container)|\(forward.target)|\(forward.file)|\(forward.position)").inserted
            else { continue }
            let missing = model.leaves(of: target).subtracting(leaves).sorted()
            coverage.handOvers.append(ContainerHandOver(
                container: container, target: forward.target, file: forward.file, position: forward.position, missing: missing
            ))
        }

        let model = self.model
        // A container a component holds and hands somewhere cpdi cannot follow (so that component is not judged)
        // may reach code that needs any of its leaves: none of them is judged unneeded.
        let handedBeyondSight = Set(model.components.values.compactMap { component in
            component.heldType.flatMap { model.scopes[component.name]?.notJudged.isEmpty == false ? $0 : nil }
        })
        let judged = model.containers.keys.sorted().filter {
            provided[$0] != nil && model.components[$0] == nil && !handedBeyondSight.contains($0)
        }
        guard !judged.isEmpty else { return coverage }
        // The leaves components need and the member names files read: two walks over the whole app, side by side,
        // and only where some container's leaves are judged.
        let (needed, readAnywhere) = Parallel.both(
            { model.components.values.reduce(into: Set<String>()) { needed, component in
                for requirement in component.requirements { needed.formUnion(model.symbols.leaves(ofRequirement: requirement)) }
                for extra in component.initializerExtras { needed.formUnion(model.symbols.leaves(ofRequirement: extra)) }
            } },
            { model.files.values.reduce(into: Set<UInt32>()) { $0.formUnion($1.memberNameHashes) } }
        )
        for name in judged {
            for declaration in model.symbols.typeDeclarations[name] ?? [] {
                for inherited in declaration.fact.inheritedTypes {
                    for leaf in dependencyLeaves(behind: inherited.name, scope: name)
                    where !needed.contains(leaf) && !readsByHolders(of: name, leaf: leaf) && !isReadByName(leaf, in: readAnywhere) {
                        coverage.unneeded.append(ProvidedLeaf(
                            container: name, leaf: leaf, conformance: inherited.name, file: declaration.file, position: inherited.position
                        ))
                    }
                }
            }
        }
        // Only the few leaves no component needs are worth the walk over every declaration.
        if !coverage.unneeded.isEmpty {
            let demanded = demandedLeaves()
            coverage.unneeded.removeAll { demanded.contains($0.leaf) }
        }
        return coverage
    }

    /// The concrete container a forward hands on, if it is one cpdi knows.
    private func handedContainer(_ forward: ResolvedForward) -> String? {
        if forward.passesOwnDependencies, let source = forward.source, let held = model.components[source]?.heldType {
            return model.containers[held] == nil ? nil : held
        }
        // Built on the spot, or a local the caller built and hands on (`let dependencies = AppDependencies()`).
        guard let fact = model.files[forward.file]?.forwards.first(where: { $0.position == forward.position && $0.builtType != nil }),
            let built = fact.builtType, let symbol = model.symbols.resolve(built, from: fact.enclosingType),
            case .type(let name) = symbol, model.containers[name] != nil
        else { return nil }
        return name
    }

    /// Every leaf a non-generic container conforms to, through any of its declarations and its superclass;
    /// nil when a conformance cannot be seen through (declared elsewhere and not a known leaf).
    private func providedLeaves(of name: String, visiting: Set<String>) -> Set<String>? {
        let symbols = model.symbols
        guard symbols.isDeclaredType(name), !visiting.contains(name), let declarations = symbols.typeDeclarations[name],
            declarations[0].fact.genericParameters.isEmpty
        else { return nil }
        var leaves: Set<String> = []
        for declaration in declarations {
            for (index, inherited) in declaration.fact.inheritedTypes.enumerated() {
                switch symbols.resolve(inherited.name, from: name) {
                case .alias(let alias), .protocolType(let alias):
                    leaves.formUnion(symbols.leafSets[alias] ?? [])
                case .type(let type):
                    guard index == 0, declaration.fact.kind == .class else { continue }
                    if model.containers[type] != nil {
                        guard let inheritedLeaves = providedLeaves(of: type, visiting: visiting.union([name])) else { return nil }
                        leaves.formUnion(inheritedLeaves)
                    }
                case nil:
                    if symbols.leafNames.contains(inherited.name) {
                        leaves.insert(inherited.name)
                    } else if !Self.neutralConformances.contains(inherited.name) {
                        return nil
                    }
                }
            }
        }
        return leaves
    }

    /// The leaves a conformance brings: leaves of the graph, and protocols named like dependencies that no
    /// alias lists any more (`HasLegacyStore`), which are exactly the ones nobody needs.
    private func dependencyLeaves(behind name: String, scope: String) -> [String] {
        let symbols = model.symbols
        guard let symbol = symbols.resolve(name, from: scope), let leaves = symbols.leaves(of: symbol) else { return [] }
        return leaves.filter {
            symbols.leafNames.contains($0) || model.conventions.isDependencyProtocolName($0.lastDottedPart)
        }.sorted()
    }

    /// Proven or silent (SPEC §4b): a member of the leaf read anywhere, on a value whose type cpdi does not
    /// know (`AppContainer.shared.network`, `@Injected(\.network)`), may be a read through the container.
    private func isReadByName(_ leaf: String, in names: Set<UInt32>) -> Bool {
        !model.leafMembers.members(of: leaf).isDisjoint(with: names)
    }

    /// What any type written where a value must conform demands besides the components: a generic constraint
    /// (`AppView<Container> where Container: DependencyContainer`), a parameter or a property typed by an alias.
    /// A container handed there needs every leaf of it, read or not.
    private func demandedLeaves() -> Set<String> {
        var needed: Set<String> = []
        let symbols = model.symbols
        func demand(_ references: [TypeReference], scope: String?) {
            for reference in references {
                if let symbol = symbols.resolve(reference.name, from: scope), let leaves = symbols.leaves(of: symbol) { needed.formUnion(leaves) }
            }
        }
        func demand(_ parameters: [ParameterFact], generics: [GenericParameterFact], scope: String?) {
            demand(parameters.compactMap(\.type), scope: scope)
            for generic in generics { demand(generic.constraints, scope: scope) }
        }
        for name in symbols.sortedTypeNames {
            for declaration in symbols.typeDeclarations[name] ?? [] {
                let type = declaration.fact
                for generic in type.genericParameters + type.associatedTypes { demand(generic.constraints, scope: name) }
                for initializer in type.initializers { demand(initializer.parameters, generics: [], scope: name) }
                demand(type.dependencyProperties.compactMap(\.type), scope: name)
            }
        }
        for declared in symbols.functions.values {
            demand(declared.fact.parameters, generics: declared.fact.genericParameters, scope: declared.fact.enclosingType)
        }
        return needed
    }

    /// A component holding the container itself may read its members directly (`dependencies.logger`).
    private func readsByHolders(of container: String, leaf: String) -> Bool {
        let holders = model.components.values.filter { $0.heldType == container }
        let resolution = model.attribution
        for holder in holders {
            for file in model.codeFiles(of: holder) {
                for use in model.files[file]?.uses ?? []
                where resolution.primaryComponent(type: use.enclosingType, function: use.enclosingFunction) == holder.name {
                    if model.symbols.protocols[leaf]?.fact.requirements.contains(use.member) == true { return true }
                }
            }
        }
        return false
    }
}
