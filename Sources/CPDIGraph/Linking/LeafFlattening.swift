import CPDIFacts

/// Pass: flattens every alias and protocol to the leaf protocols it stands for.
///
/// A protocol with requirements of its own is a leaf; one that only inherits others is a composition
/// and flattens to theirs. Only protocols some dependency alias reaches are leaves of the graph: a
/// service protocol named `…Providing` that no alias lists is just a protocol. An alias member declared nowhere in the sources counts as a leaf only when
/// its name looks like a dependency protocol, so `Sendable` or `AnyObject` never become dependencies.
struct LeafFlattening {
    let conventions: NamingConventions

    func run(on symbols: inout SymbolTable) {
        var flattener = Flattener(symbols: symbols, conventions: conventions)
        symbols.dependencyAliases = dependencyAliases(in: symbols)
        for name in symbols.dependencyAliases.sorted() { _ = flattener.leaves(ofAlias: name) }
        // Only what dependency aliases reach is a leaf; flattening the rest just fills the memo.
        let reachedFromAliases = flattener.leafNames
        for name in symbols.sortedAliasNames { _ = flattener.leaves(ofAlias: name) }
        for name in symbols.sortedProtocolNames { _ = flattener.leaves(ofProtocol: name) }
        symbols.leafSets = flattener.memo
        symbols.leafNames = reachedFromAliases
    }

    private func dependencyAliases(in symbols: SymbolTable) -> Set<String> {
        var found: Set<String> = []
        var queue = symbols.aliases.keys.filter { conventions.isAliasName($0.lastDottedPart) } + aliasesTypingValues(in: symbols)
        while let name = queue.popLast() {
            guard found.insert(name).inserted, let alias = symbols.aliases[name] else { continue }
            for member in alias.fact.members {
                if case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType) { queue.append(nested) }
            }
        }
        return found
    }

    /// Aliases named in their app's own words that type a dependencies value their file recognised by its type
    /// (`private let context: Context`, `dependency: Dependency`): what that value holds is dependencies too.
    private func aliasesTypingValues(in symbols: SymbolTable) -> [String] {
        var found: [String] = []
        // A value typed by a guess (`ForecastModel.Context`) makes its alias a dependency alias only where the
        // alias composes what dependencies are named like.
        func composesDependencies(_ alias: String) -> Bool {
            symbols.aliases[alias]?.fact.members.contains { conventions.namesDependency($0.lastComponent) } ?? false
        }
        for name in symbols.sortedTypeNames {
            for declared in symbols.typeDeclarations[name]! {
                for property in declared.fact.dependencyProperties where !conventions.isDependenciesValueName(property.name) {
                    if let type = property.type, case .alias(let alias)? = symbols.resolve(type.name, from: name), composesDependencies(alias) {
                        found.append(alias)
                    }
                }
            }
        }
        for name in symbols.functions.keys.sorted() {
            let function = symbols.functions[name]!.fact
            for parameter in function.parameters where parameter.carriesDependencies {
                if let type = parameter.type, case .alias(let alias)? = symbols.resolve(type.name, from: function.enclosingType), composesDependencies(alias) {
                    found.append(alias)
                }
            }
        }
        return found
    }

    private struct Flattener {
        let symbols: SymbolTable
        let conventions: NamingConventions
        var memo: [String: Set<String>] = [:]
        var inProgress: Set<String> = []
        var leafNames: Set<String> = []

        mutating func leaves(ofAlias name: String) -> Set<String> {
            if let known = memo[name] { return known }
            guard inProgress.insert(name).inserted, let alias = symbols.aliases[name] else { return [] }
            var result: Set<String> = []
            for member in alias.fact.members {
                let leaves = leaves(ofReference: member.name, scope: alias.fact.enclosingType, allowExternal: true)
                // The first member's leaves are shared, not copied: many aliases bring what one member does.
                if result.isEmpty { result = leaves } else { result.formUnion(leaves) }
            }
            inProgress.remove(name)
            memo[name] = result
            return result
        }

        mutating func leaves(ofProtocol name: String) -> Set<String> {
            if let known = memo[name] { return known }
            guard inProgress.insert(name).inserted, let declared = symbols.protocols[name] else { return [] }
            var inherited: Set<String> = []
            for parent in declared.fact.inheritedTypes {
                let leaves = leaves(ofReference: parent.name, scope: name, allowExternal: false)
                if inherited.isEmpty { inherited = leaves } else { inherited.formUnion(leaves) }
            }
            var result = inherited
            if !declared.fact.requirements.isEmpty || inherited.isEmpty {
                result.insert(name)
                leafNames.insert(name)
            }
            inProgress.remove(name)
            memo[name] = result
            return result
        }

        mutating func leaves(ofReference name: String, scope: String?, allowExternal: Bool) -> Set<String> {
            switch symbols.resolve(name, from: scope) {
            case .alias(let alias): return leaves(ofAlias: alias)
            case .protocolType(let proto): return leaves(ofProtocol: proto)
            case .type: return []
            case nil:
                guard allowExternal, conventions.isDependencyProtocolName(name.lastDottedPart) else { return [] }
                leafNames.insert(name)
                return [name]
            }
        }
    }
}
