import SwiftSyntax

/// Where generic code asks something of an associated type (`where R.Dependency: HasLogger`,
/// `where R.Dependency == AppDependencies`, `protocol Reducer<Dependency>`): the proof behind "code written
/// against the protocol can read nothing of a conformer's alias for it" (`TypedAliasOwnership`).
extension FactCollector {
    func noteAssociatedTypeTies(in node: GenericWhereClauseSyntax) {
        // In an extension or a protocol, a bare name may be the protocol's associated type; elsewhere it is a
        // generic parameter of the declaration the clause belongs to.
        let parent = node.parent
        let bareNamesAreAssociated = parent?.is(ExtensionDeclSyntax.self) == true || parent?.is(ProtocolDeclSyntax.self) == true
        for requirement in node.requirements {
            switch requirement.requirement {
            case .conformanceRequirement(let conformance):
                noteAssociatedTypeTie(conformance.leftType, other: nil, bareNamesAreAssociated: bareNamesAreAssociated)
            case .layoutRequirement(let layout):
                noteAssociatedTypeTie(layout.type, other: nil, bareNamesAreAssociated: bareNamesAreAssociated)
            case .sameTypeRequirement(let sameType):
                let left = sameType.leftType.as(TypeSyntax.self)
                let right = sameType.rightType.as(TypeSyntax.self)
                if let left { noteAssociatedTypeTie(left, other: right, bareNamesAreAssociated: bareNamesAreAssociated) }
                if let right { noteAssociatedTypeTie(right, other: left, bareNamesAreAssociated: bareNamesAreAssociated) }
            }
        }
    }

    /// `protocol Reducer<Dependency>`: `some Reducer<AppDependencies>` may tie any of them to a type, anywhere.
    func noteAssociatedTypeTies(in node: PrimaryAssociatedTypeClauseSyntax) {
        for primary in node.primaryAssociatedTypes { noteAssociatedTypeTie(primary.name.identifierText) }
    }

    /// Notes `Name` when `type` is `X.Name` (or a bare `Name` that may be an associated type), unless it is only
    /// tied to a generic parameter of the code around (`where R.Dependency == Dependency` in a generic store), which
    /// takes whatever the conformer chooses.
    private func noteAssociatedTypeTie(_ type: TypeSyntax, other: TypeSyntax?, bareNamesAreAssociated: Bool) {
        let name: String
        if let member = type.as(MemberTypeSyntax.self) {
            name = member.name.identifierText
        } else if bareNamesAreAssociated, let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            name = identifier.name.identifierText
        } else {
            return
        }
        if let plain = other?.as(IdentifierTypeSyntax.self), plain.genericArgumentClause == nil,
            genericScopes.contains(where: { $0.contains(plain.name.identifierText) }) {
            return
        }
        noteAssociatedTypeTie(name)
    }

    private func noteAssociatedTypeTie(_ entry: String) {
        if !facts.declarations.associatedTypeTies.contains(entry) { facts.declarations.associatedTypeTies.append(entry) }
    }
}
