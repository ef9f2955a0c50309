import CPDIFacts

/// Pass: enters each protocol that only composes others (`protocol HomeDependencies: HasLogger, HasStore {}`) as an
/// alias of its parents as well, so that the components typed by it are reviewed parent by parent.
///
/// Such a protocol is to its users what `typealias HomeDependencies = HasLogger & HasStore` would be: removing a
/// parent from its inheritance clause compiles wherever removing it from the alias would. A conformer keeps the
/// member it had, and nothing else can depend on the parent through the protocol, because:
/// - it declares nothing (no property, method, initializer, subscript or associated type), so no requirement of
///   its own can mention a parent's member;
/// - no extension of it is declared: an extension could read any parent, and nothing tells which ones the code calls;
/// - no parent, at any depth, has an associated type, and none is a class or a protocol declared outside the
///   sources other than `AnyObject`, `Sendable` and names the conventions give to dependency protocols: what an
///   unknown protocol requires, or what code constrained by it needs, is not known.
/// The protocol stays in the protocol table too (the opt-in `protocol-composition` rule asks there), while name
/// lookup finds the alias.
struct CompositionProtocols {
    let conventions: NamingConventions

    /// Parents declared elsewhere that ask nothing of a conformer's members.
    static let harmlessExternalParents: Set<String> = ["AnyObject", "class", "Sendable"]

    func run(on symbols: inout SymbolTable) {
        var adopted = symbols.aliases
        var found: Set<String> = []
        var plainness: [String: Bool] = [:]
        for name in symbols.sortedProtocolNames where adopted[name] == nil {
            let declared = symbols.protocols[name]!
            let proto = declared.fact
            // `protocol ViewModelDelegate: AnyObject {}` composes nothing: a marker, not an alias.
            guard proto.declaresNothingOfItsOwn,
                proto.inheritedTypes.contains(where: { !Self.harmlessExternalParents.contains($0.name) }),
                !(symbols.typeDeclarations[name] ?? []).contains(where: { $0.fact.kind == .extension }),
                proto.inheritedTypes.allSatisfy({ isPlainParent($0.name, scope: name, symbols: symbols, memo: &plainness) })
            else { continue }
            let dot = name.lastIndex(of: ".")
            let alias = AliasFact(
                name: dot.map { String(name[name.index(after: $0)...]) } ?? name, enclosingType: dot.map { String(name[..<$0]) },
                access: proto.access, position: proto.position, members: proto.inheritedTypes
            )
            adopted[name] = Declared(fact: alias, file: declared.file, module: declared.module)
            found.insert(name)
        }
        guard !found.isEmpty else { return }
        symbols.aliases = adopted
        symbols.compositionProtocols = found
    }

    /// A parent that asks nothing of the code beyond its members: an alias, a protocol without associated types
    /// whose own parents are so too, or a harmless or dependency-named protocol declared elsewhere.
    private func isPlainParent(_ name: String, scope: String, symbols: SymbolTable, memo: inout [String: Bool]) -> Bool {
        switch symbols.resolve(name, from: scope) {
        case .alias: return true
        case .type: return false
        case nil:
            let simple = name.lastDottedPart
            return Self.harmlessExternalParents.contains(String(simple)) || conventions.isDependencyProtocolName(simple)
        case .protocolType(let proto):
            if let known = memo[proto] { return known }
            memo[proto] = false  // a cycle of inheritance is no plain parent
            let fact = symbols.protocols[proto]!.fact
            let plain = fact.associatedTypes.isEmpty
                && fact.inheritedTypes.allSatisfy { isPlainParent($0.name, scope: proto, symbols: symbols, memo: &memo) }
            memo[proto] = plain
            return plain
        }
    }
}
