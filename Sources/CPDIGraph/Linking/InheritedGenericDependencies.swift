import CPDIFacts

/// Dependencies a class gets from a generic base class: `final class AppFlow: BaseFlowController<HasFeed & HasUser>`,
/// where `class BaseFlowController<Dependencies>` stores `let dependencies: Dependencies` and asks nothing of it.
///
/// The subclass is the component. Its dependencies value is the base's stored property, typed by the argument the
/// subclass gives the base: a name (an alias or a protocol), or a composition, which is then the subclass's alias,
/// unnamed (`AppFlow.dependencies`), as a composition written on a property is. Only where the base's parameter is
/// unconstrained: the base's code can then read nothing of the value, so what the value must offer is what the
/// subclass and those it hands the value to read. Code of the base that does anything with the value leaves the
/// subclasses unjudged (`ScopeAttribution`).
struct InheritedGenericDependencies {
    let conventions: NamingConventions
    let learntValues: Set<String>

    struct Match {
        /// The generic base class storing the value.
        var base: String
        /// Its stored property, typed by the base's generic parameter.
        var property: DependencyPropertyFact
        /// What the subclass gives that parameter: one name, or the members of a composition.
        var argument: [TypeReference]
    }

    /// The base class a class gets its dependencies value from, and the argument it gives it.
    func match(_ name: String, symbols: SymbolTable) -> Match? {
        guard let main = symbols.typeDeclarations[name]?.first, main.fact.kind == .class, !main.fact.superclassArguments.isEmpty,
            let superclass = main.fact.inheritedTypes.first, case .type(let base)? = symbols.resolve(superclass.name, from: name),
            base != name, let baseDeclarations = symbols.typeDeclarations[base], let baseMain = baseDeclarations.first,
            baseMain.fact.kind == .class, baseMain.fact.genericParameters.count == main.fact.superclassArguments.count
        else { return nil }
        let parameters = baseMain.fact.genericParameters
        let stored = baseDeclarations.flatMap(\.fact.dependencyProperties).filter { property in
            property.isStored && (conventions.isDependenciesValueName(property.name) || learntValues.contains(property.name))
                && parameters.contains { $0.name == property.type?.name && $0.constraints.isEmpty }
        }
        guard stored.count == 1, let property = stored.first,
            let index = parameters.firstIndex(where: { $0.name == property.type?.name }),
            !main.fact.superclassArguments[index].isEmpty
        else { return nil }
        return Match(base: base, property: property, argument: main.fact.superclassArguments[index])
    }

    /// The name of the alias a composition given as the argument stands for.
    static func aliasName(of component: String, property: DependencyPropertyFact) -> String { "\(component).\(property.name)" }

    /// Enters every composition given as such an argument as its subclass's unnamed alias, before leaves are flattened.
    func run(on symbols: inout SymbolTable) {
        var aliases = symbols.aliases
        var added = false
        for name in symbols.sortedTypeNames {
            guard let found = match(name, symbols: symbols), found.argument.count >= 2, let main = symbols.typeDeclarations[name]?.first
            else { continue }
            let alias = AliasFact(
                name: found.property.name, enclosingType: name, access: main.fact.access, position: found.argument[0].position,
                members: found.argument, isInline: true
            )
            aliases[Self.aliasName(of: name, property: found.property)] = Declared(fact: alias, file: main.file, module: main.module)
            added = true
        }
        if added { symbols.aliases = aliases }
    }
}
