import CPDIFacts

/// Swift subclasses of classes only Objective-C headers declare (`class MockRouter: OEXRouter`). The symbol table
/// holds no such class, so its subclasses are found by the name they write; an instance of the class may be one of
/// them, so where one is a component, or is inherited by one, nothing typed as the class is proven no component.
struct ObjectiveCSubclasses {
    /// Names inherited from, as written, that some component or ancestor of a component inherits.
    private let componentBearing: Set<String>

    init(symbols: SymbolTable, attribution: Attribution, componentNames: Set<String>) {
        var found: Set<String> = []
        for name in symbols.sortedTypeNames where componentNames.contains(name) || attribution.classesComponentsInherit.contains(name) {
            for declaration in symbols.typeDeclarations[name] ?? [] where declaration.fact.kind == .class {
                if let parent = declaration.fact.inheritedTypes.first?.name { found.insert(parent) }
            }
        }
        componentBearing = found
    }

    /// Whether an instance of the header's class `name` may be a component of the sources.
    func mayBeComponent(_ name: String) -> Bool { componentBearing.contains(name) }
}
