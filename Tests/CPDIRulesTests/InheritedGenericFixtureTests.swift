import CPDIRules
import Testing

/// `final class RootFlow: BaseFlow<HasLogger & HasStore>`, where `class BaseFlow<Dependencies>` stores the value and
/// asks nothing of it: the subclass is the component, typed by the argument it gives its base
/// (`InheritedGenericDependencies`).
@Suite struct InheritedGenericFixtureTests {
    static let leaves = CompositionProtocolFixtureTests.leaves
    static let base = """
        class BaseFlow<Dependencies> {
            let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
        }
        """

    /// A composition given to the base is the subclass's alias, unnamed; an alias given to it is that alias. Each is
    /// judged by what the subclass reads and hands on, and a child built with the inherited initializer is a child. A
    /// subclass that reads nothing keeps the property its base declares: that one is not its to remove. The code
    /// fixed by hand type-checks with `swiftc`.
    @Test func aSubclassIsTypedByTheArgumentItGivesItsGenericBase() {
        let example = RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "BaseFlow.swift": Self.base,
            "Flows.swift": """
                final class RootFlow: BaseFlow<HasStore & 1️⃣HasClock> {
                    func start() -> FeedFlow { FeedFlow(dependencies: dependencies) }
                }
                final class FeedFlow: BaseFlow<HasStore> {
                    func show() { dependencies.store.save() }
                }
                typealias ProfileFlowDependencies = HasLogger & 2️⃣HasClock
                final class ProfileFlow: BaseFlow<ProfileFlowDependencies> {
                    func show() { dependencies.logger.log("profile") }
                }
                final class IdleFlow: BaseFlow<HasLogger> {}
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasClock` in `RootFlow.dependencies` is not used by `RootFlow` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `HasClock` in `ProfileFlowDependencies` is not used by `ProfileFlow` nor needed by a component it forwards to",
        ])
        expectExactFindings(example)
        let model = example.linkedModel()
        #expect(model.components["RootFlow"]?.propertyOwner == "BaseFlow")
        #expect(model.scopes["RootFlow"]?.children == ["FeedFlow"])
    }

    /// A base that does something with the value speaks for every subclass, and cpdi does not follow it there: the
    /// subclasses are not judged. A base whose parameter is constrained, or a subclass some class inherits from, gives
    /// no such component: the base's code may read the value, and a subclass of the subclass could be handed it.
    @Test func aBaseThatUsesTheValueOrACompositionOverriddenLeavesItsSubclassesUnjudged() {
        let example = RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Bases.swift": """
                enum Audit { static func record(_ value: Any) {} }
                class TrackedFlow<Dependencies> {
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func appear() { Audit.record(dependencies) }
                }
                class LoggedFlow<Dependencies: HasLogger> {
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func appear() { dependencies.logger.log("appear") }
                }
                """,
            "BaseFlow.swift": Self.base,
            "Flows.swift": """
                final class CartFlow: TrackedFlow<HasStore & HasClock> {
                    func show() { dependencies.store.save() }
                }
                class ShopFlow: BaseFlow<HasStore & HasClock> {
                    func show() { dependencies.store.save() }
                }
                final class OutletFlow: ShopFlow {}
                """,
        ])
        expectExactFindings(example)
        let model = example.linkedModel()
        #expect(model.scopes["CartFlow"]?.notJudged.map(\.detail) == [
            "its base class `TrackedFlow` uses the value it stores, which cpdi does not follow for subclasses",
        ])
        #expect(model.components["ShopFlow"] == nil)
    }
}
