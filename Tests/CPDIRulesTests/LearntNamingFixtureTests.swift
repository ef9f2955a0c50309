import CPDIFacts
import CPDIRules
import Testing

/// Apps that name their aliases, dependencies values and dependency protocols in their own words
/// (`ServiceProvider`, `context`, `…Provider`) are judged as if those names were configured, where the shape of
/// the code proves what each name is (`NamingInference`); anything the shape does not prove stays unlearnt.
@Suite struct LearntNamingFixtureTests {
    /// Protocols named `…Provider`, a nested `ServiceProvider` alias and a `serviceProvider` value: nothing of it
    /// matches the default names, and the shape says it all.
    @Test func providersComposedIntoAServiceProviderAreJudged() {
        expectExactFindings(RuleExample(files: [
            "Providers.swift": """
                protocol NavigatorProvider { var navigator: Navigator { get } }
                protocol SessionServiceProvider { var sessionService: SessionService { get } }
                protocol DataServiceProvider { var dataService: DataService { get } }
                """,
            "LaunchViewModel.swift": """
                final class LaunchViewModel {
                    typealias ServiceProvider = NavigatorProvider & 1️⃣DataServiceProvider & SessionServiceProvider
                    let serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                }
                """,
            "LaunchViewModel+Routing.swift": """
                extension LaunchViewModel {
                    func start() {
                        if serviceProvider.sessionService.hasSession { serviceProvider.navigator.moveTo(.home) }
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `DataServiceProvider` in `LaunchViewModel.ServiceProvider` is not used by `LaunchViewModel` nor needed by a component it forwards to",
        ]))
    }

    /// Every component adopts a protocol asking for `var toolbox: Toolbox { get }`, where `Toolbox` is that
    /// protocol's own associated type: each conformer chooses its own alias, so the property is no container's and
    /// still teaches the value's name. The protocol's extension for closable conformers reaches the router only
    /// through a cast to `RouterProviding`, which reads what that protocol requires; the clock nobody reads is
    /// reported. The fixed code type-checks.
    @Test func aPropertyTypedByItsProtocolsOwnAssociatedTypeIsAComponentsValue() {
        let example = RuleExample(files: [
            "Tools.swift": """
                protocol RouterProviding { var router: Router { get } }
                protocol StoreProviding { var store: Store { get } }
                protocol ClockProviding { var clock: Clock { get } }
                final class Router { func close() {} }
                final class Store { func save() {} }
                final class Clock {}
                protocol 2️⃣ToolUser { associatedtype Toolbox; var toolbox: Toolbox { get } }
                protocol Closable { func closeTapped() }
                extension Closable where Self: ToolUser {
                    func closeTapped() { (toolbox as? RouterProviding)?.router.close() }
                }
                """,
            "EditModel.swift": """
                final class EditModel: ToolUser, Closable {
                    typealias Toolbox = RouterProviding & StoreProviding & 1️⃣ClockProviding
                    let toolbox: Toolbox
                    init(toolbox: Toolbox) { self.toolbox = toolbox }
                    func save() { toolbox.store.save() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `ClockProviding` in `EditModel.Toolbox` is not used by `EditModel` nor needed by a component it forwards to",
            "2️⃣": "[associatedtype-dependencies] `ToolUser` declares `associatedtype Toolbox`; give its behaviour to a type built with the dependencies, or make every conformer forward what `Toolbox` must satisfy",
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().learnt.values == ["toolbox"])
    }

    /// `protocol ScreenDelegate: AnyObject {}` composes nothing: a marker bound to classes, not an alias. A component
    /// in the app's own words adopting a protocol that refines it is asked for no type of its alias's name there,
    /// so it is judged (it was not, while the marker counted as an alias of `AnyObject`).
    @Test func aMarkerProtocolBoundToClassesAsksForNoType() {
        expectExactFindings(RuleExample(files: [
            "Tools.swift": """
                protocol RouterProviding { var router: Router { get } }
                protocol ClockProviding { var clock: Clock { get } }
                final class Router { func close() {} }
                final class Clock {}
                protocol ScreenDelegate: AnyObject {}
                protocol ListDelegate: ScreenDelegate { func refresh() }
                """,
            "List.swift": """
                final class List {
                    typealias Toolbox = RouterProviding & 1️⃣ClockProviding
                    private let toolbox: Toolbox
                    init(toolbox: Toolbox) { self.toolbox = toolbox }
                }
                extension List: ListDelegate {
                    func refresh() { toolbox.router.close() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `ClockProviding` in `List.Toolbox` is not used by `List` nor needed by a component it forwards to",
        ]))
    }

    /// A chain of single-name aliases (`LoginContext = AppContext`) ending in a composition of Has-protocols,
    /// with the value named `context`.
    @Test func chainedContextAliasesAreJudged() {
        expectExactFindings(RuleExample(files: [
            "AppContext.swift": """
                protocol HasStoreService { var storeService: StoreService { get } }
                protocol HasPhraseService { var phraseService: PhraseService { get } }
                typealias AppContext = HasStoreService & HasPhraseService
                """,
            "EditInteractor.swift": """
                typealias EditInteractorContext = AppContext
                final class EditInteractor {
                    private let context: EditInteractorContext
                    init(context: EditInteractorContext) { self.context = context }
                    func save() { context.phraseService.update() }
                }
                """,
            "LoginInteractor.swift": """
                typealias LoginInteractorContext = 2️⃣AppContext
                final class LoginInteractor {
                    private let 1️⃣context: LoginInteractorContext
                    init(context: LoginInteractorContext) { self.context = context }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependencies-property] `LoginInteractor` stores `context` but never reads it or hands it on",
            "2️⃣": "[unused-dependency] `AppContext` in `LoginInteractorContext` is not used by `LoginInteractor` nor needed by a component it forwards to",
        ]))
    }

    /// Every type nests its own `Context`, and a view model's composes its interactor's by qualified name
    /// (`FavoritesInteractor.Context`): the same simple name, another alias. The interactor's is the base that
    /// makes the name a dependency alias; a `Context` naming a struct would not be one.
    @Test func nestedContextAliasesComposingEachOtherAreLearnt() {
        expectExactFindings(RuleExample(files: [
            "Contexts.swift": """
                protocol NavigatorContext { var navigator: Navigator { get } }
                protocol StorageContext { var storage: Storage { get } }
                protocol BeersSourceContext { var beersSource: BeersSource { get } }
                """,
            "FavoritesInteractor.swift": """
                final class FavoritesInteractor {
                    typealias Context = StorageContext & 1️⃣BeersSourceContext
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func favorites() -> [Int] { context.storage.ids }
                }
                """,
            "FavoritesViewModel.swift": """
                final class FavoritesViewModel {
                    typealias Context = NavigatorContext & FavoritesInteractor.Context
                    private let context: Context
                    private let interactor: FavoritesInteractor
                    init(context: Context) {
                        self.context = context
                        self.interactor = FavoritesInteractor(context: context)
                    }
                    func close() { context.navigator.pop() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `BeersSourceContext` in `FavoritesInteractor.Context` is not used by `FavoritesInteractor` nor needed by a component it forwards to",
        ]))
    }

    /// A default alias name with a value named in the app's words (`managers`).
    @Test func aValueNamedInTheAppsWordsIsFollowed() {
        expectExactFindings(RuleExample(files: [
            "Managers.swift": """
                protocol HasThemeManager { var theme: ThemeManager { get } }
                protocol HasLocationManager { var location: LocationManager { get } }
                """,
            "MapViewController.swift": """
                final class MapViewController {
                    typealias Dependencies = HasThemeManager & HasLocationManager
                    let managers: Dependencies
                    init(managers: Dependencies) { self.managers = managers }
                    func show() { managers.theme.apply(); managers.location.start() }
                }
                """,
            "MainViewController.swift": """
                final class MainViewController {
                    typealias Dependencies = HasThemeManager & 1️⃣HasLocationManager
                    let managers: Dependencies
                    lazy var map = MapViewController(managers: self.managers)
                    init(managers: Dependencies) { self.managers = managers }
                    func show() { managers.theme.apply() }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasLocationManager` is in `MainViewController.Dependencies` only for `MapViewController`; forward `MapViewController.Dependencies` instead",
        ]))
    }

    /// Protocols of plain data composed into a view's model are no dependencies: nothing is learnt, nothing is judged.
    @Test func aCompositionOfDataProtocolsTeachesNothing() {
        let example = RuleExample(files: [
            "Row.swift": """
                protocol Titled { var title: String { get } }
                protocol Priced { var price: Double { get } }
                final class ProductCell {
                    typealias Model = Titled & Priced
                    let model: Model
                    init(model: Model) { self.model = model }
                    func render() -> String { model.title }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().learnt.isEmpty)
    }

    /// A stored property that a protocol of its type requires is what a container provides: it teaches nothing,
    /// so the container that stores it is no component. A property a protocol requires elsewhere, of a type that
    /// does not conform to it (`AppHost.context`), does not stop a component's value of that name being learnt.
    @Test func aPropertyAProtocolRequiresIsNoDependenciesValue() {
        let example = RuleExample(files: [
            "Repositories.swift": """
                protocol HasPointRepository { var points: PointRepository { get } }
                protocol HasUserRepository { var users: UserRepository { get } }
                typealias HasRepositories = HasPointRepository & HasUserRepository
                protocol HasRepositoryContainer { var container: HasRepositories { get } }
                final class AppDependency: HasRepositoryContainer {
                    let container: HasRepositories
                    init(container: HasRepositories) { self.container = container }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().learnt.values == [])
        let withAComponent = RuleExample(files: [
            "Repositories.swift": example.files[0].markedSource,
            "AppHost.swift": """
                protocol AppHosting { var context: AppContext { get } }
                typealias AppContext = HasPointRepository & HasUserRepository
                final class PointsModel {
                    typealias Context = HasPointRepository & 1️⃣HasUserRepository
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func load() { context.points.all() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasUserRepository` in `PointsModel.Context` is not used by `PointsModel` nor needed by a component it forwards to",
        ])
        expectExactFindings(withAComponent)
    }

    /// Learnt from the shape alone: the names, and nothing configured already.
    @Test func whatIsLearntIsExactlyWhatTheValuesReach() {
        let sources = [
            ("Providers.swift", """
                protocol NavigatorProvider { var navigator: Navigator { get } }
                protocol HasSession { var session: Session { get } }
                protocol UnusedProvider { var unused: Unused { get } }
                """),
            ("Home.swift", """
                final class Home {
                    typealias ServiceProvider = NavigatorProvider & HasSession
                    let serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                }
                """),
        ]
        let facts = sources.map { FactExtractor.extract(path: $0.0, source: $0.1) }
        #expect(NamingInference.infer(from: facts, conventions: .default) == InferredNaming(
            aliases: ["ServiceProvider"], values: ["serviceProvider"], protocols: ["NavigatorProvider"]
        ))
    }

    /// A struct named like a dependency protocol (`TimeStampContainer`) is no leaf: an alias of it teaches nothing.
    @Test func anAliasOfAStructNamedLikeAProtocolTeachesNothing() {
        let example = RuleExample(files: [
            "Geometry.swift": """
                struct TimeStampContainer { var stamp = 0 }
                struct StampKey {
                    typealias Value = TimeStampContainer
                    let value: Value
                    init(value: Value) { self.value = value }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().learnt.isEmpty)
    }

    /// A test double redeclares the alias its protocol declares: code written against the protocol needs the
    /// two to be one type, so the double's alias is not judged.
    @Test func aConformerRedeclaringItsProtocolsAliasIsNotJudged() {
        let example = RuleExample(files: [
            "Providers.swift": """
                protocol NetworkServiceProvider { var networkService: NetworkService { get } }
                protocol DataServiceProvider { var dataService: DataService { get } }
                """,
            "TodayPresentable.swift": """
                protocol TodayPresentable {
                    typealias ServiceProvider = NetworkServiceProvider & DataServiceProvider
                    var serviceProvider: ServiceProvider { get }
                }
                extension TodayPresentable {
                    func balance() { BalanceLogic(serviceProvider: serviceProvider).load() }
                }
                struct BalanceLogic {
                    typealias ServiceProvider = NetworkServiceProvider & DataServiceProvider
                    let serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                    func load() { _ = serviceProvider.networkService; _ = serviceProvider.dataService }
                }
                """,
            "MockTodayPresentable.swift": """
                final class MockTodayPresentable: TodayPresentable {
                    typealias ServiceProvider = NetworkServiceProvider & DataServiceProvider
                    var serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["MockTodayPresentable"]?.notJudged.map(\.detail) == [
            "its alias `MockTodayPresentable.ServiceProvider` is the `ServiceProvider` type `TodayPresentable` requires of `MockTodayPresentable`, which code using `TodayPresentable` needs as it is",
        ])
    }

    /// A learnt value name (`container`) on a type whose protocols require a property of that name: the type
    /// provides it (a test double of the app's container), so it is no component and its property no finding.
    @Test func aTypeProvidingALearntNameIsNoComponent() {
        let example = RuleExample(files: [
            "Repositories.swift": """
                protocol HasPointRepository { var points: PointRepository { get } }
                protocol HasUserRepository { var users: UserRepository { get } }
                typealias HasRepositories = HasPointRepository & HasUserRepository
                protocol HasRepositoryContainer { var container: HasRepositories { get } }
                typealias ScannerDependencies = HasRepositoryContainer
                """,
            "Storage.swift": """
                final class Storage {
                    typealias Container = HasPointRepository
                    private let container: Container
                    init(container: Container) { self.container = container }
                    func load() { container.points.all() }
                }
                """,
            "ScannerTests.swift": """
                struct TestDependencies: ScannerDependencies {
                    var container: HasRepositories
                }
                """,
        ])
        expectExactFindings(example)
        let model = example.linkedModel()
        #expect(model.learnt.values == ["container"])
        #expect(model.components["TestDependencies"] == nil && model.components["Storage"] != nil)
    }

    /// A top-level alias an app-wide alias composes too (`MainContext = HomeContext & CalendarContext`) and one
    /// component's alias renames (`HomeBuilderImpl.Context = HomeContext`): that component reviews its members,
    /// the dashboard that builds it does not (its advice would make `HomeContext` forward itself). The fixed code
    /// (`HomeContext = HomeContainer & TaskBuilderImpl.Context`) type-checks, as the original does.
    @Test func aRenamedSharedAliasIsReviewedByTheComponentThatRenamesIt() {
        expectExactFindings(RuleExample(files: [
            "Context.swift": """
                protocol HomeContainer { var homeRepository: HomeRepository { get } }
                protocol TaskContainer { var taskRepository: TaskRepository { get } }
                protocol CalendarContainer { var calendar: CalendarService { get } }
                typealias HomeContext = HomeContainer
                    & 1️⃣TaskContainer
                typealias CalendarContext = CalendarContainer
                typealias MainContext = HomeContext
                    & CalendarContext
                final class AppContextImpl: MainContext {
                    let homeRepository = HomeRepository()
                    let taskRepository = TaskRepository()
                    let calendar = CalendarService()
                }
                """,
            "Home.swift": """
                final class HomeBuilderImpl {
                    typealias Context = HomeContext
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func build() { _ = context.homeRepository; _ = TaskBuilderImpl(context: context) }
                }
                final class TaskBuilderImpl {
                    typealias Context = TaskContainer
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func build() { _ = context.taskRepository }
                }
                """,
            "Dashboard.swift": """
                final class DashboardBuilderImpl {
                    typealias Context = MainContext
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func build() { _ = HomeBuilderImpl(context: context); _ = CalendarBuilderImpl(context: context) }
                }
                final class CalendarBuilderImpl {
                    typealias Context = CalendarContext
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func build() { _ = context.calendar }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `TaskContainer` is in `HomeContext` only for `TaskBuilderImpl`; forward `TaskBuilderImpl.Context` instead",
        ]))
    }
}
