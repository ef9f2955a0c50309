import CPDIRules
import Testing

/// `dependencies.counterReducer(action, state, dependencies)`: the dependencies handed to a closure one of their
/// leaves holds. Whatever closure is stored, its type says what it takes at that position; where that is a
/// dependency alias one function component takes, the hand-off is a forward to that component. Before, such a
/// hand-off could not be resolved, and the component making it was not judged.
@Suite struct ClosureInDependenciesFixtureTests {
    static let reducers = """
        protocol Reducing {
            associatedtype ActionType
            associatedtype DependenciesType
            typealias ExpressionType = (ActionType, Int, DependenciesType) -> Int
            static func reduce(action: ActionType, state: Int, dependencies: DependenciesType) -> Int
        }
        protocol HasCounterReducer { var counterReducer: Reducers.Counter.ExpressionType { get } }
        protocol HasLogReducer { var logReducer: (String, Int, Reducers.Log.DependenciesType) -> Int { get } }
        protocol HasClock { var clock: Clock { get } }
        protocol HasLogger { var logger: Logger { get } }
        final class Clock { var now = 0 }
        final class Logger { func log(_ text: String) {} }
        """

    /// The store's leaves are there only for the reducer its closure calls: through the protocol's closure alias
    /// read for the conformer (`Reducers.Counter.ExpressionType`), and through a closure type written in the leaf.
    /// The reducers themselves are not judged: any code may implement a closure of those types (a test's stub) and
    /// read whatever their alias lists. The fixed code type-checks with `swiftc`, as does the code before.
    @Test func aClosureTypedByAnAliasHandsTheValueToItsComponent() {
        let example = RuleExample(files: [
            "Dependencies.swift": Self.reducers,
            "Reducers.swift": """
                enum Reducers {
                    struct Counter: Reducing {
                        typealias ActionType = Int
                        typealias DependenciesType = HasClock & HasLogReducer & HasLogger
                        static func reduce(action: Int, state: Int, dependencies: DependenciesType) -> Int {
                            dependencies.logReducer("count", state + action + dependencies.clock.now, dependencies)
                        }
                    }
                    struct Log: Reducing {
                        typealias ActionType = String
                        typealias DependenciesType = HasLogger
                        static func reduce(action: String, state: Int, dependencies: DependenciesType) -> Int {
                            dependencies.logger.log(action); return state
                        }
                    }
                }
                """,
            "App.swift": """
                final class AppDependencies: HasCounterReducer, HasClock, HasLogReducer, HasLogger {
                    let counterReducer = Reducers.Counter.reduce
                    let logReducer = Reducers.Log.reduce
                    let clock = Clock()
                    let logger = Logger()
                }
                """,
            "Store.swift": """
                final class Store {
                    typealias Dependencies = HasCounterReducer & 2️⃣HasClock & 3️⃣HasLogReducer & 4️⃣HasLogger
                    private let dependencies: Dependencies
                    private var state = 0
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func dispatch(_ action: Int) { state = dependencies.counterReducer(action, state, dependencies) }
                }
                """,
        ], findings: [
            "2️⃣": "[direct-child-dependency] `HasClock` is in `Store.Dependencies` only for `Reducers.Counter.reduce`; forward `Reducers.Counter.DependenciesType` instead",
            "3️⃣": "[direct-child-dependency] `HasLogReducer` is in `Store.Dependencies` only for `Reducers.Counter.reduce`; forward `Reducers.Counter.DependenciesType` instead",
            "4️⃣": "[direct-child-dependency] `HasLogger` is in `Store.Dependencies` only for `Reducers.Counter.reduce`; forward `Reducers.Counter.DependenciesType` instead",
        ])
        expectExactFindings(example)
        let scopes = example.linkedModel().scopes
        #expect(scopes["Reducers.Counter.reduce"]?.notJudged.map(\.detail) == [
            "its alias `Reducers.Counter.DependenciesType` is what closures of type `Reducing.ExpressionType` take, which code cpdi cannot see may implement reading anything",
        ])
        #expect(scopes["Reducers.Log.reduce"]?.notJudged.map(\.detail) == [
            "its alias `Reducers.Log.DependenciesType` is what closures of type `HasLogReducer.logReducer` take, which code cpdi cannot see may implement reading anything",
        ])
    }

    /// A closure whose parameter there is no dependency alias (`Any`), or whose alias two functions take, tells
    /// nothing of what the value must bring: the components handing it on stay not judged.
    @Test func aClosureThatTakesNoOneAliasLeavesItsCallerUnjudged() {
        let example = RuleExample(files: [
            "Dependencies.swift": Self.reducers,
            "Printing.swift": """
                protocol HasFormatter { var format: (Int, Any) -> String { get } }
                protocol HasPrinter { var printer: (String, Printing.DependenciesType) -> Void { get } }
                enum Printing {
                    typealias DependenciesType = HasLogger
                    static func printPlain(text: String, dependencies: DependenciesType) { dependencies.logger.log(text) }
                    static func printLoud(text: String, dependencies: DependenciesType) { dependencies.logger.log(text + "!") }
                }
                final class Report {
                    typealias Dependencies = HasFormatter & HasPrinter & HasClock & HasLogger
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func run() {
                        let text = dependencies.format(1, dependencies)
                        dependencies.printer(text, dependencies)
                    }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Report"]?.notJudged.map(\.detail) == [
            "handed to `dependencies.format(_:)`, which cpdi cannot resolve to a component",
            "handed to `dependencies.printer(_:)`, which cpdi cannot resolve to a component",
        ])
    }
}
