import CPDIGraph

/// A component whose alias does not carry its name.
public struct AliasNaming: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "alias-naming",
        defaultSeverity: .warning,
        summary: "A component's alias is not named after the component (`FooDependencies` or nested `Foo.Dependencies`).",
        explanation: """
            The alias is the one place that says what a component needs, so a reader who opens `Foo` \
            should find `FooDependencies` (or `Foo.Dependencies` inside it) and nothing else. An alias \
            with a generic or borrowed name (`CommonDependencies`, `ScreenDeps`) hides whose \
            requirements it lists, invites other types to share it, and makes a forwarded alias \
            impossible to trace back to its child. Rename it after the component; the accepted shapes \
            are the configured alias patterns with the component's name for `*`, and any alias nested in \
            the component. A warning, because the code is correct but its structure can no longer be read \
            from the names. Helper functions, spliced types and feature entry aliases are left alone: \
            they are named after a method, a splice or a feature, not after the type holding them.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias 1️⃣ScreenDeps = LoggingDependency
                struct ReceiptScreen<Dependencies: ScreenDeps> {
                    let dependencies: Dependencies
                    func show() { dependencies.logger.log("receipt") }
                }
                """,
                findings: ["1️⃣": "`ReceiptScreen` is constrained by `ScreenDeps`, which is not named after it; rename it `ReceiptScreenDependencies` or nest it as `ReceiptScreen.Dependencies`"]
            ),
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                typealias 1️⃣CommonDependencies = HasImageProvider
                final class GalleryViewModel {
                    let dependencies: CommonDependencies
                    init(dependencies: CommonDependencies) { self.dependencies = dependencies }
                    func load() { dependencies.imageProvider.load() }
                }
                """,
                findings: ["1️⃣": "`GalleryViewModel` is constrained by `CommonDependencies`, which is not named after it; rename it `GalleryViewModelDependencies` or nest it as `GalleryViewModel.Dependencies`"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ReceiptScreenDependencies = LoggingDependency
                struct ReceiptScreen<Dependencies: ReceiptScreenDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.logger.log("receipt") }
                }
                final class SettingsViewController {
                    typealias Services = LoggingDependency
                    let services: Services
                    init(services: Services) { self.services = services }
                    func show() { services.logger.log("settings") }
                }
                typealias Analytics_trackDependencies = LoggingDependency
                enum Analytics {
                    static func track<D: Analytics_trackDependencies>(dependencies: D) { dependencies.logger.log("x") }
                }
                """
            ),
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                public typealias ProductFeatureDependencies = ProductDetailViewExternalDependencies
                public typealias ProductDetailViewExternalDependencies = LoggingDependency
                // Named after the feature, not the type that is its entry point.
                public struct ProductEntry<Dependencies: ProductFeatureDependencies> {
                    let dependencies: Dependencies
                    public func page() -> some View { ProductDetailView(dependencies: SplicedProductDetailViewDependencies(externalDependencies: dependencies)) }
                }
                typealias ProductDetailViewDependencies = LoggingDependency
                struct SplicedProductDetailViewDependencies<ExternalDependencies: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
                    private let externalDependencies: ExternalDependencies
                    var logger: Logger { externalDependencies.logger }
                }
                struct ProductDetailView<ExternalDependencies: ProductDetailViewExternalDependencies> {
                    let dependencies: SplicedProductDetailViewDependencies<ExternalDependencies>
                    func show() { dependencies.logger.log("page") }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let ownership = context.ownership
        // One finding per alias: a view and its view model sharing one alias are one naming question.
        var holders: [String: [String]] = [:]
        for name in model.sortedComponentNames {
            let component = model.components[name]!
            guard component.form != .function, !ownership.isSplicedType(name), let aliasName = component.ownAlias else { continue }
            holders[aliasName, default: []].append(name)
        }
        return holders.keys.sorted().compactMap { aliasName in
            guard let alias = model.symbols.aliases[aliasName], let names = holders[aliasName] else { return nil }
            let fact = alias.fact
            guard !names.contains(where: { ownership.isOwnAlias(fact, of: $0) }),
                !model.symbols.isUndeclaredAlias(aliasName),
                // Nested in another type, the alias is that type's (or a protocol's, for every conformer).
                fact.enclosingType == nil,
                !model.conventions.isFeatureEntryAliasName(fact.name),
                // A name learnt from the code is the app's own word for an alias: what to call it instead is
                // the app's convention, which cpdi does not know.
                !model.learnt.aliases.contains(fact.name),
                // What an app container conforms to is the app's alias, not one component's.
                !isAppWide(aliasName, in: model),
                // Borrowed from another component: that is `alias-reuse`, not a naming matter.
                ownership.owner(of: fact) == nil
            else { return nil }
            let name = names[0]
            let expected = ownership.suggestedAliasName(for: name)
            let simple = LeafName.simple(name)
            if names.count == 1 {
                return finding(
                    file: alias.file, at: fact.position,
                    "`\(name)` is constrained by `\(fact.qualifiedName)`, which is not named after it; rename it `\(expected)` or nest it as `\(simple).Dependencies`",
                    component: name, member: fact.qualifiedName,
                    suggestion: "rename `\(fact.qualifiedName)` to `\(expected)`"
                )
            }
            return finding(
                file: alias.file, at: fact.position,
                "`\(fact.qualifiedName)` constrains \(listed(names)) but is named after none of them; name it after the component it belongs to (`\(expected)`)",
                component: name, member: fact.qualifiedName,
                suggestion: "rename `\(fact.qualifiedName)` after the component that owns it"
            )
        }
    }
}
