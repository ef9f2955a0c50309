import CPDIGraph

/// A protocol that carries its conformers' dependencies as an associated type.
public struct AssociatedTypeDependencies: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "associatedtype-dependencies",
        defaultSeverity: .info,
        summary: "A protocol declares `associatedtype Dependencies`.",
        explanation: """
            A protocol whose extensions need dependencies mixes an implementation detail into an \
            abstract description: every conformer must store dependencies that satisfy the protocol's \
            alias, forwarding through the conformance is invisible at the call site, and protocols \
            that refine each other can tie their aliases into knots. Prefer giving the behaviour to a \
            type that is built with the dependencies it needs. Where the pattern stays, each conformer \
            must forward the protocol's alias (cpdi follows that conformance as a forward). Only \
            information, because the style guide allows it with care.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ProductComponentDependencies = LoggingDependency
                protocol 1️⃣ProductComponent {
                    associatedtype Dependencies: ProductComponentDependencies
                    var dependencies: Dependencies { get }
                }
                extension ProductComponent {
                    func log(_ text: String) { dependencies.logger.log(text) }
                }
                """,
                findings: ["1️⃣": "`ProductComponent` declares `associatedtype Dependencies`; give its behaviour to a type built with the dependencies, or make every conformer forward `ProductComponentDependencies`"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol ProductCaching {
                    associatedtype Entry: ProductCacheEntry
                    func entry(for sku: String) -> Entry?
                }
                protocol CacheDependency {
                    associatedtype Cache: ProductCaching
                    var cache: Cache { get }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        return model.symbols.sortedProtocolNames.compactMap { name in
            let declared = model.symbols.protocols[name]!
            // An unconstrained associated type that no property requirement stores is an ordinary generic
            // protocol (`func start(with services: Services)`): conformers choose their own alias, nothing forwards.
            guard let associated = declared.fact.associatedTypes.first(where: { associated in
                model.conventions.isAliasName(associated.name)
                    && (!associated.constraints.isEmpty || declared.fact.dependencyProperties.contains { $0.type?.name == associated.name })
            })
            else { return nil }
            let constraint = associated.constraints.map(\.name)
            let forward = constraint.isEmpty
                ? "make every conformer forward what `\(associated.name)` must satisfy"
                : "make every conformer forward \(listed(constraint))"
            return finding(
                file: declared.file, at: declared.fact.position,
                "`\(name)` declares `associatedtype \(associated.name)`; give its behaviour to a type built with the dependencies, or \(forward)",
                component: name, member: associated.name,
                suggestion: "move the behaviour that needs `\(associated.name)` into a type that receives the dependencies"
            )
        }
    }
}
