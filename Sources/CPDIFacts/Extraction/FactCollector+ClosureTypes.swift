import SwiftSyntax

extension FactCollector {
    /// Notes a closure type under `name` (an alias's qualified name, or `Protocol.property`): the names of its
    /// parameters' types by position. Nothing for other types, or a closure none of whose parameters has a name.
    func recordClosureType(_ name: String, type: TypeSyntax) {
        guard let function = type.unwrapped.as(FunctionTypeSyntax.self) else { return }
        let parameters = function.parameters.map { $0.type.nominalName ?? "" }
        guard parameters.contains(where: { !$0.isEmpty }) else { return }
        facts.declarations.closureTypes.append(ClosureTypeFact(name: name, parameters: parameters))
    }
}
