import CPDIFacts

/// Every declaration of every file by qualified name, and the name lookup Swift would do.
public struct SymbolTable: Sendable {
    public var aliases: [String: Declared<AliasFact>] = [:] {
        didSet { sortedAliasNames = aliases.keys.sorted(); indexNestedNames() }
    }
    public var protocols: [String: Declared<TypeFact>] = [:] {
        didSet { sortedProtocolNames = protocols.keys.sorted(); indexNestedNames() }
    }
    /// Structs, classes, actors, enums and extensions, by (extended) name; declaration first.
    public var typeDeclarations: [String: [Declared<TypeFact>]] = [:] {
        didSet { sortedTypeNames = typeDeclarations.keys.sorted(); indexNestedNames() }
    }
    /// What follows each dot of each declared name (`Outer.Inner.Dependencies` → `Inner.Dependencies` and
    /// `Dependencies`). A name that is none of these is not declared inside any scope, so `resolve` goes
    /// straight to the top level: most names looked up are top-level aliases and protocols.
    private var nestedNameTails: Set<String> = []
    /// What each name declares, as `symbol(named:)` answers it: one lookup instead of one per table. The kind
    /// alone, since the name is the key: a `Symbol` per slot made this table 21 MB at 100,000 components.
    private var symbolKinds: [String: SymbolKind] = [:]

    private enum SymbolKind: UInt8, Sendable {
        case alias, protocolType, type
    }
    /// The keys of `aliases`, `protocols` and `typeDeclarations`, sorted once: passes and rules walk
    /// them in this order, and sorting tens of thousands of names again for each costs more than the walk.
    public private(set) var sortedAliasNames: [String] = []
    public private(set) var sortedProtocolNames: [String] = []
    public private(set) var sortedTypeNames: [String] = []
    public var functions: [String: Declared<FunctionFact>] = [:]
    /// Qualified names of functions by their simple name (`track` → `Analytics.track`).
    public var functionsByName: [String: [String]] = [:]
    /// Type → the aliases of its own it casts values to (`OwnAliasCastFact`), for the few types that do.
    public var ownAliasCasts: [String: Set<String>] = [:]
    /// The leaves each alias and protocol flattens to (see `LeafFlattening`).
    public var leafSets: [String: Set<String>] = [:]
    /// Every leaf: dependency protocols declared in the sources, and names declared elsewhere that look like one.
    public var leafNames: Set<String> = []
    /// Aliases named like dependency aliases, and every alias they compose. Other compositions
    /// (`typealias Handler = Inbound & Outbound`) are ordinary Swift and define no dependencies.
    public var dependencyAliases: Set<String> = []
    /// Protocols that declare nothing and only inherit (`protocol HomeDependencies: HasLogger, HasStore {}`), also
    /// entered as aliases of what they inherit (`CompositionProtocols`).
    public internal(set) var compositionProtocols: Set<String> = []
    /// Simple names of aliases declared inside protocols and classes (`Dependencies`): a conformer or
    /// subclass sees them as its own, so lookups of these names also search the inherited types.
    private var inheritableAliasNames: Set<String> = []

    public enum Symbol: Sendable, Equatable {
        case alias(String)
        case protocolType(String)
        case type(String)

        public var name: String {
            switch self {
            case .alias(let name), .protocolType(let name), .type(let name): name
            }
        }
    }

    /// Files must come sorted so that the first of two equal names wins the same way every run.
    init(files: [FileFacts], modules: [String: String]) {
        // The tables of types and those of aliases and functions are filled from the same files, on two cores.
        let (types, others) = Parallel.both(
            { Self.typeTables(files: files, modules: modules) },
            { Self.aliasAndFunctionTables(files: files, modules: modules) }
        )
        (protocols, typeDeclarations, sortedProtocolNames, sortedTypeNames) = types
        (aliases, sortedAliasNames, functions, functionsByName, ownAliasCasts) = others
        indexNestedNames()
        for alias in aliases.values {
            guard let enclosing = alias.fact.enclosingType else { continue }
            if protocols[enclosing] != nil || typeDeclarations[enclosing]?.first?.fact.kind == .class {
                inheritableAliasNames.insert(alias.fact.name)
            }
        }
    }

    private static func typeTables(files: [FileFacts], modules: [String: String])
        -> (protocols: [String: Declared<TypeFact>], types: [String: [Declared<TypeFact>]], protocolNames: [String], typeNames: [String])
    {
        var protocols: [String: Declared<TypeFact>] = [:]
        var types: [String: [Declared<TypeFact>]] = [:]
        for file in files {
            let module = modules[file.path] ?? ""
            for type in file.types {
                let declared = Declared(fact: type, file: file.path, module: module)
                if type.isProtocol {
                    if protocols[type.name] == nil { protocols[type.name] = declared }
                } else if type.kind == .extension {
                    types[type.name, default: []].append(declared)
                } else {
                    types[type.name, default: []].insert(declared, at: 0)
                }
            }
        }
        return (protocols, types, protocols.keys.sorted(), types.keys.sorted())
    }

    private static func aliasAndFunctionTables(files: [FileFacts], modules: [String: String]) -> (
        aliases: [String: Declared<AliasFact>], aliasNames: [String], functions: [String: Declared<FunctionFact>],
        functionsByName: [String: [String]], ownAliasCasts: [String: Set<String>]
    ) {
        var aliases: [String: Declared<AliasFact>] = [:]
        var functions: [String: Declared<FunctionFact>] = [:]
        var functionsByName: [String: [String]] = [:]
        var ownAliasCasts: [String: Set<String>] = [:]
        for file in files {
            let module = modules[file.path] ?? ""
            for alias in file.aliases where aliases[alias.qualifiedName] == nil {
                aliases[alias.qualifiedName] = Declared(fact: alias, file: file.path, module: module)
            }
            for cast in file.declarations.ownAliasCasts { ownAliasCasts[cast.type, default: []].insert(cast.alias) }
            for function in file.functions where functions[function.qualifiedName] == nil {
                functions[function.qualifiedName] = Declared(fact: function, file: file.path, module: module)
                functionsByName[function.name, default: []].append(function.qualifiedName)
            }
        }
        return (aliases, aliases.keys.sorted(), functions, functionsByName, ownAliasCasts)
    }

    /// Rebuilds the indexes of names (nested tails, symbols by name) after the tables change.
    private mutating func indexNestedNames() {
        var tails: Set<String> = []
        for names in [sortedAliasNames, sortedProtocolNames, sortedTypeNames] {
            for name in names {
                var rest = Substring(name)
                while let dot = rest.utf8.firstIndex(of: UInt8(ascii: ".")) {
                    rest = rest[rest.index(after: dot)...]
                    tails.insert(String(rest))
                }
            }
        }
        nestedNameTails = tails
        // Aliases win over protocols, protocols over types, as the lookup always had it.
        var byName: [String: SymbolKind] = [:]
        byName.reserveCapacity(sortedAliasNames.count + sortedProtocolNames.count + sortedTypeNames.count)
        for name in sortedTypeNames where isDeclaredType(name) { byName[name] = .type }
        for name in sortedProtocolNames { byName[name] = .protocolType }
        for name in sortedAliasNames { byName[name] = .alias }
        symbolKinds = byName
    }

    /// Looks `name` up from inside `scope` outwards, as the compiler does for nested names,
    /// then without a leading module name (`ShopKit.LoggingDependency`).
    public func resolve(_ name: String, from scope: String?) -> Symbol? {
        // Runs for every alias member and requirement, many times over: the candidates are tried as
        // they are made, without collecting them first.
        var current = nestedNameTails.contains(name) ? scope.map { Substring($0) } : nil
        while let prefix = current, !prefix.isEmpty {
            if let found = symbol(named: "\(prefix).\(name)") { return found }
            current = prefix.utf8.lastIndex(of: UInt8(ascii: ".")).map { prefix[..<$0] }
        }
        if let scope, inheritableAliasNames.contains(name) {
            var visited: Set<String> = []
            if let found = inheritedMember(name, of: scope, visited: &visited) { return found }
        }
        if let found = symbol(named: name) { return found }
        if !inheritableAliasNames.isEmpty, let found = inheritedThroughDottedName(name, from: scope) { return found }
        if let dot = name.firstIndex(of: ".") { return symbol(named: String(name[name.index(after: dot)...])) }
        return nil
    }

    /// `Dependencies` declared in a protocol the scope conforms to, or in its superclass, at any depth.
    private func inheritedMember(_ name: String, of scope: String, visited: inout Set<String>) -> Symbol? {
        var current = Optional(Substring(scope))
        while let prefix = current, !prefix.isEmpty {
            let type = String(prefix)
            if visited.insert(type).inserted {
                let inherited = (typeDeclarations[type] ?? []).flatMap(\.fact.inheritedTypes) + (protocols[type]?.fact.inheritedTypes ?? [])
                for reference in inherited {
                    guard let parent = parentName(reference.name, from: type) else { continue }
                    if let found = symbol(named: "\(parent).\(name)") { return found }
                    if let found = inheritedMember(name, of: parent, visited: &visited) { return found }
                }
            }
            current = prefix.lastIndex(of: ".").map { prefix[..<$0] }
        }
        return nil
    }

    /// A supertype's declared name, looked up without the inherited search (which would loop).
    private func parentName(_ name: String, from scope: String) -> String? {
        var current = Optional(Substring(scope))
        while let prefix = current, !prefix.isEmpty {
            let candidate = "\(prefix).\(name)"
            if protocols[candidate] != nil || isDeclaredType(candidate) { return candidate }
            current = prefix.lastIndex(of: ".").map { prefix[..<$0] }
        }
        if protocols[name] != nil || isDeclaredType(name) { return name }
        if let dot = name.firstIndex(of: ".") { return parentName(String(name[name.index(after: dot)...]), from: scope) }
        return nil
    }

    private func symbol(named candidate: String) -> Symbol? {
        switch symbolKinds[candidate] {
        case .alias?: .alias(candidate)
        case .protocolType?: .protocolType(candidate)
        case .type?: .type(candidate)
        case nil: nil
        }
    }

    /// `Conformer.Dependencies` written for the `Dependencies` a protocol of `Conformer` declares.
    private func inheritedThroughDottedName(_ name: String, from scope: String?) -> Symbol? {
        // Runs for names no declaration matched; bytes keep it cheap.
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let member = String(name[name.index(after: dot)...])
        guard inheritableAliasNames.contains(member), let owner = resolve(String(name[..<dot]), from: scope), !isAlias(owner) else { return nil }
        var visited: Set<String> = []
        return inheritedMember(member, of: owner.name, visited: &visited)
    }

    private func isAlias(_ symbol: Symbol) -> Bool {
        if case .alias = symbol { return true }
        return false
    }

    /// Whether a struct, class, actor or enum (not just an extension) of this name is declared.
    /// An alias no `typealias` declares: a protocol that only composes others, or the composition a dependencies
    /// property is typed by in place. Rules about how aliases are declared, named and placed leave these alone.
    public func isUndeclaredAlias(_ name: String) -> Bool {
        compositionProtocols.contains(name) || aliases[name]?.fact.isInline == true
    }

    public func isDeclaredType(_ name: String) -> Bool {
        typeDeclarations[name]?.first.map { $0.fact.kind != .extension } ?? false
    }

    /// Every alias reachable through an alias's members, itself included.
    public func composedAliases(of name: String) -> Set<String> {
        var found: Set<String> = []
        var queue = [name]
        while let next = queue.popLast() {
            guard found.insert(next).inserted, let alias = aliases[next] else { continue }
            for member in alias.fact.members {
                if case .alias(let nested)? = resolve(member.name, from: alias.fact.enclosingType) { queue.append(nested) }
            }
        }
        return found
    }

    /// The labels of a component's alias when it is a tuple (`(own: A & B, nested: C)`), or of the tuple its stored
    /// property is typed by in place (`let dependencies: (own: Own, nested: Nested)`).
    public func tupleElements(of component: Component) -> Set<String> {
        var found = Set(component.property?.tuple?.map(\.label) ?? [])
        for requirement in component.requirements where requirement.kind == .alias {
            for member in aliases[requirement.name]?.fact.members ?? [] { if let element = member.element { found.insert(element) } }
        }
        return found
    }

    public func leaves(ofRequirement requirement: Requirement) -> Set<String> {
        switch requirement.kind {
        case .alias, .leaf: leafSets[requirement.name] ?? [requirement.name]
        case .unknown: leafNames.contains(requirement.name) ? [requirement.name] : []
        }
    }

    /// The leaves behind a symbol, or nil when it is neither an alias nor a protocol.
    public func leaves(of symbol: Symbol) -> Set<String>? {
        switch symbol {
        case .alias(let name), .protocolType(let name): leafSets[name] ?? []
        case .type: nil
        }
    }
}
