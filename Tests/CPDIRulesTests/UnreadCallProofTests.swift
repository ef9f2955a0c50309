import CPDIRules
import Testing

/// A lookup or registration must write the type it asks for or builds. So a call cpdi has never seen, of a
/// helper or a library it does not know, can only reach types written where such a call could take them:
/// `unused-registration` and `unprovided-dependency` hold only for types written nowhere else like that.
/// Each fixture uses call shapes no reader of cpdi's models (names it has never seen), and lists every
/// finding cpdi must report on it and nothing more (SPEC §4b).
@Suite struct UnreadCallProofTests {
    /// A stray `}` closes `assemble` early and leaves the last registrations in the class body, where the
    /// parser keeps them as code it could not place: they may register what is looked up, so nothing is
    /// called unprovided. The lookup of a type that file never writes still is.
    @Test func aFileThatDoesNotParseMayRegisterAnyTypeItWrites() {
        expectExactFindings(RuleExample(files: [
            "FlowAssembly.swift": """
                import Swinject
                final class FlowAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(HomeModel.self) { _ in HomeModel() }

                        }

                        container.register(SigninModel.self) { _ in SigninModel() }
                    }
                }
                """,
            "Flows.swift": """
                import Swinject
                final class HomeModel {}
                final class SigninModel {}
                final class AboutModel {}
                final class Flows {
                    let container: Container
                    init(container: Container) { self.container = container }
                    func start() {
                        _ = container.resolve(HomeModel.self)
                        _ = container.resolve(SigninModel.self)
                        _ = container.1️⃣resolve(AboutModel.self)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `AboutModel` is resolved in `Flows` with Swinject, but nothing registers it; it returns nil",
        ]))
    }

    /// Clock is looked up by a helper cpdi does not know, Weather is a generic argument, Agenda is held by a
    /// wrapper cpdi does not know: any of them may be a lookup. Ledger is only built and inherited, Inbox only
    /// built and stored in a plain property: nothing could ask the container for them.
    @Test func aRegistrationWrittenWhereAnUnreadLookupMayAskForItIsNotCalledUnused() {
        expectExactFindings(RuleExample(files: [
            "AppAssembly.swift": """
                import Swinject
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Feed.self) { _ in Feed() }
                        container.register(Clock.self) { _ in Clock() }
                        container.register(Weather.self) { _ in Weather() }
                        container.register(Agenda.self) { _ in Agenda() }
                        container.1️⃣register(Ledger.self) { _ in Ledger() }
                        container.2️⃣register(Inbox.self) { _ in Inbox() }
                    }
                }
                """,
            "Types.swift": """
                class Book {}
                final class Feed {}
                final class Clock {}
                final class Weather {}
                final class Agenda {}
                final class Ledger: Book {}
                final class Inbox {}
                extension Ledger { func total() -> Int { 0 } }
                """,
            "Screens.swift": """
                import Swinject
                struct Panel<Model> { let model: Model }
                final class Home {
                    let container: Container
                    private let inbox: Inbox
                    @Provided var agenda: Agenda
                    init(container: Container) {
                        self.container = container
                        self.inbox = Inbox()
                    }
                    func show() {
                        _ = container.resolve(Feed.self)
                        _ = container.locate(Clock.self)
                        _ = Panel<Weather>(model: container.fetch())
                        _ = Ledger().total()
                        _ = (inbox, agenda)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Ledger` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
            "2️⃣": "[unused-registration] `Inbox` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
        ]))
    }

    /// Clock is built in a closure handed to a call cpdi does not know, Weather handed to one by its type,
    /// Almanac named by a type alias, Gadget declared nowhere (a library may register it): any of them may be
    /// registered. Ledger is only stored, built in a plain method and returned by a function that looks it up:
    /// nothing could register it, and the lookup returns nil.
    @Test func aLookupWrittenWhereAnUnreadRegistrationMayBuildItIsNotCalledUnregistered() {
        expectExactFindings(RuleExample(files: [
            "AppAssembly.swift": """
                import Swinject
                typealias Forecast = Almanac
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Feed.self) { _ in Feed() }
                        container.bind { _ in Clock() }
                        container.add(Weather.self)
                        container.put(Forecast.self)
                    }
                }
                """,
            "Types.swift": """
                final class Feed {}
                final class Clock {}
                final class Weather {}
                final class Almanac {}
                final class Ledger {}
                """,
            "Screens.swift": """
                import Swinject
                final class Home {
                    let container: Container
                    private var ledger: Ledger
                    init(container: Container) {
                        self.container = container
                        self.ledger = Ledger()
                    }
                    func reset() { ledger = Ledger() }
                    func current() -> Ledger? {
                        let found = container.1️⃣resolve(Ledger.self)
                        return found
                    }
                    func show() {
                        _ = container.resolve(Feed.self)
                        _ = container.resolve(Clock.self)
                        _ = container.resolve(Weather.self)
                        _ = container.resolve(Almanac.self)
                        _ = container.resolve(Gadget.self)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unprovided-dependency] `Ledger` is resolved in `Home` with Swinject, but nothing registers it; it returns nil",
        ]))
    }

    /// One last name, several types: `Settings.ViewModel` is registered and nothing asks for it by that name,
    /// but a lookup of `Home.ViewModel` (or of `ViewModel` in a type cpdi scopes wrongly) may be it written
    /// another way; `Profile.ViewModel` is looked up and registered by no name cpdi reads as it, but the
    /// registration of `Home.ViewModel` may be it. Neither is judged; the plain `Ledger` still is.
    @Test func aRegistrationAndALookupOfOneLastNameAreNotJudgedApart() {
        expectExactFindings(RuleExample(files: [
            "AppAssembly.swift": """
                import Swinject
                enum Home { final class ViewModel {} }
                enum Settings { final class ViewModel {} }
                enum Profile { final class ViewModel {} }
                final class Ledger {}
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Home.ViewModel.self) { _ in Home.ViewModel() }
                        container.register(Settings.ViewModel.self) { _ in Settings.ViewModel() }
                        container.1️⃣register(Ledger.self) { _ in Ledger() }
                    }
                }
                """,
            "Screens.swift": """
                import Swinject
                final class Screens {
                    let container: Container
                    init(container: Container) { self.container = container }
                    func home() -> Home.ViewModel? { container.resolve(Home.ViewModel.self) }
                    func profile() -> Profile.ViewModel? { container.resolve(Profile.ViewModel.self) }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-registration] `Ledger` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
        ]))
    }

    /// A type declared outside the sources is written by the library that declares it: a lookup cpdi does not
    /// read may hand its value to that library (`Client(session: locator.get())`), so its registration is not
    /// judged. Ledger, the app's own type, still is.
    @Test func aRegistrationOfALibrarysTypeIsNotJudged() {
        expectExactFindings(RuleExample("""
            import Swinject
            import Networking
            final class Ledger {}
            final class AppAssembly: Assembly {
                func assemble(container: Container) {
                    container.register(URLSession.self) { _ in URLSession.shared }
                    container.1️⃣register(Ledger.self) { _ in Ledger() }
                }
            }
            final class Feed {
                let client = Client(session: Locator.shared.get())
            }
            """, findings: [
                "1️⃣": "[unused-registration] `Ledger` is registered with Swinject in `AppAssembly`, but nothing resolves or injects it",
            ]))
    }
}
