import CPDIFacts
import CPDIGraph

/// Whether a parent's alias may compose a child's alias and still compile: Swift refuses a type alias whose
/// underlying type is less visible than the alias is declared (`public typealias Environment = … &
/// Child.Environment` where the child's alias is internal). Advice to compose one is only given where it builds.
enum AliasVisibility {
    private static func rank(_ access: AccessLevel) -> Int {
        switch access {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public, .open: 4
        }
    }

    /// `composed` can be written into `alias`: it is at least as visible, through every type it is nested in,
    /// as `alias` is declared. An alias cpdi does not know says no; a type it is nested in that the sources do
    /// not declare (the SDK's, extended) narrows nothing.
    static func mayCompose(_ composed: String, into alias: String, symbols: SymbolTable) -> Bool {
        // A composition written in place has no name another alias could compose.
        guard symbols.aliases[composed]?.fact.isInline != true else { return false }
        guard let parent = symbols.aliases[alias], let reach = reach(of: composed, symbols: symbols) else { return false }
        return reach >= declaredRank(of: parent.fact, symbols: symbols)
    }

    /// The access an alias is declared with; in a protocol, the protocol's, which its members cannot change.
    private static func declaredRank(of alias: AliasFact, symbols: SymbolTable) -> Int {
        if let owner = alias.enclosingType, let declaration = declaration(of: owner, symbols: symbols), declaration.kind == .protocol {
            return rank(declaration.access)
        }
        return rank(alias.access)
    }

    /// The alias's own access, narrowed by each type it is nested in.
    private static func reach(of alias: String, symbols: SymbolTable) -> Int? {
        guard let declared = symbols.aliases[alias] else { return nil }
        var reach = declaredRank(of: declared.fact, symbols: symbols)
        var scope = declared.fact.enclosingType
        while let type = scope {
            if let declaration = declaration(of: type, symbols: symbols) { reach = min(reach, rank(declaration.access)) }
            scope = type.lastIndex(of: ".").map { String(type[..<$0]) }
        }
        return reach
    }

    /// The type's own declaration, not an extension of it.
    private static func declaration(of type: String, symbols: SymbolTable) -> TypeFact? {
        symbols.typeDeclarations[type]?.first(where: { $0.fact.kind != .extension })?.fact ?? symbols.protocols[type]?.fact
    }
}
