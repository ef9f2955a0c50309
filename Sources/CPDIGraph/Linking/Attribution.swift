import CPDIFacts

/// Which components a piece of code speaks for (SPEC §4a): the scope a use, read or forward counts in.
///
/// Code inside a helper function that receives dependencies speaks for that helper alone; code in a type
/// speaks for the innermost component it is nested in. Code in a protocol extension speaks for every
/// component that conforms to the protocol, directly, through a refinement or through a superclass. Code
/// in a class that is not a component itself but inherits from one (a view controller subclass reading
/// the stored `dependencies` of its base class) speaks for that base class.
public struct Attribution: Sendable {
    private let componentNames: Set<String>
    /// Protocol → the components conforming to it, transitively, sorted.
    private let conformers: [String: [String]]
    /// Class → the nearest component among its superclasses.
    private let componentAncestor: [String: String]
    /// Class → its superclass chain (declared classes only), nearest first.
    public let superclasses: [String: [String]]
    /// Classes some component inherits from, at any depth: a value typed by one may be that component.
    public let classesComponentsInherit: Set<String>
    private let symbols: SymbolTable
    /// Component → every protocol it conforms to, transitively, sorted.
    public let conformances: [String: [String]]

    init(symbols: SymbolTable, components: [String: Component]) {
        self.symbols = symbols
        componentNames = Set(components.keys)
        var superclasses: [String: [String]] = [:]
        for name in symbols.sortedTypeNames {
            var chain: [String] = []
            var current = name
            while chain.count < 32, let parent = Self.superclass(of: current, symbols: symbols), !chain.contains(parent), parent != name {
                chain.append(parent)
                current = parent
            }
            if !chain.isEmpty { superclasses[name] = chain }
        }
        self.superclasses = superclasses
        classesComponentsInherit = Set(superclasses.lazy.filter { components[$0.key] != nil }.flatMap(\.value))
        componentAncestor = superclasses.compactMapValues { chain in chain.first { components[$0] != nil } }

        var conformers: [String: Set<String>] = [:]
        var protocolClosure: [String: Set<String>] = [:]
        func protocols(of type: String, depth: Int = 0) -> Set<String> {
            if let known = protocolClosure[type] { return known }
            guard depth < 32 else { return [] }
            protocolClosure[type] = []
            var found: Set<String> = []
            let inherited = (symbols.typeDeclarations[type] ?? []).flatMap(\.fact.inheritedTypes)
                + (symbols.protocols[type]?.fact.inheritedTypes ?? [])
            for reference in inherited {
                guard case .protocolType(let proto)? = symbols.resolve(reference.name, from: type) else { continue }
                found.insert(proto)
                found.formUnion(protocols(of: proto, depth: depth + 1))
            }
            for parent in superclasses[type] ?? [] { found.formUnion(protocols(of: parent, depth: depth + 1)) }
            protocolClosure[type] = found
            return found
        }
        var conformances: [String: [String]] = [:]
        for name in components.keys.sorted() where symbols.typeDeclarations[name] != nil || symbols.protocols[name] != nil {
            // Nothing inherited, no superclass: no protocol to look through.
            guard superclasses[name] != nil || (symbols.typeDeclarations[name] ?? []).contains(where: { !$0.fact.inheritedTypes.isEmpty })
                || !(symbols.protocols[name]?.fact.inheritedTypes.isEmpty ?? true)
            else { continue }
            let found = protocols(of: name)
            for proto in found { conformers[proto, default: []].insert(name) }
            if !found.isEmpty { conformances[name] = found.sorted() }
        }
        self.conformers = conformers.mapValues { $0.sorted() }
        self.conformances = conformances
    }

    private static func superclass(of type: String, symbols: SymbolTable) -> String? {
        guard let main = symbols.typeDeclarations[type]?.first, main.fact.kind == .class,
            let first = main.fact.inheritedTypes.first, case .type(let parent)? = symbols.resolve(first.name, from: type)
        else { return nil }
        return parent
    }

    /// The components a piece of code inside `type` (and inside the helper `function`, if any) counts for.
    public func components(type: String?, function: String?) -> [String] {
        if let function, componentNames.contains(function) { return [function] }
        var current = type.map { Substring($0) }
        while let name = current, !name.isEmpty {
            let key = String(name)
            if let conforming = conformers[key] {
                return componentNames.contains(key) ? [key] + conforming : conforming
            }
            if componentNames.contains(key) { return [key] }
            if let ancestor = componentAncestor[key] { return [ancestor] }
            current = name.lastIndex(of: ".").map { name[..<$0] }
        }
        return []
    }

    /// The components a dependencies value speaks for: the one declaring the generic parameter its type
    /// names (the type says whose value it is, wherever the code is), else those of the code around it;
    /// none when its declared type turns out to be no dependencies type (`let api: APIServices`, a class).
    public func components(ofValue value: ValueIdentity?, type: String?, function: String?) -> [String] {
        if let declared = value?.declaredType, !isDependenciesType(declared, scope: type) { return [] }
        if let owner = value?.genericOwner {
            if let conforming = conformers[owner] { return componentNames.contains(owner) ? [owner] + conforming : conforming }
            if componentNames.contains(owner) { return [owner] }
        }
        return components(type: type, function: function)
    }

    /// An alias some component is constrained by or that is named like one, or a dependency protocol.
    private func isDependenciesType(_ name: String, scope: String?) -> Bool {
        switch symbols.resolve(name, from: scope) {
        case .alias(let alias): symbols.dependencyAliases.contains(alias)
        case .protocolType(let proto): symbols.leafNames.contains(proto) || componentNames.contains(proto)
        case .type, nil: false
        }
    }

    /// The innermost component only: the node a graph edge starts from.
    public func primaryComponent(type: String?, function: String?) -> String? {
        components(type: type, function: function).first
    }

    /// The components behind a held value of a declared type (`loadedModel: MainViewLoadedModeling`): the
    /// component itself, or every component conforming to the protocol it is typed by.
    public func components(holding type: String?, scope: String?) -> [String] {
        guard let type, let symbol = symbols.resolve(type, from: scope) else { return [] }
        switch symbol {
        case .protocolType(let proto): return componentNames.contains(proto) ? [proto] + conformers(of: proto) : conformers(of: proto)
        case .type(let name): return componentNames.contains(name) ? [name] : []
        case .alias: return []
        }
    }

    /// The components that conform to a protocol, transitively.
    public func conformers(of proto: String) -> [String] { conformers[proto] ?? [] }
}
