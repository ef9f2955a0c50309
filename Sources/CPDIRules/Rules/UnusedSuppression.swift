import CPDIFacts

/// A `// cpdi:disable…` comment that hides nothing, or that cpdi cannot understand.
///
/// Unlike the other rules this one is about the other rules' findings, so `check` runs them itself. The
/// pipeline does not call it: it already has every finding, and asks `SuppressionFilter` directly.
public struct UnusedSuppression: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unused-suppression",
        defaultSeverity: .info,
        summary: "A cpdi:disable comment hides no finding, or names a rule or command cpdi does not have.",
        explanation: """
            A suppression comment is a promise that the finding it hides was looked at. Once the code changes \
            and the finding goes away, the comment stays behind and would silently hide the next, unrelated \
            finding of that rule on that line. A comment with a misspelt rule id or command hides nothing at \
            all, while its author believes it does; the finding it was meant for still shows, which is why \
            this is reported as information rather than as a warning. Remove the comment, or correct it.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ReceiptViewDependencies = LoggingDependency
                struct ReceiptView<Dependencies: ReceiptViewDependencies> {
                    1️⃣// cpdi:disable:next unused-dependencies-property
                    let dependencies: Dependencies
                    func show() { dependencies.logger.log("receipt") }
                }
                """,
                findings: ["1️⃣": "`cpdi:disable:next unused-dependencies-property` suppresses no finding; remove it"]
            ),
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductListViewDependencies = TrackingDependency
                    & LoggingDependency 1️⃣// cpdi:disable:this unused-dependancy
                struct ProductListView<Dependencies: ProductListViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("list") }
                }
                """,
                findings: ["1️⃣": "`cpdi:disable:this unused-dependancy` names no cpdi rule; did you mean `unused-dependency`?"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductListViewDependencies = TrackingDependency
                    // cpdi:disable:next unused-dependency - kept until the logging rework lands
                    & LoggingDependency
                struct ProductListView<Dependencies: ProductListViewDependencies> {
                    let dependencies: Dependencies
                    // Text in a string literal is not a comment.
                    let help = "// cpdi:disable:next stale-forward"
                    func appear() { dependencies.tracker.track("list") }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let filter = SuppressionFilter(files: context.model.files.values)
        guard !filter.isEmpty else { return [] }
        let others = RuleCatalogue.all.filter { $0.id != id }
        let findings = others.flatMap { $0.check(context) }
        let ids = Set(others.map(\.id))
        return filter.apply(to: findings, knownRuleIDs: ids, checkedRuleIDs: ids).unused
    }
}
