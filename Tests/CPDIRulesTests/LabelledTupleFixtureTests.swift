import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// A component splits its value into a labelled tuple stored in place, `(own: OwnDependencies, nested:
/// NestedDependencies)`, filled with the value it is given twice: it reads its own half (`dependencies.own.logger`) and
/// hands the nested half to its children (`Child(dependencies: dependencies.nested)`).
@Suite struct LabelledTupleFixtureTests {
    static let protocols = MetatypeConstructionFixtureTests.protocols + """

        protocol HasVoid {}
        """

    static let children = """
        final class Detail {
            typealias Dependencies = HasStore
            private let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            func show() { dependencies.store.save() }
        }
        final class Header {
            typealias Dependencies = HasNetwork
            private let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            func show() { dependencies.network.send() }
        }
        """

    /// Reads through `own` and hand-offs of `nested` are followed: a leaf of the own half only a child needs, which
    /// the nested half brings already, can go; a child's alias in the nested half for a child no longer built is
    /// stale. The halves themselves are kept: storing the value in the tuple needs both. The code fixed that way
    /// type-checks.
    @Test func readsAndHandOffsThroughTheTuplesLabelsAreFollowed() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Children.swift": Self.children,
            "Screen.swift": """
                final class Screen {
                    typealias OwnDependencies = HasLogger & 1️⃣HasStore
                    typealias NestedDependencies = Detail.Dependencies & 2️⃣Header.Dependencies
                    typealias Dependencies = NestedDependencies & OwnDependencies
                    private let dependencies: (own: OwnDependencies, nested: NestedDependencies)

                    private var logger: Logger { dependencies.own.logger }

                    init(dependencies: Dependencies) {
                        self.dependencies = (own: dependencies, nested: dependencies)
                    }

                    func open() {
                        logger.log("open")
                        Detail(dependencies: dependencies.nested).show()
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` in `Screen.OwnDependencies` already comes with `Detail.Dependencies` (for `Detail`); remove it",
            "2️⃣": "[stale-forward] `Header.Dependencies` in `Screen.NestedDependencies` is forwarded for `Header`, but `Screen` no longer hands dependencies to it; remove it",
        ]))
    }

    /// Halves that are empty protocols (`HasVoid`) say on purpose that the part needs nothing: no finding about them.
    /// A component that stores the tuple and never reads it is told so.
    @Test func halvesOfEmptyProtocolsSayTheyNeedNothing() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Badge.swift": """
                final class Badge {
                    typealias OwnDependencies = HasVoid
                    typealias NestedDependencies = HasVoid
                    typealias Dependencies = NestedDependencies & OwnDependencies
                    private let 1️⃣dependencies: (own: OwnDependencies, nested: NestedDependencies)

                    init(dependencies: Dependencies) {
                        self.dependencies = (own: dependencies, nested: dependencies)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependencies-property] `Badge` stores `dependencies` but never reads it or hands it on",
        ]))
    }

    /// The value put in a tuple that goes anywhere but the type's own property (another value's property, a local
    /// nobody follows) is not followed: the component is not judged.
    @Test func aTupleOfTheValueStoredElsewhereIsNotFollowed() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Children.swift": Self.children,
            "Screen.swift": """
                final class Holder { var dependencies: (own: HasLogger, nested: HasStore)? }
                final class Screen {
                    typealias Dependencies = HasLogger & HasStore & HasNetwork
                    private let dependencies: Dependencies
                    private let holder = Holder()
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func open() {
                        dependencies.logger.log("open")
                        holder.dependencies = (own: dependencies, nested: dependencies)
                    }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Screen"]?.notJudged.map(\.detail) == ["put into a tuple", "put into a tuple"])
    }
}
