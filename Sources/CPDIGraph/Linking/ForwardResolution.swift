import CPDIFacts

/// Pass: resolves every hand-over of dependencies to the component that receives it — written ones
/// (calls, `super.init`, assignments) and implied ones (inheriting a component class, conforming to a
/// protocol with an associated `Dependencies`).
struct ForwardResolution {
    let symbols: SymbolTable
    let components: [String: Component]

    func run(files: [FileFacts]) -> [ResolvedForward] {
        var forwards: [ResolvedForward] = []
        for file in files {
            for fact in file.forwards {
                let source = sourceComponent(function: fact.enclosingFunction, type: fact.enclosingType)
                for (target, via) in targets(of: fact) where target != source {
                    forwards.append(ResolvedForward(
                        source: source, target: target, via: via, file: file.path, position: fact.position,
                        passesOwnDependencies: fact.passesOwnDependencies
                    ))
                }
            }
        }
        forwards += inheritanceForwards(existing: forwards)
        return forwards
    }

    /// The innermost component around a piece of code: a helper function, else the type or one it is nested in.
    func sourceComponent(function: String?, type: String?) -> String? {
        if let function, components[function] != nil { return function }
        var current = type.map { Substring($0) }
        while let name = current, !name.isEmpty {
            if components[String(name)] != nil { return String(name) }
            current = name.lastIndex(of: ".").map { name[..<$0] }
        }
        return nil
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
        case nil:
            if let type = component(named: callee, scope: scope) { return [(type, .construction)] }
            if let scope, components["\(scope).\(callee)"] != nil { return [("\(scope).\(callee)", .method)] }
            return functions(named: callee).map { ($0, .helper) }
        case "self"?:
            if let scope, components["\(scope).\(callee)"] != nil { return [("\(scope).\(callee)", .method)] }
            return functions(named: callee).map { ($0, .method) }
        case let base?:
            if let type = fact.baseType, let method = member(callee, of: type, scope: scope) { return [(method, .method)] }
            if base.first?.isUppercase == true, let owner = symbols.resolve(base, from: scope)?.name {
                if let nested = component(named: "\(owner).\(callee)", scope: nil) { return [(nested, .construction)] }
                if components["\(owner).\(callee)"] != nil { return [("\(owner).\(callee)", .helper)] }
            }
            return functions(named: callee).map { ($0, base.first?.isUppercase == true ? .helper : .method) }
        }
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
