import CPDIFacts
import CPDIRules
import Testing

/// Shapes from apps cpdi was not tuned to (SPEC §4b), each a small app of our own with every finding of
/// every rule marked. Where the dependencies go somewhere cpdi does not follow, the fixture expects
/// silence; where cpdi follows them, the exact finding.
@Suite struct ProvenOrSilentFixtureTests {
    /// A value typed by the component's generic parameter is its dependencies wherever it appears, also in
    /// a method of a type nested in the component.
    @Test func aNestedTypesMethodReadsTheComponentsDependencies() {
        expectExactFindings(RuleExample("""
            protocol MembersServiceDependency { var membersService: MembersService { get } }
            protocol AuthDependency { var auth: Auth { get } }
            protocol ClockDependency { var clock: Clock { get } }
            struct MembersService { func get(unitID: String) -> [Int] { [] } }
            struct Auth { var unitID: String? }
            typealias ListStateDependencies = MembersServiceDependency & AuthDependency & 1️⃣ClockDependency

            enum ListState<Dependencies: ListStateDependencies> {
                case initialized(LoaderModel)
                struct LoaderModel {
                    func load(dependencies: Dependencies) -> [Int] {
                        dependencies.membersService.get(unitID: dependencies.auth.unitID ?? "")
                    }
                }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `ClockDependency` in `ListStateDependencies` is not used by `ListState` nor needed by a component it forwards to",
            ]))
    }

    /// Every way out of the scope cpdi does not follow leaves the component unjudged: nothing about its
    /// alias's members, and no "stores but never reads".
    @Test(arguments: [
        "func make() -> Dependencies { dependencies }",
        "var exposed: any ScreenDependencies { dependencies }",
        "func keep(in router: Router) { router.context = dependencies }",
        "func all() -> [Any] { [dependencies] }",
        "func pair() -> (Int, Dependencies) { (1, dependencies) }",
        "func home() { _ = dependencies as? HomeDependencies }",
        "func lookup(_ path: KeyPath<Dependencies, Logger>) { _ = dependencies[keyPath: path] }",
        "func either(_ other: Dependencies, flag: Bool) { let chosen = flag ? dependencies : other; _ = chosen }",
        "func later() -> () -> Dependencies { { self.dependencies } }",
        "func route(with router: Router) { router.show(context: dependencies) }",
        "func register(_ register: (Dependencies) -> Void) { register(dependencies) }",
    ])
    func unfollowedFlowsLeaveTheComponentUnjudged(line: String) {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias ScreenDependencies = LoggingDependency & TrackingDependency
            final class Screen<Dependencies: ScreenDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                \(line)
            }
            """))
    }

    /// A conditional or forced cast to a struct, class, enum or actor the sources declare (also through an alias of
    /// one) reads what that type declares, not the alias, and compiles whatever the alias lists: nothing of the
    /// alias is asked for there. A cast to a protocol stays unfollowed (`unfollowedFlowsLeaveTheComponentUnjudged`).
    /// The fixed code type-checks with `swiftc`.
    @Test func aCastToADeclaredConcreteTypeAsksNothingOfTheAlias() {
        expectExactFindings(RuleExample("""
            protocol HasAuth { var auth: Int { get } }
            protocol HasNet { var net: Int { get } }
            protocol HasClock { var clock: Int { get } }
            final class AppContainer: HasAuth, HasNet, HasClock { let auth = 1; let net = 2; let clock = 3; func reset() {} }
            typealias Container = AppContainer
            final class Screen {
                typealias Dependencies = HasAuth & 1️⃣HasNet & 2️⃣HasClock
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() -> Int { (dependencies as? AppContainer)?.reset(); return dependencies.auth }
                func time() -> Int { (dependencies as! Container).clock }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `HasNet` in `Screen.Dependencies` is not used by `Screen` nor needed by a component it forwards to",
                "2️⃣": "[unused-dependency] `HasClock` in `Screen.Dependencies` is not used by `Screen` nor needed by a component it forwards to",
            ]))
    }

    /// A cast to a protocol the sources declare, or to an alias of such protocols, gives a value that offers what
    /// they require and nothing else: the cast reads those members (`Screen`'s router and clock). A protocol that
    /// requires nothing (`Premium`), alone or in an alias, says nothing of what is read, so `Banner` and `Offer` are
    /// not judged. The fixed code type-checks.
    @Test func aCastToADeclaredProtocolReadsWhatItRequires() {
        let example = RuleExample("""
            protocol HasAuth { var auth: Int { get } }
            protocol HasNet { var net: Int { get } }
            protocol HasRouter { var router: Int { get } }
            protocol HasClock { var clock: Int { get } }
            protocol Closing: HasRouter {}
            typealias Timing = HasClock & HasAuth
            protocol Premium {}
            final class Screen {
                typealias Dependencies = HasAuth & 1️⃣HasNet & HasRouter & HasClock
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func close() -> Int? { (dependencies as? Closing)?.router }
                func time() -> Int { (dependencies as! Timing).clock }
            }
            final class Banner {
                typealias Dependencies = HasAuth & HasNet & Premium
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() -> Int { (dependencies as? Premium) == nil ? 0 : dependencies.auth }
            }
            typealias PremiumRouting = Premium & HasRouter
            final class Offer {
                typealias Dependencies = HasAuth & HasRouter & Premium
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() -> Int? { (dependencies as? PremiumRouting)?.router }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `HasNet` in `Screen.Dependencies` is not used by `Screen` nor needed by a component it forwards to",
            ])
        expectExactFindings(example)
        let scopes = example.linkedModel().scopes
        #expect(scopes["Screen"]?.isJudged == true)
        #expect(scopes["Banner"]?.notJudged.map(\.detail) == ["cast with `as? Premium`"])
        #expect(scopes["Offer"]?.notJudged.map(\.detail) == ["cast with `as? PremiumRouting`"])
    }

    /// The same component with nothing leaving it: judged, and its unread member reported.
    @Test func theSameComponentFollowedEverywhereIsJudged() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias ScreenDependencies = LoggingDependency & 1️⃣TrackingDependency
            final class Screen<Dependencies: ScreenDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() {
                    let copy = dependencies
                    copy.logger.log("show")
                    print("\\(dependencies)")
                    if dependencies == nil {}
                }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `TrackingDependency` in `ScreenDependencies` is not used by `Screen` nor needed by a component it forwards to",
            ]))
    }

    /// Dependencies passed as a labelled tuple: an element's members are read through it, and an element is
    /// handed to a child. What is neither read nor handed on is unused; a member `fix` drops stays compilable.
    @Test func labelledTupleAliasesAreFollowedThroughTheirElements() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol ImagesDependency { var images: Images { get } }
            protocol ClockDependency { var clock: Clock { get } }
            typealias BannerDependencies = ImagesDependency
            struct Banner<Dependencies: BannerDependencies> {
                let dependencies: Dependencies
                func show() { dependencies.images.load() }
            }
            typealias FeedDependencies = (own: LoggingDependency & 1️⃣ClockDependency, nested: BannerDependencies)
            struct Feed {
                let dependencies: FeedDependencies
                func show() {
                    dependencies.own.logger.log("feed")
                    _ = Banner(dependencies: dependencies.nested)
                }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `ClockDependency` in `FeedDependencies` is not used by `Feed` nor needed by a component it forwards to",
            ]))
    }

    /// Protocol extensions add members every conforming value offers: reading one uses its protocol.
    /// A member that no protocol of the alias declares is read some way cpdi does not see.
    @Test func extensionMembersUseTheirProtocolAndUndeclaredMembersLeaveItUnjudged() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": """
                protocol LoggingDependency { var logger: Logger { get } }
                extension LoggingDependency { var log: Log { logger.log } }
                protocol TrackingDependency { var tracker: Tracker { get } }
                """,
            "Screens.swift": """
                typealias ListDependencies = LoggingDependency & 1️⃣TrackingDependency
                struct List<Dependencies: ListDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.log.write("list") }
                }
                typealias GridDependencies = LoggingDependency & TrackingDependency
                struct Grid<Dependencies: GridDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.log.write("grid"); dependencies.dynamicThing.run() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `TrackingDependency` in `ListDependencies` is not used by `List` nor needed by a component it forwards to",
        ]))
    }

    /// A hand-written `@Injected(\.key)` over `KeyPath<Container, T>`, the container conforming to the app's
    /// Has-protocols: a key read is a use of that leaf, so the container's conformance is not unneeded.
    @Test func keyPathWrapperReadsOfAContainerAreUses() {
        expectExactFindings(RuleExample("""
            protocol HasNetwork { var network: Network { get } }
            protocol HasStorage { var storage: Storage { get } }
            protocol HasClock { var clock: Clock { get } }
            protocol HasLegacyStore { var legacyStore: LegacyStore { get } }
            final class AppContainer: HasNetwork, HasStorage, HasClock, 1️⃣HasLegacyStore {
                static let shared = AppContainer()
                let network = Network()
                let storage = Storage()
                let clock = Clock()
                let legacyStore = LegacyStore()
            }
            @propertyWrapper struct Injected<T> {
                private let keyPath: KeyPath<AppContainer, T>
                init(_ keyPath: KeyPath<AppContainer, T>) { self.keyPath = keyPath }
                var wrappedValue: T { AppContainer.shared[keyPath: keyPath] }
            }
            final class FeedViewModel {
                @Injected(\\.network) var network: Network
                @Injected(\\.storage) private var storage: Storage
                func load() { network.fetch(); storage.save() }
            }
            final class SettingsViewModel {
                typealias Dependencies = HasClock
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func now() -> Date { dependencies.clock.now }
            }
            let settings = SettingsViewModel(dependencies: AppContainer.shared)
            """, findings: [
                "1️⃣": "[unused-registration] `AppContainer` provides `HasLegacyStore`, but no component needs it",
            ]))
    }

    /// An initializer whose signature a protocol requirement fixes: dependencies-first speaks once, at the
    /// requirement, not at every conformer.
    @Test func aRequirementsParameterOrderIsReportedOnceAtTheProtocol() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol Screen {
                associatedtype Dependencies
                init?(with options: Options, 1️⃣dependencies: Dependencies)
            }
            typealias HomeScreenDependencies = LoggingDependency
            struct HomeScreen<Dependencies: HomeScreenDependencies>: Screen {
                let dependencies: Dependencies
                init?(with options: Options, dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log("home") }
            }
            typealias CartScreenDependencies = LoggingDependency
            struct CartScreen<Dependencies: CartScreenDependencies>: Screen {
                let dependencies: Dependencies
                init?(with options: Options, dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log("cart") }
            }
            typealias ReceiptDependencies = LoggingDependency
            struct Receipt<Dependencies: ReceiptDependencies> {
                let dependencies: Dependencies
                init(total: Int, 2️⃣dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log("receipt") }
            }
            """, findings: [
                "1️⃣": "[dependencies-first] `dependencies` is parameter 2 of `Screen.init`, after `with`; make it the first parameter",
                "2️⃣": "[dependencies-first] `dependencies` is parameter 2 of `Receipt.init`, after `total`; make it the first parameter",
            ]))
    }

    /// Mockolo writes a mock for a `/// @mockable` protocol, and a type alias has none: keeping the protocol
    /// is on purpose.
    @Test func mockableCompositionProtocolsAreLeftAlone() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            /// Everything the app needs.
            /// @mockable
            protocol AppDependencies: LoggingDependency, TrackingDependency {}
            protocol 1️⃣ReportDependencies: LoggingDependency, TrackingDependency {}
            struct Root<Dependencies: AppDependencies> {
                let dependencies: Dependencies
                func go() { dependencies.logger.log("root"); dependencies.tracker.track() }
            }
            struct Report<Dependencies: ReportDependencies> {
                let dependencies: Dependencies
                func go() { dependencies.logger.log("report"); dependencies.tracker.track() }
            }
            """, findings: [
                "1️⃣": "[protocol-composition] `ReportDependencies` declares nothing of its own and only inherits `LoggingDependency` and `TrackingDependency`; make it `typealias ReportDependencies = LoggingDependency & TrackingDependency`",
            ]))
    }

    /// A public alias that is the witness of a public protocol's associated type must be public; an
    /// unconstrained associated type used only as a parameter type is an ordinary generic protocol.
    @Test func associatedTypeWitnessesAndPlainGenericProtocolsAreLeftAlone() {
        expectExactFindings(RuleExample("""
            public protocol LoggingDependency { var logger: Logger { get } }
            public protocol FeatureBuilder {
                associatedtype Dependencies
                func build(with context: Dependencies) -> Screen
            }
            public struct ProfileBuilder: FeatureBuilder {
                public typealias Dependencies = LoggingDependency
                public init() {}
                public func build(with context: Dependencies) -> Screen { context.logger.log("build"); return Screen() }
            }
            public typealias 1️⃣LooseDependencies = LoggingDependency
            protocol Coordinator {
                associatedtype Services
                func start(with services: Services)
            }
            """, findings: [
                "1️⃣": "[public-alias] `LooseDependencies` is public but is neither an external alias (`*ExternalDependencies`) nor a feature entry alias (`*FeatureDependencies`), and nothing public needs it; make it internal",
            ]))
    }

    /// A child whose alias composes the parent's: adding it to the parent's alias would make that alias refer
    /// to itself, so neither missing-forward nor direct-child-dependency advises it; the loop is reported.
    @Test func noAdviceThatMakesAnAliasReferToItself() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias ParentDependencies = LoggingDependency & TrackingDependency & SiblingDependencies
            struct Parent<Dependencies: ParentDependencies> {
                let dependencies: Dependencies
                func show() {
                    dependencies.logger.log("parent")
                    _ = Child(dependencies: dependencies)
                    _ = Sibling(dependencies: dependencies)
                }
            }
            typealias ChildDependencies = ParentDependencies
            struct Child<Dependencies: ChildDependencies> {
                let dependencies: Dependencies
                func show() { dependencies.tracker.track(); _ = 1️⃣Parent(dependencies: dependencies) }
            }
            typealias SiblingDependencies = TrackingDependency
            struct Sibling<Dependencies: SiblingDependencies> {
                let dependencies: Dependencies
                func show() { dependencies.tracker.track() }
            }
            """, findings: [
                "1️⃣": "[dependency-cycle] `Child` → `Parent` → `Child`: these components hand their dependencies to each other in a loop; let a parent build both, or split what they share into a component of its own",
            ]))
    }

    /// The initializer hands its parameter on and reads it; the stored copy is never read.
    @Test func aStoredCopyNothingReadsBesidesTheInitializersParameter() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            typealias ListDependencies = LoggingDependency & RowDependencies
            final class List<Dependencies: ListDependencies> {
                let 1️⃣dependencies: Dependencies
                let row: Row<Dependencies>
                init(dependencies: Dependencies) {
                    self.dependencies = dependencies
                    self.row = Row(dependencies: dependencies)
                    dependencies.logger.log("list")
                }
            }
            typealias RowDependencies = LoggingDependency
            struct Row<Dependencies: RowDependencies> {
                let dependencies: Dependencies
                func show() { dependencies.logger.log("row") }
            }
            """, findings: [
                "1️⃣": "[unused-dependencies-property] `List` stores `dependencies` but never reads it or hands it on",
            ]))
    }

    /// Stale forwards inside a nested sub-alias and inside a tuple alias's element.
    @Test func staleForwardsInsideSubAliasesAndTupleElements() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol ImagesDependency { var images: Images { get } }
            struct Banner {
                typealias Dependencies = ImagesDependency
                let dependencies: Dependencies
                func show() { dependencies.images.load() }
            }
            struct Promo {
                typealias Dependencies = ImagesDependency & LoggingDependency
                let dependencies: Dependencies
                func show() { dependencies.images.load(); dependencies.logger.log("promo") }
            }
            final class Home {
                typealias NestedDependencies = 1️⃣Banner.Dependencies & 2️⃣Promo.Dependencies
                typealias Dependencies = LoggingDependency & NestedDependencies
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log("home") }
            }
            typealias FeedDependencies = (own: LoggingDependency, nested: 3️⃣Banner.Dependencies)
            struct Feed {
                let dependencies: FeedDependencies
                func show() { dependencies.own.logger.log("feed") }
            }
            """, findings: [
                "1️⃣": "[stale-forward] `Banner.Dependencies` in `Home.NestedDependencies` is forwarded for `Banner`, but `Home` no longer hands dependencies to it; remove it",
                "2️⃣": "[stale-forward] `Promo.Dependencies` in `Home.NestedDependencies` is forwarded for `Promo`, but `Home` no longer hands dependencies to it; remove it",
                "3️⃣": "[stale-forward] `Banner.Dependencies` in `FeedDependencies` is forwarded for `Banner`, but `Feed` no longer hands dependencies to it; remove it",
            ]))
    }

    /// A component's alias that is only another name for an app-wide alias a container conforms to: that
    /// alias's members serve the container's other users too, so they are not the component's to drop.
    @Test func anAliasTheContainerConformsToIsNotReviewedAsASubAlias() {
        expectExactFindings(RuleExample("""
            protocol HasUserManager { var userManager: UserManaging { get } }
            protocol HasScanningManager { var scanningManager: ScanningManaging { get } }
            typealias HasManagers = HasUserManager & HasScanningManager
            final class AppDependency {
                lazy var userManager: UserManaging = UserManager()
                lazy var scanningManager: ScanningManaging = ScanningManager()
                lazy var points = PointManager(dependencies: self)
            }
            extension AppDependency: HasManagers {}
            final class DebugViewModel {
                typealias Dependencies = HasManagers
                private let userManager: UserManaging
                init(dependencies: Dependencies) { userManager = dependencies.userManager }
            }
            final class PointManager {
                typealias Dependencies = HasScanningManager
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func scan() { dependencies.scanningManager.scan() }
            }
            """))
    }

    /// `Self.prepare(state, dependency)` calls the type's own helper; `child.start(dependencies:)` on a value
    /// of unknown type may reach any of several same-named helpers, which may need what the caller has but
    /// are nobody's definite child: no advice to forward their aliases.
    @Test func ownHelpersThroughSelfAndAmbiguousCallsGiveNoChildAdvice() {
        expectExactFindings(RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol ImagesDependency { var images: Images { get } }
            protocol ClockDependency { var clock: Clock { get } }
            typealias FeedReducerDependencies = LoggingDependency & 1️⃣ClockDependency
            struct FeedReducer {
                func execute(dependencies: FeedReducerDependencies) { Self.prepare(1, dependencies) }
                static func prepare(_ state: Int, _ dependencies: FeedReducerDependencies) { dependencies.logger.log("\\(state)") }
            }
            typealias HomeCoordinatorDependencies = 2️⃣LoggingDependency & ImagesDependency
            final class HomeCoordinator {
                func start<D: HomeCoordinatorDependencies>(dependencies: D) { dependencies.images.load() }
            }
            typealias CartCoordinatorDependencies = 3️⃣LoggingDependency & ClockDependency
            final class CartCoordinator {
                func start<D: CartCoordinatorDependencies>(dependencies: D) { dependencies.clock.tick() }
            }
            typealias AppCoordinatorDependencies = LoggingDependency & ImagesDependency & ClockDependency
            final class AppCoordinator {
                let child: Coordinating
                init(child: Coordinating) { self.child = child }
                func start<D: AppCoordinatorDependencies>(dependencies: D) { child.start(dependencies: dependencies) }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `ClockDependency` in `FeedReducerDependencies` is not used by any of `FeedReducer.execute` and `FeedReducer.prepare` nor needed by a component they forward to",
                "2️⃣": "[unused-dependency] `LoggingDependency` in `HomeCoordinatorDependencies` is not used by `HomeCoordinator.start` nor needed by a component it forwards to",
                "3️⃣": "[unused-dependency] `LoggingDependency` in `CartCoordinatorDependencies` is not used by `CartCoordinator.start` nor needed by a component it forwards to",
            ]))
    }

    /// `EditorConfigurator.configure(dependencies:)` calls that type's function, which takes an alias cpdi does
    /// not know; another type's `configure` is no stand-in for it. The caller hands its dependencies to a call
    /// cpdi cannot resolve, so its alias is not judged (it once reported `HasPhrases` unused).
    @Test func aCallOnANamedTypeIsNotAnotherTypesFunction() {
        expectExactFindings(RuleExample("""
            protocol HasStore { var store: Store { get } }
            protocol HasPhrases { var phrases: Phrases { get } }
            typealias RouterDependencies = HasStore & HasPhrases
            final class Router {
                private let dependencies: RouterDependencies
                init(dependencies: RouterDependencies) { self.dependencies = dependencies }
                func open() { EditorConfigurator.configure(dependencies: dependencies) }
            }
            enum EditorConfigurator {
                typealias ModuleContext = EditorDependencies
                static func configure(dependencies: ModuleContext) { _ = Editor(dependencies: dependencies) }
            }
            enum ListConfigurator {
                static func configure(dependencies: RouterDependencies) { _ = dependencies.store }
            }
            typealias EditorDependencies = RouterDependencies
            final class Editor {
                private let dependencies: EditorDependencies
                init(dependencies: EditorDependencies) { self.dependencies = dependencies }
                func list() -> [String] { dependencies.phrases.all() }
            }
            """))
    }

    /// A parent whose alias is the child's alias reads a leaf only the child's alias lists: taking it out of the
    /// child's alias would break the parent, so it is not reported (the parent relies on it).
    @Test func aLeafAComposingAliasReliesOnIsNotReported() {
        expectExactFindings(RuleExample("""
            protocol HasStore { var store: Store { get } }
            protocol HasPhrases { var phrases: Phrases { get } }
            typealias ChildDependencies = HasStore & HasPhrases
            final class Child {
                private let dependencies: ChildDependencies
                init(dependencies: ChildDependencies) { self.dependencies = dependencies }
                func go() { _ = dependencies.phrases }
            }
            typealias ParentDependencies = ChildDependencies
            final class Parent {
                private let dependencies: ParentDependencies
                init(dependencies: ParentDependencies) { self.dependencies = dependencies }
                func go() { _ = dependencies.store; _ = Child(dependencies: dependencies) }
            }
            """))
    }

    /// The same for a forward nobody receives any more: a configurator whose alias is the interactor's hands the
    /// value to a router that needs the forwarded alias, so the interactor's alias must keep it.
    @Test func aForwardAComposingAliasReliesOnIsNotStale() {
        expectExactFindings(RuleExample("""
            protocol HasStore { var store: Store { get } }
            protocol HasPhrases { var phrases: Phrases { get } }
            typealias LoginRouterDependencies = HasStore & HasPhrases
            typealias LoginInteractorDependencies = LoginRouterDependencies
            final class LoginInteractor {
                private let 1️⃣dependencies: LoginInteractorDependencies
                init(dependencies: LoginInteractorDependencies) { self.dependencies = dependencies }
            }
            enum LoginConfigurator {
                typealias ModuleDependencies = LoginInteractorDependencies
                static func configure(dependencies: ModuleDependencies) {
                    _ = LoginRouter(dependencies: dependencies)
                    _ = LoginInteractor(dependencies: dependencies)
                }
            }
            final class LoginRouter {
                private let dependencies: LoginRouterDependencies
                init(dependencies: LoginRouterDependencies) { self.dependencies = dependencies }
                func go() { _ = dependencies.store; _ = dependencies.phrases }
            }
            """, findings: [
                "1️⃣": "[unused-dependencies-property] `LoginInteractor` stores `dependencies` but never reads it or hands it on",
            ]))
    }

    /// An alias written as a type outside every component it reaches types a value no component's scope holds:
    /// what that code reads of it is kept. A leaf whose member the code names is used; one it never names is still
    /// not. The same for a protocol that only composes others, and for an alias, whatever its spelling.
    @Test(arguments: [
        ("func describe<T: HomeDependencies>(_ t: T) -> Int { t.clock.now }", false),
        ("func describe(_ t: HomeDependencies) -> Int { t.clock.now }", false),
        ("extension Array where Element: HomeDependencies { var clocks: [Clock] { map(\\.clock) } }", false),
        ("struct Box { let content: HomeDependencies; func now() -> Int { content.clock.now } }", false),
        ("struct Box { let content: HomeDependencies; func now() -> Int { 0 } }", true),
    ], [true, false])
    func whatCodeOutsideTheComponentsReadsThroughTheirAliasIsKept(elsewhere: (code: String, clockUnused: Bool), asProtocol: Bool) {
        let alias = asProtocol
            ? "protocol HomeDependencies: HasLogger, HasStore, 1️⃣HasClock {}"
            : "typealias HomeDependencies = HasLogger & HasStore & 1️⃣HasClock"
        let example = RuleExample(files: [
            "Leaves.swift": CompositionProtocolFixtureTests.leaves,
            "Home.swift": """
                \(alias)
                final class Home {
                    private let dependencies: HomeDependencies
                    init(dependencies: HomeDependencies) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("home"); dependencies.store.save() }
                }
                """,
            "Elsewhere.swift": elsewhere.code,
        ], findings: elsewhere.clockUnused
            ? ["1️⃣": "[unused-dependency] `HasClock` in `HomeDependencies` is not used by `Home` nor needed by a component it forwards to"]
            : [:])
        let actual = RuleCatalogue.all.flatMap { example.run($0) }.filter { $0.ruleID != "protocol-composition" }
            .map { "\($0.file):\($0.line):\($0.column): [\($0.ruleID)] \($0.message)" }
        #expect(actual == example.expectedFindings.map { "\($0.file):\($0.position.line):\($0.position.column): \($0.message)" })
    }

    /// Such a value handed on to a child the alias's components do not build may carry what the child needs: the
    /// components are not judged. Handed to one of them, it needs nothing new.
    @Test(arguments: [
        ("struct Box { let content: HomeDependencies; func make() -> Ticker { Ticker(dependencies: content) } }", false),
        ("func makeTicker(from app: HomeDependencies) -> Ticker { Ticker(dependencies: app) }", false),
        ("struct Box { let content: HomeDependencies; func make() -> Home { Home(dependencies: content) } }", true),
    ])
    func aValueOfTheAliasHandedOnOutsideItsComponents(elsewhere: String, judged: Bool) {
        let example = RuleExample(files: [
            "Leaves.swift": CompositionProtocolFixtureTests.leaves,
            "Home.swift": """
                typealias HomeDependencies = HasLogger & HasStore & 1️⃣HasClock
                final class Home {
                    private let dependencies: HomeDependencies
                    init(dependencies: HomeDependencies) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("home"); dependencies.store.save() }
                }
                final class Ticker {
                    typealias Dependencies = HasClock
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func tick() -> Int { dependencies.clock.now }
                }
                """,
            "Elsewhere.swift": elsewhere,
        ], findings: judged
            ? ["1️⃣": "[unused-dependency] `HasClock` in `HomeDependencies` is not used by `Home` nor needed by a component it forwards to"]
            : [:])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Home"]?.isJudged == judged)
    }
}
