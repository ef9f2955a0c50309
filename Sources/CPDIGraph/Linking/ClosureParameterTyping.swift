import CPDIFacts

/// Pass helper: `dependencies.masterReducer(action, state, dependencies)` hands the dependencies to a closure one of
/// their leaves holds (`var masterReducer: Reducer.Master.ExpressionType { get }` in `HasMasterReducer`). Whatever
/// closure is stored there, its type fixes what it takes at that position. Where that is a dependency alias
/// (`Reducing.ExpressionType = (ActionType, StateType, DependenciesType) -> StateType`, read for `Reducer.Master`,
/// whose `DependenciesType` is the alias) and exactly one function component takes that alias, the hand-off is a
/// forward to it: the caller's alias must bring what that alias brings, and nothing else is known of the value there.
/// The other way round, the aliases closure types take are ones any code may be handed (`aliasesClosuresTake`).
struct ClosureParameterTyping {
    let symbols: SymbolTable
    /// Closure types by name (`Reducing.ExpressionType`, `HasReducer.reduce`): their parameters' type names.
    private let closures: [String: [String]]
    /// Function components by the alias they take.
    private let functionsByAlias: [String: [String]]

    init(symbols: SymbolTable, files: [FileFacts], components: [String: Component]) {
        self.symbols = symbols
        var closures: [String: [String]] = [:]
        for file in files {
            for closure in file.declarations.closureTypes where closures[closure.name] == nil { closures[closure.name] = closure.parameters }
        }
        self.closures = closures
        var functionsByAlias: [String: [String]] = [:]
        if !closures.isEmpty {
            for (name, component) in components where component.form == .function {
                for requirement in component.requirements where requirement.kind == .alias {
                    functionsByAlias[requirement.name, default: []].append(name)
                }
            }
        }
        self.functionsByAlias = functionsByAlias
    }

    var isEmpty: Bool { closures.isEmpty }

    /// The function component a closure held by `source`'s leaves as `member` is handed the value by, at `index`.
    func target(member: String, index: Int, source: Component) -> String? {
        var aliases: Set<String> = []
        var holders = 0
        for requirement in source.requirements {
            for leaf in symbols.leaves(ofRequirement: requirement).sorted() {
                guard let (declaring, requirement) = propertyRequirement(member, of: leaf) else { continue }
                holders += 1
                guard let alias = takenAlias(requirement, declaredIn: declaring, index: index) else { return nil }
                aliases.insert(alias)
            }
        }
        guard holders > 0, aliases.count == 1, let functions = functionsByAlias[aliases.first!], functions.count == 1 else { return nil }
        return functions[0]
    }

    /// The property requirement `member` of a protocol or of a protocol it inherits, with the protocol declaring it.
    private func propertyRequirement(_ member: String, of proto: String) -> (String, PropertyRequirementFact)? {
        var pending = [proto], seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let declared = symbols.protocols[name] else { continue }
            if let found = declared.fact.propertyRequirements.first(where: { $0.name == member }) { return (name, found) }
            for inherited in declared.fact.inheritedTypes {
                if case .protocolType(let parent)? = symbols.resolve(inherited.name, from: name) { pending.append(parent) }
            }
        }
        return nil
    }

    /// The dependency alias the closure type of a property requirement takes at `index`, read in the scope that
    /// names it: `Reducer.Master.ExpressionType` is `Reducing`'s alias read for `Reducer.Master`.
    private func takenAlias(_ requirement: PropertyRequirementFact, declaredIn proto: String, index: Int) -> String? {
        let parameters: [String]
        let scope: String
        if let inline = closures["\(proto).\(requirement.name)"] {
            (parameters, scope) = (inline, proto)
        } else {
            var written = Substring(requirement.type)
            while written.hasSuffix("?") || written.hasSuffix("!") { written = written.dropLast() }
            guard let found = closureAlias(String(written), from: proto) else { return nil }
            (parameters, scope) = found
        }
        guard index < parameters.count, !parameters[index].isEmpty,
            case .alias(let alias)? = symbols.resolve(parameters[index], from: scope), symbols.dependencyAliases.contains(alias)
        else { return nil }
        return alias
    }

    /// A closure alias as a requirement writes it: declared under that name (nested in the protocol, or in a type
    /// the name starts with), or declared by a protocol the named type conforms to.
    private func closureAlias(_ written: String, from proto: String) -> ([String], String)? {
        guard let dot = written.lastIndex(of: ".") else {
            if let nested = closures["\(proto).\(written)"] { return (nested, proto) }
            return closures[written].map { ($0, proto) }
        }
        let owner = String(written[..<dot]), name = String(written[written.index(after: dot)...])
        if let direct = closures[written] { return (direct, owner) }
        var pending = (symbols.typeDeclarations[owner] ?? []).flatMap(\.fact.inheritedTypes).map { ($0.name, owner) }
        var seen: Set<String> = []
        while let (reference, scope) = pending.popLast() {
            guard case .protocolType(let conformed)? = symbols.resolve(reference, from: scope), seen.insert(conformed).inserted else { continue }
            if let inherited = closures["\(conformed).\(name)"] { return (inherited, owner) }
            pending += (symbols.protocols[conformed]?.fact.inheritedTypes ?? []).map { ($0.name, conformed) }
        }
        return nil
    }

    /// The aliases closure types take (`Reducers.Log.DependenciesType` in `(String, Int, Reducers.Log.DependenciesType)
    /// -> Int`, and for a protocol's closure alias whose parameter is one of its associated types, each conformer's
    /// alias of that name), with the closure type taking each. Any code may implement such a closure and read any
    /// member of what it is handed, out of cpdi's sight: the components of these aliases are not judged.
    func aliasesClosuresTake() -> [String: String] {
        var taken: [String: String] = [:]
        for (name, parameters) in closures.sorted(by: { $0.key < $1.key }) {
            let scope = name.lastIndex(of: ".").map { String(name[..<$0]) }
            let associated = scope.flatMap { symbols.protocols[$0]?.fact.associatedTypes.map(\.name) } ?? []
            for parameter in parameters where !parameter.isEmpty {
                if associated.contains(parameter), let proto = scope {
                    for conformer in conformers(of: proto) {
                        if case .alias(let alias)? = symbols.resolve("\(conformer).\(parameter)", from: nil), taken[alias] == nil { taken[alias] = name }
                    }
                } else if case .alias(let alias)? = symbols.resolve(parameter, from: scope), taken[alias] == nil {
                    taken[alias] = name
                }
            }
        }
        return taken
    }

    /// The types conforming to a protocol, directly or through protocols inheriting it.
    private func conformers(of proto: String) -> [String] {
        var protocols: Set<String> = [proto], found: [String] = []
        var changed = true
        while changed {
            changed = false
            for name in symbols.sortedProtocolNames where !protocols.contains(name) {
                let inherits = symbols.protocols[name]!.fact.inheritedTypes.contains {
                    if case .protocolType(let parent)? = symbols.resolve($0.name, from: name) { return protocols.contains(parent) }
                    return false
                }
                if inherits { protocols.insert(name); changed = true }
            }
        }
        for name in symbols.sortedTypeNames {
            let conforms = (symbols.typeDeclarations[name] ?? []).flatMap(\.fact.inheritedTypes).contains {
                if case .protocolType(let parent)? = symbols.resolve($0.name, from: name) { return protocols.contains(parent) }
                return false
            }
            if conforms { found.append(name) }
        }
        return found
    }
}
