import CPDIGraph

/// A component that borrows another component's alias instead of declaring its own.
public struct AliasReuse: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "alias-reuse",
        defaultSeverity: .warning,
        summary: "A component is constrained by another component's alias instead of its own.",
        explanation: """
            An alias describes what one file needs. When a second component elsewhere is constrained \
            by it (`struct DealsView<Dependencies: HomeViewDependencies>`), the alias stops describing \
            either of them: the borrower receives far more than it uses, nothing tells which members \
            it reads, and a change to the owner silently changes the borrower. Declare the borrower's \
            own alias in its file, listing what it uses plus the aliases of the components it builds \
            (which may well include the one it borrowed). Types in the same file as the alias, types \
            nested in its owner, and helper functions of the owner, or ones that only build the owner, \
            share it legitimately and are not reported.
            """,
        triggering: [
            RuleExample(
                files: [
                    "HomeView.swift": """
                        protocol TrackingDependency { var tracker: Tracker { get } }
                        typealias HomeViewDependencies = TrackingDependency
                        struct HomeView<Dependencies: HomeViewDependencies> {
                            let dependencies: Dependencies
                            func appear() { dependencies.tracker.track("home") }
                        }
                        """,
                    "DealsView.swift": """
                        struct DealsView<Dependencies: 1️⃣HomeViewDependencies> {
                            let dependencies: Dependencies
                            func appear() { dependencies.tracker.track("deals") }
                        }
                        enum Promotions {
                            static func show<D: 2️⃣HomeViewDependencies>(dependencies: D) { dependencies.tracker.track("promo") }
                        }
                        """,
                ],
                findings: [
                    "1️⃣": "`DealsView` is constrained by `HomeViewDependencies`, the alias of `HomeView`; declare `DealsViewDependencies` in DealsView.swift and constrain `DealsView` by it",
                    "2️⃣": "`Promotions.show` is constrained by `HomeViewDependencies`, the alias of `HomeView`; declare `Promotions_showDependencies` in DealsView.swift and constrain `Promotions.show` by it",
                ]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "CartView.swift": """
                        protocol PricingDependency { var pricing: Pricing { get } }
                        typealias CartViewDependencies = PricingDependency
                        struct CartView<Dependencies: CartViewDependencies> {
                            let dependencies: Dependencies
                            var total: String { dependencies.pricing.format(1) }
                        }
                        // Same file: the alias describes this file, both types included.
                        struct CartState<Dependencies: CartViewDependencies> {
                            let dependencies: Dependencies
                        }
                        """,
                    "CartView+Preview.swift": """
                        extension CartView {
                            struct Row<D: CartViewDependencies> { let dependencies: D }
                            static func preview<D: CartViewDependencies>(dependencies: D) -> CartView<D> { CartView(dependencies: dependencies) }
                        }
                        """,
                    "Router.swift": """
                        // A factory that only builds the owner hands it exactly the owner's alias.
                        func makeCart<D: CartViewDependencies>(dependencies: D) -> some View {
                            CartView(dependencies: dependencies)
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let ownership = context.ownership
        var findings: [Finding] = []
        for name in model.sortedComponentNames {
            let component = model.components[name]!
            let files = model.codeFiles(of: component)
            for requirement in component.requirements where requirement.kind == .alias {
                guard let alias = model.symbols.aliases[requirement.name], !model.symbols.isUndeclaredAlias(requirement.name),
                    let owner = ownership.owner(of: alias.fact),
                    owner != name, !areNested(owner, name), !files.contains(alias.file),
                    !isLegitimateBorrower(name, component: component, owner: owner, ownership: ownership, model: model)
                else { continue }
                // Helpers are named with their owner (`Analytics_trackDependencies`), types on their own.
                let own = ownership.suggestedAliasName(
                    for: component.form == .function ? name.split(separator: ".").joined(separator: "_") : name
                )
                // A held spliced type's requirements are written where that type is declared.
                let file = component.heldType.flatMap { model.symbols.typeDeclarations[$0]?.first?.file } ?? component.file
                findings.append(finding(
                    file: file, at: requirement.reference.position,
                    "`\(name)` is constrained by `\(requirement.name)`, the alias of `\(owner)`; declare `\(own)` in \(fileName(component.file)) and constrain `\(name)` by it",
                    component: name, member: requirement.name,
                    suggestion: "constrain `\(name)` by its own `\(own)` (composing `\(requirement.name)` if it builds `\(owner)`)"
                ))
            }
        }
        return findings
    }

    /// A spliced type takes its component's external alias; a helper function may take the alias of
    /// the component it builds.
    private func isLegitimateBorrower(
        _ name: String, component: Component, owner: String, ownership: AliasOwnership, model: DependencyModel
    ) -> Bool {
        if ownership.isSplicedType(name) { return ownership.splicedOwner(of: name) == owner }
        // A factory that builds only the owner takes what the owner takes.
        let sharing = Set(model.owners[model.components[owner]?.ownAlias ?? ""] ?? [])
        if let children = model.scopes[name]?.children, children.contains(owner), children.subtracting(sharing).subtracting([owner]).isEmpty {
            return true
        }
        guard component.form == .function else { return false }
        return isProtocolRequirement(name, in: model)
    }


}

