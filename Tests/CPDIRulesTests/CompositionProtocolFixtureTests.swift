import CPDIRules
import Testing

/// `protocol HomeDependencies: HasLogger, HasStore {}`: a protocol that declares nothing and only inherits is, to
/// the components typed by it, an alias of its parents. Until it was reviewed like one, such components counted as
/// judged while nothing of them was (the protocol was one opaque leaf, used as soon as any parent was read).
@Suite struct CompositionProtocolFixtureTests {
    static let leaves = """
        protocol HasLogger { var logger: Logger { get } }
        protocol HasStore { var store: Store { get } }
        protocol HasClock { var clock: Clock { get } }
        final class Logger { func log(_ text: String) {} }
        final class Store { func save() {} }
        final class Clock { var now = 0 }
        """

    @Test func aParentNoComponentReadsIsUnused() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Home.swift": """
                protocol 1️⃣HomeDependencies: HasLogger, HasStore, 2️⃣HasClock {}
                final class Home {
                    private let dependencies: HomeDependencies
                    init(dependencies: HomeDependencies) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("home"); dependencies.store.save() }
                }
                """,
        ], findings: [
            "1️⃣": "[protocol-composition] `HomeDependencies` declares nothing of its own and only inherits `HasLogger`, `HasStore` and `HasClock`; make it `typealias HomeDependencies = HasLogger & HasStore & HasClock`",
            "2️⃣": "[unused-dependency] `HasClock` in `HomeDependencies` is not used by `Home` nor needed by a component it forwards to",
        ]))
    }

    /// One class-bound protocol for the whole app, held `unowned` by a factory and adopted by the app's container:
    /// a parent only the container's own code uses is still needed by no component.
    @Test func anAppWideProtocolSharedByComponentsAndAdoptedByTheContainer() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "AppDependencies.swift": """
                protocol 2️⃣AppDependencies: AnyObject,
                    HasLogger,
                    HasStore,
                    1️⃣HasClock {}
                final class AppContainer: AppDependencies {
                    lazy var clock = Clock()
                    lazy var logger: Logger = { _ = clock.now; return Logger() }()
                    lazy var store = Store()
                }
                """,
            "Screens.swift": """
                final class ScreenFactory {
                    private unowned let appDependencies: AppDependencies
                    init(appDependencies: AppDependencies) { self.appDependencies = appDependencies }
                    func log() { appDependencies.logger.log("made") }
                }
                final class FlowController {
                    private let dependencies: AppDependencies
                    init(dependencies: AppDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.store.save() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasClock` in `AppDependencies` is not used by any of `FlowController` and `ScreenFactory` nor needed by a component they forward to",
            "2️⃣": "[protocol-composition] `AppDependencies` declares nothing of its own and only inherits `AnyObject`, `HasLogger`, `HasStore` and `HasClock`; make it `typealias AppDependencies = AnyObject & HasLogger & HasStore & HasClock`",
        ]))
    }

    @Test func aParentOnlyAChildNeedsIsTheChildsAlias() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Root.swift": """
                protocol 2️⃣RootDependencies: HasLogger, 1️⃣HasClock {}
                final class Root {
                    let dependencies: RootDependencies
                    init(dependencies: RootDependencies) { self.dependencies = dependencies }
                    func start() {
                        dependencies.logger.log("start")
                        let timer = Timer(dependencies: dependencies)
                        timer.tick()
                    }
                }
                final class Timer {
                    typealias Dependencies = HasClock
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func tick() { _ = dependencies.clock.now }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasClock` is in `RootDependencies` only for `Timer`; forward `Timer.Dependencies` instead",
            "2️⃣": "[protocol-composition] `RootDependencies` declares nothing of its own and only inherits `HasLogger` and `HasClock`; make it `typealias RootDependencies = HasLogger & HasClock`",
        ]))
    }

    /// An extension can read any parent, and nothing tells which ones the code calls: such a protocol stays a
    /// protocol, one leaf used as a whole. So does one that requires something of its own (a property, an
    /// initializer, a subscript), and one whose parent is a protocol declared elsewhere (`ObservableObject`, with
    /// its associated type) or has an associated type itself.
    @Test func aProtocolWithAnExtensionOrARequirementOfItsOwnIsNoAlias() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "Report.swift": """
                protocol ReportDependencies: HasLogger, HasClock {}
                extension ReportDependencies { func stamp() { logger.log("\\(clock.now)") } }
                final class Report {
                    let dependencies: ReportDependencies
                    init(dependencies: ReportDependencies) { self.dependencies = dependencies }
                    func print() { dependencies.logger.log("report") }
                }
                protocol AuditDependencies: HasLogger, HasClock { var auditor: String { get } }
                protocol SheetDependencies: HasLogger, HasClock { init(dependencies: HasLogger) }
                protocol GridDependencies: HasLogger, HasClock { subscript(row: Int) -> Int { get } }
                protocol 1️⃣StoreDependencies: ObservableObject, HasLogger, HasClock {}
                protocol Keyed { associatedtype Key }
                protocol 2️⃣CacheDependencies: Keyed, HasLogger, HasClock {}
                final class Sheet {
                    let dependencies: SheetDependencies & GridDependencies & StoreDependencies & CacheDependencies
                    init(dependencies: SheetDependencies & GridDependencies & StoreDependencies & CacheDependencies) {
                        self.dependencies = dependencies
                    }
                    func show() { dependencies.logger.log("sheet") }
                }
                final class Audit {
                    let dependencies: AuditDependencies
                    init(dependencies: AuditDependencies) { self.dependencies = dependencies }
                    func run() { dependencies.logger.log(dependencies.auditor) }
                }
                """,
        ], findings: [
            // The opt-in rule's own question: written as aliases, these would be the same compositions.
            "1️⃣": "[protocol-composition] `StoreDependencies` declares nothing of its own and only inherits `ObservableObject`, `HasLogger` and `HasClock`; make it `typealias StoreDependencies = ObservableObject & HasLogger & HasClock`",
            "2️⃣": "[protocol-composition] `CacheDependencies` declares nothing of its own and only inherits `Keyed`, `HasLogger` and `HasClock`; make it `typealias CacheDependencies = Keyed & HasLogger & HasClock`",
        ]))
    }

    /// A coordinator whose alias is the app's own (`typealias Dependencies = AppDependencies`), built by the scene
    /// delegate that holds the container: it never forwarded anything for the scene delegate, whose alias that
    /// also is. Neither a stale forward nor a missing one; the app's alias is reviewed as the coordinator's own.
    @Test(arguments: [false, true])
    func aParentsAliasComposedByItsChildIsNoForward(asProtocol: Bool) {
        let app = asProtocol ? "protocol 1️⃣AppDependencies: HasLogger, HasStore {}" : "typealias 1️⃣AppDependencies = HasLogger & HasStore"
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "App.swift": """
                \(app)
                final class AppContainer: AppDependencies { let logger = Logger(); let store = Store() }
                final class SceneDelegate {
                    private var dependencies: AppDependencies!
                    func connect() {
                        dependencies = AppContainer()
                        AppCoordinator(dependencies: dependencies).start()
                    }
                }
                final class AppCoordinator {
                    typealias Dependencies = AppDependencies
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func start() {
                        LogScreen(dependencies: dependencies).show()
                        StoreScreen(dependencies: dependencies).show()
                    }
                }
                final class LogScreen {
                    typealias Dependencies = HasLogger
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("log") }
                }
                final class StoreScreen {
                    typealias Dependencies = HasStore
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func show() { dependencies.store.save() }
                }
                """,
        ], findings: asProtocol ? [
            "1️⃣": "[protocol-composition] `AppDependencies` declares nothing of its own and only inherits `HasLogger` and `HasStore`; make it `typealias AppDependencies = HasLogger & HasStore`",
        ] : [
            "1️⃣": "[alias-naming] `SceneDelegate` is constrained by `AppDependencies`, which is not named after it; rename it `SceneDelegateDependencies` or nest it as `SceneDelegate.Dependencies`",
        ]))
    }

    /// A factory function whose parameter is named like dependencies and typed by the app's composition protocol is
    /// one of that protocol's components, as a type storing it is; so is one typed by an alias composing protocols,
    /// whatever the alias is called (`DependenciesType`). Before, neither was a component, and a coordinator handing
    /// the container to such a factory was left unjudged. An alias of a class is no composition: no component.
    /// The fixed code type-checks with `swiftc`, as does the code before.
    @Test func aFactoryFunctionTypedByACompositionIsAComponentOfIt() {
        expectExactFindings(RuleExample(files: [
            "Leaves.swift": Self.leaves,
            "App.swift": """
                protocol 1️⃣AppContainerProtocol: HasLogger, HasStore, 2️⃣HasClock {}
                final class AppContainer: AppContainerProtocol { let logger = Logger(); let store = Store(); let clock = Clock() }
                enum ScreenFactory {
                    static func makeLogScreen(with dependencies: AppContainerProtocol) -> LogScreen { LogScreen(dependencies: dependencies) }
                    static func makeSaveAction(dependencies: AppContainerProtocol) -> () -> Void { { dependencies.store.save() } }
                }
                final class LogScreen {
                    typealias Dependencies = HasLogger
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("log") }
                }
                final class AppCoordinator {
                    private let dependencies: AppContainerProtocol
                    init(dependencies: AppContainerProtocol) { self.dependencies = dependencies }
                    func start() {
                        ScreenFactory.makeLogScreen(with: dependencies).show()
                        ScreenFactory.makeSaveAction(dependencies: dependencies)()
                    }
                }
                """,
            "Reducers.swift": """
                enum Reducers {
                    enum Counter {
                        typealias DependenciesType = HasLogger & 3️⃣HasClock
                        static func reduce(state: Int, dependencies: DependenciesType) -> Int { dependencies.logger.log("count"); return state + 1 }
                    }
                }
                final class SettingsStore { var isOn = false }
                typealias Settings = SettingsStore
                enum SettingsApplier {
                    static func apply(dependencies: Settings) { dependencies.isOn = true }
                }
                """,
        ], findings: [
            "1️⃣": "[protocol-composition] `AppContainerProtocol` declares nothing of its own and only inherits `HasLogger`, `HasStore` and `HasClock`; make it `typealias AppContainerProtocol = HasLogger & HasStore & HasClock`",
            "2️⃣": "[unused-dependency] `HasClock` in `AppContainerProtocol` is not used by any of `AppCoordinator`, `ScreenFactory.makeLogScreen` and `ScreenFactory.makeSaveAction` nor needed by a component they forward to",
            "3️⃣": "[unused-dependency] `HasClock` in `Reducers.Counter.DependenciesType` is not used by `Reducers.Counter.reduce` nor needed by a component it forwards to",
        ]))
    }
}
