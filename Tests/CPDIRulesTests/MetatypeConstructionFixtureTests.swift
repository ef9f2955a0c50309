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
}
