import SwiftSyntax

/// `init(dependencies: HasStore & HasPacks)` on a type that keeps none of it: the composition written in place is
/// what the type needs, so it becomes the type's alias, unnamed in the code and named here after the initializer
/// (`Songs.init(dependencies:)`), as a stored property's composition is named after the property. Linking takes it
/// only for a type with no stored dependencies property (`ComponentDiscovery`).
extension FactCollector {
    func recordInitializerCompositions(_ clause: FunctionParameterClauseSyntax, access: AccessLevel) {
        guard let current = typeStack.last, !facts.types[current.index].isProtocol else { return }
        for parameter in clause.parameters {
            let label = parameter.firstName.identifierText
            let name = (parameter.secondName ?? parameter.firstName).identifierText
            guard isDependenciesValueName(label) || isDependenciesValueName(name), let members = inlineComposition(parameter.type)
            else { continue }
            let alias = AliasFact.initializerCompositionName(label: label)
            let qualified = "\(current.name).\(alias)"
            guard initializerCompositions.insert(qualified).inserted else {
                // Two initializers of the type taking different compositions under one label: neither is the type's.
                repeatedInitializerCompositions.insert(qualified)
                continue
            }
            facts.aliases.append(AliasFact(
                name: alias, enclosingType: current.name, access: access, position: position(parameter.type),
                members: members, isInline: true
            ))
        }
    }

    func finishInitializerCompositions() {
        guard !repeatedInitializerCompositions.isEmpty else { return }
        facts.aliases.removeAll { $0.isInline && repeatedInitializerCompositions.contains($0.qualifiedName) }
    }
}
