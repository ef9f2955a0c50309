import CPDIFacts

/// Pass: resolves every hand-over of dependencies to the component that receives it — written ones
/// (calls, `super.init`, assignments) and implied ones (inheriting a component class, conforming to a
/// protocol with an associated `Dependencies`).
struct ForwardResolution {
    let symbols: SymbolTable
    let components: [String: Component]
    let attribution: Attribution

    init(symbols: SymbolTable, components: [String: Component], attribution: Attribution) {
        self.symbols = symbols
        self.components = components
        self.attribution = attribution
    }

    /// Every resolved forward, and the hand-offs of own dependencies that lead nowhere cpdi can follow.
    func run(files: [FileFacts]) -> (forwards: [ResolvedForward], opaque: [String: [OpaqueHandOff]]) {
        var forwards: [ResolvedForward] = []
        var opaque: [String: [OpaqueHandOff]] = [:]
        for file in files {
            for fact in file.forwards {
                let holders = attribution.components(holding: fact.holderType, scope: fact.enclosingType)
                // Handing on `loadedModel.dependencies` is the held model's forward as much as the code's around it.
                var sources = attribution.components(type: fact.enclosingType, function: fact.enclosingFunction)
                sources += holders.filter { !sources.contains($0) }
                let resolved = targets(of: fact)
                let holder = holders.first
                if resolved.isEmpty, fact.passesOwnDependencies {
                    for source in sources { opaque[source, default: []].append(OpaqueHandOff(source: source, file: file.path, position: fact.position)) }
                }
                for source in sources.isEmpty ? [nil] : sources.map(Optional.some) {
                    for (target, via) in resolved where target != source {
                        forwards.append(ResolvedForward(
                            source: source, target: target, via: via, file: file.path, position: fact.position,
                            passesOwnDependencies: fact.passesOwnDependencies, holder: holder
                        ))
                    }
                }
            }
            for escape in file.escapes {
                for source in attribution.components(type: escape.enclosingType, function: escape.enclosingFunction) {
                    opaque[source, default: []].append(OpaqueHandOff(source: source, file: file.path, position: escape.position))
                }
            }
        }
        forwards += inheritanceForwards(existing: forwards)
        // A type argument only adds an edge where no construction, call or inheritance already says it.
        let specialized = files.flatMap(specializationForwards)
        if !specialized.isEmpty {
            let written = Set(forwards.compactMap { forward in forward.source.map { "\($0)→\(forward.target)" } })
            forwards += specialized.filter { !written.contains("\($0.source!)→\($0.target)") }
        }
        return (forwards, opaque)
    }

    /// The innermost component around a piece of code: a helper function, else the type or one it is nested in.
    func sourceComponent(function: String?, type: String?) -> String? {
        attribution.primaryComponent(type: type, function: function)
    }

    /// `let state = ListState<Dependencies>()` or `var row: Row<Dependencies>` hands the generic dependencies
    /// type on: the child needs what its own alias says, whether or not a value follows.
    private func specializationForwards(_ file: FileFacts) -> [ResolvedForward] {
        var found: [ResolvedForward] = []
        for fact in file.specializations {
            for source in attribution.components(type: fact.enclosingType, function: fact.enclosingFunction) {
                guard let parameter = components[source]?.genericParameter, fact.arguments.contains(parameter),
                    let target = component(named: fact.type, scope: fact.enclosingType), target != source
                else { continue }
                found.append(ResolvedForward(
                    source: source, target: target, via: .typeArgument, file: file.path, position: fact.position,
                    passesOwnDependencies: true
                ))
            }
        }
        return found
    }

    private func targets(of fact: ForwardFact) -> [(String, ForwardVia)] {
        let scope = fact.enclosingType
        switch fact.kind {
        case .superInit:
            return superclass(of: scope).map { [($0, .superclass)] } ?? []
        case .assignment:
            guard let type = fact.baseType, let target = component(named: type, scope: scope) else { return [] }
            return [(target, .assignment)]
        case .call:
            return callTargets(fact, scope: scope)
        }
    }

    private func callTargets(_ fact: ForwardFact, scope: String?) -> [(String, ForwardVia)] {
        let callee = fact.callee
        switch fact.base {
        case nil where callee == "init":
            // `.init(dependencies:)`: the type is the parameter's of the surrounding call, or the assigned property's.
            if let type = fact.baseType ?? implicitlyBuiltType(fact), let target = component(named: type, scope: scope) {
                return [(target, .construction)]
            }
            return []
        case nil:
            if let type = component(named: callee, scope: scope) { return [(type, .construction)] }
            if let scope, components["\(scope).\(callee)"] != nil { return [("\(scope).\(callee)", .method)] }
            return functions(named: callee).map { ($0, .helper) }
        case "self"?:
            if let scope, components["\(scope).\(callee)"] != nil { return [("\(scope).\(callee)", .method)] }
            return functions(named: callee).map { ($0, .method) }
        case let base?:
            if let type = fact.baseType, let method = member(callee, of: type, scope: scope) { return [(method, .method)] }
            // `state.load(dependencies:)` on a component generic over its dependencies: its method belongs to it.
            if let type = fact.baseType, let owner = component(named: type, scope: scope),
                symbols.functions["\(owner).\(callee)"] != nil
            {
                return [(owner, .method)]
            }
            if base.first?.isUppercase == true, let owner = symbols.resolve(base, from: scope)?.name {
                if let nested = component(named: "\(owner).\(callee)", scope: nil) { return [(nested, .construction)] }
                if components["\(owner).\(callee)"] != nil { return [("\(owner).\(callee)", .helper)] }
            }
            return functions(named: callee).map { ($0, base.first?.isUppercase == true ? .helper : .method) }
        }
    }

    /// `Child(model: .init(dependencies:))`: the type of `Child`'s initializer parameter labelled `model`.
    private func implicitlyBuiltType(_ fact: ForwardFact) -> String? {
        guard let outer = fact.outerCallee, let label = fact.outerLabel,
            case .type(let type)? = symbols.resolve(outer, from: fact.enclosingType)
        else { return nil }
        for declaration in symbols.typeDeclarations[type] ?? [] {
            for initializer in declaration.fact.initializers {
                if let parameter = initializer.parameters.first(where: { $0.label == label }), let name = parameter.type?.name {
                    return name
                }
            }
            if let property = declaration.fact.dependencyProperties.first(where: { $0.name == label }), let name = property.type?.name {
                return name
            }
        }
        return nil
    }

    private func component(named name: String, scope: String?) -> String? {
        guard let symbol = symbols.resolve(name, from: scope), components[symbol.name] != nil else { return nil }
        if case .alias = symbol { return nil }
        return symbol.name
    }

    private func member(_ name: String, of type: String, scope: String?) -> String? {
        let owner = symbols.resolve(type, from: scope)?.name ?? type
        return components["\(owner).\(name)"] != nil ? "\(owner).\(name)" : nil
    }

    private func functions(named name: String) -> [String] {
        (symbols.functionsByName[name] ?? []).filter { components[$0] != nil }.sorted()
    }

    private func superclass(of type: String?) -> String? {
        guard let type, let main = symbols.typeDeclarations[type]?.first, main.fact.kind == .class,
            let first = main.fact.inheritedTypes.first
        else { return nil }
        return component(named: first.name, scope: type)
    }

    /// Subclassing a component class or conforming to a component protocol forwards the dependencies too,
    /// even when no `super.init(dependencies:)` is written.
    private func inheritanceForwards(existing: [ResolvedForward]) -> [ResolvedForward] {
        var implied: [ResolvedForward] = []
        let written = Set(existing.compactMap { forward in forward.source.map { "\($0)→\(forward.target)" } })
        for name in symbols.sortedTypeNames {
            guard let source = components[name] else { continue }
            for declaration in symbols.typeDeclarations[name] ?? [] {
                for (index, inherited) in declaration.fact.inheritedTypes.enumerated() {
                    guard let symbol = symbols.resolve(inherited.name, from: name), components[symbol.name] != nil,
                        symbol.name != source.name, !written.contains("\(source.name)→\(symbol.name)")
                    else { continue }
                    let via: ForwardVia
                    switch symbol {
                    case .protocolType: via = .conformance
                    case .type where index == 0 && declaration.fact.kind == .class: via = .superclass
                    default: continue
                    }
                    implied.append(ResolvedForward(
                        source: source.name, target: symbol.name, via: via, file: declaration.file,
                        position: inherited.position, passesOwnDependencies: true
                    ))
                }
            }
        }
        return implied
    }
}
