import CPDIFacts
import CPDIRules
import Testing

/// How `// cpdi:` comments hide findings, and which comments are reported as suppressing nothing.
@Suite struct SuppressionTests {
    static let ruleIDs: Set<String> = ["unused-dependency", "stale-forward", "unused-dependencies-property"]

    func finding(_ rule: String, line: Int, file: String = "A.swift") -> Finding {
        Finding(ruleID: rule, severity: .warning, file: file, line: line, column: 5, message: "\(rule) at \(line)", component: "A", member: "M\(line)")
    }

    func comment(_ command: String, _ rules: [String], line: Int, column: Int = 1) -> SuppressionComment {
        SuppressionComment(command: command, rules: rules, position: SourcePosition(line: line, column: column))
    }

    func apply(_ comments: [SuppressionComment], to findings: [Finding], checked: Set<String> = ruleIDs) -> SuppressionFilter.Outcome {
        var facts = FileFacts(path: "A.swift")
        facts.suppressions = comments
        return SuppressionFilter(files: [facts]).apply(to: findings, knownRuleIDs: Self.ruleIDs, checkedRuleIDs: checked)
    }

    @Test func nextCoversOnlyTheFollowingLineAndThisOnlyItsOwn() {
        let findings = [finding("unused-dependency", line: 3), finding("unused-dependency", line: 4), finding("stale-forward", line: 7)]
        let outcome = apply([comment("disable:next", ["unused-dependency"], line: 2), comment("disable:this", ["stale-forward"], line: 7, column: 30)], to: findings)
        #expect(outcome.kept == [finding("unused-dependency", line: 4)])
        #expect(outcome.unused == [])
    }

    @Test func aCommentHidesOnlyTheRulesItNames() {
        let findings = [finding("stale-forward", line: 3), finding("unused-dependency", line: 3)]
        let outcome = apply([comment("disable:next", ["unused-dependency"], line: 2)], to: findings)
        #expect(outcome.kept == [finding("stale-forward", line: 3)])
    }

    @Test func regionsRunFromDisableToEnableOrToTheEndOfTheFile() {
        let findings = (1...12).map { finding("unused-dependency", line: $0) } + [finding("stale-forward", line: 12)]
        let outcome = apply([
            comment("disable", ["unused-dependency"], line: 3),
            comment("enable", ["unused-dependency"], line: 5),
            comment("disable", ["all"], line: 10),
        ], to: findings)
        #expect(outcome.kept.map(\.line) == [1, 2, 6, 7, 8, 9])
        #expect(outcome.unused == [])
    }

    @Test func allCoversEveryRule() {
        let findings = [finding("stale-forward", line: 2), finding("unused-dependencies-property", line: 2)]
        #expect(apply([comment("disable:next", ["all"], line: 1)], to: findings).kept == [])
    }

    @Test func suppressionsThatHideNothingAreReportedOncePerRule() {
        let findings = [finding("unused-dependency", line: 3)]
        let outcome = apply([comment("disable:next", ["unused-dependency", "stale-forward"], line: 2, column: 5)], to: findings)
        #expect(outcome.kept == [])
        #expect(outcome.unused.count == 1)
        let report = outcome.unused[0]
        #expect(report.ruleID == "unused-suppression")
        #expect(report.severity == .info)
        #expect((report.file, report.line, report.column) == ("A.swift", 2, 5))
        #expect(report.message == "`cpdi:disable:next stale-forward` suppresses no finding; remove it")
        #expect(report.component == "A.swift")
        #expect(report.member == "disable:next stale-forward")
    }

    @Test func mistakesInCommentsAreReportedWithAHint() {
        let outcome = apply([
            comment("disable:next", ["unused-dependancy"], line: 1),
            comment("disabel", ["stale-forward"], line: 2),
            comment("disable:this", [], line: 3),
            comment("enable", ["stale-forward"], line: 4),
            comment("disable", ["all"], line: 5),
            comment("disable", ["all"], line: 6),
            comment("enable", ["stale-forward"], line: 7),
        ], to: [finding("stale-forward", line: 8)])
        #expect(outcome.kept == [])
        #expect(outcome.unused.map(\.message) == [
            "`cpdi:disable:next unused-dependancy` names no cpdi rule; did you mean `unused-dependency`?",
            "`cpdi:disabel` is not a cpdi command; did you mean `cpdi:disable`?",
            "`cpdi:disable:this` names no rule; add a rule id, or `all`",
            "`cpdi:enable stale-forward` enables nothing: no `cpdi:disable stale-forward` above it is in effect; remove it",
            "`cpdi:disable all` repeats the one on line 5, which is still in effect; remove it",
            "`cpdi:enable stale-forward` enables nothing: only `cpdi:enable all` ends `cpdi:disable all`; remove it",
        ])
    }

    @Test func rulesThatDidNotRunAreNotReportedAsUnused() {
        let outcome = apply([comment("disable:next", ["stale-forward"], line: 1)], to: [], checked: ["unused-dependency"])
        #expect(outcome.unused == [])
    }

    @Test func otherFilesAreUntouched() {
        let other = finding("unused-dependency", line: 3, file: "B.swift")
        #expect(apply([comment("disable", ["all"], line: 1)], to: [other]).kept == [other])
    }

    /// The rule as the catalogue runs it: the other rules' findings come from the same model.
    @Test func theRuleRunsTheOtherRulesItself() {
        let example = RuleExample("""
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias ProductListViewDependencies = TrackingDependency
                & LoggingDependency // cpdi:disable:this unused-dependency
            1️⃣// cpdi:disable:next stale-forward
            struct ProductListView<Dependencies: ProductListViewDependencies> {
                let dependencies: Dependencies
                func appear() { dependencies.tracker.track("list") }
            }
            """, findings: ["1️⃣": "`cpdi:disable:next stale-forward` suppresses no finding; remove it"])
        let actual = example.run(UnusedSuppression()).map { "\($0.line):\($0.column): \($0.message)" }
        #expect(actual == example.expectedFindings.map { "\($0.position.line):\($0.position.column): \($0.message)" })
    }
}
