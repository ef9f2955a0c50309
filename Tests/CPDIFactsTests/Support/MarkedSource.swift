@testable import CPDIFacts

/// Source text with swift-format style position markers (`1️⃣` … `9️⃣`) taken out.
///
/// A marker stands right before the token whose position a test expects; once the markers are
/// removed, `self["1️⃣"]` is that token's 1-based line and UTF-8 byte column, as `SourcePosition` counts.
struct MarkedSource {
    static let markerNames = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    let text: String
    let markers: [String: SourcePosition]

    init(_ marked: String) {
        var text = ""
        var markers: [String: SourcePosition] = [:]
        var line = 1
        var column = 1
        for character in marked {
            let string = String(character)
            if Self.markerNames.contains(string) {
                precondition(markers[string] == nil, "marker \(string) used twice")
                markers[string] = SourcePosition(line: line, column: column)
                continue
            }
            text.append(character)
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += string.utf8.count
            }
        }
        self.text = text
        self.markers = markers
    }

    /// The position of a marker that must be present in the source.
    subscript(_ marker: String) -> SourcePosition {
        guard let position = markers[marker] else { preconditionFailure("no marker \(marker) in the source") }
        return position
    }
}

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
