import SwiftSyntax

/// A type that declares its own alias but gets no value of it handed in: a view controller built by a storyboard
/// that casts what the app delegate holds, `guard let appContext = UIApplication.shared.delegate as? Context`. Each
/// such cast is a value of the type's alias. Where it goes is followed as for any value: a local it is bound to, a
/// call it is handed to, a child's dependencies property it is assigned to; anywhere else the type is not judged.
extension FactCollector {
    /// The alias as written when `expr` casts to one the enclosing type declares in its own body (`Context`,
    /// `Screen.Context`).
    func ownAliasCast(_ expr: ExprSyntax) -> String? {
        guard let own = ownAliasScopes.last, !own.isEmpty, let cast = castType(expr.strippedOfOptionality),
            let written = cast.type.nominalName
        else { return nil }
        return ownAlias(written)
    }

    /// `Context` or `Screen.Context` where the enclosing type `Screen` declares `Context` itself.
    func ownAlias(_ written: String) -> String? {
        guard let own = ownAliasScopes.last, let type = enclosingType else { return nil }
        let parts = written.split(separator: ".")
        guard let last = parts.last, own.contains(String(last)) else { return nil }
        if parts.count == 1 { return written }
        let owner = parts.dropLast().joined(separator: ".")
        return owner == type || type.hasSuffix(".\(owner)") ? written : nil
    }

    /// Every cast to the type's own alias in an unfolded `a op b …`: bound, handed on or assigned to a child's
    /// dependencies property, it is followed (by the binding and call visits, and here for an assignment); anywhere
    /// else it goes where cpdi does not follow.
    func recordOwnAliasCasts(in node: SequenceExprSyntax) {
        let elements = Array(node.elements)
        for index in elements.indices where index + 2 < elements.count {
            guard elements[index + 1].is(UnresolvedAsExprSyntax.self),
                let written = elements[index + 2].as(TypeExprSyntax.self)?.type.nominalName, let alias = ownAlias(written),
                let current = typeStack.last
            else { continue }
            let cast = OwnAliasCastFact(type: current.name, alias: alias)
            if !facts.declarations.ownAliasCasts.contains(cast) { facts.declarations.ownAliasCasts.append(cast) }
            let identity = ValueIdentity(declaredType: alias)
            if elements.count == 3 {
                // The whole sequence is the cast: what is done with it decides.
                switch ValueFlowReading.use(of: ExprSyntax(node)).use {
                case .bound(let name?, nil, false):
                    registerValue(name, identity: identity, isMember: false)
                    continue
                case .argument:
                    continue  // the call visit records the forward (`knownValue(of:)` knows such a cast)
                default:
                    break
                }
            } else if elements.count == 5, index == 2, elements[1].is(AssignmentExprSyntax.self),
                let target = elements[0].strippedOfOptionality.as(MemberAccessExprSyntax.self), let base = target.base,
                !base.isSelf, isDependenciesValueName(target.declName.baseName.identifierText)
            {
                // `result.appContext = UIApplication.shared.delegate as? Context`: a forward by assignment.
                var fact = ForwardFact(
                    kind: .assignment, callee: target.declName.baseName.identifierText, base: base.referencedName,
                    baseType: castTypeName(base) ?? localType(of: base.referencedName), label: target.declName.baseName.identifierText,
                    passesOwnDependencies: true, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
                    position: position(target)
                )
                fact.value = identity
                facts.forwards.append(fact)
                continue
            }
            facts.unfollowedFlows.append(UnfollowedFlow(
                kind: .cast, name: "", detail: "cast to its alias `\(alias)`, where cpdi does not follow the result",
                enclosingType: enclosingType, enclosingFunction: enclosingFunction, position: position(elements[index]), value: identity
            ))
        }
    }
}
