import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// A type that declares its own alias but is handed no value of it (a view controller a storyboard builds) casts what a
/// global holds to that alias: each cast is a value of the alias, followed wherever it goes.
@Suite struct OwnAliasCastFixtureTests {
    static let protocols = MetatypeConstructionFixtureTests.protocols + """

        final class AppRegistry { static let shared = AppRegistry(); var root: AnyObject? }
        final class Uploader {
            typealias Dependencies = HasStore
            private let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            func run() { dependencies.store.save() }
        }
        class BaseModel {
            typealias Dependencies = HasLogger
            var dependencies: Dependencies?
            func log() { dependencies?.logger.log("model") }
        }
        final class ListModel: BaseModel {}
        """

    /// The value bound from the cast is read and handed to a child; a fresh cast is assigned to a model's inherited
    /// dependencies property. What none of them needs is unused; what only a child needs is told to give way to its
    /// alias. The code fixed that way type-checks.
    @Test func castsToItsOwnAliasAreItsValues() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Screen.swift": """
                final class Screen {
                    typealias Dependencies = HasLogger & 1️⃣HasStore & 2️⃣HasNetwork

                    private lazy var model: ListModel = {
                        let model = ListModel()
                        model.dependencies = AppRegistry.shared.root as? Dependencies
                        return model
                    }()

                    func load() {
                        guard let dependencies = AppRegistry.shared.root as? Screen.Dependencies else { return }
                        dependencies.logger.log("load")
                        Uploader(dependencies: dependencies).run()
                        model.log()
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` is in `Screen.Dependencies` only for `Uploader`; forward `Uploader.Dependencies` instead",
            "2️⃣": "[unused-dependency] `HasNetwork` in `Screen.Dependencies` is not used by `Screen` nor needed by a component it forwards to",
        ]))
    }

    /// A cast whose result goes where cpdi does not follow (here, returned) leaves the type unjudged, and says so.
    @Test func aCastGoingElsewhereLeavesTheTypeUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Screen.swift": """
                final class Screen {
                    typealias Dependencies = HasLogger & HasStore & HasNetwork
                    func load() {
                        guard let dependencies = AppRegistry.shared.root as? Dependencies else { return }
                        dependencies.logger.log("load")
                    }
                    func current() -> Dependencies? { AppRegistry.shared.root as? Dependencies }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Screen"]?.notJudged.map(\.detail) == [
            "cast to its alias `Dependencies`, where cpdi does not follow the result",
        ])
    }
}
