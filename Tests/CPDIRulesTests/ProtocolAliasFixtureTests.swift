import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// An alias a protocol declares in the app's own words (`typealias Context = …` in `DecoderProtocol`), which each
/// conformer writes bare as its own `Context`. Its name is learnt, so it is followed in every conformer, and what
/// all of them read decides what the alias needs.
@Suite struct ProtocolAliasFixtureTests {
    static let protocols = """
        public protocol HasLogger { var logger: Logger { get } }
        public protocol HasStore { var store: Store { get } }
        public protocol HasNetwork { var network: Network { get } }
        public final class Logger { public func log(_ line: String) {} }
        public final class Store { public func save() {} }
        public final class Network { public func send() {} }
        """

    /// Two conformers read two of the three leaves between them; a third stores the value and never reads it.
    @Test func aProtocolsAliasIsJudgedOverAllItsConformers() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "DecoderProtocol.swift": """
                public protocol DecoderProtocol: AnyObject {
                    typealias Context = HasLogger & HasNetwork & 1️⃣HasStore
                    init(appContext: Context)
                    func decode()
                }
                """,
            "JSONDecoder.swift": """
                final class JSONDecoder: DecoderProtocol {
                    private let appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func decode() { appContext.logger.log("json") }
                }
                """,
            "FeedDecoder.swift": """
                final class FeedDecoder: DecoderProtocol {
                    private let appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func decode() { appContext.network.send() }
                }
                """,
            "PlainDecoder.swift": """
                final class PlainDecoder: DecoderProtocol {
                    private let 2️⃣appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func decode() {}
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasStore` in `DecoderProtocol.Context` is not used by any of `FeedDecoder`, `JSONDecoder` and `PlainDecoder` nor needed by a component they forward to",
            "2️⃣": "[unused-dependencies-property] `PlainDecoder` stores `appContext` but never reads it or hands it on",
        ]))
    }

    /// Every conformer takes the protocol's alias, so the alias is theirs together: a leaf none of them reads and only
    /// a child of one needs is told to give way to the child's alias. The code fixed that way type-checks.
    @Test func aProtocolsAliasIsToldToForwardWhatOnlyAConformersChildNeeds() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "DecoderProtocol.swift": """
                protocol DecoderProtocol: AnyObject {
                    typealias Context = HasLogger & 1️⃣HasStore
                    init(appContext: Context)
                    func decode()
                }
                """,
            "Decoders.swift": """
                final class SaveStep {
                    typealias Context = HasStore
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func run() { appContext.store.save() }
                }
                final class JSONDecoder: DecoderProtocol {
                    private let appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func decode() { appContext.logger.log("json"); SaveStep(appContext: appContext).run() }
                }
                final class FeedDecoder: DecoderProtocol {
                    private let appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func decode() { appContext.logger.log("feed") }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` is in `DecoderProtocol.Context` only for `SaveStep`; forward `SaveStep.Context` instead",
        ]))
    }

    /// An alias nested in a type and taken by two of its static factories is that type's: what only a child of one
    /// factory needs is told to give way to the child's alias. The code fixed that way type-checks.
    @Test func anAliasTheStaticFactoriesOfItsTypeShareIsTheirs() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Requests.swift": """
                enum Requests {
                    typealias Context = HasLogger & 1️⃣HasNetwork
                    static func feed(context: Context) -> Upload { context.logger.log("feed"); return Upload(context: context) }
                    static func profile(context: Context) { context.logger.log("profile") }
                }
                final class Upload {
                    typealias Context = HasNetwork
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func send() { context.network.send() }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasNetwork` is in `Requests.Context` only for `Upload`; forward `Upload.Context` instead",
        ]))
    }

    /// A public protocol's alias is as public as the protocol, though it is written without `public`: composing an
    /// internal child's alias into it would not build ("type alias cannot be declared public because its underlying
    /// type uses an internal type"), so direct-child-dependency does not advise it.
    @Test func aPublicProtocolsAliasIsNotToldToComposeAnInternalChildsAlias() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "SyncProtocol.swift": """
                public protocol SyncProtocol: AnyObject {
                    typealias Context = HasLogger & HasStore
                    init(appContext: Context)
                }
                public final class Sync: SyncProtocol {
                    private let appContext: Context
                    public init(appContext: Context) { self.appContext = appContext }
                    func run() {
                        appContext.logger.log("sync")
                        StoreHelper(appContext: appContext).flush()
                    }
                }
                final class StoreHelper {
                    typealias Context = HasStore
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func flush() { appContext.store.save() }
                }
                """,
        ]))
    }

    /// A requirement that takes the alias (`func fetch(context: Context)`) has no body: what it needs is up to the
    /// conformers' implementations, so the alias is not judged.
    @Test func anAliasARequirementTakesIsNotJudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Fetching.swift": """
                protocol Fetching {
                    typealias Context = HasLogger & HasStore
                    func fetch(appContext: Context)
                }
                final class Fetcher {
                    private let appContext: Fetching.Context
                    init(appContext: Fetching.Context) { self.appContext = appContext }
                    func run() { appContext.logger.log("fetch") }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Fetching.fetch"]?.notJudged.map(\.detail) == [
            "its alias `Fetching.Context` is taken by `Fetching.fetch`, a requirement with no body, which conformers may meet reading anything",
        ])
    }
}
