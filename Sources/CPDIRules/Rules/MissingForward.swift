import CPDIFacts
import CPDIGraph

/// A child built with the dependencies whose alias the parent's alias does not compose.
public struct MissingForward: Rule {
    public init() {}

    public var spreadsOverCores: Bool { true }

    public let description = RuleDescription(
        id: "missing-forward",
        defaultSeverity: .warning,
        summary: "A component hands its dependencies to a child, but its alias does not compose the child's alias.",
        explanation: """
            When a component builds a child (or calls a helper) with its own dependencies, its alias should \
            list the child's alias: that is how a reader sees the child in the parent's requirements, and how \
            the compiler keeps them in step. When it does not, the code compiles only because other members \
            of the parent's alias happen to cover everything the child needs today. The day the child needs \
            one more dependency, the error appears in the parent, far from the change. Add the child's alias \
            to the parent's. Reported only for aliases that already forward some child's alias (an alias \
            that lists leaves only is following another convention), and only where the parent's alias \
            covers the child (otherwise the compiler already complains).
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol PricingDependency { var pricing: Pricing { get } }
                typealias PriceTagDependencies = PricingDependency
                struct PriceTag<Dependencies: PriceTagDependencies> {
                    let dependencies: Dependencies
                    var text: String { dependencies.pricing.format(1) }
                }
                typealias BadgeDependencies = LoggingDependency
                struct Badge<Dependencies: BadgeDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.logger.log("badge") }
                }
                typealias 1️⃣ProductCardDependencies = BadgeDependencies & LoggingDependency & PricingDependency
                struct ProductCard<Dependencies: ProductCardDependencies> {
                    let dependencies: Dependencies
                    var badge: Badge<Dependencies> { Badge(dependencies: dependencies) }
                    var tag: PriceTag<Dependencies> { PriceTag(dependencies: dependencies) }
                    func show() { dependencies.logger.log(dependencies.pricing.format(2)) }
                }
                """,
                findings: ["1️⃣": "`ProductCard` hands its dependencies to `PriceTag`, but `ProductCardDependencies` does not compose `PriceTagDependencies`; it compiles only because other members cover it; add `PriceTagDependencies`"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol PricingDependency { var pricing: Pricing { get } }
                typealias PriceTagDependencies = PricingDependency
                struct PriceTag<Dependencies: PriceTagDependencies> {
                    let dependencies: Dependencies
                    var text: String { dependencies.pricing.format(1) }
                }
                typealias ProductCardDependencies = PriceTagDependencies
                struct ProductCard<Dependencies: ProductCardDependencies> {
                    let dependencies: Dependencies
                    var tag: PriceTag<Dependencies> { PriceTag(dependencies: dependencies) }
                }
                """
            ),
            // A child whose alias is only another name for an alias the parent composes.
            RuleExample(
                """
                protocol HasPrices { var prices: Prices { get } }
                protocol HasCart { var cart: Cart { get } }
                struct PriceView<Dependencies: PriceView.Dependencies> {
                    typealias Dependencies = HasPrices
                    let dependencies: Dependencies
                    func show() { dependencies.prices.load() }
                }
                struct PriceCell<Dependencies: PriceCell.Dependencies> {
                    typealias Dependencies = PriceView.Dependencies
                    let dependencies: Dependencies
                    var body: PriceView<Dependencies> { PriceView(dependencies: dependencies) }
                }
                struct CartView<Dependencies: CartView.Dependencies> {
                    typealias Dependencies = PriceView.Dependencies & HasCart
                    let dependencies: Dependencies
                    func show() { dependencies.cart.open() }
                    var cell: PriceCell<Dependencies> { PriceCell(dependencies: dependencies) }
                    var price: PriceView<Dependencies> { PriceView(dependencies: dependencies) }
                }
                """
            ),
            // An alias that lists leaves only is not told to start forwarding aliases.
            RuleExample(
                """
                protocol HasClock { var clock: Clock { get } }
                final class TimerViewModel {
                    typealias Dependencies = HasClock
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func tick() { dependencies.clock.now() }
                }
                final class TimerScreen {
                    typealias Dependencies = HasClock
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func make() -> TimerViewModel { TimerViewModel(dependencies: dependencies) }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let symbols = model.symbols
        // Where stale-forward already proposes the child's alias as a replacement, that finding says it…
        var proposed: Set<String> = []
        for entry in context.aliasReview {
            if case .staleForward(_, let replacements) = entry.verdict { proposed.formUnion(replacements.map { "\(entry.alias)|\($0)" }) }
            // …and so does direct-child-dependency, which swaps a leaf for the child's alias.
            if case .onlyNeededByChildren(let needs, _) = entry.verdict { proposed.formUnion(needs.compactMap(\.alias).map { "\(entry.alias)|\($0)" }) }
        }
        // Positions in `model.forwards`, not copies: at 100,000 components the copies were 30 MB.
        let forwardsBySource = Dictionary(
            grouping: model.forwards.indices.lazy.filter {
                let forward = model.forwards[$0]
                return forward.passesOwnDependencies && forward.source != nil && !forward.isAmbiguous
            },
            by: { model.forwards[$0].source! }
        )
        // Each component on its own, on all cores; findings in component name order.
        let names = model.sortedComponentNames
        return Parallel.map(names.count) { index -> [Finding] in
            let name = names[index]
            let component = model.components[name]!
            guard let forwards = forwardsBySource[name], let aliasName = component.ownAlias, let alias = symbols.aliases[aliasName],
                AliasMemberReview.owningComponent(of: alias.fact, owners: model.owners[aliasName] ?? [], ownership: context.ownership) == name,
                !isAppWide(aliasName, in: model)
            else { return [] }
            var findings: [Finding] = []
            let members = Set(alias.fact.members.compactMap { member -> String? in
                guard case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType) else { return nil }
                return nested
            })
            // Only an alias that already forwards some child's alias is held to forwarding all of them.
            // A parent's alias composed as the child's own (`typealias Dependencies = AppDependencies`) forwards nothing.
            let children = model.scopes[name]?.children ?? []
            guard members.contains(where: { member in
                member != aliasName && (model.owners[member] ?? []).contains {
                    children.contains($0) || !AliasMemberReview.handsOn(from: $0, reaching: [name], in: model)
                }
            }) else { return [] }
            // The whole closure is walked only when a child's alias is not a direct member.
            var composed: Set<String>?
            let covered = symbols.leafSets[aliasName] ?? []
            var reported: Set<String> = []
            for forward in forwards.lazy.map({ model.forwards[$0] }) {
                guard let child = model.components[forward.target], let childAlias = child.ownAlias, childAlias != aliasName,
                    !members.contains(childAlias), !reported.contains(childAlias), !proposed.contains("\(aliasName)|\(childAlias)"),
                    let needed = symbols.leafSets[childAlias], !needed.isEmpty, needed.isSubset(of: covered),
                    AliasVisibility.mayCompose(childAlias, into: aliasName, symbols: symbols)
                else { continue }
                if composed == nil { composed = symbols.composedAliases(of: aliasName) }
                guard !composed!.contains(childAlias) else { continue }
                // `typealias Dependencies = ProductView.Dependencies`: another name for an alias this one composes.
                let synonym = Self.synonymTarget(of: childAlias, symbols: symbols)
                guard synonym == childAlias || (!members.contains(synonym) && !composed!.contains(synonym)) else { continue }
                // A child's alias that composes this one cannot be added to it: the alias would refer to
                // itself. That is a loop, which dependency-cycle reports.
                guard !symbols.composedAliases(of: childAlias).contains(aliasName) else { continue }
                reported.insert(childAlias)
                findings.append(finding(
                    file: alias.file, at: alias.fact.position,
                    "`\(name)` hands its dependencies to `\(forward.target)`, but `\(alias.fact.qualifiedName)` does not compose `\(childAlias)`; it compiles only because other members cover it; add `\(childAlias)`",
                    component: name, member: childAlias, suggestion: "add `\(childAlias)` to `\(alias.fact.qualifiedName)`",
                    fix: context.aliasEdit(aliasName, remove: [], add: [childAlias])
                ))
            }
            return findings
        }.flatMap { $0 }
    }

    /// The alias another name stands for: `typealias A = B` with `B` an alias, followed to its end.
    static func synonymTarget(of alias: String, symbols: SymbolTable) -> String {
        var current = alias
        var seen: Set<String> = [alias]
        while let fact = symbols.aliases[current]?.fact, fact.members.count == 1,
            case .alias(let next)? = symbols.resolve(fact.members[0].name, from: fact.enclosingType), seen.insert(next).inserted
        {
            current = next
        }
        return current
    }
}
