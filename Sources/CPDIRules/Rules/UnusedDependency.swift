import CPDIFacts
import CPDIGraph

/// An alias member nothing behind the alias needs.
public struct UnusedDependency: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unused-dependency",
        defaultSeverity: .warning,
        summary: "An alias lists a dependency that its component's file never uses and no forwarded child needs.",
        explanation: """
            A component's alias should say exactly what the component needs. A member that the component's \
            file never reads (no property or method of that protocol is accessed on the dependencies value, \
            and none of its associated types is named) and that no child, superclass or helper the file \
            forwards to needs, directly or transitively, only makes every caller provide something for \
            nothing, and hides the real shape of the app. Remove it from the alias.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol TrackingDependency { var tracker: Tracker { get } }

                typealias ProductListViewDependencies = TrackingDependency
                    & 1️⃣LoggingDependency

                struct ProductListView<Dependencies: ProductListViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("list") }
                }
                """,
                findings: ["1️⃣": "`LoggingDependency` in `ProductListViewDependencies` is not used by `ProductListView` nor needed by a component it forwards to"]
            ),
            RuleExample(
                """
                protocol HasImageProvider { var imageProvider: ImageProviding { get } }
                protocol HasArticleProvider { var articleProvider: ArticleProviding { get } }

                final class ArticleViewModel {
                    typealias Dependencies = HasArticleProvider & 1️⃣HasImageProvider
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() { dependencies.articleProvider.fetch() }
                }
                """,
                findings: ["1️⃣": "`HasImageProvider` in `ArticleViewModel.Dependencies` is not used by `ArticleViewModel` nor needed by a component it forwards to"]
            ),
            // Named in the app's own words: the private property's type says it holds the dependencies.
            RuleExample(
                """
                protocol HasWallet { var wallet: Wallet { get } }
                protocol HasPrices { var prices: PriceFeed { get } }

                final class BalanceModel {
                    typealias Context = HasWallet & 1️⃣HasPrices
                    private let context: Context
                    init(context: Context) { self.context = context }
                    func refresh() { context.wallet.reload() }
                }
                """,
                findings: ["1️⃣": "`HasPrices` in `BalanceModel.Context` is not used by `BalanceModel` nor needed by a component it forwards to"]
            ),
            // Read only into a private property the file never reads: the copy goes with the member.
            RuleExample(
                """
                protocol HasLogger { var logger: Logger { get } }
                protocol HasStore { var store: Store { get } }

                final class AddModel {
                    typealias Dependencies = 1️⃣HasLogger & HasStore
                    private let dependencies: Dependencies
                    private let logger: Logger
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.logger = dependencies.logger
                    }
                    func save() { dependencies.store.load() }
                }
                """,
                findings: ["1️⃣": "`HasLogger` in `AddModel.Dependencies` is only copied into `logger`, which nothing reads; remove both"]
            ),
            // A protocol that only composes others is its components' alias; the fix edits its inheritance clause.
            RuleExample(
                """
                protocol HasSession { var session: Session { get } }
                protocol HasAnalytics { var analytics: Analytics { get } }

                protocol AppDependencies: AnyObject, HasSession, 1️⃣HasAnalytics {}

                final class FlowController {
                    private unowned let dependencies: AppDependencies
                    init(dependencies: AppDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.session.resume() }
                }
                """,
                findings: ["1️⃣": "`HasAnalytics` in `AppDependencies` is not used by `FlowController` nor needed by a component it forwards to"]
            ),
            // A test double conforms through the alias, but is handed to nothing else that needs the member.
            RuleExample(
                """
                protocol HasAuth { var auth: Auth { get } }
                protocol HasAnalytics { var analytics: Analytics { get } }

                typealias HomeDependencies = HasAuth & 1️⃣HasAnalytics

                final class HomeCoordinator {
                    let dependencies: HomeDependencies
                    init(dependencies: HomeDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.auth.resume() }
                }
                final class HomeDependenciesMock: HomeDependencies {
                    let auth = Auth()
                    let analytics = Analytics()
                }
                func makeCoordinator() -> HomeCoordinator {
                    let dependencies = HomeDependenciesMock()
                    return HomeCoordinator(dependencies: dependencies)
                }
                """,
                findings: ["1️⃣": "`HasAnalytics` in `HomeDependencies` is not used by `HomeCoordinator` nor needed by a component it forwards to"]
            ),
        ],
        nonTriggering: [
            // The container conforms to `HasAnalytics` through the alias alone and is handed to a view model that needs
            // it: taking it out of the alias would take it from the container, and that hand-over would not build.
            RuleExample(
                """
                protocol HasAuth { var auth: Auth { get } }
                protocol HasAnalytics { var analytics: Analytics { get } }

                typealias HomeDependencies = HasAuth & HasAnalytics

                final class HomeCoordinator {
                    let dependencies: HomeDependencies
                    init(dependencies: HomeDependencies) { self.dependencies = dependencies }
                    func start() { dependencies.auth.resume() }
                }
                final class SignInViewModel {
                    typealias Dependencies = HasAuth & HasAnalytics
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func signIn() { dependencies.auth.resume(); dependencies.analytics.track() }
                }
                final class AppContainer: HomeDependencies {
                    let auth = Auth()
                    let analytics = Analytics()
                }
                func start() {
                    let container = AppContainer()
                    HomeCoordinator(dependencies: container).start()
                    SignInViewModel(dependencies: container).signIn()
                }
                """
            ),
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol NotificationsDependency { func makeNotificationCenter() -> NotificationCentering }
                protocol CacheDependency { associatedtype Cache: Caching; var cache: Cache { get } }

                typealias OrderViewDependencies = LoggingDependency & NotificationsDependency & CacheDependency

                final class OrderView<Dependencies: OrderViewDependencies> {
                    var dependencies: Dependencies?
                    var entries: [Dependencies.Cache.Entry] = []
                    func appear() {
                        dependencies?.logger.log("order")
                        _ = self.dependencies?.makeNotificationCenter()
                    }
                }
                """
            ),
            RuleExample(
                files: [
                    "CartRow.swift": """
                        typealias CartRowDependencies = PricingDependency
                        struct CartRow<Dependencies: CartRowDependencies> {
                            let dependencies: Dependencies
                            var price: String { dependencies.pricing.format(1) }
                        }
                        """,
                    "CartView.swift": """
                        protocol PricingDependency { var pricing: Pricing { get } }
                        typealias CartViewDependencies = CartRowDependencies
                        struct CartView<Dependencies: CartViewDependencies> {
                            let dependencies: Dependencies
                            var row: CartRow<Dependencies> { CartRow(dependencies: dependencies) }
                        }
                        // A state type in the same file that receives the same dependencies counts too.
                        struct CartState<Dependencies: CartViewDependencies> {
                            let dependencies: Dependencies
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        aliasFindings(context) + initializerExtraFindings(context.model)
    }

    /// `init(dependencies: HasA & HasB & HasC)` keeping `HasB & HasC`: what the initializer takes beyond what is kept,
    /// where nothing reads it and no child the component hands its value to needs it. No automatic fix: the
    /// composition is written in place.
    private func initializerExtraFindings(_ model: DependencyModel) -> [Finding] {
        model.sortedComponentNames.flatMap { name -> [Finding] in
            let component = model.components[name]!
            guard !component.initializerExtras.isEmpty, let scope = model.scopes[name], scope.isJudged else { return [] }
            let needed = scope.children.union(scope.possibleChildren).reduce(into: Set<String>()) { needed, child in
                if let found = model.components[child] { needed.formUnion(model.leaves(of: found)) }
            }
            let reads = scope.usedMembers.union(scope.deadCopies.keys)
            return component.initializerExtras.compactMap { extra -> Finding? in
                let leaves = model.symbols.leaves(ofRequirement: extra)
                // A leaf that offers nothing cannot be told unread.
                let offered = leaves.map { model.symbols.protocols[$0]?.fact.requirements ?? [] }
                guard !leaves.isEmpty, !offered.contains(where: \.isEmpty), leaves.isDisjoint(with: needed),
                    reads.isDisjoint(with: offered.flatMap { $0 }),
                    let place = initializerTaking(extra.name, of: name, in: model)
                else { return nil }
                return finding(
                    file: place.file, at: place.position,
                    "`\(extra.name)`, which `\(name)`'s initializer takes, is not kept or used by `\(name)` nor needed by a component it forwards to",
                    component: name, member: extra.name,
                    suggestion: "remove `\(extra.name)` from the composition the initializer takes"
                )
            }
        }
    }

    private func initializerTaking(_ extra: String, of type: String, in model: DependencyModel) -> (file: String, position: SourcePosition)? {
        for declaration in model.symbols.typeDeclarations[type] ?? [] {
            for initializer in declaration.fact.initializers where initializer.parameters.contains(where: { $0.composition?.contains(extra) ?? false }) {
                return (declaration.file, initializer.position)
            }
        }
        return nil
    }

    private func aliasFindings(_ context: RuleContext) -> [Finding] {
        context.aliasReview.compactMap { entry in
            guard entry.verdict == .unused else { return nil }
            if let copy = deadCopy(of: entry, in: context.model) {
                // A composed alias (an app-wide `HasManagers`) may be all the alias holds, and what removing it
                // leaves is not for cpdi to guess: only a leaf is reported.
                guard context.model.symbols.aliases[entry.member.name] == nil else { return nil }
                // The copy must go with the member, and cpdi does not remove statements: no automatic fix.
                return finding(
                    file: entry.aliasFile, at: entry.member.position,
                    "`\(entry.member.name)` in `\(entry.alias)` is only copied into `\(copy)`, which nothing reads; remove both",
                    component: entry.component, member: entry.member.name,
                    suggestion: "remove `\(copy)` and `\(entry.member.name)` from `\(entry.alias)`"
                )
            }
            return finding(
                file: entry.aliasFile, at: entry.member.position,
                "`\(entry.member.name)` in `\(entry.alias)` is not used by \(users(of: entry)) nor needed by a component \(entry.owners.count == 1 ? "it forwards" : "they forward") to\(providedElsewhereNote(entry))",
                component: entry.component, member: entry.member.name,
                suggestion: "remove `\(entry.member.name)` from `\(entry.alias)`",
                fix: context.aliasEdit(entry.alias, remove: [entry.member], add: [])
            )
        }
    }
}

/// The private property a member of the leaf is copied into and never read from, in the scope of a component
/// the alias constrains.
private func deadCopy(of entry: AliasMemberReview.Entry, in model: DependencyModel) -> String? {
    let leaves = model.symbols.leafSets[entry.member.name] ?? [entry.member.name]
    let members = leaves.reduce(into: Set<String>()) { $0.formUnion(model.symbols.protocols[$1]?.fact.requirements ?? []) }
    let copies = entry.owners.compactMap { model.scopes[$0]?.deadCopies }.flatMap { $0 }.filter { members.contains($0.key) }
    return copies.map(\.value).sorted().first
}

/// `ProductListView`, or for an alias several types require, "any of `A`, `B` and `C`".
func users(of entry: AliasMemberReview.Entry) -> String {
    entry.owners.count == 1 ? "`\(entry.owners[0])`" : "any of \(listed(entry.owners))"
}

func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
