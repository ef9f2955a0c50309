import CPDIGraph

/// A leaf added to a parent's alias for a child's sake, instead of the child's alias.
public struct DirectChildDependency: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "direct-child-dependency",
        defaultSeverity: .warning,
        summary: "A leaf is added straight to an alias only because a forwarded child needs it; forward the child's alias.",
        explanation: """
            When the compiler says a child's requirement is not satisfied, the quick fix is to add the \
            missing leaf protocol to the parent's alias. That breaks the cascade: when the child stops \
            needing it, the parent keeps asking for it, and nobody can tell from the alias which of its \
            members the parent really uses. Forward the child's own alias instead, so the parent's alias \
            lists what the file uses plus the aliases of what it builds or calls.
            """,
        triggering: [
            RuleExample(
                files: [
                    "ProductImageView.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        typealias ProductImageViewDependencies = LoggingDependency
                        struct ProductImageView<Dependencies: ProductImageViewDependencies> {
                            let dependencies: Dependencies
                            func show() { dependencies.logger.log("image") }
                        }
                        """,
                    "ProductDetailView.swift": """
                        protocol TrackingDependency { var tracker: Tracker { get } }
                        typealias ProductDetailViewDependencies = TrackingDependency
                            & 1️⃣LoggingDependency // the compiler asked for it
                        struct ProductDetailView<Dependencies: ProductDetailViewDependencies> {
                            let dependencies: Dependencies
                            var body: some View {
                                ProductImageView(dependencies: dependencies)
                                    .onAppear { dependencies.tracker.track("detail") }
                            }
                        }
                        """,
                ],
                findings: ["1️⃣": "`LoggingDependency` is in `ProductDetailViewDependencies` only for `ProductImageView`; forward `ProductImageViewDependencies` instead"]
            ),
            RuleExample(
                files: [
                    "Avatar.swift": """
                        protocol ImageLoadingDependency { var imageLoader: ImageLoading { get } }
                        typealias AvatarDependencies = ImageLoadingDependency
                        struct Avatar<Dependencies: AvatarDependencies> {
                            let dependencies: Dependencies
                            func load() { dependencies.imageLoader.load() }
                        }
                        """,
                    "ProfileHeader.swift": """
                        typealias ProfileHeaderDependencies = AvatarDependencies
                            & 1️⃣ImageLoadingDependency
                        struct ProfileHeader<Dependencies: ProfileHeaderDependencies> {
                            let dependencies: Dependencies
                            var avatar: Avatar<Dependencies> { Avatar(dependencies: dependencies) }
                        }
                        """,
                ],
                findings: ["1️⃣": "`ImageLoadingDependency` in `ProfileHeaderDependencies` already comes with `AvatarDependencies` (for `Avatar`); remove it"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "ProductImageView.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        typealias ProductImageViewDependencies = LoggingDependency
                        struct ProductImageView<Dependencies: ProductImageViewDependencies> {
                            let dependencies: Dependencies
                            func show() { dependencies.logger.log("image") }
                        }
                        """,
                    "ProductDetailView.swift": """
                        typealias ProductDetailViewDependencies = LoggingDependency // used here as well
                            & ProductImageViewDependencies
                        struct ProductDetailView<Dependencies: ProductDetailViewDependencies> {
                            let dependencies: Dependencies
                            var body: some View {
                                ProductImageView(dependencies: dependencies)
                                    .onAppear { dependencies.logger.log("detail") }
                            }
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        context.aliasReview.compactMap { entry in
            guard case .onlyNeededByChildren(let needs, let alreadyListed) = entry.verdict else { return nil }
            let member = entry.member.name
            let children = listed(needs.map(\.child))
            let aliases = Array(Set(needs.compactMap(\.alias))).sorted()
            // Advice to compose an alias the parent's cannot name, as declared, would not build.
            guard alreadyListed || aliases.allSatisfy({ AliasVisibility.mayCompose($0, into: entry.alias, symbols: context.model.symbols) })
            else { return nil }
            let message: String
            let suggestion: String
            if alreadyListed {
                message = "`\(member)` in `\(entry.alias)` already comes with \(listed(aliases)) (for \(children)); remove it\(providedElsewhereNote(entry))"
                suggestion = "remove `\(member)` from `\(entry.alias)`"
            } else if needs.allSatisfy({ $0.alias != nil }) {
                message = "`\(member)` is in `\(entry.alias)` only for \(children); forward \(listed(aliases)) instead\(providedElsewhereNote(entry))"
                suggestion = "forward \(listed(aliases)) instead of `\(member)`"
            } else {
                // Children constrained by this very leaf and nothing else (`init(dependencies: HasStore)`): forwarding what
                // they are constrained by is keeping the leaf.
                if needs.allSatisfy({ context.model.components[$0.child]?.requirements.map(\.name) == [member] }) { return nil }
                message = "`\(member)` is in `\(entry.alias)` only for \(children); forward what \(needs.count == 1 ? "it is" : "they are") constrained by instead\(providedElsewhereNote(entry))"
                suggestion = "forward the requirements of \(children) instead of `\(member)`"
            }
            // A child without an alias of its own leaves nothing to forward: no automatic fix.
            let fix = needs.allSatisfy({ $0.alias != nil }) ? context.aliasEdit(entry.alias, remove: [entry.member], add: alreadyListed ? [] : aliases) : nil
            return finding(file: entry.aliasFile, at: entry.member.position, message, component: entry.component,
                           member: member, suggestion: suggestion, fix: fix)
        }
    }
}
