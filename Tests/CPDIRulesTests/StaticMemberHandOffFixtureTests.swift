import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// An app-wide alias types a static member (`static var shared: GlobalsDependencies`) besides the value its component
/// holds; that member, handed to a child, is the alias's value where no component of it is.
@Suite struct StaticMemberHandOffFixtureTests {
    static let protocols = MetatypeConstructionFixtureTests.protocols + """

        typealias GlobalsDependencies = HasLogger & HasStore & HasNetwork
        final class Repository {
            typealias Dependencies = HasNetwork
            private let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            func sync() { dependencies.network.send() }
        }
        final class Globals {
            static let dependencies: GlobalsDependencies = AppContainer.shared
            static func start() { Globals.dependencies.logger.log("start"); Globals.dependencies.store.save() }
        }
        """

    /// The app's container, which may hand its shared value to a repository it builds.
    static func container(handingOn: Bool) -> String {
        """
        final class AppContainer: GlobalsDependencies {
            static var shared: GlobalsDependencies = AppContainer()
            let logger = Logger()
            let store = Store()
            let network = Network()
        \(handingOn ? "    lazy var repository = Repository(dependencies: AppContainer.shared)\n" : "")}
        """
    }

    /// The container hands its shared value to a child that needs the network, which no component of the alias reads:
    /// the leaf is needed all the same (dropping it would break `Repository(dependencies: AppContainer.shared)`), so
    /// the alias's component is not judged, and says where the value goes.
    @Test func aStaticMemberOfTheAliasHandedToAChildLeavesItsComponentsUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "AppContainer.swift": Self.container(handingOn: true),
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Globals"]?.notJudged.map(\.detail) == [
            "a value of its alias `GlobalsDependencies`, `AppContainer.shared`, is handed on in `AppContainer`, which cpdi does not follow",
        ])
    }

    /// The same with a stored property of another type declared with the alias, handed on by its plain name: the alias is
    /// written outside its components there, which leaves them unjudged already.
    @Test func aPropertyOfTheAliasHandedToAChildLeavesItsComponentsUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "AppContainer.swift": Self.container(handingOn: false),
            "Launcher.swift": """
                final class Launcher {
                    let container: GlobalsDependencies = AppContainer()
                    func launch() { Repository(dependencies: container).sync() }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Globals"]?.notJudged.map(\.detail) == [
            "a value of its alias `GlobalsDependencies` is handed on in `Launcher`, which is none of the components it reaches",
        ])
    }

    /// The shared value handed to a component whose alias is the alias itself (an app's root built from a static)
    /// needs nothing that component does not read: the alias stays judged, and the leaf nobody reads is reported.
    @Test func aStaticMemberHandedToAComponentOfTheAliasKeepsItJudged() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols.replacingOccurrences(
                of: "typealias GlobalsDependencies = HasLogger & HasStore & HasNetwork",
                with: "typealias GlobalsDependencies = HasLogger & HasStore & 1️⃣HasNetwork"
            ),
            "AppContainer.swift": Self.container(handingOn: false),
            "Root.swift": """
                typealias RootDependencies = GlobalsDependencies
                final class Root {
                    private let dependencies: RootDependencies
                    init(dependencies: RootDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.logger.log("root") }
                }
                enum Launch { static func run() { Root(dependencies: AppContainer.shared).start() } }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasNetwork` in `GlobalsDependencies` is not used by `Globals` nor needed by a component it forwards to",
        ]))
    }

    /// Without that hand-off, the leaf nothing needs is reported, as before.
    @Test func withoutTheHandOffTheAliasIsJudged() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols.replacingOccurrences(
                of: "typealias GlobalsDependencies = HasLogger & HasStore & HasNetwork", with: "typealias GlobalsDependencies = HasLogger & HasStore & 1️⃣HasNetwork"
            ),
            "AppContainer.swift": Self.container(handingOn: false),
        ], findings: [
            "1️⃣": "[unused-dependency] `HasNetwork` in `GlobalsDependencies` is not used by `Globals` nor needed by a component it forwards to",
        ]))
    }
}
