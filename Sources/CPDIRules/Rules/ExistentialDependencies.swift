import CPDIFacts
import CPDIGraph

/// Dependencies stored as an existential of the component's alias instead of a generic parameter.
public struct ExistentialDependencies: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "existential-dependencies",
        defaultSeverity: .info,
        summary: "`let dependencies: FooDependencies` stores an existential instead of a generic parameter.",
        explanation: """
            Stored as the alias itself, the dependencies are boxed in an existential: members with \
            associated types cannot be reached, the concrete container is erased, and the component \
            cannot later receive a spliced type without changing its signature. Make the component \
            generic (`struct Foo<Dependencies: FooDependencies>` with `let dependencies: Dependencies`). \
            This is the CPDI convention, so it is reported only in apps that already write generic \
            components, and there for nested and top-level aliases alike; an app in the Has-protocol \
            style, which stores its aliases as they are everywhere, is following its own idiom. An app \
            container's alias held by a root is left alone. Only information, because the code is \
            correct and fast enough in most places.
            """,
        triggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductDetailViewDependencies = TrackingDependency
                struct ProductDetailView {
                    let dependencies: 1️⃣ProductDetailViewDependencies
                    func appear() { dependencies.tracker.track("detail") }
                }
                final class BannerView {
                    var dependencies: 2️⃣BannerViewDependencies?
                    func tap() { dependencies?.tracker.track("banner") }
                }
                typealias BannerViewDependencies = TrackingDependency
                // The app already writes generic components, so the two above stand out.
                typealias ProductRowDependencies = TrackingDependency
                struct ProductRow<Dependencies: ProductRowDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("row") }
                }
                """,
                findings: [
                    "1️⃣": "`ProductDetailView` stores `dependencies` as the existential `ProductDetailViewDependencies`; make it generic over `<Dependencies: ProductDetailViewDependencies>` and store `Dependencies`",
                    "2️⃣": "`BannerView` stores `dependencies` as the existential `BannerViewDependencies`; make it generic over `<Dependencies: BannerViewDependencies>` and store `Dependencies`",
                ]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductDetailViewDependencies = TrackingDependency
                struct ProductDetailView<Dependencies: ProductDetailViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("detail") }
                }
                struct AppRoot {
                    let dependencies: AppDependencies
                }
                struct AppDependencies: TrackingDependency { let tracker: Tracker }
                """
            ),
            // The Has-protocol style stores its alias as an existential throughout, nested or top-level.
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                typealias GalleryDependencies = HasImageProvider
                final class Gallery {
                    let dependencies: GalleryDependencies
                    init(dependencies: GalleryDependencies) { self.dependencies = dependencies }
                    func load() { dependencies.imageProvider.load() }
                }
                final class ArticleViewModel {
                    typealias Dependencies = HasImageProvider
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() { dependencies.imageProvider.load() }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        // Storing the alias as an existential is the Has-protocol style's idiom, nested or top-level alike;
        // it is worth a word only where the app already writes generic components.
        guard writesGenericComponents(model) else { return [] }
        return model.sortedComponentNames.compactMap { name in
            let component = model.components[name]!
            guard case .type(let kind) = component.form, kind != .protocol, let property = component.property,
                let type = property.type,
                let main = model.symbols.typeDeclarations[name]?.first,
                !main.fact.genericParameters.contains(where: { $0.name == type.name }),
                case .alias(let aliasName)? = model.symbols.resolve(type.name, from: name),
                model.symbols.dependencyAliases.contains(aliasName), !model.symbols.isUndeclaredAlias(aliasName),
                // A tuple of compositions cannot constrain a generic parameter.
                model.symbols.aliases[aliasName]?.fact.members.allSatisfy({ $0.element == nil }) ?? true,
                // An app container's alias stored by a root is the container, not a component's requirements.
                !model.containers.values.contains(where: { $0.conformances.contains { $0.name == aliasName } })
            else { return nil }
            return finding(
                file: component.file, at: type.position,
                "`\(name)` stores `\(property.name)` as the existential `\(aliasName)`; make it generic over `<Dependencies: \(aliasName)>` and store `Dependencies`",
                component: name, member: property.name,
                suggestion: "declare `\(LeafName.simple(name))<Dependencies: \(aliasName)>` with `let \(property.name): Dependencies`"
            )
        }
    }
}
