import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// Dependencies values named in an app's own words (`private let context: Context`, `dependency:
/// Dependency`), recognised by their type: judged where every place their alias is written is inside its
/// components, silent (not judged, with the reason) anywhere else.
@Suite struct TypedDependenciesFixtureTests {
    static let protocols = """
        protocol HasWeather { var weather: WeatherService { get } }
        protocol HasLocation { var location: LocationService { get } }
        protocol HasAlerts { var alerts: AlertService { get } }
        protocol HasSettings { var settings: SettingsStore { get } }
        final class WeatherService { func load(at: Int) {} }
        final class LocationService { var current = 0 }
        final class AlertService {}
        final class SettingsStore { var unit = "C" }
        """

    /// The model that declares the alias reads two of its three leaves, in an extension of the same file.
    static func model(marked: Bool) -> String {
        """
        final class ForecastModel {
            typealias Context = HasWeather & HasLocation & \(marked ? "1️⃣" : "")HasAlerts
            private let context: Context
            init(context: Context) { self.context = context }
        }

        extension ForecastModel {
            func refresh() { context.weather.load(at: context.location.current) }
        }
        """
    }

    @Test func aPrivatePropertyTypedByItsOwnAliasIsTheDependenciesValue() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": Self.model(marked: true),
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
        ]))
    }

    /// A coordinator holds the model's alias, written qualified in a file without one word of the
    /// dependency vocabulary, and hands it to the model: both are the alias's components.
    @Test func aCoordinatorHoldingTheModelsAliasIsOneOfItsComponents() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": Self.model(marked: true),
            "ForecastCoordinator.swift": """
                final class ForecastCoordinator {
                    private let context: ForecastModel.Context
                    init(context: ForecastModel.Context) { self.context = context }
                    func start() { ForecastModel(context: context).refresh() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by any of `ForecastCoordinator` and `ForecastModel` nor needed by a component they forward to",
        ]))
    }

    /// A coordinator's own alias composes the model's: what only the coordinator lists and nobody reads is
    /// reported on its alias, and the model's leaves are needed by the model it builds.
    @Test func aComposingAliasOfTheCoordinatorIsReviewedToo() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": Self.model(marked: true),
            "ForecastCoordinator.swift": """
                final class ForecastCoordinator {
                    typealias Context = ForecastModel.Context & 2️⃣HasSettings
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func start() { ForecastModel(context: context).refresh() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `HasSettings` in `ForecastCoordinator.Context` is not used by `ForecastCoordinator` nor needed by a component it forwards to",
        ]))
    }

    /// Where the alias is written anywhere else, what is done with it there is not known: silence. (Unless the
    /// names are learnt: then every file that writes one is read under it, see `learntNamesAreFollowedEverywhere`.)
    @Test(arguments: [
        // A factory outside every component names the alias.
        "enum Screens { static func forecast(context: ForecastModel.Context) -> ForecastModel { ForecastModel(context: context) } }",
        // The model is extended in another file, where `context` is read under a name cpdi does not follow.
        "extension ForecastModel { var settingsUnit: Int { 0 } }",
        // A subclass elsewhere.
        "final class DetailedForecastModel: ForecastModel {}",
    ])
    func anAliasWrittenOutsideItsComponentsLeavesThemUnjudged(elsewhere: String) {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": Self.model(marked: false),
            "Elsewhere.swift": elsewhere,
        ]), learnsNaming: false)
    }

    /// Learnt, `Context` and `context` are followed in every file that writes them, as configured names are:
    /// the factory is a component of the alias too, and the extension and the subclass elsewhere write neither.
    @Test(arguments: [
        ("enum Screens { static func forecast(context: ForecastModel.Context) -> ForecastModel { ForecastModel(context: context) } }",
         "any of `ForecastModel` and `Screens.forecast` nor needed by a component they forward to"),
        ("extension ForecastModel { var settingsUnit: Int { 0 } }", "`ForecastModel` nor needed by a component it forwards to"),
        ("final class DetailedForecastModel: ForecastModel {}", "`ForecastModel` nor needed by a component it forwards to"),
        ("enum Screens { static func forecast(model: ForecastModel) -> Int { model.context.alerts.count } }", nil),
    ])
    func learntNamesAreFollowedEverywhere(elsewhere: String, usedBy: String?) {
        var findings: [String: String] = [:]
        if let usedBy { findings["1️⃣"] = "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by \(usedBy)" }
        let model = Self.model(marked: usedBy != nil).replacingOccurrences(of: "private let context", with: "let context")
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": model,
            "Elsewhere.swift": elsewhere,
        ], findings: findings))
    }

    /// The same for an alias whose name ends like an alias name without being one (`Deps`).
    @Test func anAliasEndingLikeAnAliasNameIsFollowedToo() {
        let model = Self.model(marked: false).replacingOccurrences(of: "Context", with: "Deps")
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": model,
            "Elsewhere.swift": "enum Screens { static func forecast(context: ForecastModel.Deps) -> ForecastModel { ForecastModel(context: context) } }",
        ]), learnsNaming: false)
    }


    /// A property that is not private may be read in other files, under a name cpdi does not follow: no
    /// component.
    @Test func aPropertyOthersMayReadIsNoDependenciesValue() {
        let example = RuleExample(files: ["Protocols.swift": Self.protocols, "ForecastModel.swift": """
            final class ForecastModel {
                typealias Context = HasWeather & HasAlerts
                let context: Context
                init(context: Context) { self.context = context }
                func refresh() { context.weather.load(at: 0) }
            }
            """])
        expectExactFindings(example, learnsNaming: false)
        #expect(example.linkedModel(learnsNaming: false).components.isEmpty)
    }

    /// A top-level alias other files may name: its component is known, and not judged. (The opt-in naming
    /// rule still asks for a name after the component.)
    @Test func aTopLevelAliasOthersMayNameIsNotJudged() {
        let example = RuleExample(files: ["Protocols.swift": Self.protocols, "ForecastModel.swift": """
            typealias 1️⃣ForecastContext = HasWeather & HasAlerts
            final class ForecastModel {
                private let context: ForecastContext
                init(context: ForecastContext) { self.context = context }
                func refresh() { context.weather.load(at: 0) }
            }
            """], findings: [
            "1️⃣": "[alias-naming] `ForecastModel` is constrained by `ForecastContext`, which is not named after it; rename it `ForecastModelDependencies` or nest it as `ForecastModel.Dependencies`",
        ])
        expectExactFindings(example, learnsNaming: false)
        #expect(example.linkedModel(learnsNaming: false).scopes["ForecastModel"]?.notJudged.map(\.detail) == [
            "its alias `ForecastContext` is declared at the top level, where code in other files may name it",
        ])
    }

    /// A reducer whose method takes its dependencies as a parameter typed by the reducer's own alias, which
    /// lists one leaf it never reads.
    static let reducer = """
        struct ForecastReducer {
            typealias Dependency = HasWeather & 1️⃣HasAlerts
            func reduce(count: Int, dependency: Dependency) -> Int {
                dependency.weather.load(at: count)
                return count
            }
        }
        """

    /// A reducer's method takes its dependencies as a parameter typed by the reducer's own alias.
    @Test func aParameterTypedByTheTypesAliasMakesTheMethodAComponent() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastReducer.swift": Self.reducer,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastReducer.Dependency` is not used by `ForecastReducer.reduce` nor needed by a component it forwards to",
        ]))
    }

    /// A type that takes its dependencies only in its initializer, as a parameter typed by its own alias, and
    /// keeps none of them, is a component too.
    @Test func anInitializerTypedByTheTypesAliasMakesTheTypeAComponent() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastViewModel.swift": """
                struct ForecastViewModel {
                    let unit: String
                    init(dependency: Dependency) { unit = dependency.settings.unit }
                    typealias Dependency = HasSettings & 1️⃣HasAlerts
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastViewModel.Dependency` is not used by `ForecastViewModel` nor needed by a component it forwards to",
        ]))
    }

    /// When that alias is the associated type a protocol requires and constrains, the type is not judged; the coordinator that
    /// hands its own dependencies to the initializer is, and forwards what the child's alias asks for.
    @Test func anInitializerOfAProtocolsAliasStillReceivesItsParentsForward() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols + "\nprotocol AttachableModel { associatedtype Dependency; init(dependency: Dependency) }\nfunc attach<M: AttachableModel>(_ model: M) where M.Dependency: HasSettings {}",
            "ForecastViewModel.swift": """
                struct ForecastViewModel: AttachableModel {
                    let unit: String
                    init(dependency: Dependency) { unit = dependency.settings.unit }
                    typealias Dependency = HasSettings & HasAlerts
                }
                """,
            "ForecastCoordinator.swift": """
                final class ForecastCoordinator {
                    typealias Dependencies = 1️⃣HasSettings & 2️⃣HasAlerts & HasWeather
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func start() -> ForecastViewModel {
                        dependencies.weather.load(at: 0)
                        return ForecastViewModel(dependency: dependencies)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasSettings` is in `ForecastCoordinator.Dependencies` only for `ForecastViewModel`; forward `ForecastViewModel.Dependency` instead",
            "2️⃣": "[direct-child-dependency] `HasAlerts` is in `ForecastCoordinator.Dependencies` only for `ForecastViewModel`; forward `ForecastViewModel.Dependency` instead",
        ]))
    }

    /// The same alias as the associated type a protocol requires, where generic code anywhere constrains or ties it:
    /// that code may read what the constraint offers, or needs the very type, so no member of it may go. (A free
    /// associated type: `AssociatedTypeWitnessFixtureTests`.)
    @Test(arguments: [
        "protocol Reducer { associatedtype Dependency }\nfunc alert<R: Reducer>(_ reducer: R) where R.Dependency: HasAlerts {}",
        "protocol Reducer { associatedtype Dependency }\nfunc pin<R: Reducer>(_ reducer: R) where R.Dependency == HasWeather & HasAlerts {}",
        "protocol Reducer { associatedtype Dependency }\nextension Reducer where Dependency: HasAlerts { func alerts(_ dependency: Dependency) -> AlertService { dependency.alerts } }",
        "protocol Reducing { associatedtype Dependency }\nprotocol Reducer: Reducing where Dependency: HasAlerts {}",
    ])
    func anAliasAProtocolRequiresIsNotJudged(protocolDeclaration: String) {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols + "\n" + protocolDeclaration,
            "ForecastReducer.swift": """
                struct ForecastReducer: Reducer {
                    typealias Dependency = HasWeather & HasAlerts
                    func reduce(count: Int, dependency: Dependency) -> Int {
                        dependency.weather.load(at: count)
                        return count
                    }
                }
                """,
        ])
        expectExactFindings(example)
        let reasons = example.linkedModel().scopes["ForecastReducer.reduce"]?.notJudged.map(\.detail)
        #expect(reasons == ["its alias `ForecastReducer.Dependency` is the `Dependency` type `\(protocolDeclaration.contains("Reducing") ? "Reducing" : "Reducer")` requires of `ForecastReducer`, which code using `\(protocolDeclaration.contains("Reducing") ? "Reducing" : "Reducer")` needs as it is"])
    }

    /// Standard protocols are known to require no type of that name: the model stays judged.
    @Test func standardConformancesAskForNoSuchType() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols + "\nprotocol ForecastDelegate: AnyObject { func didRefresh() }",
            "ForecastModel.swift": """
                final class ForecastModel: ObservableObject, Identifiable, ForecastDelegate {
                    typealias Context = HasWeather & HasLocation & 1️⃣HasAlerts
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func didRefresh() { context.weather.load(at: context.location.current) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
        ]))
    }

    /// A protocol that only composes others (or a type alias of a composition) requires what its members require:
    /// here no type named `Context`, so the model stays judged. Each composition is walked once, even in a cycle.
    @Test func aConformanceThroughACompositionAsksWhatItsMembersAsk() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols + """

                protocol Starting { func start() }
                protocol Stopping { func stop() }
                protocol ForecastModeling: Starting, Stopping {}
                typealias ForecastRunning = ForecastModeling & Starting
                """,
            "ForecastModel.swift": """
                final class ForecastModel: ForecastRunning {
                    typealias Context = HasWeather & HasLocation & 1️⃣HasAlerts
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func start() { context.weather.load(at: context.location.current) }
                    func stop() {}
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
        ]))
    }

    /// A protocol declared outside the sources may require anything.
    @Test func anUnknownConformanceLeavesTheAliasUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "ForecastModel.swift": """
                import FeatureKit
                final class ForecastModel: FeatureModel {
                    typealias Context = HasWeather & HasAlerts
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func refresh() { context.weather.load(at: 0) }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["ForecastModel"]?.notJudged.map(\.detail) == [
            "its alias `ForecastModel.Context` may be a type `FeatureModel`, declared outside the analysed sources, requires of `ForecastModel`",
        ])
    }

    /// Two modules declare a type of the same name, so linking qualifies names by module; the parameter
    /// keeps what its file recognised.
    @Test func aParameterKnownByItsTypeSurvivesModuleScoping() {
        expectExactFindings(RuleExample(files: [
            "Weather/Protocols.swift": Self.protocols + "\nenum Strings { static let title = \"Weather\" }",
            "Weather/ForecastReducer.swift": Self.reducer,
            "Settings/Strings.swift": "enum Strings { static let title = \"Settings\" }",
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAlerts` in `ForecastReducer.Dependency` is not used by `ForecastReducer.reduce` nor needed by a component it forwards to",
        ]))
    }
}
