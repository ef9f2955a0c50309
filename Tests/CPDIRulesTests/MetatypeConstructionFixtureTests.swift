import CPDIFacts
import CPDIGraph
import CPDIRules
import Testing

/// A registry keeps types, not values (`[Int: DecoderProtocol.Type]`), and builds one with `kind.init(appContext:)`.
/// The protocol's initializer requirement fixes what every conformer takes, so handing the value to that call needs
/// the protocol's alias, whichever conformer is built.
@Suite struct MetatypeConstructionFixtureTests {
    static let protocols = """
        protocol HasLogger { var logger: Logger { get } }
        protocol HasStore { var store: Store { get } }
        protocol HasNetwork { var network: Network { get } }
        final class Logger { func log(_ line: String) {} }
        final class Store { func save() {} }
        final class Network { func send() {} }
        """

    static let decoders = """
        protocol DecoderProtocol: AnyObject {
            typealias Context = HasLogger & HasStore
            init(appContext: Context)
            func decode()
        }
        final class JSONDecoder: DecoderProtocol {
            private let appContext: Context
            required init(appContext: Context) { self.appContext = appContext }
            func decode() { appContext.logger.log("json") }
        }
        final class FeedDecoder: DecoderProtocol {
            private let appContext: Context
            required init(appContext: Context) { self.appContext = appContext }
            func decode() { appContext.store.save() }
        }
        """

    /// A metatype cast to the protocol builds a conformer: the registry is judged. What neither it nor the protocol's
    /// alias needs is unused; what only the conformers need is told to give way to the protocol's alias. The code
    /// fixed that way (`typealias Context = HasLogger & DecoderProtocol.Context`) type-checks.
    @Test func anInitializerCalledOnAProtocolsMetatypeIsAHandOffToItsAlias() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Decoders.swift": Self.decoders,
            "Registry.swift": """
                final class Registry {
                    typealias Context = HasLogger & 1️⃣HasStore & 2️⃣HasNetwork
                    private let appContext: Context
                    private var kinds: [Int: AnyObject.Type] = [:]
                    init(appContext: Context) { self.appContext = appContext }
                    func decoder(for id: Int) -> DecoderProtocol? {
                        guard let kind = kinds[id] as? DecoderProtocol.Type else { return nil }
                        appContext.logger.log("decoder \\(id)")
                        return kind.init(appContext: appContext)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` is in `Registry.Context` only for `FeedDecoder` and `JSONDecoder`; forward `DecoderProtocol.Context` instead",
            "2️⃣": "[unused-dependency] `HasNetwork` in `Registry.Context` is not used by `Registry` nor needed by a component it forwards to",
        ]))
    }

    /// The same with the metatype's type written on the binding.
    @Test func aMetatypeTypedByItsAnnotationIsFollowedToo() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Decoders.swift": Self.decoders,
            "Registry.swift": """
                final class Registry {
                    typealias Context = DecoderProtocol.Context & 1️⃣HasNetwork
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func decoder() -> DecoderProtocol {
                        let kind: DecoderProtocol.Type = JSONDecoder.self
                        return kind.init(appContext: appContext)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasNetwork` in `Registry.Context` is not used by `Registry` nor needed by a component it forwards to",
        ]))
    }

    /// A metatype of a protocol declared elsewhere, or of nothing cpdi can name, builds something cpdi cannot see:
    /// the registry stays unjudged, and says why.
    @Test func aMetatypeOfAnUnknownProtocolLeavesTheRegistryUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Registry.swift": """
                import DecoderKit
                final class Registry {
                    typealias Context = HasLogger & HasNetwork
                    private let appContext: Context
                    private var kinds: [Int: AnyObject.Type] = [:]
                    init(appContext: Context) { self.appContext = appContext }
                    func decoder(for id: Int) -> ExternalDecoder? {
                        guard let kind = kinds[id] as? ExternalDecoder.Type else { return nil }
                        return kind.init(appContext: appContext)
                    }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Registry"]?.notJudged.map(\.detail) == [
            "handed to `kind.init(appContext:)`, which cpdi cannot resolve to a component",
        ])
    }

    /// The metatype comes from a function whose declaration says it returns the protocol's metatype: a method of the
    /// type a member of the dependencies is, a static method of a local's type, a method of the type around the call.
    @Test func aMetatypeAFunctionReturnsIsFollowedWhereTheReceiverSaysWhichFunction() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols + """

                protocol DecoderManaging { func decoderType(for id: Int) -> DecoderProtocol.Type? }
                protocol HasDecoderManager { var decoderManager: DecoderManaging? { get } }
                protocol ModelService: AnyObject { static func decoderClass() -> DecoderProtocol.Type }
                """,
            "Decoders.swift": Self.decoders,
            "Helpers.swift": """
                final class DecodeHelper {
                    typealias Context = HasDecoderManager & 1️⃣HasStore & 4️⃣HasLogger
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func run(id: Int) -> DecoderProtocol? {
                        guard let decoderType = self.appContext.decoderManager?.decoderType(for: id) else { return nil }
                        return decoderType.init(appContext: appContext)
                    }
                }
                final class AdapterHelper {
                    typealias Context = DecoderProtocol.Context & 2️⃣HasNetwork
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func run(_ request: AnyObject) -> DecoderProtocol? {
                        guard let service = request as? ModelService else { return nil }
                        return type(of: service).decoderClass().init(appContext: appContext)
                    }
                }
                final class Registry {
                    typealias Context = DecoderProtocol.Context & 3️⃣HasNetwork
                    private let appContext: Context
                    private var kinds: [Int: DecoderProtocol.Type] = [:]
                    init(appContext: Context) { self.appContext = appContext }
                    private func kind(for id: Int) -> DecoderProtocol.Type? { kinds[id] }
                    func decoder(for id: Int) -> DecoderProtocol? {
                        guard let kind = kind(for: id) else { return nil }
                        return kind.init(appContext: appContext)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasStore` is in `DecodeHelper.Context` only for `FeedDecoder` and `JSONDecoder`; forward `DecoderProtocol.Context` instead",
            "2️⃣": "[unused-dependency] `HasNetwork` in `AdapterHelper.Context` is not used by `AdapterHelper` nor needed by a component it forwards to",
            "3️⃣": "[unused-dependency] `HasNetwork` in `Registry.Context` is not used by `Registry` nor needed by a component it forwards to",
            "4️⃣": "[direct-child-dependency] `HasLogger` is in `DecodeHelper.Context` only for `FeedDecoder` and `JSONDecoder`; forward `DecoderProtocol.Context` instead",
        ]))
    }

    /// A function the sources do not declare on the receiver's type (here the manager is a type of another module)
    /// may return any metatype: the helper is not judged.
    @Test func aMetatypeFromAFunctionDeclaredElsewhereLeavesTheCallerUnjudged() {
        let example = RuleExample(files: [
            "Protocols.swift": Self.protocols + """

                import DecoderKit
                protocol HasDecoderManager { var decoderManager: ExternalDecoderManager? { get } }
                """,
            "Decoders.swift": Self.decoders,
            "Helpers.swift": """
                final class DecodeHelper {
                    typealias Context = HasDecoderManager & HasStore & HasLogger
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func run(id: Int) -> DecoderProtocol? {
                        guard let decoderType = appContext.decoderManager?.decoderType(for: id) else { return nil }
                        return decoderType.init(appContext: appContext)
                    }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["DecodeHelper"]?.notJudged.map(\.detail) == [
            "handed to `decoderType.init(appContext:)`, which cpdi cannot resolve to a component",
        ])
    }

    /// A conformer adopting the protocol through one that only composes it with another (which cpdi keeps as an alias)
    /// is still one the metatype may build.
    @Test func aConformerThroughACompositionProtocolIsBuiltToo() {
        expectExactFindings(RuleExample(files: [
            "Protocols.swift": Self.protocols,
            "Adapters.swift": """
                protocol AdapterProtocol: AnyObject {
                    typealias Context = HasLogger
                    init(appContext: Context)
                }
                protocol Fingerprinted { var fingerprint: String { get } }
                protocol JSONAdapterProtocol: AdapterProtocol, Fingerprinted {}
                class JSONAdapter: JSONAdapterProtocol {
                    let fingerprint = "json"
                    private let appContext: Context
                    required init(appContext: Context) { self.appContext = appContext }
                    func adapt() { appContext.logger.log(fingerprint) }
                }
                final class AdapterHelper {
                    typealias Context = AdapterProtocol.Context & 1️⃣HasStore
                    private let appContext: Context
                    init(appContext: Context) { self.appContext = appContext }
                    func adapter(_ kind: AnyObject.Type) -> AdapterProtocol? {
                        guard let adapterType = kind as? AdapterProtocol.Type else { return nil }
                        return adapterType.init(appContext: appContext)
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasStore` in `AdapterHelper.Context` is not used by `AdapterHelper` nor needed by a component it forwards to",
        ]))
    }
}
