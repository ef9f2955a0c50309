@testable import CPDIFacts

/// Facts of a marked snippet together with the marker positions.
func extract(
    _ marked: String, path: String = "Test.swift", conventions: NamingConventions = .default
) -> (facts: FileFacts, markers: MarkedSource) {
    let source = MarkedSource(marked)
    return (FactExtractor.extract(path: path, source: source.text, conventions: conventions), source)
}

/// A type reference without generic arguments, for short expectations.
func ref(_ name: String, _ position: SourcePosition, arguments: [String] = []) -> TypeReference {
    TypeReference(name: name, genericArguments: arguments, position: position)
}

/// A `TypeFact` with everything the walk fills in, for exact comparisons.
func typeFact(
    _ kind: TypeKind, _ name: String, access: AccessLevel = .internal, at position: SourcePosition,
    generics: [GenericParameterFact] = [], inherits: [TypeReference] = [],
    properties: [DependencyPropertyFact] = [], initializers: [InitializerFact] = [],
    requirements: [String] = [], associatedTypes: [GenericParameterFact] = []
) -> TypeFact {
    var fact = TypeFact(kind: kind, name: name, access: access, position: position)
    fact.genericParameters = generics
    fact.inheritedTypes = inherits
    fact.dependencyProperties = properties
    fact.initializers = initializers
    fact.requirements = requirements
    fact.associatedTypes = associatedTypes
    return fact
}

extension [UseFact] {
    /// Without what the type of the value says and what is read next: for tests about what is read where.
    var plain: [UseFact] {
        map { use in
            var copy = use
            copy.value = nil
            copy.next = nil
            return copy
        }
    }
}

extension [ForwardFact] {
    /// Without what the type of the value says: for tests about what is handed to whom.
    var plain: [ForwardFact] {
        map { forward in
            var copy = forward
            copy.value = nil
            return copy
        }
    }
}
