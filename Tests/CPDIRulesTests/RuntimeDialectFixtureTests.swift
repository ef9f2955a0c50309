import CPDIRules
import Testing

/// The run-time dialects as apps write them, each fixture with every finding cpdi must report on it and
/// nothing more (SPEC §4b, run-time styles). Written for cpdi; shapes seen in public apps are marked so.
@Suite struct RuntimeDialectFixtureTests {
    private func check(_ example: RuleExample, sourceLocation: SourceLocation = #_sourceLocation) {
        expectExactFindings(example, sourceLocation: sourceLocation)
    }

    @Test func swiftDependencies() {
        check(RuleExample(files: [
            "Clients.swift": """
                import Dependencies
                import DependenciesMacros
                @DependencyClient
                struct SpeechClient {
                    var transcribe: @Sendable (URL) async throws -> String
                }
                extension SpeechClient: TestDependencyKey {
                    static let testValue = SpeechClient()
                }
                struct Haptics { var tap: @Sendable () -> Void }
                extension Haptics: DependencyKey { static let liveValue = Haptics(tap: {}) }
                struct Archive { var save: @Sendable () -> Void }
                extension Archive: DependencyKey { static let liveValue = Archive(save: {}) }
                extension DependencyValues {
                    var speech: SpeechClient {
                        get { self[SpeechClient.self] }
                        set { self[SpeechClient.self] = newValue }
                    }
                    var 1️⃣archive: Archive {
                        get { self[Archive.self] }
                        set { self[Archive.self] = newValue }
                    }
                }
                """,
            "Live.swift": """
                import Dependencies
                // The live value lives in another file, as in apps that split interface and implementation.
                extension SpeechClient: DependencyKey {
                    static let liveValue = SpeechClient(transcribe: { _ in "" })
                }
                """,
            "Recorder.swift": """
                import Dependencies
                @main struct Recorder {
                    @Dependency(\\.speech) var speech
                    @Dependency(Haptics.self) var haptics
                    @Dependency(\\.continuousClock)
                    private var 2️⃣clock
                    @Dependency(\\.date.now) static var launchedAt
                    func stop(_ url: URL) async throws -> String {
                        @Dependency(\\.uuid) var uuid
                        @Dependency(\\.locale) var 3️⃣locale
                        haptics.tap()
                        return try await speech.transcribe(url) + uuid().uuidString + "\\(Self.launchedAt)"
                    }
                    func preview() {
                        withDependencies { $0.archive.save = {} } operation: { _ = Recorder() }
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `\\.archive` is declared on `DependencyValues`, but nothing injects it with `@Dependency(\\.archive)` or reads it",
            "2️⃣": "[unused-injection] `clock` is injected into `Recorder` with `@Dependency(\\.continuousClock)`, but nothing reads it",
            "3️⃣": "[unused-injection] `locale` is injected into `Recorder` with `@Dependency(\\.locale)`, but nothing reads it",
        ]))
    }

    /// A key with a test value only, in the app itself: the app reads its test value.
    @Test func swiftDependenciesKeyWithoutLiveValue() {
        check(RuleExample("""
            import Dependencies
            struct Push { var register: @Sendable () -> Void }
            extension Push: TestDependencyKey { static let testValue = Push(register: {}) }
            extension DependencyValues {
                var push: Push {
                    get { self[Push.self] }
                    set { self[Push.self] = newValue }
                }
            }
            @main struct App {
                @Dependency(1️⃣\\.push) var push
                func launch() { push.register() }
            }
            """, findings: [
                "1️⃣": "[unprovided-dependency] `\\.push` is injected into `App`, but its key `Push` has no `liveValue`; reading `push` in the app falls back to its test value",
            ]))
    }

    /// A library package scanned alone: its public keys and injections may serve its clients.
    @Test func swiftDependenciesLibraryWithoutAnApp() {
        check(RuleExample("""
            import Dependencies
            public struct Push { public var register: @Sendable () -> Void }
            extension Push: TestDependencyKey { public static let testValue = Push(register: {}) }
            extension DependencyValues {
                public var push: Push {
                    get { self[Push.self] }
                    set { self[Push.self] = newValue }
                }
            }
            public struct PushModel {
                @Dependency(\\.push) public var push
                public init() {}
            }
            """))
    }

    @Test func swinject() {
        check(RuleExample(files: [
            "Assembly.swift": """
                import Swinject
                import SwinjectAutoregistration
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Networking.self) { _ in URLNetwork() }
                        container.register(Store.self, name: "disk") { _ in DiskStore() }
                        container.register(Player.self) { (r, url: URL) in Player(url: url, network: r.resolve(Networking.self)!) }
                        container.autoregister(Feed.self, initializer: Feed.init)
                        container.register(Cache.self) { r in Cache(store: r ~> (Store.self, name: "disk")) }
                        container.1️⃣register(Tracker.self) { _ in Tracker() }
                    }
                }
                struct Feed {
                    init(network: Networking, cache: Cache) {}
                }
                final class Tracker {}
                """,
            "Screens.swift": """
                import Swinject
                final class Screens {
                    let resolver: Resolver
                    init(resolver: Resolver) { self.resolver = resolver }
                    func feed() -> Feed { resolver.resolve(Feed.self)! }
                    func player(_ url: URL) -> Player? { resolver.resolve(Player.self, argument: url) }
                    func broken() -> Player? { resolver.2️⃣resolve(Player.self) }
                    func memory() -> Store { resolver.3️⃣resolve(Store.self, name: "memory")! }
                    func logger() -> Logger? { resolver.resolve(Logger.self) ?? nil }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Tracker` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
            "2️⃣": "[unprovided-dependency] `Player` is resolved in `Screens` with Swinject, but it is registered only as `Player with 1 argument`; it returns nil",
            "3️⃣": "[unprovided-dependency] `Store (name: \"memory\")` is resolved in `Screens` with Swinject, but it is registered only as `Store (name: \"disk\")`; it returns nil",
        ]))
    }

    /// An app's own wrapper over the container, with its own labels: the argument count cannot be read.
    @Test func swinjectBehindAnAppsOwnResolveWrapper() {
        check(RuleExample("""
            import Swinject
            final class SceneAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(HomeViewModel.self) { (r, injectable: HomeViewModel.Injectable) in HomeViewModel(injectable: injectable) }
                }
            }
            final class HomeCoordinator {
                let injector: Injector
                func start() { let model = injector.resolve(HomeViewModel.self, injectable: .init(onClose: {})); show(model) }
            }
            """))
    }

    @Test func resolver() {
        check(RuleExample(files: [
            "Registrations.swift": """
                import Resolver
                extension Resolver: ResolverRegistering {
                    public static func registerAllServices() {
                        register { Session() }.scope(.application)
                        register { KeychainTokens() }.implements(TokenProviding.self)
                        register(name: .remote) { Catalog(source: "remote") }
                        register { Profile(session: resolve(), tokens: resolve()) }
                        1️⃣register { LegacySync() }
                    }
                }
                struct Profile {
                    let session: Session
                    let tokens: TokenProviding
                }
                final class LegacySync {}
                """,
            "ProfileView.swift": """
                import Resolver
                final class ProfileView {
                    @Injected var profile: Profile
                    @Injected(name: .remote) var catalog: Catalog
                    @LazyInjected private var 2️⃣store: Session
                    @OptionalInjected var offline: OfflineStore?
                    @Injected var 3️⃣missing: 4️⃣Analytics
                    func title() -> String { profile.session.name + catalog.source + (offline == nil ? "" : "!") + "\\(missing)" }
                }
                protocol Analytics {}
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `LegacySync` is registered with Resolver in `Resolver`, but nothing resolves or injects it",
            "2️⃣": "[unused-injection] `store` is injected into `ProfileView` with `@LazyInjected`, but nothing reads it",
            "4️⃣": "[unprovided-dependency] `Analytics` is injected into `ProfileView` with `@Injected`, but nothing registers it; reading `missing` crashes",
        ]))
    }

    /// Other libraries' `register { … }` (a reactive library's delegate proxies) are not Resolver's when
    /// nothing imports Resolver or names it. Seen in two public apps.
    @Test func otherLibrariesRegisterClosuresAreNotResolvers() {
        check(RuleExample("""
            import RxCocoa
            final class ScannerDelegateProxy: DelegateProxy<Scanner, ScannerDelegate>, DelegateProxyType {
                init(scanner: Scanner) { super.init(parentObject: scanner, delegateProxy: ScannerDelegateProxy.self) }
                static func registerKnownImplementations() {
                    self.register { ScannerDelegateProxy(scanner: $0) }
                    register { ScannerDelegateProxy(scanner: $0) }
                }
            }
            func settle(_ promise: Promise) { promise.resolve() }
            """))
    }

    /// A lookup whose type cpdi cannot tell: what it finds may be any registration, so none is called unused.
    @Test func resolverWithALookupOfUnknownType() {
        check(RuleExample("""
            import Resolver
            extension Resolver: ResolverRegistering {
                public static func registerAllServices() {
                    register { Session() }
                    register { LegacySync() }
                }
            }
            final class Screen {
                var session: Session?
                func load() { session = resolve() }
            }
            """))
    }

    @Test func factory() {
        check(RuleExample(files: [
            "Container+Services.swift": """
                import Factory
                extension Container {
                    var network: Factory<Network> { self { Network() }.singleton }
                    var 1️⃣legacyCache: Factory<Cache> { self { Cache() } }
                    var 2️⃣previewData: Factory<PreviewData> { self { PreviewData() } }
                    var push: Factory<PushService?> { self { nil } }
                    var lateToken: Factory<Token?> { self { nil } }
                    var player: ParameterFactory<URL, Player> { self { Player(url: $0, network: self.network()) } }
                }
                final class FeatureContainer: SharedContainer {
                    static let shared = FeatureContainer()
                    let manager = ContainerManager()
                }
                extension FeatureContainer {
                    var search: Factory<Search> { self { Search() } }
                }
                """,
            "Inbox.swift": """
                import Factory
                final class InboxModel {
                    @Injected(\\.network) var network
                    @Injected(3️⃣\\.push) var push
                    @Injected(\\.lateToken) var token
                    @LazyInjected(\\FeatureContainer.search) var search
                    @WeakLazyInjected(\\.network) var 4️⃣spare
                    func load() -> Player { _ = (push, token, search.query, network); return Container.shared.player(URL(fileURLWithPath: "/")) }
                }
                func launch() {
                    Container.shared.lateToken.register { Token() }
                    Container.shared.previewData.register { PreviewData() }
                    Container.shared.previewData.reset(.registration)
                    Container.shared.legacyCache.reset()
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `\\.legacyCache` is declared on `Container`, but nothing injects it with `@Injected(\\.legacyCache)` or reads it",
            "2️⃣": "[unused-registration] `\\.previewData` is declared on `Container`, but nothing injects it with `@Injected(\\.previewData)` or reads it",
            "3️⃣": "[unprovided-dependency] `\\.push` is injected into `InboxModel`, but `Container.push` only promises a value (`{ nil }`) and nothing registers one; reading `push` finds nil",
            "4️⃣": "[unused-injection] `spare` is injected into `InboxModel` with `@WeakLazyInjected(\\.network)`, but nothing reads it",
        ]))
    }

    /// An injected property of a generic base class read by a subclass, in an extension, inside a task.
    @Test func factoryReadsBySubclassesOfGenericBases() {
        check(RuleExample(files: [
            "Base.swift": """
                import Factory
                class ListModel<Item> {
                    @LazyInjected(\\.network) var network
                    @LazyInjected(\\.resolver) private var resolver
                    func refresh() async {
                        guard let resolver = resolver as? URLResolver else { return }
                        _ = resolver
                    }
                }
                final class SongsModel: ListModel<Song> {}
                """,
            "Songs.swift": """
                extension SongsModel {
                    func play() { Task { [weak self] in guard let self else { return }; network.fetch() } }
                }
                """,
        ]))
    }

    @Test func handWrittenKeys() {
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
                struct NetworkKey: InjectionKey { static var currentValue: Networking = URLNetwork() }
                struct FlagsKey: InjectionKey { static var currentValue: Flags = Flags() }
                extension InjectedValues {
                    var network: Networking {
                        get { Self[NetworkKey.self] }
                        set { Self[NetworkKey.self] = newValue }
                    }
                    var 1️⃣flags: Flags {
                        get { Self[FlagsKey.self] }
                        set { Self[FlagsKey.self] = newValue }
                    }
                }
                """,
            "Feed.swift": """
                struct FeedModel {
                    @Injected(\\.network) var network
                    @Injected(\\.network) private var 2️⃣backup
                    func load() { network.get("/feed") }
                }
                func stubForTests() { InjectedValues[\\.flags] = Flags() }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `\\.flags` is declared on `InjectedValues`, but nothing injects it with `@Injected(\\.flags)` or reads it",
            "2️⃣": "[unused-injection] `backup` is injected into `FeedModel` with `@Injected(\\.network)`, but nothing reads it",
        ]))
    }

    /// `@Inject(Key.self)` of keys registered with `Module(Key.self) { … }`, locals included.
    @Test func handWrittenKeyTypesRegisteredInModules() {
        check(RuleExample("""
            struct AuthKey: InjectionKey { typealias Value = Auth }
            struct StoreKey: InjectionKey { typealias Value = Store }
            struct OldKey: InjectionKey { typealias Value = Old }
            func registerServices() {
                Container.shared.register {
                    Module(AuthKey.self) { Auth() }
                    Module(StoreKey.self) {
                        @Inject(AuthKey.self) var auth: Auth
                        return Store(auth: auth)
                    }
                    1️⃣Module(OldKey.self) { Old() }
                }
            }
            struct LoginView {
                init() {
                    @Inject(StoreKey.self) var store: Store
                    @Inject(AuthKey.self) var 2️⃣auth: Auth
                    model = LoginModel(store: store)
                }
            }
            """, findings: [
                "1️⃣": "[unused-registration] `OldKey` is registered, but nothing injects it",
                "2️⃣": "[unused-injection] `auth` is injected into `LoginView` with `@Inject(AuthKey.self)`, but nothing reads it",
            ]))
    }

    /// A key-path wrapper over a container that conforms to Has-protocols: a key read is a read of the leaf.
    @Test func keyPathWrapperOverAHasContainer() {
        check(RuleExample("""
            protocol HasNetwork { var network: Network { get } }
            protocol HasClock { var clock: Clock { get } }
            final class AppContainer: HasNetwork, HasClock {
                static let shared = AppContainer()
                let network = Network()
                let clock = Clock()
            }
            @propertyWrapper struct Provided<T> {
                private let keyPath: KeyPath<AppContainer, T>
                init(_ keyPath: KeyPath<AppContainer, T>) { self.keyPath = keyPath }
                var wrappedValue: T { AppContainer.shared[keyPath: keyPath] }
            }
            final class FeedModel {
                @Provided(\\.network) var network: Network
                @Provided(\\.clock) var clock: Clock
                func load() { network.fetch(at: clock.now) }
            }
            """))
    }

    /// What teams write to keep something on purpose, and declarations that readers cannot all be seen for.
    @Test func keptOnPurposeAndReadOutOfSight() {
        check(RuleExample("""
            // periphery:ignore:all
            import Resolver
            final class Screen {
                @Injected var analytics: Analytics
            }
            """))
        check(RuleExample("""
            import Resolver
            protocol Tracking { var tracker: Tracker { get } }
            class Screen: Tracking {
                @Injected var tracker: Tracker
                // periphery:ignore
                @Injected private var analytics: Analytics
                @Injected @objc dynamic var observed: Observed
                @Injected private var 1️⃣legacy: Legacy
            }
            extension Tracking { func track() { tracker.send() } }
            """, findings: [
                "1️⃣": "[unused-injection] `legacy` is injected into `Screen` with `@Injected`, but nothing reads it",
            ]))
    }
}
