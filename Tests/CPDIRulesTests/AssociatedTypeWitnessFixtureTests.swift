import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// A reducer's alias that stands for its protocol's associated type (`typealias Dependency = …` in a conformer of
/// `protocol Reducer { associatedtype Dependency }`). Code written against the protocol can read nothing of a free
/// associated type, so the reducer is judged (a constraint or a tie anywhere keeps it silent:
/// `TypedDependenciesFixtureTests.anAliasAProtocolRequiresIsNotJudged`), and a store that may spell the other alias
/// the witness names keeps that alias in the witness.
@Suite struct AssociatedTypeWitnessFixtureTests {
    static let protocols = TypedDependenciesFixtureTests.protocols

    static let store = """
        protocol Reducer {
            associatedtype Dependency
            func reduce(count: Int, dependency: Dependency) -> Int
        }
        final class Store<Dependency> {
            let dependency: Dependency
            private let run: (Int, Dependency) -> Int
            init<R: Reducer>(dependency: Dependency, reducer: R) where R.Dependency == Dependency {
                self.dependency = dependency
                run = reducer.reduce
            }
            func send(_ count: Int) -> Int { run(count, dependency) }
        }
        """

    /// A free associated type: the reducer is judged, and the leaf it never reads is reported in its alias.
    @Test func aWitnessOfAFreeAssociatedTypeIsJudged() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Store.swift": Self.store,
            "ForecastReducer.swift": """
                struct ForecastReducer: Reducer {
                    typealias Dependency = HasWeather & 1️⃣HasAlerts
                    func reduce(count: Int, dependency: Dependency) -> Int {
                        dependency.weather.load(at: count)
                        return count
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastReducer.Dependency` is not used by `ForecastReducer.reduce` nor needed by a component it forwards to",
        ]))
    }

    /// A witness that is just another alias keeps it, even when the reducer reads none of it: a store built on the
    /// protocol may spell `ForecastDependency` (`Store<ForecastDependency>`), which must stay the witness's type.
    /// What that alias lists is judged as the witness's own, so sites spelling it change with the witness.
    @Test func aWitnessKeepsTheAliasItNamesAndThatAliasIsJudged() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Store.swift": Self.store,
            "ForecastReducer.swift": """
                typealias ForecastDependency = HasWeather & 1️⃣HasAlerts
                struct ForecastReducer: Reducer {
                    typealias Dependency = ForecastDependency
                    func reduce(count: Int, dependency: Dependency) -> Int {
                        dependency.weather.load(at: count)
                        return count
                    }
                }
                """,
            "BannerReducer.swift": """
                typealias BannerDependency = 2️⃣HasSettings
                struct BannerReducer: Reducer {
                    typealias Dependency = BannerDependency
                    func reduce(count: Int, dependency: Dependency) -> Int { count }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastDependency` is not used by `ForecastReducer.reduce` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `HasSettings` in `BannerDependency` is not used by `BannerReducer.reduce` nor needed by a component it forwards to",
        ]))
    }

    /// Two reducers' aliases both list `HasAlerts`, and the screen composing both reads it but hands its value to
    /// a call cpdi cannot follow. Neither reducer reads it. Either alias may lose it, not both: taking it out of both
    /// breaks the screen. So neither is told to (the screen is not judged, so what it needs is not known).
    @Test func aLeafTwoComposedAliasesBringIsKeptForAnUnjudgedComposer() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Store.swift": Self.store,
            "Reducers.swift": """
                typealias ListDependency = HasWeather & HasAlerts
                struct ListReducer: Reducer {
                    typealias Dependency = ListDependency
                    func reduce(count: Int, dependency: Dependency) -> Int {
                        dependency.weather.load(at: count)
                        return count
                    }
                }
                typealias ToolbarDependency = HasSettings & HasAlerts
                struct ToolbarReducer: Reducer {
                    typealias Dependency = ToolbarDependency
                    func reduce(count: Int, dependency: Dependency) -> Int { dependency.settings.unit.count }
                }
                """,
            "ForecastScreen.swift": """
                typealias ForecastScreenDependency = ListDependency & ToolbarDependency
                final class ForecastScreen {
                    let alerts: AlertService
                    init(dependency: ForecastScreenDependency) {
                        alerts = dependency.alerts
                        Analytics.track(dependency)
                    }
                }
                """,
        ]))
    }
}
