import CPDIGraph

/// A forwarded alias whose component is no longer given the dependencies.
public struct StaleForward: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "stale-forward",
        defaultSeverity: .warning,
        summary: "An alias forwards another component's alias, but that component is no longer built or called with the dependencies.",
        explanation: """
            Forwarding a child's alias is right while the file builds the child, calls the helper, or \
            inherits from the class. Once that code is gone, the forwarded alias stays behind and keeps \
            asking every caller for the child's whole dependency set. Remove the forwarded alias (or, \
            if the child is still used, pass it the dependencies).
            """,
        triggering: [
            RuleExample(
                files: [
                    "OldBanner.swift": """
                        protocol TrackingDependency { var tracker: Tracker { get } }
                        typealias OldBannerDependencies = TrackingDependency
                        struct OldBanner<Dependencies: OldBannerDependencies> {
                            let dependencies: Dependencies
                            func show() { dependencies.tracker.track("banner") }
                        }
                        """,
                    "HomeView.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        typealias HomeViewDependencies = LoggingDependency
                            & 1️⃣OldBannerDependencies // the banner was removed from the screen
                        struct HomeView<Dependencies: HomeViewDependencies> {
                            let dependencies: Dependencies
                            func appear() { dependencies.logger.log("home") }
                        }
                        """,
                ],
                findings: ["1️⃣": "`OldBannerDependencies` in `HomeViewDependencies` is forwarded for `OldBanner`, but `HomeView` no longer hands dependencies to it; remove it"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "Base.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        typealias ShopBaseViewControllerDependencies = LoggingDependency
                        class ShopBaseViewController<Dependencies: ShopBaseViewControllerDependencies> {
                            let dependencies: Dependencies
                            init(dependencies: Dependencies) { self.dependencies = dependencies }
                            func log() { dependencies.logger.log("base") }
                        }
                        typealias Analytics_trackDependencies = LoggingDependency
                        enum Analytics {
                            static func track<D: Analytics_trackDependencies>(dependencies: D, _ event: String) {
                                dependencies.logger.log(event)
                            }
                        }
                        typealias View_autoExpandDependencies = LoggingDependency
                        extension View {
                            func autoExpand<D: View_autoExpandDependencies>(dependencies: D) -> some View {
                                dependencies.logger.log("expand")
                                return self
                            }
                        }
                        typealias CellDependencies = LoggingDependency
                        final class Cell<Dependencies: CellDependencies> {
                            var dependencies: Dependencies? { didSet { dependencies?.logger.log("cell") } }
                        }
                        """,
                    "Screen.swift": """
                        typealias ScreenDependencies = ShopBaseViewControllerDependencies
                            & Analytics_trackDependencies
                            & View_autoExpandDependencies
                            & CellDependencies
                        final class Screen<Dependencies: ScreenDependencies>: ShopBaseViewController<Dependencies> {
                            let cell = Cell<Dependencies>()
                            override init(dependencies: Dependencies) {
                                super.init(dependencies: dependencies)
                                Analytics.track(dependencies: dependencies, "screen")
                                cell.dependencies = dependencies
                            }
                            var body: some View { Text("x").autoExpand(dependencies: dependencies) }
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        context.aliasReview.compactMap { entry in
            guard case .staleForward(let components, let replacements) = entry.verdict else { return nil }
            let member = entry.member.name
            let head = "`\(member)` in `\(entry.alias)` is forwarded for \(listed(components)), but \(users(of: entry)) no longer \(entry.owners.count == 1 ? "hands" : "hand") dependencies to \(components.count == 1 ? "it" : "them")"
            if replacements.isEmpty {
                return finding(file: entry.aliasFile, at: entry.member.position, "\(head); remove it", component: entry.component,
                               member: member, suggestion: "remove `\(member)` from `\(entry.alias)`",
                               fix: context.aliasEdit(entry.alias, remove: [entry.member], add: []))
            }
            return finding(
                file: entry.aliasFile, at: entry.member.position, "\(head); forward \(listed(replacements)) instead",
                component: entry.component, member: member, suggestion: "replace `\(member)` with \(listed(replacements))",
                fix: context.aliasEdit(entry.alias, remove: [entry.member], add: replacements)
            )
        }
    }
}
