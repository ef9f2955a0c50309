import CPDIRules
import Testing

/// Shapes of a mixed Swift and Objective-C app (read for the change, so now in the development half): protocols
/// that headers declare, a public alias told to compose an internal one, and a dependencies parameter composed
/// with another component's alias.
@Suite struct MixedSourcesFixtureTests {
    private static let header = """
        #import <Foundation/Foundation.h>
        NS_ASSUME_NONNULL_BEGIN
        @class Session, Router;
        @protocol SessionProvider;

        /// Gives the signed-in session.
        @protocol SessionProvider <NSObject>
        @property (readonly, nonatomic) Session* session;
        @end

        @protocol RouterProvider <NSObject>
        @property (readonly, nonatomic, weak, nullable) Router* router;
        @end

        // A method imports under a name derived from its selector: not written for Swift.
        @protocol TrackerProvider <NSObject>
        - (void)trackScreenWithName:(NSString *)name;
        @end
        NS_ASSUME_NONNULL_END
        """

    /// An alias composing protocols a header declares is judged like one composing Swift protocols.
    @Test func protocolsAnObjectiveCHeaderDeclaresAreJudged() {
        expectExactFindings(RuleExample(files: [
            "Providers.h": Self.header,
            "Screen.swift": """
                final class Session { var token = "" }
                final class Router { func open() {} }
                final class ProfileScreen {
                    typealias Environment = SessionProvider & 1️⃣RouterProvider
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func show() { _ = environment.session.token }
                }
                """,
        ], findings: ["1️⃣": "[unused-dependency] `RouterProvider` in `ProfileScreen.Environment` is not used by `ProfileScreen` nor needed by a component it forwards to"]))
    }

    /// A header protocol with a method is not written for Swift, so an alias composing it is not judged.
    @Test func aHeaderProtocolWithAMethodLeavesItsComposersUnjudged() {
        expectExactFindings(RuleExample(files: [
            "Providers.h": Self.header,
            "Screen.swift": """
                final class Session { var token = "" }
                final class Router { func open() {} }
                final class AboutScreen {
                    typealias Environment = SessionProvider & RouterProvider & TrackerProvider
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func show() { _ = environment.session.token }
                }
                """,
        ]))
    }

    /// `public typealias Environment` cannot compose an internal child's alias: the advice would not build, so
    /// direct-child-dependency keeps quiet. A protocol's alias is as visible as the protocol, so composing a
    /// public protocol's alias is advised.
    @Test func aChildAliasLessVisibleThanTheParentsIsNotAdvised() {
        expectExactFindings(RuleExample(files: [
            "Outline.swift": """
                public protocol HasConfig { var config: Config { get } }
                public protocol HasStyles { var styles: Styles { get } }
                public final class Config {}
                public final class Styles {}
                final class OutlineTable {
                    typealias Environment = HasConfig
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func show() { _ = environment.config }
                }
                public final class Outline {
                    public typealias Environment = HasStyles & HasConfig
                    let environment: Environment
                    public init(environment: Environment) { self.environment = environment }
                    func show() { _ = environment.styles; _ = OutlineTable(environment: environment) }
                }
                public protocol Fetching {
                    typealias Environment = HasConfig
                    func fetch(environment: Environment)
                }
                public final class Catalog {
                    public typealias Environment = HasStyles & 1️⃣HasConfig
                    let environment: Environment
                    let fetcher: Fetching
                    public init(environment: Environment, fetcher: Fetching) { self.environment = environment; self.fetcher = fetcher }
                    func show() { _ = environment.styles; fetcher.fetch(environment: environment) }
                }
                """,
        ], findings: ["1️⃣": "[direct-child-dependency] `HasConfig` is in `Catalog.Environment` only for `Fetching.fetch`; forward `Fetching.Environment` instead"]))
    }

    /// `convenience init(environment: Presenter.Environment & Environment)` hands a value that carries the
    /// presenter's alias too: what the presenter needs may come from either, so the screen is not judged.
    @Test func aParameterComposedWithAnotherAliasLeavesItsTypeUnjudged() {
        expectExactFindings(RuleExample(files: [
            "Profile.swift": """
                protocol HasSession { var session: Session { get } }
                protocol HasRouter { var router: Router { get } }
                protocol HasStyles { var styles: Styles { get } }
                final class Session {}
                final class Router {}
                final class Styles {}
                final class Presenter {
                    typealias Environment = HasSession & HasRouter
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func load() { _ = environment.session; _ = environment.router }
                }
                final class ProfileScreen {
                    typealias Environment = HasStyles & HasSession
                    private let environment: Environment
                    private let presenter: Presenter
                    convenience init(environment: Presenter.Environment & Environment) {
                        self.init(environment: environment, presenter: Presenter(environment: environment))
                    }
                    init(environment: Environment, presenter: Presenter) {
                        self.environment = environment
                        self.presenter = presenter
                    }
                    func show() { _ = environment.styles }
                }
                """,
        ]))
    }

    /// `if let owner = self` in a closure that captures `[weak self]` is the instance: its dependencies' reads are
    /// this type's, not those of every type storing a value of that name.
    @Test func aLocalBoundFromSelfReadsTheTypesOwnDependencies() {
        expectExactFindings(RuleExample(files: [
            "Header.swift": """
                protocol HasAnalytics { var analytics: Analytics { get } }
                protocol HasStyles { var styles: Styles { get } }
                final class Analytics { func track() {} }
                final class Styles { var color = 0 }
                final class HeaderView {
                    typealias Environment = HasAnalytics & 1️⃣HasStyles
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func toggle(run: (@escaping () -> Void) -> Void) {
                        run { [weak self] in
                            if let owner = self { owner.environment.analytics.track() }
                        }
                        run { [weak self] in
                            guard let weakSelf = self else { return }
                            weakSelf.environment.analytics.track()
                        }
                    }
                }
                final class Banner {
                    typealias Environment = HasStyles & 2️⃣HasAnalytics
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func paint() { _ = environment.styles.color }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasStyles` in `HeaderView.Environment` is not used by `HeaderView` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `HasAnalytics` in `Banner.Environment` is not used by `Banner` nor needed by a component it forwards to",
        ]))
    }

    /// An Objective-C protocol of Apple's frameworks cannot require a type, so conforming to one leaves the
    /// component's alias judged.
    @Test func anObjectiveCDelegateOfTheFrameworksRequiresNoAlias() {
        expectExactFindings(RuleExample(files: [
            "Feedback.swift": """
                import MessageUI
                protocol HasMailer { var mailer: Mailer { get } }
                protocol HasStyles { var styles: Styles { get } }
                final class Mailer { func send() {} }
                final class Styles {}
                final class FeedbackScreen: UIViewController, MFMailComposeViewControllerDelegate, UIAdaptivePresentationControllerDelegate {
                    typealias Environment = HasMailer & 1️⃣HasStyles
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment; super.init(nibName: nil, bundle: nil) }
                    func send() { environment.mailer.send() }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasStyles` in `FeedbackScreen.Environment` is not used by `FeedbackScreen` nor needed by a component it forwards to",
        ]))
    }

    /// A protocol of the app's own headers whose members are methods is not imported, but Objective-C has no
    /// associated types: conforming to it asks no type of the component, so its alias is judged. A requirement
    /// that takes a protocol-qualified value (`id<…>`) or an initializer could fix the alias's composition, so
    /// a conformer of such a protocol stays unjudged.
    @Test func aHeaderProtocolOfMethodsRequiresNoAlias() {
        let header = """
            @class NSDictionary;
            @protocol PushListener <NSObject>
            - (void)didReceiveRemoteNotificationWithUserInfo:(NSDictionary*)userInfo;
            @end

            @protocol SessionProvider <NSObject>
            @property (readonly, nonatomic) Session* session;
            @end

            @protocol ConfiguredListener <NSObject>
            - (void)configureWithEnvironment:(id<SessionProvider>)environment;
            @end
            """
        let swift = """
            final class Session { var token = "" }
            final class Config { var flag = false }
            protocol ConfigProvider { var config: Config { get } }

            final class PushRelay: NSObject, PushListener {
                typealias Environment = SessionProvider & 1️⃣ConfigProvider
                let environment: Environment
                init(environment: Environment) { self.environment = environment }
                func didReceiveRemoteNotification(userInfo: [AnyHashable: Any]) { _ = environment.session.token }
            }

            final class ConfiguredRelay: NSObject, ConfiguredListener {
                typealias Environment = SessionProvider & ConfigProvider
                var environment: Environment?
                func configure(with environment: SessionProvider) {}
                func show() { _ = environment?.session.token }
            }
            """
        expectExactFindings(RuleExample(files: ["Listeners.h": header, "Relay.swift": swift], findings: [
            "1️⃣": "[unused-dependency] `ConfigProvider` in `PushRelay.Environment` is not used by `PushRelay` nor needed by a component it forwards to",
        ]))
    }

    /// `Router.shared().environment.reachability` reads the environment of the instance a header's class method
    /// gives (`+ (instancetype)sharedRouter`, which Swift calls `shared()`): a `Router`, whose `environment` is no
    /// component's. So it keeps no member of the components storing an `environment` in doubt. A Swift subclass
    /// of `Router` that is a component may be that instance, and then the read still counts for it.
    @Test func aHeaderClassesSharedInstanceIsThatClass() {
        let header = """
            @class RouterEnvironment;
            @interface Router : NSObject
            + (void)setSharedRouter:(Router*)router;
            + (instancetype)sharedRouter;
            @property (readonly, strong, nonatomic) RouterEnvironment* environment;
            @end
            """
        let swift = """
            protocol ReachabilityProvider { var reachability: Reachability { get } }
            protocol StylesProvider { var styles: Styles { get } }
            final class Reachability { func isReachable() -> Bool { true } }
            final class Styles {}

            final class TranscriptView {
                typealias Environment = StylesProvider & 1️⃣ReachabilityProvider
                let environment: Environment
                init(environment: Environment) { self.environment = environment }
                func paint() { _ = environment.styles }
            }

            func isOnline() -> Bool { Router.shared().environment.reachability.isReachable() }
            """
        expectExactFindings(RuleExample(files: ["Router.h": header, "Transcript.swift": swift], findings: [
            "1️⃣": "[unused-dependency] `ReachabilityProvider` in `TranscriptView.Environment` is not used by `TranscriptView` nor needed by a component it forwards to",
        ]))
        let subclass = """
            final class ScreenRouter: Router {
                typealias Dependencies = StylesProvider & ReachabilityProvider
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func paint() { _ = dependencies.styles }
            }
            func isReachable() -> Bool { Router.shared().dependencies.reachability.isReachable() }
            """
        expectExactFindings(RuleExample(files: [
            "Router.h": header, "Transcript.swift": swift.replacingOccurrences(of: "1️⃣", with: ""), "ScreenRouter.swift": subclass,
        ]))
    }

    /// A class only a header declares is still a class: as a superclass it asks the Swift subclass for no type, so
    /// the subclass's alias is judged; as the type a leaf gives a member (`var router: Router?`), it types the
    /// holder `environment.router?`, so handing on `environment.router?.environment` is the router's hand-off, and
    /// reads no other component's stored `environment`.
    @Test func aClassAHeaderDeclaresIsAClass() {
        let header = """
            @class RouterEnvironment;
            @interface BaseController : UIViewController
            - (void)reload;
            @end
            @interface Router : NSObject
            @property (readonly, strong, nonatomic) RouterEnvironment* environment;
            @end
            @protocol RouterProvider <NSObject>
            @property (readonly, nonatomic, weak, nullable) Router* router;
            @end
            """
        let swift = """
            protocol StylesProvider { var styles: Styles { get } }
            protocol ConfigProvider { var config: Config { get } }
            final class Styles {}
            final class Config { var flag = false }
            enum PostsAPI {
                static func threads(environment: RouterEnvironment?) -> Int { 0 }
            }
            final class PostsScreen: BaseController {
                typealias Environment = StylesProvider & RouterProvider & 1️⃣ConfigProvider
                let environment: Environment
                init(environment: Environment) { self.environment = environment; super.init(nibName: nil, bundle: nil) }
                func load() -> Int { _ = environment.styles; return PostsAPI.threads(environment: environment.router?.environment) }
            }
            """
        // Nor does handing on the router's environment read another component's stored `environment`.
        let transcript = """
            final class TranscriptView {
                typealias Environment = 2️⃣StylesProvider
                let 3️⃣environment: Environment
                init(environment: Environment) { self.environment = environment }
            }
            """
        expectExactFindings(RuleExample(files: ["Router.h": header, "Posts.swift": swift, "Transcript.swift": transcript], findings: [
            "1️⃣": "[unused-dependency] `ConfigProvider` in `PostsScreen.Environment` is not used by `PostsScreen` nor needed by a component it forwards to",
            "2️⃣": "[unused-dependency] `StylesProvider` in `TranscriptView.Environment` is not used by `TranscriptView` nor needed by a component it forwards to",
            "3️⃣": "[unused-dependencies-property] `TranscriptView` stores `environment` but never reads it or hands it on",
        ]))
    }

    /// `lookup().environment.config` reads the environment of a value cpdi cannot type, which may be any
    /// component storing one, but not one whose property is `private` to another file.
    @Test func anUntypedHolderCannotReadAnotherFilesPrivateDependencies() {
        expectExactFindings(RuleExample(files: [
            "Screens.swift": """
                protocol HasConfig { var config: Config { get } }
                protocol HasStyles { var styles: Styles { get } }
                final class Config { var flag = false }
                final class Styles { var color = 0 }
                final class Banner {
                    typealias Environment = HasStyles & 1️⃣HasConfig
                    private let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func paint() { _ = environment.styles.color }
                }
                final class Footer {
                    typealias Environment = HasStyles & HasConfig
                    let environment: Environment
                    init(environment: Environment) { self.environment = environment }
                    func paint() { _ = environment.styles.color }
                }
                """,
            "Flags.swift": """
                func lookup() -> Footer { fatalError() }
                func isOn() -> Bool { lookup().environment.config.flag }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasConfig` in `Banner.Environment` is not used by `Banner` nor needed by a component it forwards to",
        ]))
    }

    /// A coordinator keeping the concrete container (`var dependencies: AppDependency`) requires no protocol, so
    /// no read of it is "declared by no protocol of its dependencies"; a container's conformances added in
    /// extensions declare what it reads.
    @Test func aComponentKeepingAConcreteContainerReadsNothingUnknown() {
        let example = RuleExample(files: [
            "Coordinator.swift": """
                protocol HasSignIn { var signIn: SignIn { get } }
                final class SignIn { func check() {} }
                final class AppDependency {
                    private let service = SignIn()
                }
                extension AppDependency: HasSignIn {
                    var signIn: SignIn { service }
                }
                final class AppCoordinator {
                    var dependencies: AppDependency
                    init(dependencies: AppDependency) { self.dependencies = dependencies }
                    func start() { dependencies.signIn.check() }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["AppCoordinator"]?.notJudged.map(\.detail) == [])
    }

    /// A protocol a header declares may break a rule (`ScreenDependencies` only inherits others), but the advice
    /// is Swift's, and the header is Objective-C: nothing is reported in a header.
    @Test func nothingIsReportedInAHeader() {
        expectExactFindings(RuleExample(files: [
            "Providers.h": """
                @protocol HasSession <NSObject>
                @property (readonly) Session* session;
                @end
                @protocol HasRouter <NSObject>
                @property (readonly) Router* router;
                @end
                @protocol ScreenDependencies <HasSession, HasRouter>
                @end
                """,
            "Screen.swift": """
                final class Session {}
                final class Router {}
                final class Screen {
                    let dependencies: ScreenDependencies
                    init(dependencies: ScreenDependencies) { self.dependencies = dependencies }
                    func show() { _ = dependencies.session; _ = dependencies.router }
                }
                """,
        ]))
    }
}
