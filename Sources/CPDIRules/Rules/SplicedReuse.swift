import CPDIGraph

/// A component that holds the spliced dependencies type of another component.
public struct SplicedReuse: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "spliced-reuse",
        defaultSeverity: .warning,
        summary: "A component holds a spliced dependencies type that belongs to another component.",
        explanation: """
            A spliced type (`SplicedFooDependencies`) exists to give one component, `Foo`, dependencies \
            that live exactly as long as it does. Another component that stores the same concrete type \
            is tied to `Foo`'s scope and to every member the splice carries, and can no longer be given \
            anything else. Make the other component generic over its own alias; `Foo` passes its \
            spliced value on like any other dependencies, and the borrower sees only what its alias \
            lists. Building a spliced value to hand to its component, as a feature entry does, is how \
            splicing works and is not reported.
            """,
        triggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol RepositoryDependency { var repository: Repository { get } }
                typealias ProductDetailViewDependencies = TrackingDependency & RepositoryDependency
                typealias ProductDetailViewExternalDependencies = TrackingDependency
                struct SplicedProductDetailViewDependencies<External: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
                    private let externalDependencies: External
                    let repository: Repository
                    var tracker: Tracker { externalDependencies.tracker }
                }
                struct ProductDetailView<External: ProductDetailViewExternalDependencies> {
                    let dependencies: SplicedProductDetailViewDependencies<External>
                    var body: some View { ProductPriceView(dependencies: dependencies) }
                }
                struct ProductPriceView<External: ProductDetailViewExternalDependencies> {
                    let dependencies: 1️⃣SplicedProductDetailViewDependencies<External>
                    func appear() { dependencies.tracker.track("price") }
                }
                """,
                findings: ["1️⃣": "`ProductPriceView` holds `SplicedProductDetailViewDependencies`, the spliced dependencies of `ProductDetailView`; make `ProductPriceView` generic over its own alias and let `ProductDetailView` pass its dependencies on"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol RepositoryDependency { var repository: Repository { get } }
                typealias ProductDetailViewDependencies = TrackingDependency & RepositoryDependency & ProductPriceViewDependencies
                typealias ProductDetailViewExternalDependencies = TrackingDependency
                struct SplicedProductDetailViewDependencies<External: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
                    private let externalDependencies: External
                    let repository: Repository
                    var tracker: Tracker { externalDependencies.tracker }
                }
                struct ProductDetailView<External: ProductDetailViewExternalDependencies> {
                    let dependencies: SplicedProductDetailViewDependencies<External>
                    var body: some View { ProductPriceView(dependencies: dependencies) }
                }
                typealias ProductPriceViewDependencies = TrackingDependency
                struct ProductPriceView<Dependencies: ProductPriceViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("price") }
                }
                public struct ProductFeature<Dependencies: ProductDetailViewExternalDependencies> {
                    let dependencies: Dependencies
                    func page() -> some View {
                        ProductDetailView(dependencies: SplicedProductDetailViewDependencies(externalDependencies: dependencies, repository: Repository()))
                    }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let holders = model.sortedComponentNames.filter { name in
            model.components[name]!.heldType.map { model.conventions.isSplicedTypeName(LeafName.simple($0)) } ?? false
        }
        guard !holders.isEmpty else { return [] }
        let ownership = context.ownership
        return holders.compactMap { name in
            let component = model.components[name]!
            guard let held = component.heldType, let reference = component.property?.type,
                !AliasOwnership.name(LeafName.simple(held), fits: model.conventions.splicedTypeNames, for: name)
            else { return nil }
            let owner = ownership.splicedOwner(of: held)
            let belongs = owner.map { "the spliced dependencies of `\($0)`" } ?? "a splice made for another component"
            let passOn = owner.map { "; make `\(name)` generic over its own alias and let `\($0)` pass its dependencies on" }
                ?? "; make `\(name)` generic over its own alias"
            return finding(
                file: component.file, at: reference.position,
                "`\(name)` holds `\(held)`, \(belongs)\(passOn)",
                component: name, member: held,
                suggestion: "constrain `\(name)` by its own `\(ownership.suggestedAliasName(for: name))` instead of holding `\(held)`"
            )
        }
    }
}
