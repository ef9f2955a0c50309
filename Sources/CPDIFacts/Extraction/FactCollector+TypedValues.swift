import SwiftSyntax

/// The evidence `NamingInference` learns an app's own words from: values typed by an alias the file declares
/// (`let serviceProvider: ServiceProvider`, `init(context: LoginInteractorContext)`). Gathered whatever the
/// naming conventions say, so the facts of a file tell the same story under every vocabulary.
extension FactCollector {
    func noteTypedValue(_ name: String, type: TypeSyntax) {
        guard let first = name.utf8.first, first != UInt8(ascii: "_") || name.utf8.count > 1,
              let nominal = type.unwrapped.nominalName, type.unwrapped.genericArgumentNames.isEmpty
        else { return }
        let simple = String(nominal.lastDottedPart)
        typedValueCandidates.append(TypedValueFact(name: name, type: simple, declaredIn: enclosingType))
    }

    func noteTypedParameters(_ clause: FunctionParameterClauseSyntax) {
        for parameter in clause.parameters {
            noteTypedValue((parameter.secondName ?? parameter.firstName).identifierText, type: parameter.type)
        }
    }

    /// Keeps the values typed by an alias of this file, unless the default names cover both the value and its
    /// alias (every file of an app written in those words, which then carries nothing more). The default
    /// names, not the configured ones: the facts must be the same whichever names they were extracted under,
    /// or what is learnt from them would change once it is applied.
    func finishTypedValues() {
        guard !typedValueCandidates.isEmpty, !aliasNamesDeclared.isEmpty else { return }
        let defaults = NamingConventions.default
        let kept = Set(typedValueCandidates.filter { value in
            aliasNamesDeclared.contains(value.type)
                && !(defaults.isDependenciesValueName(value.name) && defaults.isAliasName(value.type))
        })
        facts.typedValues = kept.sorted()
    }
}
