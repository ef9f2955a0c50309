import CPDIFacts
import CPDIRules
import Testing

/// The shapes real apps bend the styles into (SPEC §4a), each as a small app of our own with the exact
/// findings of every rule marked in it. Each was a wrong or a missed finding on a real app before.
@Suite struct AttributionFixtureTests {
    private func check(_ example: RuleExample, sourceLocation: SourceLocation = #_sourceLocation) {
        expectExactFindings(example, sourceLocation: sourceLocation)
    }

    /// 1. A view keeps `viewModel: ViewModel<Dependencies>`; reads and forwards through `viewModel.dependencies`.
    @Test func holdersReadAndForwardThroughTheHeldValue() {
        check(RuleExample(files: [
            "Leaves.swift": """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol PricingDependency { var pricing: Pricing { get } }
                protocol ImagesDependency { var images: Images { get } }
                protocol ClockDependency { var clock: Clock { get } }
                """,
            "Children.swift": """
                typealias PriceRowDependencies = PricingDependency
                struct PriceRow<Dependencies: PriceRowDependencies> {
                    let dependencies: Dependencies
                    var text: String { dependencies.pricing.format(1) }
                }
                typealias ThumbnailModelDependencies = ImagesDependency
                final class ThumbnailModel<Dependencies: ThumbnailModelDependencies> {
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() { dependencies.images.load() }
                }
                struct Thumbnail<Dependencies: ThumbnailModelDependencies> {
                    let model: ThumbnailModel<Dependencies>
                    init(model: ThumbnailModel<Dependencies>) { self.model = model }
                }
                """,
            "ProductView.swift": """
                typealias ProductViewDependencies = LoggingDependency & PriceRowDependencies
                    & ThumbnailModelDependencies & 1️⃣ClockDependency
                final class ProductViewModel<Dependencies: ProductViewDependencies> {
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                struct ProductView<Dependencies: ProductViewDependencies> {
                    let viewModel: ProductViewModel<Dependencies>
                    func appear() { viewModel.dependencies.logger.log("product") }
                    var row: PriceRow<Dependencies> { PriceRow(dependencies: viewModel.dependencies) }
                    var thumbnail: Thumbnail<Dependencies> { Thumbnail(model: .init(dependencies: viewModel.dependencies)) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `ClockDependency` in `ProductViewDependencies` is not used by any of `ProductView` and `ProductViewModel` nor needed by a component they forward to",
        ]))
    }

    /// 2. A refinement constrains `Dependencies` in a `where` clause; its extension reads them for every conformer.
    @Test func protocolRefinementsAndTheirExtensionsSpeakForConformers() {
        check(RuleExample(files: [
            "Loading.swift": """
                protocol HasStore { var store: Store { get } }
                protocol HasNetwork { var network: Network { get } }
                protocol HasHaptics { var haptics: Haptics { get } }
                protocol 2️⃣Loading {
                    associatedtype Dependencies
                    var dependencies: Dependencies { get }
                }
                protocol StoreLoading: Loading where Dependencies: HasStore & HasNetwork {}
                extension StoreLoading {
                    func reload() { dependencies.network.fetch(into: dependencies.store) }
                }
                """,
            "Inbox.swift": """
                final class InboxModel: StoreLoading {
                    typealias Dependencies = HasStore & HasNetwork & 1️⃣HasHaptics
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasHaptics` in `InboxModel.Dependencies` is not used by `InboxModel` nor needed by a component it forwards to",
            "2️⃣": "[associatedtype-dependencies] `Loading` declares `associatedtype Dependencies`; give its behaviour to a type built with the dependencies, or make every conformer forward what `Dependencies` must satisfy",
        ]))
    }

    /// 3. Helpers with their own aliases side by side in one file are judged each on its own.
    @Test func helpersInOneFileAreJudgedApart() {
        check(RuleExample(files: [
            "Search.swift": """
                protocol HasArticles { var articles: Articles { get } }
                protocol HasAuthors { var authors: Authors { get } }
                enum ArticleSearch {
                    typealias FindDependencies = HasArticles & 1️⃣HasAuthors
                    static func find<D: FindDependencies>(dependencies: D) -> [Item] { dependencies.articles.all() }
                }
                enum AuthorSearch {
                    typealias FindDependencies = HasAuthors
                    static func find<D: FindDependencies>(dependencies: D) -> [Item] { dependencies.authors.all() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasAuthors` in `ArticleSearch.FindDependencies` is not used by `ArticleSearch.find` nor needed by a component it forwards to",
        ]))
    }

    /// 4. An app-wide alias the container conforms to: findings name the alias or the type at fault, and
    /// the alias is never told to forward some child's alias.
    @Test func anAppWideAliasIsJudgedPerTypeThatRequiresIt() {
        check(RuleExample(files: [
            "Services.swift": """
                protocol HasErrorReporter { var errorReporter: ErrorReporter { get } }
                protocol HasStateService { var stateService: StateService { get } }
                protocol HasCryptography { var cryptography: Cryptography { get } }
                typealias Services = HasErrorReporter & HasStateService & 1️⃣HasCryptography
                final class ServiceContainer: Services {
                    let errorReporter: ErrorReporter
                    let stateService: StateService
                    let cryptography: Cryptography
                }
                """,
            "Coordinators.swift": """
                final class AboutCoordinator {
                    let 2️⃣services: Services
                    init(services: Services) { self.services = services }
                }
                final class AppCoordinator {
                    let services: Services
                    init(services: Services) { self.services = services }
                    func start() {
                        services.errorReporter.report()
                        _ = SettingsProcessor(services: services)
                    }
                }
                final class SettingsProcessor {
                    typealias Services = HasStateService
                    let services: Services
                    init(services: Services) { self.services = services }
                    func load() { services.stateService.load() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasCryptography` in `Services` is not used by any of `AboutCoordinator` and `AppCoordinator` nor needed by a component they forward to",
            "2️⃣": "[unused-dependencies-property] `AboutCoordinator` stores `services` but never reads it or hands it on",
        ]))
    }

    /// 4b. A test double conforming to one component's alias does not make that alias the app's.
    @Test func aTestDoubleConformingToAnAliasLeavesItTheComponents() {
        check(RuleExample(files: [
            "Event.swift": """
                protocol HasFormatter { var formatter: Formatter { get } }
                protocol HasFavorites { var favorites: Favorites { get } }
                final class EventCell {
                    typealias Dependencies = HasFormatter
                    var dependencies: Dependencies?
                    func show() { dependencies?.formatter.format() }
                }
                final class EventScreen {
                    typealias Dependencies = 1️⃣HasFormatter & HasFavorites
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func show(cell: EventCell) {
                        dependencies.favorites.load()
                        cell.dependencies = dependencies
                    }
                }
                """,
            "EventScreenTests.swift": """
                struct EventScreenDependencies: EventScreen.Dependencies {
                    let formatter: Formatter
                    let favorites: Favorites
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasFormatter` is in `EventScreen.Dependencies` only for `EventCell`; forward `EventCell.Dependencies` instead",
        ]))
    }

    /// 5. Two apps in one repository declare the same names: each `Store` is judged with its own module.
    @Test func sameNamesInTwoModulesAreTwoComponents() {
        check(RuleExample(files: [
            "Kiosk/Store.swift": """
                protocol HasPrinter { var printer: Printer { get } }
                protocol HasScanner { var scanner: Scanner { get } }
                typealias StoreDependencies = HasPrinter & HasScanner
                struct Store<Dependencies: StoreDependencies> {
                    let dependencies: Dependencies
                    func sell() { dependencies.printer.print(); dependencies.scanner.scan() }
                }
                """,
            "Shop/Store.swift": """
                protocol HasPrinter { var printer: Printer { get } }
                protocol HasScanner { var scanner: Scanner { get } }
                typealias StoreDependencies = HasPrinter & 1️⃣HasScanner
                struct Store<Dependencies: StoreDependencies> {
                    let dependencies: Dependencies
                    func sell() { dependencies.printer.print() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `Shop.HasScanner` in `Shop.StoreDependencies` is not used by `Shop.Store` nor needed by a component it forwards to",
        ]))
    }

    /// 6. `typealias Dependencies` declared in a protocol is the alias of every conformer, in any file.
    @Test func anAliasDeclaredInAProtocolBelongsToEveryConformer() {
        check(RuleExample(files: [
            "Screen.swift": """
                protocol HasRouter { var router: Router { get } }
                protocol HasTheme { var theme: Theme { get } }
                protocol Screen {
                    typealias Dependencies = HasRouter & 1️⃣HasTheme
                    var dependencies: Dependencies { get }
                }
                """,
            "Home.swift": """
                struct Home: Screen {
                    let dependencies: Dependencies
                    func open() { dependencies.router.open("home") }
                }
                """,
            "Detail.swift": """
                struct Detail: Screen {
                    let dependencies: Dependencies
                    func back() { dependencies.router.back() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasTheme` in `Screen.Dependencies` is not used by any of `Detail` and `Home` nor needed by a component they forward to",
        ]))
    }

    /// 7. Weakly captured `self`, a subclass reading its base class's dependencies, a test base class, casts.
    @Test func weakSelfSubclassesAndCastsAreUses() {
        check(RuleExample(files: [
            "Base.swift": """
                protocol HasAnalytics { var analytics: Analytics { get } }
                protocol HasSession { var session: Session { get } }
                protocol HasPayments { var payments: Payments { get } }
                class BaseViewController {
                    typealias Dependencies = HasAnalytics & HasSession & 1️⃣HasPayments
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                final class ProfileViewController: BaseViewController {
                    func load() { fetch { [weak self] in self?.dependencies.analytics.track("profile") } }
                }
                final class AppDelegate {
                    typealias Dependencies = HasSession
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                final class SceneRouter {
                    func route(delegate: Any) { (delegate as? AppDelegate)?.dependencies.session.resume() }
                }
                extension BaseViewController {
                    func logOut() { dependencies.session.end() }
                }
                """,
            "BaseTests.swift": """
                class FeatureTestCase: XCTestCase {
                    var dependencies: MockDependencies!
                }
                final class ProfileTests: FeatureTestCase {
                    func testLoad() { dependencies.analytics.reset() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasPayments` in `BaseViewController.Dependencies` is not used by `BaseViewController` nor needed by a component it forwards to",
        ]))
    }

    /// 7b. Through a value of unknown type, a read counts only when it reaches something a dependency provides.
    @Test func readsThroughValuesOfUnknownTypeMustReachADependency() {
        check(RuleExample(files: [
            "Routers.swift": """
                protocol HasErrorReporter { var errorReporter: ErrorReporter { get } }
                protocol HasKeychain { var keychain: Keychain { get } }
                final class AuthRouter {
                    typealias Services = 2️⃣HasKeychain
                    let 1️⃣services: Services
                    init(services: Services) { self.services = services }
                }
                final class HelpRouter {
                    typealias Services = HasErrorReporter
                    let services: Services
                    init(services: Services) { self.services = services }
                }
                """,
            "Elsewhere.swift": """
                func importVault(_ vault: Decoded) -> Bool { vault.services.isEmpty }
                func report(_ router: Any) { unwrap(router).services.errorReporter.report() }
                func check(router: Lookup) { router.services.errorReporter.report() }
                """,
        ], findings: [
            "1️⃣": "[unused-dependencies-property] `AuthRouter` stores `services` but never reads it or hands it on",
            "2️⃣": "[unused-dependency] `HasKeychain` in `AuthRouter.Services` is not used by `AuthRouter` nor needed by a component it forwards to",
        ]))
    }

    /// 8. A nested state type generic over the component's dependencies is a child, through its methods
    /// and through the type argument itself.
    @Test func nestedTypesAndTypeArgumentsAreForwards() {
        check(RuleExample(files: [
            "List.swift": """
                protocol HasFeed { var feed: Feed { get } }
                protocol HasCache { var cache: Cache { get } }
                typealias ListStateDependencies = HasFeed
                final class ListState<Dependencies: ListStateDependencies> {
                    func load(dependencies: Dependencies) { dependencies.feed.fetch() }
                }
                typealias BadgeDependencies = HasCache
                struct Badge<Dependencies: BadgeDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.cache.read() }
                }
                typealias ListScreenDependencies = ListStateDependencies & BadgeDependencies
                struct ListScreen<Dependencies: ListScreenDependencies> {
                    let dependencies: Dependencies
                    let state = ListState<Dependencies>()
                    var badge: Badge<Dependencies>?
                    func appear() { state.load(dependencies: dependencies) }
                }
                """,
        ]))
    }

    /// 9. Keys set with the chainable `set(_:for:)` and `Key.value =`; a container that only extends a
    /// library type is not judged.
    @Test func keyPathKeysSetEveryWayAndLibraryContainers() {
        check(RuleExample(files: [
            "Container.swift": """
                final class AppContainer {
                    static subscript<K: LazyDependencyKey>(key: K.Type) -> K.Value { K.value! }
                    @discardableResult static func set<K: LazyDependencyKey>(_ value: K.Value, for key: K.Type) -> AppContainer.Type { self }
                }
                struct LoginKey: LazyDependencyKey { static var value: LoginService? }
                struct UserKey: LazyDependencyKey { static var value: UserService? }
                struct ClockKey: LazyDependencyKey { static var value: Clock? }
                extension AppContainer {
                    var login: LoginService { Self[LoginKey.self] }
                    var user: UserService { Self[UserKey.self] }
                    var clock: Clock { Self[ClockKey.self] }
                }
                func launch() {
                    AppContainer
                        .set(RemoteLogin(), for: LoginKey.self)
                        .set(RemoteUser(), for: UserKey.self)
                    ClockKey.value = SystemClock()
                }
                final class LoginInteractor {
                    @Dependency(\\.login) var login
                    @Dependency(\\.user) var user
                    @Dependency(\\.clock) var clock
                    func logIn() { login.start(user.current, at: clock.now) }
                }
                """,
            "Library.swift": """
                extension LibraryContainer {
                    var search: SearchService { Self[SearchKey.self] }
                }
                struct SearchKey: LazyDependencyKey { static var value: SearchService? }
                final class SearchInteractor {
                    @Dependency(\\.search) var search
                    func find() { search.run() }
                }
                """,
        ]))
    }

    /// 10. Right by the letter, pointless in practice: defaulted parameters, one alias shared by a view and
    /// its view model, factories and protocol requirements repeating an alias, test cases.
    @Test func noiseRealAppsDoNotNeedToHear() {
        check(RuleExample(files: [
            "Cell.swift": """
                protocol HasImages { var images: Images { get } }
                typealias 1️⃣GalleryCellDependencies = HasImages
                final class GalleryCellViewModel<Dependencies: GalleryCellDependencies> {
                    let dependencies: Dependencies
                    init(title: String, dependencies: Dependencies = .live) { self.dependencies = dependencies }
                    func load() { dependencies.images.load() }
                }
                struct GalleryCellView<Dependencies: GalleryCellDependencies> {
                    let viewModel: GalleryCellViewModel<Dependencies>
                }
                """,
        ], findings: [
            "1️⃣": "[alias-naming] `GalleryCellDependencies` constrains `GalleryCellView` and `GalleryCellViewModel` but is named after none of them; name it after the component it belongs to (`GalleryCellViewDependencies`)",
        ]))
        // In the Has-protocol style, with no generic components.
        check(RuleExample(files: [
            "Factory.swift": """
                protocol HasImages { var images: Images { get } }
                final class GalleryViewModel {
                    typealias Dependencies = HasImages
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() { dependencies.images.load() }
                }
                final class GalleryViewModelFactory {
                    let dependencies: GalleryViewModel.Dependencies
                    init(dependencies: GalleryViewModel.Dependencies) { self.dependencies = dependencies }
                    func make() -> GalleryViewModel { GalleryViewModel(dependencies: dependencies) }
                }
                protocol Loader {
                    func load(dependencies: GalleryViewModel.Dependencies)
                }
                struct RemoteLoader: Loader {
                    func load(dependencies: GalleryViewModel.Dependencies) { dependencies.images.load() }
                }
                """,
            "Tests.swift": """
                final class GalleryTests: XCTestCase {
                    let dependencies = MockDependencies()
                    func testLoad() {}
                }
                @Suite struct GallerySuite {
                    let dependencies: GalleryViewModel.Dependencies
                    @Test func loads() {}
                }
                """,
        ]))
    }

    /// 11. Messages that point the right way: every child that needs a leaf (the first three, then how many
    /// more), and the alias of the child that is built instead of a stale one.
    @Test func messagesNameEveryChildAndTheAliasToForward() {
        check(RuleExample(files: [
            "Children.swift": """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias AvatarDependencies = LoggingDependency
                struct Avatar<Dependencies: AvatarDependencies> { let dependencies: Dependencies; func a() { dependencies.logger.log("") } }
                typealias BioDependencies = LoggingDependency
                struct Bio<Dependencies: BioDependencies> { let dependencies: Dependencies; func b() { dependencies.logger.log("") } }
                typealias BadgeDependencies = LoggingDependency
                struct Badge<Dependencies: BadgeDependencies> { let dependencies: Dependencies; func c() { dependencies.logger.log("") } }
                typealias StatsDependencies = LoggingDependency
                struct Stats<Dependencies: StatsDependencies> { let dependencies: Dependencies; func d() { dependencies.logger.log("") } }
                typealias OldHeaderDependencies = LoggingDependency
                struct OldHeader<Dependencies: OldHeaderDependencies> { let dependencies: Dependencies; func e() { dependencies.logger.log("") } }
                typealias HeaderDependencies = LoggingDependency
                struct Header<Dependencies: HeaderDependencies> { let dependencies: Dependencies; func f() { dependencies.logger.log("") } }
                """,
            "Profile.swift": """
                typealias ProfileDependencies = 1️⃣LoggingDependency
                struct Profile<Dependencies: ProfileDependencies> {
                    let dependencies: Dependencies
                    var avatar: Avatar<Dependencies> { Avatar(dependencies: dependencies) }
                    var bio: Bio<Dependencies> { Bio(dependencies: dependencies) }
                    var badge: Badge<Dependencies> { Badge(dependencies: dependencies) }
                    var stats: Stats<Dependencies> { Stats(dependencies: dependencies) }
                }
                typealias ProfilePageDependencies = 2️⃣OldHeaderDependencies
                struct ProfilePage<Dependencies: ProfilePageDependencies> {
                    let dependencies: Dependencies
                    var header: Header<Dependencies> { Header(dependencies: dependencies) }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `LoggingDependency` is in `ProfileDependencies` only for `Avatar`, `Badge`, `Bio` and 1 more; forward `AvatarDependencies`, `BadgeDependencies`, `BioDependencies` and 1 more instead",
            "2️⃣": "[stale-forward] `OldHeaderDependencies` in `ProfilePageDependencies` is forwarded for `OldHeader`, but `ProfilePage` no longer hands dependencies to it; forward `HeaderDependencies` instead",
        ]))
    }
}
