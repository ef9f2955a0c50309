import CPDIFacts
import CPDIGraph

/// An empty protocol that only inherits dependencies, where a type alias belongs.
public struct ProtocolComposition: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "protocol-composition",
        defaultSeverity: .warning,
        summary: "A protocol with no requirements of its own only inherits others; compose them with a type alias.",
        explanation: """
            `protocol FooDependencies: A & B {}` looks like an alias but is a new nominal type: every \
            container must now conform to it by name, and once two such protocols that share members \
            are combined the compiler reports conformances it cannot reconcile. A type alias composes \
            the same protocols without any of that and forwards cleanly. Replace the protocol with \
            `typealias FooDependencies = A & B`. Only protocols that belong to dependency injection are \
            considered (named like an alias or dependency protocol, or constraining a component), and \
            only when their parents are dependencies; a protocol that an extension gives behaviour to \
            cannot become an alias and is left alone.
            """,
        triggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol ProductImageViewDependencies { var imageLoader: ImageLoading { get } }
                protocol 1️⃣ProductDetailViewDependencies: TrackingDependency & ProductImageViewDependencies {}
                """,
                findings: ["1️⃣": "`ProductDetailViewDependencies` declares nothing of its own and only inherits `TrackingDependency` and `ProductImageViewDependencies`; make it `typealias ProductDetailViewDependencies = TrackingDependency & ProductImageViewDependencies`"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ProductDetailViewDependencies = TrackingDependency & LoggingDependency
                // Adds a requirement of its own.
                protocol CheckoutDependencies: TrackingDependency { var payments: Payments { get } }
                // Not dependency injection.
                protocol Duplex: Inbound, Outbound {}
                // An extension gives it behaviour, which an alias cannot have.
                protocol ReportingDependencies: TrackingDependency, LoggingDependency {}
                extension ReportingDependencies { func report() { logger.log("x"); tracker.track("x") } }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let symbols = model.symbols
        let conventions = model.conventions
        let constraining = Set(model.components.values.flatMap { $0.requirements.map(\.name) })
        return symbols.sortedProtocolNames.compactMap { name in
            let declared = symbols.protocols[name]!
            let proto = declared.fact
            let simple = LeafName.simple(name)
            // A mock generator needs a protocol to write the mock for; a type alias gives it none.
            guard proto.declaresNothingOfItsOwn, !proto.inheritedTypes.isEmpty, !proto.generatesMock,
                conventions.isAliasName(simple) || conventions.isDependencyProtocolName(simple) || constraining.contains(name),
                !(symbols.typeDeclarations[name] ?? []).contains(where: { $0.fact.kind == .extension }),
                proto.inheritedTypes.contains(where: { isDependency($0.name, scope: name, model: model) })
            else { return nil }
            let parents = proto.inheritedTypes.map(\.name)
            let composition = parents.joined(separator: " & ")
            return finding(
                file: declared.file, at: proto.position,
                "`\(name)` declares nothing of its own and only inherits \(listed(parents, limit: .max)); make it `typealias \(simple) = \(composition)`",
                component: name, member: name,
                suggestion: "replace the protocol with `typealias \(simple) = \(composition)`"
            )
        }
    }

    private func isDependency(_ name: String, scope: String, model: DependencyModel) -> Bool {
        let symbols = model.symbols
        switch symbols.resolve(name, from: scope) {
        case .alias(let alias): return symbols.dependencyAliases.contains(alias)
        case .protocolType(let proto): return !(symbols.leafSets[proto] ?? []).isDisjoint(with: symbols.leafNames)
            || model.conventions.isDependencyProtocolName(LeafName.simple(proto))
        case .type: return false
        case nil: return model.conventions.isDependencyProtocolName(LeafName.simple(name))
        }
    }
}
