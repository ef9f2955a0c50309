import CPDIFacts

/// The linking step of the pipeline: all files' facts in, one model and one graph out.
public struct Linker: Sendable {
    public var conventions: NamingConventions
    /// The names among `conventions` that were learnt from the code, not configured (`NamingInference`).
    public var learnt: InferredNaming

    public init(conventions: NamingConventions = .default, learnt: InferredNaming = InferredNaming()) {
        self.conventions = conventions
        self.learnt = learnt
    }

    /// - Parameter modules: the module each file belongs to, by path.
    public func link(_ files: [FileFacts], modules: [String: String]) -> (model: DependencyModel, graph: DependencyGraph) {
        let model = model(files, modules: modules)
        return (model, graph(of: model))
    }

    /// The model alone: what the rules read. The graph is built from it separately, so a caller can
    /// build the graph and run the rules at the same time.
    public func model(_ files: [FileFacts], modules: [String: String]) -> DependencyModel {
        let byPath = StepTimes.measure("link: sorting") { files.sorted { $0.path < $1.path } }
        let sorted = StepTimes.measure("link: module scoping") { ModuleScoping(modules: modules).run(byPath) }
        var symbols = StepTimes.measure("link: symbol table") { SymbolTable(files: sorted, modules: modules) }
        StepTimes.measure("link: composition protocols") { CompositionProtocols(conventions: conventions).run(on: &symbols) }
        StepTimes.measure("link: inherited generics") {
            InheritedGenericDependencies(conventions: conventions, learntValues: Set(learnt.values)).run(on: &symbols)
        }
        // On the other core meanwhile, first the run-time registrations: they read the symbols' types, protocols and
        // aliases only, which are final here, and name types as written, so they are linked on the files before
        // module scoping renamed any. Nothing before container coverage reads them. Started here rather than after the
        // components, they no longer leave that core idle through leaf flattening and component discovery.
        let background = Background(label: "cpdi.linking")
        let typesAndAliases = symbols
        let runtime = background.start {
            StepTimes.measure("link: run-time registrations") { RegistrationLinking(files: byPath, modules: modules, symbols: typesAndAliases).run() }
        }
        StepTimes.measure("link: leaf flattening") { LeafFlattening(conventions: conventions).run(on: &symbols) }

        let discovery = ComponentDiscovery(conventions: conventions, symbols: symbols, learntValues: Set(learnt.values))
        let components = StepTimes.measure("link: components") { discovery.components() }
        // What a component is explicitly constrained by is a dependency, whatever its name
        // (`<D: A & B>`, `let dependencies: Carplane`).
        for component in components.values {
            for requirement in component.requirements where requirement.kind != .unknown {
                symbols.leafNames.formUnion(symbols.leafSets[requirement.name] ?? [requirement.name])
                if requirement.kind == .alias { symbols.dependencyAliases.insert(requirement.name) }
            }
        }
        // Then, on that core, what the model's constructor needs of the symbols, ready before the forwards are.
        let linkedSymbols = symbols
        let indexes = background.start {
            StepTimes.measure("link: protocol members and composers") { (members: LeafMembers(symbols: linkedSymbols), composers: AliasComposers(linkedSymbols)) }
        }
        var linked = compileTimeModel(sorted, modules: modules, symbols: symbols, components: components, indexes: indexes)
        linked.runtime = runtime.value
        linked.coverage = StepTimes.measure("link: container coverage") { ContainerCoverageLinking(model: linked).run() }
        return linked
    }

    /// Containers, forwards, owners and scopes: everything of the model but the run-time registrations.
    private func compileTimeModel(
        _ sorted: [FileFacts], modules: [String: String], symbols: SymbolTable, components: [String: Component],
        indexes: Pending<(members: LeafMembers, composers: AliasComposers)>
    ) -> DependencyModel {
        let containers = StepTimes.measure("link: containers") { ComponentDiscovery(conventions: conventions, symbols: symbols).containers(components: components) }
        let attribution = StepTimes.measure("link: attribution") { Attribution(symbols: symbols, components: components) }
        let statics = StepTimes.measure("link: static holders") {
            StaticHolderTyping(symbols: symbols, attribution: attribution, componentNames: Set(components.keys)).run(sorted)
        }
        let sorted = StepTimes.measure("link: member holders") {
            DependencyMemberHolderTyping(symbols: symbols, attribution: attribution, components: components).run(statics)
        }
        let closures = StepTimes.measure("link: closure parameters") { ClosureParameterTyping(symbols: symbols, files: sorted, components: components) }
        let (forwards, opaqueHandOffs) = StepTimes.measure("link: forwards") {
            ForwardResolution(symbols: symbols, components: components, attribution: attribution, conventions: conventions)
                .run(files: sorted, closures: closures)
        }

        var owners: [String: [String]] = [:]
        for (name, component) in components {
            for requirement in component.requirements where requirement.kind == .alias {
                owners[requirement.name, default: []].append(name)
            }
        }
        for key in owners.keys { owners[key]!.sort() }

        var model = StepTimes.measure("link: model") {
            DependencyModel(
                conventions: conventions,
                files: Dictionary(uniqueKeysWithValues: sorted.map { ($0.path, $0) }),
                modules: modules, symbols: symbols, components: components, containers: containers,
                forwards: forwards, owners: owners, attribution: attribution,
                leafMembers: indexes.value.members, aliasComposers: indexes.value.composers
            )
        }
        model.learnt = learnt
        model.opaqueHandOffs = opaqueHandOffs
        var unproven = StepTimes.measure("link: alias ownership") {
            let typedAliases = TypedAliasOwnership(model: model)
            model.freeAssociatedTypeWitnesses = typedAliases.freeAssociatedTypeWitnesses()
            return typedAliases.unprovenComponents()
        }
        for (component, reasons) in closureTakenAliasComponents(model: model, closures: closures) { unproven[component, default: []] += reasons }
        model.scopes = StepTimes.measure("link: scopes") {
            ScopeAttribution(model: model, unprovenAliasComponents: unproven).run()
        }
        return model
    }

    /// The components of aliases closure types take (`ClosureParameterTyping.aliasesClosuresTake`), with why.
    private func closureTakenAliasComponents(model: DependencyModel, closures: ClosureParameterTyping) -> [String: [NotJudgedReason]] {
        guard !closures.isEmpty else { return [:] }
        var found: [String: [NotJudgedReason]] = [:]
        for (alias, closure) in closures.aliasesClosuresTake().sorted(by: { $0.key < $1.key }) {
            guard let owners = model.owners[alias], let declared = model.symbols.aliases[alias] else { continue }
            let reason = NotJudgedReason(
                kind: .unseenAliasUse,
                detail: "its alias `\(alias)` is what closures of type `\(closure)` take, which code cpdi cannot see may implement reading anything",
                file: declared.file, position: declared.fact.position
            )
            for owner in owners { found[owner, default: []].append(reason) }
        }
        return found
    }

    /// The plain graph reporters draw.
    public func graph(of model: DependencyModel) -> DependencyGraph {
        GraphBuilding(model: model).run()
    }
}
