import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// A type whose initializer takes its dependencies as a composition written in place and keeps none of it: the
/// composition is what the type needs, named after the initializer (`Songs.init(dependencies:)`).
@Suite struct InitializerCompositionFixtureTests {
    static let protocols = MetatypeConstructionFixtureTests.protocols

    /// The initializer reads the logger and hands the value to a child that needs the store; the network serves
    /// nobody. A parent building the type with its own value forwards to it. Both findings are edited by hand (the
    /// composition is written in place); done so, the code type-checks.
    @Test func aCompositionTakenOnlyByTheInitializerIsTheTypesAlias() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Songs.swift": """
                final class Uploader {
                    typealias Dependencies = HasStore
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func run() { dependencies.store.save() }
                }
                final class Songs {
                    private let uploader: Uploader
                    init(dependencies: HasLogger & 1️⃣HasStore & 2️⃣HasNetwork) {
                        dependencies.logger.log("songs")
                        uploader = Uploader(dependencies: dependencies)
                    }
                }
                final class Library {
                    typealias Dependencies = HasLogger & HasStore & HasNetwork
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func open() -> Songs { dependencies.network.send(); return Songs(dependencies: dependencies) }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` is in `Songs.init(dependencies:)` only for `Uploader`; forward `Uploader.Dependencies` instead",
            "2️⃣": "[unused-dependency] `HasNetwork` in `Songs.init(dependencies:)` is not used by `Songs` nor needed by a component it forwards to",
        ]))
        let model = RuleExample(files: ["Protocols.swift": Self.protocols, "Songs.swift": """
            final class Songs { init(dependencies: HasLogger & HasStore) { dependencies.logger.log("songs") } }
            """]).linkedModel()
        #expect(model.components["Songs"]?.requirements.map(\.name) == ["Songs.init(dependencies:)"])
    }

    /// Where the composition cannot be the type's alone, the type is no component, as before: a protocol it adopts
    /// requires the initializer (code written against the protocol builds it), two initializers take different
    /// compositions, or a subclass may override the initializer.
    @Test func noAliasWhereTheCompositionIsNotTheTypesAlone() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Models.swift": """
                protocol BarModeling { init(dependencies: HasLogger & HasStore & HasNetwork) }
                final class BarModel: BarModeling {
                    init(dependencies: HasLogger & HasStore & HasNetwork) { dependencies.logger.log("bar") }
                }
                struct Twice {
                    init(dependencies: HasLogger & HasStore) { dependencies.logger.log("one") }
                    init(dependencies: HasLogger & HasNetwork, verbose: Bool) { dependencies.logger.log("two") }
                }
                class Base {
                    init(dependencies: HasLogger & HasNetwork) { dependencies.logger.log("base") }
                }
                final class Derived: Base {}
                """,
        ])
        expectExactFindings(example)
        let components = example.linkedModel().components
        #expect(components["BarModel"] == nil)
        #expect(components["Twice"] == nil)
        #expect(components["Base"] == nil)
    }
}
