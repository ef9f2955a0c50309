import Testing

@testable import CPDIFacts

@Suite("Helper functions")
struct FunctionExtractionTests {
    @Test func staticHelperConstrainedByItsAlias() {
        let (facts, m) = extract("""
            enum Analytics {
                static func 1️⃣track<D: 2️⃣Analytics_trackDependencies>(event: 3️⃣String, dependencies: 4️⃣D) {}
                func helper(value: Int) {}
                static func log(_ message: String) {}
            }
            """)
        #expect(facts.functions == [
            FunctionFact(
                name: "track", enclosingType: "Analytics", isStatic: true, access: .internal, position: m["1️⃣"],
                genericParameters: [GenericParameterFact(name: "D", constraints: [ref("Analytics_trackDependencies", m["2️⃣"])])],
                parameters: [
                    ParameterFact(label: "event", name: "event", type: ref("String", m["3️⃣"])),
                    ParameterFact(label: "dependencies", name: "dependencies", type: ref("D", m["4️⃣"])),
                ]
            ),
        ])
        #expect(facts.functions.map(\.qualifiedName) == ["Analytics.track"])
    }

    @Test func viewModifierInAnExtension() {
        let (facts, m) = extract("""
            extension View {
                public func 1️⃣autoExpand<D: 2️⃣View_autoExpandDependencies>(dependencies: 3️⃣D) -> some View { self }
            }
            """)
        #expect(facts.functions == [
            FunctionFact(
                name: "autoExpand", enclosingType: "View", isStatic: false, access: .public, position: m["1️⃣"],
                genericParameters: [GenericParameterFact(name: "D", constraints: [ref("View_autoExpandDependencies", m["2️⃣"])])],
                parameters: [ParameterFact(label: "dependencies", name: "dependencies", type: ref("D", m["3️⃣"]))]
            ),
        ])
    }

    @Test func freeFunctionsAndOtherSpellingsOfTheParameter() {
        let (facts, m) = extract("""
            func 1️⃣makeRoot(dependencies: some 2️⃣RootDependencies) -> Root { Root() }
            private func 3️⃣load<D>(_ deps: 4️⃣D) where D: 5️⃣LoaderDependencies {}
            final class Presenter {
                class func 6️⃣configure(with dependencies: any 7️⃣PresenterDependencies) {}
            }
            """)
        #expect(facts.functions == [
            FunctionFact(
                name: "makeRoot", enclosingType: nil, isStatic: false, access: .internal, position: m["1️⃣"],
                genericParameters: [],
                parameters: [ParameterFact(label: "dependencies", name: "dependencies", type: ref("RootDependencies", m["2️⃣"]))]
            ),
            FunctionFact(
                name: "load", enclosingType: nil, isStatic: false, access: .private, position: m["3️⃣"],
                genericParameters: [GenericParameterFact(name: "D", constraints: [ref("LoaderDependencies", m["5️⃣"])])],
                parameters: [ParameterFact(label: "_", name: "deps", type: ref("D", m["4️⃣"]))]
            ),
            FunctionFact(
                name: "configure", enclosingType: "Presenter", isStatic: true, access: .internal, position: m["6️⃣"],
                genericParameters: [],
                parameters: [ParameterFact(label: "with", name: "dependencies", type: ref("PresenterDependencies", m["7️⃣"]))]
            ),
        ])
    }

    @Test func functionsWithoutADependenciesParameterAreNotRecorded() {
        let (facts, _) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies> {
                let dependencies: Dependencies
                func reload() { dependencies.loader.load() }
                func show(Dependencies: Int) {}
                static func make(count: Int, completion: (Dependencies) -> Void) {}
            }
            func topLevel() {}
            """)
        #expect(facts.functions.isEmpty)
    }

    @Test func protocolRequirementTakingDependencies() {
        let (facts, m) = extract("""
            protocol 1️⃣Buildable {
                associatedtype Dependencies
                static func 2️⃣build(dependencies: 3️⃣Dependencies) -> Self
            }
            """)
        #expect(facts.functions == [
            FunctionFact(
                name: "build", enclosingType: "Buildable", isStatic: true, access: .internal, position: m["2️⃣"],
                genericParameters: [],
                parameters: [ParameterFact(label: "dependencies", name: "dependencies", type: ref("Dependencies", m["3️⃣"]))]
            ),
        ])
        #expect(facts.types == [
            typeFact(.protocol, "Buildable", at: m["1️⃣"], requirements: ["Dependencies", "build"],
                     associatedTypes: [GenericParameterFact(name: "Dependencies", constraints: [])]),
        ])
    }
}
