import CPDIRules
import Testing

/// `private let dependencies: HasLogger & HasStore`, with no alias: the composition a dependencies property is typed by
/// in place is its alias (SPEC: a dependencies value is recognised by its type, a composition of dependency protocols
/// among them). It is judged like any alias, but nothing can compose it, and it may be spelled again where callers
/// build the value, so its findings come with no automatic fix.
@Suite struct InlineCompositionFixtureTests {
    static let leaves = CompositionProtocolFixtureTests.leaves

    /// The members nobody reads are reported, and a property nothing reads too. The code fixed by hand (both
    /// spellings of the composition) type-checks with `swiftc`.
    @Test func theMembersOfAnInlineCompositionAreJudged() {
        let example = RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Screens.swift": """
                final class Screen {
                    private let dependencies: HasLogger & HasStore & 1️⃣HasClock
                    init(dependencies: HasLogger & HasStore & HasClock) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("show"); dependencies.store.save() }
                }
                final class Banner {
                    private var 2️⃣dependencies: 3️⃣HasLogger & 4️⃣HasStore
                    init(dependencies: HasLogger & HasStore) { self.dependencies = dependencies }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasClock` in `Screen.dependencies` is not used by `Screen` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependencies-property] `Banner` stores `dependencies` but never reads it or hands it on",
            "3️⃣": "[unused-dependency] `HasLogger` in `Banner.dependencies` is not used by `Banner` nor needed by a component it forwards to",
            "4️⃣": "[unused-dependency] `HasStore` in `Banner.dependencies` is not used by `Banner` nor needed by a component it forwards to",
        ])
        expectExactFindings(example)
        let unused = example.run(RuleCatalogue.all.first { $0.id == "unused-dependency" }!)
        #expect(unused.count == 3 && unused.allSatisfy { $0.fix == nil })
    }

    /// An initializer that takes more than the property keeps (callers bring three leaves, two are stored): the kept
    /// composition is the property's alias, judged by what is read, and what only the initializer takes is reported
    /// where it is neither read nor handed on. Callers must still bring all three, so a parent building it keeps
    /// them (and, the composition having no name, is told nothing). The code fixed by hand type-checks.
    @Test func anInitializerTakingMoreThanTheTypeKeepsIsJudged() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Screens.swift": """
                final class Home {
                    private let dependencies: HasLogger & 1️⃣HasStore
                    2️⃣init(dependencies: HasLogger & HasStore & HasClock) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("home") }
                }
                final class Clocked {
                    private let dependencies: HasLogger
                    init(dependencies: HasLogger & HasClock) { self.dependencies = dependencies; _ = dependencies.clock.now }
                    func show() { dependencies.logger.log("clocked") }
                }
                final class Root {
                    typealias Dependencies = HasLogger & HasStore & HasClock
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func start() { Home(dependencies: dependencies).show() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasStore` in `Home.dependencies` is not used by `Home` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `HasClock`, which `Home`'s initializer takes, is not kept or used by `Home` nor needed by a component it forwards to",
        ]))
    }

    /// An initializer that takes less than the property keeps, or another composition, an `override` whose type the
    /// superclass fixes, and a parent's leaf that only such a child needs (no alias to compose instead): all silent.
    @Test func aCompositionTheCallersDoNotBringAsItIsStaysSilent() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Screens.swift": """
                final class Home {
                    private var dependencies: HasLogger & HasStore
                    init(dependencies: HasLogger & HasClock) { self.dependencies = dependencies as! HasLogger & HasStore }
                    func show() { dependencies.logger.log("home") }
                }
                class Base { var dependencies: (HasLogger & HasStore)! }
                final class Detail: Base {
                    override var dependencies: (HasLogger & HasStore)! { didSet { dependencies.logger.log("set") } }
                }
                final class Root {
                    typealias Dependencies = HasLogger & HasStore & HasClock
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func start() {
                        _ = dependencies.clock.now
                        Panel(dependencies: dependencies).show()
                    }
                }
                final class Panel {
                    private let dependencies: HasLogger & HasStore
                    init(dependencies: HasLogger & HasStore) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("panel"); dependencies.store.save() }
                }
                """,
        ]))
    }
}
