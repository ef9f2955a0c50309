import CPDIFacts

/// Pass: resolves every hand-over of dependencies to the component that receives it — written ones
/// (calls, `super.init`, assignments) and implied ones (inheriting a component class, conforming to a
/// protocol with an associated `Dependencies`).
struct ForwardResolution {
    let symbols: SymbolTable
    let components: [String: Component]
    let attribution: Attribution
    let conventions: NamingConventions

    init(symbols: SymbolTable, components: [String: Component], attribution: Attribution, conventions: NamingConventions) {
        self.symbols = symbols
        self.components = components
        self.attribution = attribution
        self.conventions = conventions
    }

    /// Every resolved forward, and the hand-offs of own dependencies that lead nowhere cpdi can follow.
    /// - Parameter closures: the closure types of the same facts, which type hand-offs to a closure the dependencies hold.
    func run(files: [FileFacts], closures: ClosureParameterTyping) -> (forwards: [ResolvedForward], opaque: [String: [NotJudgedReason]]) {
        let typeReturning = Set(files.flatMap(\.declarations.typeReturningFunctions))
        let metatypeFunctions = Dictionary(grouping: files.flatMap(\.declarations.metatypeFunctions), by: \.name)
        // Each file's forwards on their own, on all cores, then put together in file order: the same lists as one
        // loop over the files gives. Chunks of files keep the results few.
        let resolved = Parallel.map(ranges: files.count, chunk: 256) { range in
            var forwards: [ResolvedForward] = [], opaque: [(source: String, reason: NotJudgedReason)] = []
            for file in files[range] {
                resolve(file, typeReturning: typeReturning, metatypeFunctions: metatypeFunctions, closures: closures, into: &forwards, opaque: &opaque)
            }
            return (forwards, opaque)
        }
        var forwards: [ResolvedForward] = []
        forwards.reserveCapacity(resolved.reduce(0) { $0 + $1.0.count })
        var opaque: [String: [NotJudgedReason]] = [:]
        for (found, handedOff) in resolved {
            forwards += found
            for (source, reason) in handedOff { opaque[source, default: []].append(reason) }
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

    /// One file's forwards, and the places it hands a component's dependencies where cpdi cannot follow them.
    private func resolve(
        _ file: FileFacts, typeReturning: Set<TypeReturningFunctionFact>, metatypeFunctions: [String: [MetatypeFunctionFact]],
        closures: ClosureParameterTyping, into forwards: inout [ResolvedForward], opaque: inout [(source: String, reason: NotJudgedReason)]
    ) {
        for written in file.forwards {
            // `cell.setup(dependencies:)` on `let cell = view.dequeueReusableCell(for:cellType: SummaryCell.self)`,
            // where the sources declare that call as returning the type handed to it: `cell` is a `SummaryCell`.
            var fact = written
            if fact.baseType == nil, let hint = fact.baseTypeHint,
               typeReturning.contains(TypeReturningFunctionFact(name: hint.callee, label: hint.label)) {
                fact.baseType = hint.type
            }
            let holders = attribution.components(holding: fact.holderType, scope: fact.enclosingType)
            // Handing on `loadedModel.dependencies` is the held model's forward as much as the code's around it.
            var sources = StaticHolderTyping.isTyped(holder: fact.holder, holderType: fact.holderType)
                ? [] : attribution.components(ofValue: fact.value, type: fact.enclosingType, function: fact.enclosingFunction)
            if fact.value?.declaredType != nil, sources.isEmpty { continue }  // typed as something else after all
            sources += holders.filter { !sources.contains($0) }
            if let projection = fact.projection {
                // `Child(dependencies: dependencies.nested)` hands on an element of a tuple alias; any
                // other member handed on is a read, which the uses already count.
                sources = sources.filter { components[$0].map(symbols.tupleElements(of:))?.contains(projection) ?? false }
                if sources.isEmpty { continue }
            }
            if fact.baseType == nil, let hint = fact.metatypeCall,
                let returned = metatypeReturned(by: hint, scope: fact.enclosingType, sources: sources, functions: metatypeFunctions)
            {
                fact.baseType = "\(returned).Type"
            }
            let resolved = collapsingOverrides(targets(of: fact).filter { accepts($0.0, via: $0.1, label: fact.label) })
            let holder = holders.first
            let closureTargets = resolved.isEmpty && !closures.isEmpty ? closureCalls(fact, sources: sources, closures: closures) : [:]
            if resolved.isEmpty, fact.passesOwnDependencies {
                let reason = NotJudgedReason(kind: .handedOff, detail: handOffDetail(fact), file: file.path, position: fact.position)
                for source in sources where closureTargets[source] == nil { opaque.append((source, reason)) }
            }
            for source in sources.isEmpty ? [nil] : sources.map(Optional.some) {
                let targets = source.flatMap { closureTargets[$0] }.map { [($0, ForwardVia.helper)] } ?? resolved
                for (target, via) in targets where target != source {
                    var forward = ResolvedForward(
                        source: source, target: target, via: via, file: file.path, position: fact.position,
                        passesOwnDependencies: fact.passesOwnDependencies, holder: holder
                    )
                    forward.isAmbiguous = targets.count > 1 && !isOneFamily(targets)
                    forwards.append(forward)
                }
            }
        }
    }

    /// `dependencies.reduce(action, dependencies)`: for each source whose leaves hold `reduce`, the component the
    /// closure's type hands the value to (`ClosureParameterTyping`).
    private func closureCalls(_ fact: ForwardFact, sources: [String], closures: ClosureParameterTyping) -> [String: String] {
        guard fact.kind == .call, fact.passesOwnDependencies, let index = fact.argumentIndex, let base = fact.base else { return [:] }
        var found: [String: String] = [:]
        for source in sources {
            guard let component = components[source], isDependenciesValue(base, of: component),
                let target = closures.target(member: fact.callee, index: index, source: component)
            else { continue }
            found[source] = target
        }
        return found
    }

    /// The name the component's dependencies value goes by: its property, its function's dependencies parameter.
    private func isDependenciesValue(_ name: String, of component: Component) -> Bool {
        if conventions.isDependenciesValueName(name) || component.property?.name == name { return true }
        guard component.form == .function, let function = symbols.functions[component.name]?.fact else { return false }
        return function.parameters.contains { $0.name == name && ($0.carriesDependencies || conventions.isDependenciesValueName($0.label)) }
    }

    /// "handed to `Router(container:)`, which …": the call as written, and why it leads nowhere.
    private func handOffDetail(_ fact: ForwardFact) -> String {
        let call: String
        switch fact.kind {
        case .superInit: call = "super.\(fact.callee)(\(fact.label):)"
        case .assignment: call = "\(fact.base ?? "_").\(fact.callee)"
        case .call: call = "\(fact.base.map { $0 == "_" ? "" : "\($0)." } ?? "")\(fact.callee)(\(fact.label):)"
        }
        if conventions.isDependenciesValueName(fact.label) || targets(of: fact).isEmpty {
            return "handed to `\(call)`, which cpdi cannot resolve to a component"
        }
        return "handed to `\(call)`, which takes no dependencies there"
    }

    /// A value handed on under a label that is not a dependencies one reaches the child's dependencies only
    /// where the child takes them under that label; anywhere else the child may do anything with it.
    private func accepts(_ target: String, via: ForwardVia, label: String) -> Bool {
        guard !conventions.isDependenciesValueName(label), let component = components[target] else { return true }
        func isDependenciesParameter(_ parameter: ParameterFact) -> Bool {
            guard parameter.label == label, let type = parameter.type?.name else { return false }
            if type == component.genericParameter { return true }
            return component.requirements.contains { $0.name == symbols.resolve(type, from: component.name)?.name || $0.name == type }
        }
        switch via {
        case .helper, .method:
            return symbols.functions[target]?.fact.parameters.contains(where: isDependenciesParameter) ?? false
        case .construction, .superclass:
            let declarations = symbols.typeDeclarations[target] ?? []
            let initializers = declarations.flatMap(\.fact.initializers)
            if initializers.isEmpty { return component.property?.name == label }  // the memberwise initializer
            return initializers.contains { $0.parameters.contains(where: isDependenciesParameter) }
        case .assignment, .conformance, .typeArgument:
            return true
        }
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
            guard let type = fact.baseType else { return [] }
            if let target = component(named: type, scope: scope) { return [(target, .assignment)] }
            // `result.appContext = …` on a subclass of the component class that declares `appContext`.
            return inheritedPropertyOwner(type, property: fact.callee, scope: scope).map { [($0, .assignment)] } ?? []
        case .call:
            return callTargets(fact, scope: scope)
        }
    }

    private func callTargets(_ fact: ForwardFact, scope: String?) -> [(String, ForwardVia)] {
        let callee = fact.callee
        if let built = genericallyBuilt(fact, scope: scope) { return built }
        if callee == "init", fact.base != nil, let type = fact.baseType, type.hasSuffix(".Type") {
            return metatypeConstruction(String(type.dropLast(5)), scope: scope)
        }
        if let target = caseTarget(fact, scope: scope) { return [(target, .typeArgument)] }
        switch fact.base {
        case nil where callee == "init":
            // `.init(dependencies:)`: the type is the parameter's of the surrounding call, the assigned property's, or
            // the declared type of the binding it initialises or of the function it is returned from.
            if let type = fact.baseType ?? implicitlyBuiltType(fact) ?? fact.expectedType?.name, let target = component(named: type, scope: scope) {
                return [(target, .construction)]
            }
            return []
        case nil:
            if let type = component(named: callee, scope: scope) { return [(type, .construction)] }
            if let type = inheritedInitializerComponent(callee, scope: scope) { return [(type, .construction)] }
            if let scope, components["\(scope).\(callee)"] != nil { return [("\(scope).\(callee)", .method)] }
            return functions(named: callee).map { ($0, .helper) }
        case "_"?:
            // A receiver cpdi cannot name (a call chain): any function of that name, never one preferred.
            return functions(named: callee).map { ($0, .helper) }
        case "self"?, "Self"?:
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
                // `EditorConfigurator.configure(dependencies:)` calls that type's function, which is no component
                // (it takes a type cpdi does not know as an alias): another type's `configure` is not the callee.
                return []
            }
            return functions(named: callee).map { ($0, base.first?.isUppercase == true ? .helper : .method) }
        }
    }

    /// `Bar(dependencies:)` or `bar.init(dependencies:)` where `Bar` is a generic parameter of the type around
    /// the call, constrained to a protocol: the type built is one of the protocol's conformers, each of which
    /// takes what the protocol's initializer says. Nil when the name is no such parameter.
    private func genericallyBuilt(_ fact: ForwardFact, scope: String?) -> [(String, ForwardVia)]? {
        let name: String
        switch (fact.base, fact.callee) {
        case (let base?, "init") where base != "self" && base != "Self": name = base
        case (nil, let callee) where callee != "init": name = callee
        default: return nil
        }
        guard let scope, let parameter = symbols.typeDeclarations[scope]?.first?.fact.genericParameters.first(where: { $0.name == name })
        else { return nil }
        let protocols = Set(parameter.constraints.compactMap { constraint -> String? in
            if case .protocolType(let proto)? = symbols.resolve(constraint.name, from: scope) { return proto }
            return nil
        })
        guard !protocols.isEmpty else { return [] }
        // Every conformer must take exactly what the protocol's initializer says: together they are what the
        // call may build.
        let conformers = Set(protocols.flatMap(attribution.conformers(of:))).filter { name in
            if case .type? = components[name]?.form { return true } else { return false }
        }
        return conformers.sorted().map { ($0, .construction) }
    }

    /// `let model: Attachable<HomeViewModel> = .detached(dependencies)` with `case detached(VM.Dependency)` in
    /// `enum Attachable<VM>`: the payload is `HomeViewModel.Dependency`, so the child is `HomeViewModel`. Only
    /// where one payload of the case names a generic parameter's member, so the argument's place is certain.
    private func caseTarget(_ fact: ForwardFact, scope: String?) -> String? {
        guard fact.base == nil, let expected = fact.expectedType,
            case .type(let owner)? = symbols.resolve(expected.name, from: scope),
            let declared = symbols.typeDeclarations[owner]?.first?.fact,
            let enumCase = declared.genericCases.first(where: { $0.name == fact.callee })
        else { return nil }
        let generics = declared.genericParameters.map(\.name)
        let typed = enumCase.payloads.filter { payload in
            payload.split(separator: ".").count == 2 && generics.contains(String(payload.split(separator: ".")[0]))
        }
        guard typed.count == 1, enumCase.payloads.count == 1 || fact.label == "_" else { return nil }
        let parts = typed[0].split(separator: ".")
        guard let index = generics.firstIndex(of: String(parts[0])), index < expected.genericArguments.count,
            let child = component(named: expected.genericArguments[index], scope: scope),
            case .alias? = symbols.resolve("\(child).\(parts[1])", from: scope)
        else { return nil }
        return child
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

    /// `manager.querierForCourseWithID(environment:)` on a receiver cpdi cannot type resolves to that method and
    /// to every override of it (a test double subclassing the manager). When the candidates are one instance
    /// method and overrides of it in its subclasses, whose requirements come to the same leaves (an override may
    /// name the type by an alias of its own, `typealias Environment = OEXConfigProvider` in the test double),
    /// whichever runs takes what the overridden method takes: the hand-off is a forward to that method, not an
    /// ambiguous one.
    private func collapsingOverrides(_ resolved: [(String, ForwardVia)]) -> [(String, ForwardVia)] {
        guard resolved.count > 1 else { return resolved }
        func leaves(_ component: String) -> Set<String>? {
            guard let requirements = components[component]?.requirements, !requirements.isEmpty,
                requirements.allSatisfy({ $0.kind != .unknown })
            else { return nil }
            return requirements.reduce(into: Set<String>()) { $0.formUnion(symbols.leafSets[$1.name] ?? [$1.name]) }
        }
        guard let first = symbols.functions[resolved[0].0]?.fact, let required = leaves(resolved[0].0) else { return resolved }
        var owners: [String] = []
        for (candidate, _) in resolved {
            guard let function = symbols.functions[candidate]?.fact, !function.isStatic, let owner = function.enclosingType,
                function.name == first.name, function.parameters.map(\.label) == first.parameters.map(\.label),
                leaves(candidate) == required
            else { return resolved }
            owners.append(owner)
        }
        let bases = owners.indices.filter { index in
            owners.indices.allSatisfy { $0 == index || attribution.superclasses[owners[$0]]?.contains(owners[index]) == true }
        }
        return bases.count == 1 ? [resolved[bases[0]]] : resolved
    }

    private func functions(named name: String) -> [String] {
        (symbols.functionsByName[name] ?? []).filter { components[$0] != nil }.sorted()
    }

    /// `MainFlowController(dependencies:)` where `MainFlowController` declares no initializer and subclasses a
    /// component class: Swift gives it its superclass's initializers, so the call builds that component (the
    /// subclass's code is in the component's scope already). A subclass that declares any initializer is left
    /// alone: its designated ones replace the inherited, and a convenience one may hand on anything.
    private func inheritedInitializerComponent(_ name: String, scope: String?) -> String? {
        guard case .type(var type)? = symbols.resolve(name, from: scope) else { return nil }
        var visited: Set<String> = []
        while visited.insert(type).inserted {
            let declarations = symbols.typeDeclarations[type] ?? []
            guard let main = declarations.first, main.fact.kind == .class, declarations.allSatisfy({ $0.fact.initializers.isEmpty }),
                let parent = main.fact.inheritedTypes.first, case .type(let superclass)? = symbols.resolve(parent.name, from: type)
            else { return nil }
            if case .type? = components[superclass]?.form { return superclass }
            type = superclass
        }
        return nil
    }

    /// The component class up the superclasses of `name` whose dependencies property is `property`, where `name`
    /// itself is no component: assigning that property of a subclass's instance hands the value to the class declaring it.
    private func inheritedPropertyOwner(_ name: String, property: String, scope: String?) -> String? {
        guard case .type(var type)? = symbols.resolve(name, from: scope) else { return nil }
        var visited: Set<String> = []
        while visited.insert(type).inserted, components[type] == nil {
            guard let main = symbols.typeDeclarations[type]?.first, main.fact.kind == .class, let parent = main.fact.inheritedTypes.first,
                case .type(let superclass)? = symbols.resolve(parent.name, from: type)
            else { return nil }
            type = superclass
        }
        guard let component = components[type], component.property?.name == property, case .type = component.form else { return nil }
        return type
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
