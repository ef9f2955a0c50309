import CPDIRules
import Testing

/// General shapes of the run-time libraries' public APIs that apps write in more than one way: an
/// existential or parenthesised type on either side of a lookup, a registration chain spread over lines,
/// an app's own generic helper over the library's lookup, and reads that cannot be an instance's property.
/// Each fixture lists every finding cpdi must report on it and nothing more (SPEC §4b).
@Suite struct RuntimeDialectShapeTests {
    private func check(_ example: RuleExample, sourceLocation: SourceLocation = #_sourceLocation) {
        expectExactFindings(example, sourceLocation: sourceLocation)
    }

    /// Resolver: `.implements((any P).self)`, `X() as any P`, a closure returning `any P`, and lookups of
    /// `any P`, `(any P)?` and `P` all meet; a chain on several lines is one registration; an alias that
    /// nothing asks for is reported where it is written.
    @Test func resolverExistentialsAndChainedAliases() {
        check(RuleExample(files: [
            "Registrations.swift": """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SystemClock() }
                            .implements((any Clock).self)
                            .scope(.application)
                        register { KeychainVault() as any SecretVault }
                        register { () -> any Mailing in SmtpMailer() }
                        register { DiskCache() }
                            .implements(1️⃣Caching.self)
                            .scope(.cached)
                        register { Counter() }
                            .implements((Counting).self)
                    }
                }
                protocol Caching {}
                """,
            "Inbox.swift": """
                import Resolver
                final class Inbox {
                    @Injected var clock: any Clock
                    @OptionalInjected var vault: (any SecretVault)?
                    @Injected var mailer: Mailing
                    @LazyInjected var cache: DiskCache
                    let counter: any Counting = resolve()
                    func open() { _ = (clock, vault, mailer, cache, counter) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Caching` is registered with Resolver in `Resolver` as another type of `DiskCache` (`.implements`), but nothing resolves or injects it",
        ]))
    }

    /// Swinject: a registration keyed by an existential, and `.implements((any P).self)` of a view model
    /// that screens resolve only by its concrete type.
    @Test func swinjectExistentialsAndUnusedAliases() {
        check(RuleExample(files: [
            "ScreensAssembly.swift": """
                import Swinject
                final class ScreensAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register((any Tracking).self) { _ in Tracker() }
                        container.register(SettingsModelImpl.self) { r in SettingsModelImpl(tracking: r.resolve((any Tracking).self)!) }
                            .implements(1️⃣(any SettingsModel).self)
                            .inObjectScope(.container)
                        container.register(AboutModelImpl.self) { _ in AboutModelImpl() }
                            .implements((any AboutModel).self)
                    }
                }
                protocol SettingsModel {}
                """,
            "Screens.swift": """
                import Swinject
                @main enum App {
                    static let assembler = Assembler([ScreensAssembly()])
                    static func main() {
                        let settings = assembler.resolver.resolve(SettingsModelImpl.self)!
                        let about = assembler.resolver.resolve(AboutModel.self)!
                        print(settings, about)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `SettingsModel` is registered with Swinject in `ScreensAssembly` as another type of `SettingsModelImpl` (`.implements`), but nothing resolves or injects it",
        ]))
    }

    /// An app's own generic helper over Swinject's lookup: callers are read by the type they declare, even
    /// in files that do not import Swinject; a type they ask for that nothing registers is not judged (cpdi
    /// does not follow the helper), and what no caller asks for is still unused.
    @Test func swinjectThroughAnAppsGenericHelper() {
        check(RuleExample(files: [
            "DI.swift": """
                import Swinject
                enum DI {
                    static let container = Container()
                    static func resolve<T>() -> T { container.resolve(T.self)! }
                    static func register() {
                        container.register(Session.self) { _ in Session() }
                        container.register(Feed.self) { r in Feed(session: r.resolve(Session.self)!) }
                        container.1️⃣register(LegacySync.self) { _ in LegacySync() }
                    }
                }
                final class LegacySync {}
                """,
            "Home.swift": """
                @main final class Home {
                    let feed: Feed = DI.resolve()
                    let stats: Stats = DI.resolve()
                    static func main() { _ = Home() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `LegacySync` is registered with Swinject in `DI`, but nothing resolves or injects it",
        ]))
    }

    /// A helper named other than `resolve…` / `inject…` is not followed to its callers: nothing in its library's
    /// store is judged unused.
    @Test func swinjectThroughAHelperOfAnotherName() {
        check(RuleExample(files: [
            "DI.swift": """
                import Swinject
                enum DI {
                    static let container = Container()
                    static func instance<T>() -> T { container.resolve(T.self)! }
                    static func register() {
                        container.register(Session.self) { _ in Session() }
                        container.register(LegacySync.self) { _ in LegacySync() }
                    }
                }
                """,
            "Home.swift": """
                @main final class Home {
                    let session: Session = DI.instance()
                    static func main() { _ = Home() }
                }
                """,
        ]))
    }

    /// `.loading` and `Log.settings` read a static member or an enum case, never an instance's property: an
    /// injected property of that name is still unread. A static injection is read that way.
    @Test func typeLevelReadsAreNotInstanceReads() {
        check(RuleExample(files: [
            "SettingsFeature.swift": """
                import Dependencies
                struct SettingsFeature {
                    @Dependency(\\.settings) var 1️⃣settings
                    @Dependency(\\.continuousClock) static var clock
                    enum Action { case settings(Bool), clock }
                    func reduce(_ action: Action) {
                        switch action {
                        case .settings: Log.settings.info("settings")
                        case .clock: _ = SettingsFeature.clock
                        }
                    }
                }
                """,
            "Log.swift": """
                import Dependencies
                enum Log { static let settings = Logger() }
                struct SettingsClient {}
                extension SettingsClient: DependencyKey { static let liveValue = SettingsClient() }
                extension DependencyValues {
                    var settings: SettingsClient {
                        get { self[SettingsClient.self] }
                        set { self[SettingsClient.self] = newValue }
                    }
                }
                @main struct App { static func main() { SettingsFeature().reduce(.settings(true)) } }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `settings` is injected into `SettingsFeature` with `@Dependency(\\.settings)`, but nothing reads it",
        ]))
    }

    /// SwinjectAutoregistration: a screen generic over its model, registered as `Screen<LiveModel>`, asks for
    /// `LiveModel`; a class or struct with no initializer of its own asks for nothing; a library type's
    /// initializer asks only for library types, so the app's registrations stay judged.
    @Test func swinjectAutoregistrationOfGenericsAndPlainInitializers() {
        check(RuleExample(files: [
            "Assembly.swift": """
                import Swinject
                import SwinjectAutoregistration
                final class ScreenAssembly: Assembly {
                    func assemble(container: Container) {
                        container.autoregister(JSONDecoder.self, initializer: JSONDecoder.init)
                        container.autoregister(Clock.self, initializer: SystemClock.init)
                        container.autoregister(Limits.self, initializer: DefaultLimits.init)
                        container.autoregister(LiveModel.self, initializer: LiveModel.init)
                            .implements(1️⃣(any ScreenModel).self)
                        container.autoregister(Screen<LiveModel>.self, initializer: Screen.init)
                        container.2️⃣autoregister(Banner.self, initializer: Banner.init)
                    }
                }
                """,
            "Screen.swift": """
                protocol Clock {}
                protocol Limits {}
                protocol ScreenModel {}
                final class SystemClock: Clock { let start = 0 }
                struct DefaultLimits: Limits { let pages = 9 }
                final class LiveModel: ScreenModel {
                    init(clock: Clock, limits: Limits, decoder: JSONDecoder) {}
                }
                struct Screen<Model: ScreenModel> {
                    init(model: Model) {}
                }
                final class Banner {}
                @main enum App {
                    static func main() { _ = Assembler([ScreenAssembly()]).resolver.resolve(Screen<LiveModel>.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `ScreenModel` is registered with Swinject in `ScreenAssembly` as another type of `LiveModel` (`.implements`), but nothing resolves or injects it",
            "2️⃣": "[unused-registration] `Banner` is registered with Swinject in `ScreenAssembly`, but nothing resolves or injects it",
        ]))
    }

    /// `call.streams` with `call: Call` (a parameter, a property, a construction) reads `Call`'s `streams`,
    /// not an injected `streams` of another type; a name bound twice, an unannotated value or a type the
    /// sources do not declare leaves the read untyped, and an untyped read counts for every type.
    @Test func memberReadsFollowTheirValuesType() {
        check(RuleExample(files: [
            "Container.swift": """
                import Factory
                extension Container {
                    var streams: Factory<Streams> { self { Streams() } }
                    var network: Factory<Network> { self { Network() } }
                }
                final class Call {
                    let streams: Streams
                    init(streams: Streams) { self.streams = streams }
                }
                """,
            "CallViewModel.swift": """
                import Factory
                final class CallViewModel {
                    @Injected(\\.streams) var 1️⃣streams
                    @Injected(\\.network) var network
                    let call: Call
                    init(call: Call) { self.call = call }
                    func join() -> Int { network.ping(); return call.streams.count + self.call.streams.count }
                }
                final class Lobby {
                    func show(_ call: Call) -> Int { call.streams.count + Call(streams: Streams()).streams.count }
                    func enter(_ model: CallViewModel?) { model?.network.ping() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `streams` is injected into `CallViewModel` with `@Injected(\\.streams)`, but nothing reads it",
        ]))
    }

    /// A value rebound in its function (`if let player = …`) may be anything: its `streams` counts as a read.
    @Test func memberReadsOfReboundValuesStayUntyped() {
        check(RuleExample(files: [
            "Container.swift": """
                import Factory
                extension Container { var streams: Factory<Streams> { self { Streams() } } }
                final class Call { let streams = Streams() }
                """,
            "Player.swift": """
                import Factory
                final class Player {
                    @Injected(\\.streams) var streams
                }
                final class Replays {
                    func replay(player: Call) -> Int {
                        if let player = Replays.current() { return player.streams.count }
                        return 0
                    }
                    static func current() -> Player? { nil }
                }
                """,
        ]))
    }

    /// A capitalised value (`Current.theme`, with `var Current = Screen()`) is not a type: its `theme` is read.
    @Test func capitalisedValuesAreNotTypes() {
        check(RuleExample("""
            import Dependencies
            struct Screen { @Dependency(\\.theme) var theme }
            struct Theme {}
            extension Theme: DependencyKey { static let liveValue = Theme() }
            extension DependencyValues {
                var theme: Theme {
                    get { self[Theme.self] }
                    set { self[Theme.self] = newValue }
                }
            }
            var Current = Screen()
            @main struct App { static func main() { print(Current.theme) } }
            """))
    }

    /// A `@dynamicMemberLookup` wrapper of the sources forwards `store.streams` to what it wraps: not certainly its own.
    @Test func dynamicMemberLookupForwardsReads() {
        check(RuleExample(files: [
            "Container.swift": """
                import Factory
                extension Container { var streams: Factory<Streams> { self { Streams() } } }
                @dynamicMemberLookup
                struct Store<Value> {
                    let value: Value
                    subscript<T>(dynamicMember path: KeyPath<Value, T>) -> T { value[keyPath: path] }
                }
                """,
            "Player.swift": """
                import Factory
                final class Player {
                    @Injected(\\.streams) var streams
                }
                final class Screen {
                    let store: Store<Player>
                    init(store: Store<Player>) { self.store = store }
                    func count() -> Int { store.streams.count }
                }
                """,
        ]))
    }

    /// `appearance.tint` where `appearance` is injected by `\\.appearance`, whose container property is an
    /// `Appearance`: a read of `Appearance`'s `tint`, not of an unread `@Injected(\\.tint) var tint` beside it.
    @Test func readsThroughAnInjectedPropertyFollowItsKeysType() {
        check(RuleExample(files: [
            "InjectedValues.swift": """
                protocol InjectionKey {
                    associatedtype Value
                    static var currentValue: Value { get set }
                }
                struct InjectedValues {
                    private static var current = InjectedValues()
                    static subscript<K: InjectionKey>(key: K.Type) -> K.Value {
                        get { key.currentValue }
                        set { key.currentValue = newValue }
                    }
                    static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T {
                        get { current[keyPath: keyPath] }
                        set { current[keyPath: keyPath] = newValue }
                    }
                }
                @propertyWrapper struct Injected<T> {
                    private let keyPath: WritableKeyPath<InjectedValues, T>
                    var wrappedValue: T { InjectedValues[keyPath] }
                    init(_ keyPath: WritableKeyPath<InjectedValues, T>) { self.keyPath = keyPath }
                }
                struct Appearance { var tint = Tint() }
                struct Tint {}
                struct AppearanceKey: InjectionKey { static var currentValue = Appearance() }
                struct TintKey: InjectionKey { static var currentValue = Tint() }
                extension InjectedValues {
                    var appearance: Appearance {
                        get { Self[AppearanceKey.self] }
                        set { Self[AppearanceKey.self] = newValue }
                    }
                    var tint: Tint {
                        get { Self[TintKey.self] }
                        set { Self[TintKey.self] = newValue }
                    }
                }
                """,
            "CallView.swift": """
                final class CallView {
                    @Injected(\\.appearance) var appearance
                    @Injected(\\.tint) var 1️⃣tint
                    func color() -> Tint { appearance.tint }
                }
                final class Badge {
                    @Injected(\\.tint) var tint
                    func plain() -> Tint { tint }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `tint` is injected into `CallView` with `@Injected(\\.tint)`, but nothing reads it",
        ]))
    }

    /// A value's type is known where the property holding it says so in any file: an annotation or a
    /// construction (`@StateObject var model = FeedModel()`) of an instance property read in an extension
    /// in another file, a static one (`Session.shared.clock`), or a key path's written root
    /// (`\Shelf.store`). Their reads are not reads of another type's injected property of that name;
    /// a property whose files disagree on its type, or that no file types, leaves the read untyped.
    @Test func memberReadsFollowPropertiesTypedInAnyFile() {
        check(RuleExample(files: [
            "Container.swift": """
                import Factory
                extension Container {
                    var clock: Factory<Clock> { self { Clock() } }
                    var feed: Factory<Feed> { self { Feed() } }
                    var store: Factory<Store> { self { Store() } }
                }
                final class Session {
                    static let shared = Session()
                    let clock = Clock()
                    var feed = Feed()
                }
                final class Home {
                    @StateObject var session = Session()
                    var other: Session
                    var untyped = makeSession()
                    init() { other = Session() }
                }
                func makeSession() -> Session { Session() }
                final class Shelf { let store = Store() }
                """,
            "Home+Reads.swift": """
                extension Home {
                    func tick() -> Int { session.clock.now + self.other.feed.count + Session.shared.clock.now }
                    func key() -> KeyPath<Shelf, Store> { \\Shelf.store }
                    func loose() -> Int { untyped.feed.count }
                }
                """,
            "Models.swift": """
                import Factory
                final class TimerModel {
                    @Injected(\\.clock) var 1️⃣clock
                }
                final class FeedModel {
                    @Injected(\\.feed) var feed
                }
                final class StoreModel {
                    @Injected(\\.store) var 2️⃣store
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `clock` is injected into `TimerModel` with `@Injected(\\.clock)`, but nothing reads it",
            "2️⃣": "[unused-injection] `store` is injected into `StoreModel` with `@Injected(\\.store)`, but nothing reads it",
        ]))
    }

    /// `InjectedValues[\.theme]` reads the `theme` of the subscript's key-path root. A library's container
    /// (not declared in the sources) has a root of the library's; the same subscript on a type alias of the
    /// injecting type may read its property.
    @Test func keyPathSubscriptsReadTheirRootsProperty() {
        check(RuleExample("""
            final class Screen {
                @Injected(\\.theme) var 1️⃣theme
                @Injected(\\.clock) var clock
                func paint() { _ = InjectedValues[\\.theme] }
            }
            typealias Current = Screen
            func tick() { _ = Current[\\.clock] }
            """, findings: [
            "1️⃣": "[unused-injection] `theme` is injected into `Screen` with `@Injected(\\.theme)`, but nothing reads it",
        ]))
    }

    /// A subscript's key path rooted at `Self` in a protocol's extension reads its base's own member:
    /// `InjectedValues[\.theme]` reads no `theme` of `Screen`. One rooted at `any Inspectable` reads what the
    /// protocol offers; a requirement of that name would keep every conforming type's property unjudged.
    @Test func keyPathSubscriptsRootedAtAProtocolReadWhatItOffers() {
        check(RuleExample(files: [
            "Screen.swift": """
                final class Screen: Inspectable {
                    @Injected(\\.theme) var 1️⃣theme
                    @Injected(\\.clock) var 2️⃣clock
                    func paint() { _ = InjectedValues[\\.theme] }
                    func tick() { _ = Lookup[\\.clock] }
                }
                """,
            "Lens.swift": """
                protocol Inspectable {}
                extension Inspectable {
                    static subscript<V>(look path: KeyPath<Self, V>) -> V { fatalError() }
                }
                enum Lookup {
                    static subscript<V>(_ path: KeyPath<any Inspectable, V>) -> V? { nil }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `theme` is injected into `Screen` with `@Injected(\\.theme)`, but nothing reads it",
            "2️⃣": "[unused-injection] `clock` is injected into `Screen` with `@Injected(\\.clock)`, but nothing reads it",
        ]))
    }

    /// `kit.appearance.fonts`: each property of a chain is typed where it is declared (also by a superclass), so
    /// the read is on `Appearance` and speaks for no injected `fonts` of another type. A chain with a step of
    /// unknown type stays untyped.
    @Test func memberReadsFollowChainsOfProperties() {
        check(RuleExample(files: [
            "Kit.swift": """
                final class Appearance { var fonts = Fonts(); var colors = Colors() }
                final class Kit { var appearance: Appearance; init() { appearance = Appearance() } }
                extension InjectedValues {
                    var kit: Kit { Kit() }
                    var fonts: Fonts { kit.appearance.fonts }
                }
                class KitTestCase { var kit: Kit? }
                final class ColorTests: KitTestCase { func count() -> Int { kit?.appearance.colors.count ?? 0 } }
                """,
            "Title.swift": """
                struct Title {
                    @Injected(\\.fonts) var 1️⃣fonts
                    @Injected(\\.colors) var 2️⃣colors
                    @Injected(\\.sounds) var sounds
                }
                struct Player {
                    var loose: Loose
                    func play() { _ = loose.theme.sounds }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `fonts` is injected into `Title` with `@Injected(\\.fonts)`, but nothing reads it",
            "2️⃣": "[unused-injection] `colors` is injected into `Title` with `@Injected(\\.colors)`, but nothing reads it",
        ]))
    }

    /// `InjectedValues[\.theme]` can only call a subscript `InjectedValues` has: another struct's or an unrelated
    /// class's subscript over a generic key does not make it a read of every type's `theme`. The base's own
    /// generic subscript does.
    @Test func keyPathSubscriptsOfOtherTypesDoNotApply() {
        check(RuleExample("""
            struct InjectedValues {
                static subscript<T>(_ keyPath: WritableKeyPath<InjectedValues, T>) -> T { fatalError() }
            }
            final class Cache<Key: Hashable, Value> {
                subscript(key: Key) -> Value? { nil }
            }
            struct Lookup {
                static subscript<K: Hashable>(key: K) -> Int { 0 }
            }
            final class Screen {
                @Injected(\\.theme) var 1️⃣theme
                @Injected(\\.clock) var clock
                func paint() { _ = InjectedValues[\\.theme] }
                func tick() { _ = Lookup[\\.clock] }
            }
            """, findings: [
            "1️⃣": "[unused-injection] `theme` is injected into `Screen` with `@Injected(\\.theme)`, but nothing reads it",
        ]))
    }

    /// A protocol requirement of the same name keeps an injected property unjudged only where its type, or a
    /// subclass, may conform to that protocol: directly, through a refinement or through a type alias.
    @Test func protocolRequirementsSpeakOnlyForConformingTypes() {
        check(RuleExample("""
            protocol ClientProviding { var client: Client { get } }
            protocol ScreenFactory: ClientProviding {}
            typealias Providing = ClientProviding & Sendable
            final class Screen: ObservableObject {
                @Injected(\\.client) var 1️⃣client
            }
            final class Maker: ScreenFactory {
                @Injected(\\.client) var client
            }
            class Base {
                @Injected(\\.client) var client
            }
            final class Derived: Base, ClientProviding {}
            final class Other: Providing {
                @Injected(\\.client) var client
            }
            """, findings: [
            "1️⃣": "[unused-injection] `client` is injected into `Screen` with `@Injected(\\.client)`, but nothing reads it",
        ]))
    }

    /// `self.session.userId = id` and `self.backup = Session()` use the type's own properties, as
    /// `session.userId = id` does: without them the type would not build.
    @Test func assignmentsThroughTheTypesOwnPropertiesAreUses() {
        check(RuleExample("""
            import Resolver
            final class Session { var userId = 0 }
            final class MenuModel {
                @Injected var session: Session
                @Injected var backup: Session
                @Injected var 1️⃣spare: Session
                func login(id: Int) {
                    self.session.userId = id
                    self.backup = Session()
                }
            }
            """, findings: [
            "1️⃣": "[unused-injection] `spare` is injected into `MenuModel` with `@Injected`, but nothing reads it",
        ]))
    }

    /// A protocol declared outside the sources may require a property of the same name, so a type conforming
    /// to one keeps its injected properties unjudged; a `private` one can be no witness, and the standard
    /// protocols' requirements are known.
    @Test func protocolsOutsideTheSourcesMayRequireTheProperty() {
        check(RuleExample("""
            import Resolver
            import SwiftUI
            final class Client {}
            final class ChatFactory: ViewFactory {
                @Injected var client: Client
                @Injected private var 1️⃣spare: Client
            }
            struct Header: ToolbarContent {
                @Injected var 2️⃣client: Client
                var body: some ToolbarContent { ToolbarItem { Text("") } }
            }
            """, findings: [
            "1️⃣": "[unused-injection] `spare` is injected into `ChatFactory` with `@Injected`, but nothing reads it",
            "2️⃣": "[unused-injection] `client` is injected into `Header` with `@Injected`, but nothing reads it",
        ]))
    }

    /// `InjectedValues[\.theme]` on a container a library declares (the sources only extend it) cannot call a
    /// subscript of a type the sources declare: not a property wrapper's `_enclosingInstance` subscript over
    /// a generic key path, nor a protocol extension's subscript rooted at `Self`, which reads its base's own
    /// member. A generic parameter of the sources, written in another file, may still be bound to any type.
    @Test func keyPathSubscriptsOnALibrarysContainer() {
        check(RuleExample(files: [
            "Wrappers.swift": """
                @propertyWrapper struct PublishedObject<Value> {
                    var wrappedValue: Value
                    static subscript<Outer: AnyObject>(
                        _enclosingInstance outer: Outer,
                        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Outer, Value>,
                        storage storageKeyPath: ReferenceWritableKeyPath<Outer, Self>
                    ) -> Value { outer[keyPath: storageKeyPath].wrappedValue }
                }
                @dynamicMemberLookup protocol Stubbing {}
                extension Stubbing {
                    subscript<T>(dynamicMember keyPath: KeyPath<Self, T>) -> T { fatalError() }
                }
                extension InjectedValues { var theme: Theme { Theme() } }
                struct Theme {}
                struct Box<Environment> {}
                """,
            "Screen.swift": """
                final class Screen {
                    @Injected(\\.theme) var 1️⃣theme
                    @Injected(\\.clock) var clock
                    func paint() { _ = InjectedValues[\\.theme] }
                }
                extension Box { func tick() { _ = Environment[\\.clock] } }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `theme` is injected into `Screen` with `@Injected(\\.theme)`, but nothing reads it",
        ]))
    }

    /// A local takes the type of what it is bound to: a value it builds, its annotation when that names a
    /// type, or a chain of properties (`guard let call = context.call`, its type written inside `Stage` and
    /// so `Stage.Context`, not the top-level `Context`). A closure's `[call]` captures the same value. Only
    /// reads in the local's scope see it: after the `if` block, `feed` is the property again. A local bound to
    /// what a function returns stays untyped.
    @Test func localsTakeTheTypeOfWhatTheyAreBoundTo() {
        check(RuleExample(files: [
            "Call.swift": """
                final class Call {
                    @Injected(\\.network) var network
                    @Injected(\\.clock) var clock
                    @Injected(\\.logger) var logger
                    @Injected(\\.store) var store
                }
                func makeCall() -> Call { Call() }
                struct Context { var call: Loose }
                enum Machine {}
                extension Machine {
                    final class Stage {
                        struct Context { weak var call: Call? }
                        var context: Context
                        init(context: Context) { self.context = context }
                        func leave() {
                            guard let call = context.call else { return }
                            Task { [call] in _ = call.network }
                        }
                        func other(call: Int) -> Int { call }
                    }
                }
                final class Player {
                    var feed: Loose
                    init(feed: Loose) { self.feed = feed }
                    func start(flag: Bool) {
                        let model = Call()
                        _ = model.clock
                        if flag { let feed = Call(); _ = feed.network }
                        _ = feed.logger
                        let reader = makeCall()
                        _ = reader.store
                    }
                }
                """,
            "Screen.swift": """
                final class Screen {
                    @Injected(\\.network) var 1️⃣network
                    @Injected(\\.clock) var 2️⃣clock
                    @Injected(\\.logger) var logger
                    @Injected(\\.store) var store
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `network` is injected into `Screen` with `@Injected(\\.network)`, but nothing reads it",
            "2️⃣": "[unused-injection] `clock` is injected into `Screen` with `@Injected(\\.clock)`, but nothing reads it",
        ]))
    }

    /// An app's own generic wrapper that looks up its type parameter (`resolver.resolve(Wrapped.self)`) may ask
    /// for any type: `Wrapped` is no type nothing registers, and no registration of that store is unused.
    @Test func lookupsOfAWrappersTypeParameterMayAskForAnyType() {
        check(RuleExample("""
            import Swinject
            @propertyWrapper final class Provided<Wrapped, Value> {
                var wrappedValue: Value!
                init(as _: Wrapped.Type) {}
                func fill(from resolver: Resolver) { wrappedValue = resolver.resolve(Wrapped.self) as? Value }
            }
            final class Clock {}
            final class CoreAssembly: Assembly {
                func assemble(container: Container) { container.register(Clock.self) { _ in Clock() } }
            }
            """))
    }

    /// Resolver's own style: `init(clock: Clock = Resolver.resolve())`. The default value has the parameter's
    /// type, so the lookup asks for `Clock`; one typed by a generic parameter may ask for any type.
    @Test func aParametersDefaultLookupHasTheParametersType() {
        check(RuleExample("""
            import Resolver
            final class Clock {}
            final class Mailer {}
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register { Clock() }
                    1️⃣register { Mailer() }
                }
            }
            final class Screen {
                init(clock: Clock = Resolver.resolve()) {}
            }
            """, findings: [
            "1️⃣": "[unused-registration] `Mailer` is registered with Resolver in `Resolver`, but nothing resolves or injects it",
        ]))
        check(RuleExample("""
            import Resolver
            final class Mailer {}
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() { register { Mailer() } }
            }
            final class Box<Item> {
                init(item: Item = Resolver.resolve()) {}
            }
            """))
    }

    /// `~>` is SwinjectAutoregistration's lookup only where it can be: a mocking library's `given(…) ~> value`
    /// in a file importing no Swinject module asks for nothing, so it leaves the store judged.
    @Test func anotherLibrarysArrowIsNoLookup() {
        check(RuleExample(files: [
            "Assembly.swift": """
                import Swinject
                final class Clock { func now() -> Int { 0 } }
                final class CoreAssembly: Assembly {
                    func assemble(container: Container) { container.1️⃣register(Clock.self) { _ in Clock() } }
                }
                """,
            "ClockSpec.swift": """
                import Mockingbird
                final class ClockSpec {
                    func stub(clock: ClockMock) { given(clock.now()) ~> 3 }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Clock` is registered with Swinject in `CoreAssembly`, but nothing resolves or injects it",
        ]))
    }

    /// A local injection of a free function or a closure is read only in its body; a variable of the file's top
    /// level is a global that any file may read, so it is not judged.
    @Test func localsOfFreeFunctionsAreJudgedGlobalsAreNot() {
        check(RuleExample(files: [
            "Snippets.swift": """
                import Resolver
                final class Clock { func now() -> Int { 0 } }
                @Injected var sharedClock: Clock
                private func snippet() {
                    run {
                        @Injected var 1️⃣clock: Clock
                        @Injected var used: Clock
                        _ = used.now()
                    }
                }
                func run(_ body: () -> Void) { body() }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `clock` is injected as a local with `@Injected`, but nothing reads it",
        ]))
    }

    /// A protocol name the sources declare in one module may, in a file of another module that imports none of
    /// them, be a library's protocol of the same name (Stream's chat `ViewFactory` beside its video one), whose
    /// requirements cpdi cannot see. A file of the declaring module, or one importing it, sees the sources' own.
    @Test func aProtocolNameOfAnotherModuleMayBeALibrarys() {
        check(RuleExample(files: [
            "Video/ViewFactory.swift": """
                import Resolver
                public protocol ViewFactory { func makeCallView() }
                public final class Client {}
                public final class CallModel {}
                final class Screen: ViewFactory {
                    @Injected var 1️⃣client: Client
                    func makeCallView() {}
                }
                """,
            "Demo/ChatFactory.swift": """
                import Resolver
                import ChatKit
                import class Video.CallModel
                final class ChatFactory: ViewFactory {
                    @Injected var client: Client
                }
                """,
            "Demo/CallFactory.swift": """
                import Resolver
                import Video
                final class CallFactory: ViewFactory {
                    @Injected var 2️⃣client: Client
                    func makeCallView() {}
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `client` is injected into `Screen` with `@Injected`, but nothing reads it",
            "2️⃣": "[unused-injection] `client` is injected into `CallFactory` with `@Injected`, but nothing reads it",
        ]))
    }

    /// A global built from a library's type with nothing but literals (`let app = XCUIApplication()`) holds no
    /// value of the sources, and nor does what its own members and subscripts give: `app.images` in a UI test
    /// reads no injected `images`; one built from a type of the sources reads that type's. A type that inherits
    /// a library's class may have a member `app` of its own, and a subscript an extension adds to a library's
    /// type may give anything: those reads stay untyped.
    @Test func readsThroughALibrarysGlobalReadNoInjection() {
        check(RuleExample(files: [
            "App/Screens.swift": """
                import Resolver
                final class Images {}
                final class Gallery { @Injected var images: Images }
                final class Album { @Injected var 1️⃣images: Images }
                final class Toolbar { @Injected var buttons: Images }
                final class Feed { @Injected var cells: Images }
                """,
            "UITests/Launch.swift": """
                import XCTest
                @testable import App
                let app = XCUIApplication()
                let gallery = Gallery()
                """,
            "UITests/Pages.swift": """
                import XCTest
                enum GalleryPage {
                    enum Header {
                        static var icons: XCUIElementQuery { app.staticTexts["header"].images }
                    }
                    static var all: XCUIElementQuery { app.images.matching(identifier: "photo") }
                    static var shown: Images { gallery.images }
                }
                final class ToolbarTests: XCTestCase {
                    func testButtons() { XCTAssertTrue(app.buttons.firstMatch.exists) }
                }
                extension XCUIElementQuery {
                    subscript(id id: String) -> XCUIElement { self[id] }
                }
                enum FeedPage {
                    static var rows: XCUIElementQuery { app.tables[id: "feed"].cells }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `images` is injected into `Album` with `@Injected`, but nothing reads it",
        ]))
    }

    /// An app's own registration helper hands its type on (`_register(serviceType, factory: factory)`): what
    /// its callers register is not read, so a Swinject lookup nothing else registers is not judged, and a
    /// registration written out is still judged unused.
    @Test func aRegistrationHelperThatHandsOnItsTypeLeavesSwinjectsStoreUnread() {
        check(RuleExample(files: [
            "Dependencies.swift": """
                import Swinject
                extension Container {
                    @discardableResult
                    func registerSingleton<Service>(_ serviceType: Service.Type, factory: @escaping (Resolver) -> Service) -> ServiceEntry<Service> {
                        _register(serviceType, factory: factory).inObjectScope(.container)
                    }
                }
                final class Clock {}
                final class Feed {}
                enum Dependencies {
                    static func setUp() -> Container {
                        let container = Container()
                        container.registerSingleton(Clock.self) { _ in Clock() }
                        container.1️⃣register(Feed.self) { _ in Feed() }
                        return container
                    }
                }
                """,
            "Screen.swift": """
                import Swinject
                final class Screen {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func clock() -> Clock? { resolver.resolve(Clock.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Feed` is registered with Swinject in `Dependencies`, but nothing resolves or injects it",
        ]))
    }

    /// A test's container registers mocks for the app's protocols (`mock.register { ClockMock() }.implements(Clock.self)`):
    /// which registration answers a lookup depends on the container asked, so every one that may is used, and an
    /// alias `.implements(P.self, name: .json)` answers a lookup of that name.
    @Test func everyRegistrationThatMayAnswerALookupIsUsed() {
        check(RuleExample(files: [
            "App/Registrations.swift": """
                import Resolver
                protocol Clock {}
                final class SystemClock: Clock {}
                protocol Network {}
                final class HTTPNetwork: Network {}
                extension Resolver.Name { static let json = Resolver.Name("json") }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SystemClock() }.implements(Clock.self)
                        register(Network.self, name: .json) { HTTPNetwork() }
                    }
                }
                final class Home {
                    @Injected var clock: Clock
                    func tick() { _ = clock }
                }
                """,
            "AppTests/Mocks.swift": """
                import Resolver
                final class ClockMock: Clock {}
                final class NetworkMock: Network {}
                final class UnusedMock {}
                extension Resolver {
                    static func registerMocks() {
                        mock.register { ClockMock() }.implements(Clock.self)
                        mock.register { NetworkMock() }.implements(Network.self, name: .json)
                        mock.1️⃣register { UnusedMock() }
                    }
                }
                """,
            "AppTests/NetworkTests.swift": """
                import Resolver
                final class NetworkTests {
                    func testJSON() { _ = Resolver.resolve(Network.self, name: .json) as? NetworkMock }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `UnusedMock` is registered with Resolver in `Resolver`, but nothing resolves or injects it",
        ]))
    }

    /// `LoginView<LoginModel>(model: Resolver.resolve())` over `init(model: Model)`: the parameter's type is the
    /// view's generic parameter, bound at the call, so the lookup may ask for any type. It is not a lookup of a
    /// type named `Model`, and the registrations it may reach are not judged unused.
    @Test func aLookupTypedByACalleesGenericParameterMayAskForAnyType() {
        check(RuleExample(files: [
            "DI.swift": """
                import Resolver
                final class AuthService {}
                final class LoginModel { init(auth: AuthService) {} }
                struct LoginView<Model> { init(model: Model) {} }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { AuthService() }
                        register { LoginModel(auth: resolve()) }
                    }
                }
                enum Screens {
                    static func login() -> LoginView<LoginModel> { LoginView<LoginModel>(model: Resolver.resolve()) }
                }
                """,
        ], findings: [:]))
    }

    /// An app's own `class Resolver` over a Swinject container: `Resolver.shared.resolve(Feed.self)` in a file
    /// importing neither library is that class's call, not Resolver's. It finds what Swinject's store holds, and
    /// what nothing asks for is still unused.
    @Test func theAppsOwnResolverClassAsksItsSwinjectStore() {
        check(RuleExample(files: [
            "Resolver.swift": """
                import Swinject
                final class Resolver {
                    static let shared = Resolver()
                    private let container = Container()
                    init() {
                        container.register(Feed.self) { _ in Feed() }
                        container.1️⃣register(Clock.self) { _ in Clock() }
                    }
                    func resolve<T>(_ type: T.Type) -> T { container.resolve(T.self)! }
                }
                final class Feed {}
                final class Clock {}
                """,
            "Screen.swift": """
                import SwiftUI
                struct Screen {
                    let feed = Resolver.shared.resolve(Feed.self)
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Clock` is registered with Swinject in `Resolver`, but nothing resolves or injects it",
        ]))
    }

    /// `Screen(model: resolve())` over `init<Model>(model: Model)`: the parameter's type is the initializer's own
    /// generic parameter, so the lookup may ask for any type (`Feed` is not judged unused); one typed by a
    /// declared type is judged missing.
    @Test func aLookupTypedByAnInitializersGenericParameterMayAskForAnyType() {
        check(RuleExample(files: [
            "DI.swift": """
                import Resolver
                final class Clock {}
                final class Feed {}
                struct Screen { init<Model>(model: Model) {} }
                struct Ticker { init(clock: Clock) {} }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Feed() }
                    }
                }
                enum Screens {
                    static let screen = Screen(model: Resolver.resolve())
                    static let ticker = Ticker(clock: Resolver.1️⃣resolve())
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `Clock` is resolved in `Screens` with Resolver, but nothing registers it; it crashes",
        ]))
    }

    /// `self.$appState.avatar` reads the projected value of the wrapped `appState`: a use of the property,
    /// as `$appState` alone is.
    @Test func aProjectedValueReadThroughSelfUsesTheProperty() {
        check(RuleExample(files: [
            "Views.swift": """
                import Resolver
                import SwiftUI
                final class AppState: ObservableObject { @Published var avatar = "" }
                struct Avatar: View {
                    @Binding var image: String
                    var body: some View { Text(image) }
                }
                struct SettingsView: View {
                    @InjectedObject var appState: AppState
                    @InjectedObject var 1️⃣unread: AppState
                    var body: some View { Avatar(image: self.$appState.avatar) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `unread` is injected into `SettingsView` with `@InjectedObject`, but nothing reads it",
        ]))
    }

    /// A module's assembly as GrassChoppers writes them: its own `View` and `Router` aliases, and a router factory
    /// held in a variable.
    private static func moduleAssembly(_ module: String) -> String {
        """
        import Swinject
        protocol \(module)Routing: AnyObject {}
        final class \(module)ViewController {}
        final class \(module)Assembly: Assembly {
            typealias View = \(module)ViewController
            typealias Router = \(module)Routing
            private let container = Container()
            private let routerFactory: (Resolver) -> Router
            init(routerFactory: @escaping (Resolver) -> Router) { self.routerFactory = routerFactory }
            func assemble(container: Container) {
                self.container.register(View.self) { r in
                    _ = r.resolve(Router.self)!
                    return \(module)ViewController()
                }
                self.container.register(Router.self, factory: routerFactory)
            }
        }
        """
    }

    /// Each module's assembly declares its own `View` and `Router` aliases: a name is looked up from the type it
    /// is written in (`Router` in `LoginAssembly` is `LoginRouting`), and `LoginAssembly.View` outside it names
    /// the same key. A factory held in a variable (`register(Router.self, factory: routerFactory)`) registers
    /// too, for a lookup of any argument count.
    @Test func aliasesAreLookedUpInTheTypeTheyAreWrittenIn() {
        check(RuleExample(files: [
            "Login/LoginAssembly.swift": Self.moduleAssembly("Login"),
            "Home/HomeAssembly.swift": Self.moduleAssembly("Home"),
            "Modules.swift": """
                import Swinject
                final class SettingsViewController {}
                final class Modules {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func login() -> LoginViewController { resolver.resolve(LoginAssembly.View.self)! }
                    func home() -> HomeViewController? { resolver.resolve(HomeViewController.self) }
                    func settings() -> SettingsViewController? { resolver.1️⃣resolve(SettingsViewController.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `SettingsViewController` is resolved in `Modules` with Swinject, but nothing registers it; it returns nil",
        ]))
    }

    /// `container.registerLazy(Clock.self) { … }`: a call named like a registration whose helper the sources do
    /// not declare (a library's extension) registers a type cpdi cannot follow, so a lookup of that type is
    /// not judged missing; a lookup of a type nothing registers at all still is.
    @Test func aTypeHandedToAnUnreadRegistrationCallIsNotJudgedMissing() {
        check(RuleExample(files: [
            "Assembly.swift": """
                import Swinject
                import SwinjectLazy
                final class Clock {}
                final class Feed {}
                final class Weather {}
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.registerLazy(Clock.self) { _ in Clock() }
                        container.register(Feed.self) { r in
                            _ = r.resolve(Clock.self)
                            return Feed()
                        }
                    }
                }
                final class Screen {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func feed() -> Feed? { resolver.resolve(Feed.self) }
                    func weather() -> Weather? { resolver.1️⃣resolve(Weather.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `Weather` is resolved in `Screen` with Swinject, but nothing registers it; it returns nil",
        ]))
    }

    /// `register { ResetPasswordView.ViewModel() }` registers the nested type, and `ViewModel` written in
    /// `ResetPasswordView` looks it up. The `@main` app's `@Injected` of a handler whose initializer starts
    /// observers is not judged: the wrapper builds the value with the app, which may be all it is kept for.
    @Test func nestedTypesAreLookedUpInTheirTypeAndTheAppMayKeepAValueForItsCreation() {
        check(RuleExample(files: [
            "App/Views.swift": """
                import Resolver
                import SwiftUI
                struct ResetPasswordView: View {
                    @StateObject private var viewModel: ViewModel = Resolver.resolve()
                    var body: some View { Text(viewModel.title) }
                }
                extension ResetPasswordView {
                    final class ViewModel: ObservableObject { var title = "" }
                }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { ResetPasswordView.ViewModel() }
                        register { EventsHandler() }.scope(.application)
                    }
                }
                struct EventsHandler {
                    init() { startObserving() }
                    func startObserving() {}
                }
                @main
                struct ShopApp: App {
                    @Injected private var eventsHandler: EventsHandler
                    var body: some Scene { WindowGroup { ResetPasswordView() } }
                }
                """,
        ], findings: [:]))
    }

    /// `TravelKit.AirportRepository` written with its module is the `AirportRepository` another module looks up.
    @Test func aTypeWrittenWithItsModuleIsTheTypeItNames() {
        check(RuleExample(files: [
            "TravelKit/Repositories.swift": """
                public protocol AirportRepository {}
                public protocol TripRepository {}
                """,
            "TravelData/Assembly.swift": """
                import Swinject
                import TravelKit
                final class Airports: TravelKit.AirportRepository {}
                public final class DataAssembly: Assembly {
                    public func assemble(container: Container) {
                        container.register(TravelKit.AirportRepository.self) { _ in Airports() }
                    }
                }
                """,
            "Feature/FeedAssembly.swift": """
                import Swinject
                import TravelKit
                final class Feed { init(airports: AirportRepository) {} }
                public final class FeedAssembly: Assembly {
                    public func assemble(container: Container) {
                        container.register(Feed.self) { r in Feed(airports: r.resolve(AirportRepository.self)!) }
                        container.register(Feed.self, name: "trips") { r in
                            _ = r.1️⃣resolve(TripRepository.self)
                            return Feed(airports: r.resolve(AirportRepository.self)!)
                        }
                    }
                }
                @main enum Main { static func main() { _ = Container().resolve(Feed.self) ; _ = Container().resolve(Feed.self, name: "trips") } }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `TripRepository` is resolved in `FeedAssembly` with Swinject, but nothing registers it; it returns nil",
        ]))
    }

    /// The app and its share extension register one view controller with factories of different arities:
    /// a lookup with either count may be answered.
    @Test func oneTypeRegisteredWithDifferentAritiesAnswersEither() {
        check(RuleExample(files: [
            "App/Assembly.swift": """
                import Swinject
                final class PostEditor {}
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(PostEditor.self) { (_, uri: String, postId: Int) in PostEditor() }
                    }
                }
                func makeEditor(uri: String, postId: Int) -> PostEditor { Container().resolve(PostEditor.self, arguments: uri, postId)! }
                """,
            "ShareExtension/Assembly.swift": """
                import Swinject
                final class ShareAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(PostEditor.self) { (_, context: String?) in PostEditor() }
                    }
                }
                func makeShareEditor(context: String?) -> PostEditor { Container().resolve(PostEditor.self, argument: context)! }
                """,
        ], findings: [:]))
    }

    /// `parent.mapViewModel.selectedTree = tree` with `parent` of a known type goes through `mapViewModel`: a
    /// use. `$0.analytics.track = …` in an override writes a key and reads no injected property.
    @Test func anAssignmentThroughATypedValuesPropertyUsesIt() {
        check(RuleExample(files: [
            "Map.swift": """
                import Resolver
                import SwiftUI
                final class MapViewModel: ObservableObject { var selectedTree = 0 }
                struct ClusterMapView {
                    @InjectedObject var mapViewModel: MapViewModel
                    @InjectedObject var 1️⃣unused: MapViewModel
                    final class Coordinator {
                        let parent: ClusterMapView
                        init(parent: ClusterMapView) { self.parent = parent }
                        func select(_ tree: Int) { parent.mapViewModel.selectedTree = tree }
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-injection] `unused` is injected into `ClusterMapView` with `@InjectedObject`, but nothing reads it",
        ]))
    }

    /// `@Injected(\.featuresContainer.imageViewModel)` injects the app container's `featuresContainer` and reads
    /// the nested container's `imageViewModel`: neither is unused.
    @Test func aNestedContainersKeyInAnInjectionIsRead() {
        check(RuleExample(files: [
            "Containers.swift": """
                import Factory
                final class ImageViewModel {}
                final class FeaturesContainer: SharedContainer {
                    static let shared = FeaturesContainer()
                    let manager = ContainerManager()
                    var imageViewModel: Factory<ImageViewModel> { self { ImageViewModel() } }
                    var 1️⃣listViewModel: Factory<ImageViewModel> { self { ImageViewModel() } }
                }
                extension Container {
                    var featuresContainer: Factory<FeaturesContainer> { self { FeaturesContainer.shared } }
                }
                final class ImageBuilder {
                    @Injected(\\.featuresContainer.imageViewModel) private var viewModel: ImageViewModel
                    func build() -> ImageViewModel { viewModel }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `\\.listViewModel` is declared on `FeaturesContainer`, but nothing injects it with `@Injected(\\.listViewModel)` or reads it",
        ]))
    }

    /// A static member's value has the member's type: `SystemClock.shared` declared `Clock` registers `Clock`,
    /// `NetworkAPI.jsonDecoder` built as a `JSONDecoder` registers that, `URLSession.shared` is a `URLSession`.
    /// A static member whose type cpdi cannot read (an enum case, a method) registers a type it cannot tell, so
    /// Resolver's store is not read whole and a lookup nothing answers is not judged missing.
    @Test func aStaticMembersValueHasTheMembersType() {
        check(RuleExample(files: [
            "Registrations.swift": """
                import Resolver
                protocol Clock { func now() -> Int }
                final class SystemClock: Clock {
                    static let shared: Clock = SystemClock()
                    func now() -> Int { 0 }
                }
                enum NetworkAPI { static let jsonDecoder = JSONDecoder() }
                final class Ledger { static let live = Ledger() }
                enum Theme { case dark, light }
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { SystemClock.shared }
                        register { NetworkAPI.jsonDecoder }
                        register { URLSession.shared }
                        1️⃣register { Ledger.live }
                    }
                }
                """,
            "Screen.swift": """
                import Resolver
                final class Screen {
                    @Injected var clock: Clock
                    @Injected var decoder: JSONDecoder
                    @Injected var session: URLSession
                    func show() { _ = (clock.now(), decoder, session) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Ledger` is registered with Resolver in `Resolver`, but nothing resolves or injects it",
        ]))
        check(RuleExample(files: [
            "Registrations.swift": """
                import Resolver
                enum Theme { case dark, light }
                struct Palette {}
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Theme.dark }
                    }
                }
                final class Screen {
                    @Injected var palette: Palette
                    func show() { _ = palette }
                }
                """,
        ]))
    }

    /// Removing an unused key's property breaks what overrides it, and its key type may serve a lookup by type
    /// (`@Dependency(APIClient.self)`): the suggestion says both, and claims neither for sure.
    @Test func anUnusedKeysSuggestionNamesItsOverridesAndKeepsItsKeyInDoubt() {
        let example = RuleExample("""
            import Dependencies
            struct APIClient: DependencyKey { static let liveValue = APIClient() }
            struct Speech: DependencyKey { static let liveValue = Speech() }
            extension DependencyValues {
                var api: APIClient {
                    get { self[APIClient.self] }
                    set { self[APIClient.self] = newValue }
                }
                var speech: Speech {
                    get { self[Speech.self] }
                    set { self[Speech.self] = newValue }
                }
            }
            struct Model { @Dependency(APIClient.self) var client; func load() { _ = client } }
            func test() { withDependencies { $0.speech = Speech() } operation: {} }
            @main struct App { static func main() {} }
            """)
        let suggestions = example.run(UnusedRegistration()).map { $0.suggestion ?? "" }.sorted()
        #expect(suggestions == [
            "remove `api` from `DependencyValues` (and its key `APIClient` if nothing else uses it)",
            "remove `speech` from `DependencyValues` (and its key `Speech` if nothing else uses it), with the overrides that set it",
        ])
    }

    /// A client that is its own key (`extension Batcher: DependencyKey`) conforms to a library protocol whose
    /// requirements are static: none of its injected properties can be a witness, so they are judged.
    @Test func aTypeThatIsItsOwnDependencyKeyKeepsItsInjectionsJudged() {
        check(RuleExample("""
            import Dependencies
            final class Batcher {
                @Dependency(\\.clock) var clock
                @Dependency(\\.notifier) var 1️⃣notifier
                func flush() { _ = clock.now }
            }
            extension Batcher: DependencyKey { static let liveValue = Batcher() }
            extension DependencyValues {
                var batcher: Batcher {
                    get { self[Batcher.self] }
                    set { self[Batcher.self] = newValue }
                }
            }
            struct Feed { @Dependency(\\.batcher) var batcher; func close() { batcher.flush() } }
            """, findings: [
                "1️⃣": "[unused-injection] `notifier` is injected into `Batcher` with `@Dependency(\\.notifier)`, but nothing reads it",
            ]))
    }

    /// Quick's `QuickSpec` is a known base class (a subclass of `XCTestCase`): a spec's injected mocks are judged.
    @Test func aQuickSpecsInjectionsAreJudged() {
        check(RuleExample("""
            import Quick
            import Resolver
            final class FeedModelSpec: QuickSpec {
                @LazyInjected var loader: FeedLoaderMock
                @LazyInjected var 1️⃣clock: ClockMock
                override class func spec() {}
                func stub() { loader.result = [] }
            }
            """, findings: [
                "1️⃣": "[unused-injection] `clock` is injected into `FeedModelSpec` with `@LazyInjected`, but nothing reads it",
            ]))
    }

    /// Two assemblies register one type that nothing asks for: both registrations are dead, and both are said.
    @Test func everyRegistrationOfAnUnusedTypeIsReported() {
        check(RuleExample(files: [
            "CheckoutAssembly.swift": """
                import Swinject
                final class CheckoutAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Basket.self) { _ in Basket() }
                        container.1️⃣register(Voucher.self) { _ in Voucher() }
                    }
                }
                final class Voucher {}
                """,
            "StoreAssembly.swift": """
                import Swinject
                final class StoreAssembly: Assembly {
                    func assemble(container: Container) {
                        container.2️⃣register(Voucher.self) { _ in Voucher() }
                    }
                }
                @main final class Shop {
                    static func main() { _ = Assembler([CheckoutAssembly(), StoreAssembly()]).resolver.resolve(Basket.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Voucher` is registered with Swinject in `CheckoutAssembly`, but nothing resolves or injects it",
            "2️⃣": "[unused-registration] `Voucher` is registered with Swinject in `StoreAssembly`, but nothing resolves or injects it",
        ]))
    }
}
