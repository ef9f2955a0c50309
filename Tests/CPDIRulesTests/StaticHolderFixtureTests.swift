import CPDIFacts
import CPDIRules
import Testing

/// A dependencies value reached through a type's static member (`Launcher.current.context`) belongs to whatever
/// that member's declared type holds, not to every component storing a `context`; and a member of a type
/// itself (`Services.context()`) is no component's value. Each fixture says all cpdi reports on it.
@Suite struct StaticHolderFixtureTests {
    /// The app container passed as a default argument from a singleton typed by a protocol that no component
    /// adopts: every model taking it is judged.
    @Test func aDefaultArgumentFromATypedSingletonLeavesModelsJudged() {
        expectExactFindings(RuleExample(files: [
            "Holders.swift": """
                protocol HasWeather { var weather: WeatherService { get } }
                protocol HasPlaces { var places: PlacesService { get } }
                struct Services: HasWeather, HasPlaces {
                    let weather = WeatherService()
                    let places = PlacesService()
                    static func context() -> Services { Services() }
                }
                protocol Launching { var context: Services! { get } }
                final class Launcher: Launching {
                    static let current: Launching = Launcher()
                    var context: Services!
                    func start() { context = Services.context() }
                }
                """,
            "ForecastModel.swift": """
                final class ForecastModel {
                    typealias Context = HasWeather & 1️⃣HasPlaces
                    private let context: Context
                    init(context: Context = Launcher.current.context) { self.context = context }
                    func today() -> Int { context.weather.temperature }
                }
                """,
            "PlacesModel.swift": """
                final class PlacesModel {
                    typealias Context = HasPlaces
                    private let context: Context
                    init(context: Context = Launcher.current.context) { self.context = context }
                    func nearby() -> [String] { context.places.names }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasPlaces` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
        ]))
    }

    /// The static member holds a component: its value goes wherever the default argument takes it, so that
    /// component is not judged, while the model receiving it is.
    @Test func aSingletonComponentsValueHandedOnLeavesThatComponentUnjudged() {
        let example = RuleExample(files: [
            "Coordinator.swift": """
                protocol HasWeather { var weather: WeatherService { get } }
                protocol HasPlaces { var places: PlacesService { get } }
                final class RootCoordinator {
                    typealias Context = HasWeather & HasPlaces
                    static let shared = RootCoordinator(context: AppServices())
                    let context: Context
                    init(context: Context) { self.context = context }
                }
                """,
            "ForecastModel.swift": """
                final class ForecastModel {
                    typealias Context = HasWeather & 1️⃣HasPlaces
                    private let context: Context
                    init(context: Context = RootCoordinator.shared.context) { self.context = context }
                    func today() -> Int { context.weather.temperature }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasPlaces` in `ForecastModel.Context` is not used by `ForecastModel` nor needed by a component it forwards to",
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["RootCoordinator"]?.notJudged.map(\.detail) == ["used as a default argument"])
    }

    /// What cannot be typed stays as unproven as before: a member declared without a type, one declared twice,
    /// and one whose class a component inherits from (the instance may be that component).
    @Test(arguments: [
        "static let shared = Launcher.make()",
        "static let shared: Launcher = Launcher()\n    #if DEBUG\n    static let shared: Services = Services()\n    #endif",
        "static let shared: BaseController = Launcher()",
    ])
    func anUntypedStaticMemberLeavesEveryStoringComponentUnjudged(declaration: String) {
        let example = RuleExample(files: [
            "Holders.swift": """
                protocol HasWeather { var weather: WeatherService { get } }
                protocol HasPlaces { var places: PlacesService { get } }
                struct Services: HasWeather, HasPlaces { let weather = WeatherService(); let places = PlacesService() }
                class BaseController {}
                final class Launcher {
                    \(declaration)
                    static func make() -> Launcher { Launcher() }
                    var context: Services!
                }
                """,
            "ForecastModel.swift": """
                final class ForecastModel: BaseController {
                    typealias Context = HasWeather & HasPlaces
                    private let context: Context
                    init(context: Context = Launcher.shared.context) { self.context = context }
                    func today() -> Int { context.weather.temperature }
                }
                """,
            "MapController.swift": """
                final class MapController: BaseController {
                    typealias Context = HasWeather & HasPlaces
                    let context: Context
                    init(context: Context) { self.context = context }
                    func show() { _ = context.places }
                }
                """,
        ])
        expectExactFindings(example)
        let model = example.linkedModel()
        #expect(model.scopes["ForecastModel"]?.notJudged.map(\.detail) == ["used as a default argument"])
        #expect(model.scopes["MapController"]?.notJudged.map(\.detail) == ["used as a default argument"])
    }
}
