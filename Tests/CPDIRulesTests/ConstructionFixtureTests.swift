import CPDIRules
import Testing

/// Which component a construction call builds, where the type written is not the component's own name.
@Suite struct ConstructionFixtureTests {
    /// `MainFlow(navigation:dependencies:)` where `MainFlow` declares no initializer: Swift gives it its superclass's,
    /// so the call builds the component class it inherits from, whose scope holds the subclass's code already. It
    /// hands on nothing cpdi cannot follow, and the flows are judged together.
    @Test func aSubclassWithoutInitializersIsBuiltByItsSuperclasssInitializer() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": CompositionProtocolFixtureTests.leaves,
            "Flow.swift": """
                protocol 2️⃣FlowDependencies: HasLogger, HasStore, 1️⃣HasClock {}
                class Flow {
                    let dependencies: FlowDependencies
                    init(navigation: String, dependencies: FlowDependencies) { self.dependencies = dependencies }
                    func start() {}
                }
                final class AppFlow: Flow {
                    override func start() {
                        dependencies.logger.log("app")
                        MainFlow(navigation: "main", dependencies: dependencies).start()
                    }
                }
                final class MainFlow: Flow {
                    override func start() { dependencies.store.save() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasClock` in `FlowDependencies` is not used by `Flow` nor needed by a component it forwards to",
            "2️⃣": "[protocol-composition] `FlowDependencies` declares nothing of its own and only inherits `HasLogger`, `HasStore` and `HasClock`; make it `typealias FlowDependencies = HasLogger & HasStore & HasClock`",
        ]))
    }

    /// A subclass that declares an initializer of its own is built by it, which cpdi does not follow into the
    /// superclass: the hand-off stays unresolved and the component unjudged.
    @Test func aSubclassWithAnInitializerOfItsOwnIsNotTheSuperclass() {
        let example = RuleExample(files: [
            "Leaves.swift": CompositionProtocolFixtureTests.leaves,
            "Flow.swift": """
                protocol 1️⃣FlowDependencies: HasLogger, HasStore, HasClock {}
                class Flow {
                    let dependencies: FlowDependencies
                    init(dependencies: FlowDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.logger.log("flow") }
                }
                final class MainFlow: Flow {
                    init(session: FlowDependencies) { super.init(dependencies: session) }
                }
                final class AppFlow: Flow {
                    override func start() { MainFlow(session: dependencies).start() }
                }
                """,
        ], findings: [
            "1️⃣": "[protocol-composition] `FlowDependencies` declares nothing of its own and only inherits `HasLogger`, `HasStore` and `HasClock`; make it `typealias FlowDependencies = HasLogger & HasStore & HasClock`",
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Flow"]?.notJudged.map(\.detail) == [
            "handed to `MainFlow(session:)`, which cpdi cannot resolve to a component",
        ])
    }

    /// `Screen.Home.Presenter(dependencies:)`: a type nested in namespaces and named the whole way is that type.
    /// It used to be a receiver cpdi could not name, which left the factory unjudged.
    @Test func aTypeNamedThroughItsNamespacesIsBuilt() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": CompositionProtocolFixtureTests.leaves,
            "Screens.swift": """
                enum Screen { enum Home {} }
                extension Screen.Home {
                    final class Presenter {
                        typealias Dependencies = HasLogger
                        let dependencies: Dependencies
                        init(dependencies: Dependencies) { self.dependencies = dependencies }
                        func show() { dependencies.logger.log("home") }
                    }
                }
                final class SceneFactory {
                    typealias Dependencies = 2️⃣HasLogger & 1️⃣HasClock
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func makeHome() -> Screen.Home.Presenter { Screen.Home.Presenter(dependencies: dependencies) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasClock` in `SceneFactory.Dependencies` is not used by `SceneFactory` nor needed by a component it forwards to",
            "2️⃣": "[direct-child-dependency] `HasLogger` is in `SceneFactory.Dependencies` only for `Screen.Home.Presenter`; forward `Screen.Home.Presenter.Dependencies` instead",
        ]))
    }
}
