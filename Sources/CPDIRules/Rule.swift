import CPDIFacts
import CPDIGraph

/// A check over the linked model. New rules go in `Rules/`, one file each, and into `RuleCatalogue.all`.
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// Findings carry the rule's default severity; configuration may change it afterwards.
    func check(_ context: RuleContext) -> [Finding]
    /// Whether `check` spreads its own work over all cores (`Parallel.map`). The analyzer runs such a rule on
    /// its own, after the others: started beside them, its fan-out would be nested in theirs, and a nested
    /// `concurrentPerform` runs on one thread.
    var spreadsOverCores: Bool { get }
}

extension Rule {
    public var spreadsOverCores: Bool { false }
}

/// What a rule is, in words and examples. The examples are the rule's tests and its documentation.
public struct RuleDescription: Sendable {
    public var id: String
    public var defaultSeverity: Severity
    /// One line for listings.
    public var summary: String
    /// A paragraph: what is flagged, why it matters, what to do.
    public var explanation: String
    /// Each must produce exactly the findings its markers announce.
    public var triggering: [RuleExample]
    /// Each must produce no finding of this rule.
    public var nonTriggering: [RuleExample]
    /// Off unless a configuration turns it on (SPEC §4b): its precision on real apps is below 0.95, or more
    /// than one finding in twenty is pointless there, or it has not been measured enough (`CorpusMeasurements`).
    public var isOptIn: Bool { !CorpusMeasurements.isOnByDefault(id) }
    /// How its findings were judged on public apps held out from tuning: see `Measurement`.
    public var measured: Measurement? { CorpusMeasurements.measured(id) }
}

/// A rule's findings on public apps, each read against the code: right (true, and following the advice
/// keeps the app building), wrong, or pointless (true by the letter, nothing to act on).
public struct Measurement: Sendable, Equatable {
    public var right: Int
    public var wrong: Int
    public var pointless: Int
    /// How many apps the findings come from.
    public var apps: Int

    public init(right: Int, wrong: Int, pointless: Int, apps: Int) {
        self.right = right
        self.wrong = wrong
        self.pointless = pointless
        self.apps = apps
    }

    /// right / (right + wrong); nil with no finding.
    public var precision: Double? { right + wrong == 0 ? nil : Double(right) / Double(right + wrong) }

    /// What the SPEC asks of a rule that is on by default.
    public var qualifiesForDefault: Bool {
        guard let precision, right + wrong + pointless > 0 else { return false }
        return precision >= 0.95 && Double(pointless) <= 0.05 * Double(right + wrong + pointless)
    }
}

/// What every rule can look at; the alias review and alias ownership are shared so they are computed
/// once for all rules.
public struct RuleContext: Sendable {
    public var model: DependencyModel
    public var aliasReview: [AliasMemberReview.Entry]
    /// Which component each alias is named after; four rules ask, and building it fills in every name pattern for every component.
    let ownership: AliasOwnership

    public init(model: DependencyModel) {
        self.model = model
        let ownership = StepTimes.measure("rules: alias ownership") { AliasOwnership(model: model) }
        self.ownership = ownership
        self.aliasReview = StepTimes.measure("rules: alias review") { AliasMemberReview.review(model, ownership: ownership) }
    }
}

extension Rule {
    public var id: String { description.id }

    func finding(
        file: String, at position: SourcePosition, _ message: String, component: String, member: String? = nil,
        suggestion: String? = nil, fix: AliasEdit? = nil
    ) -> Finding {
        var finding = Finding(
            ruleID: description.id, severity: description.defaultSeverity, file: file, line: position.line,
            column: position.column, message: message, component: component, member: member, suggestion: suggestion
        )
        finding.fix = fix
        return finding
    }
}

extension RuleContext {
    /// The edit of `alias` that drops `remove` and adds `add` (written as the alias's file would write them).
    func aliasEdit(_ alias: String, remove: [TypeReference], add: [String]) -> AliasEdit? {
        // A composition written in place may be spelled again where callers build the value: edited by hand.
        guard let declared = model.symbols.aliases[alias], !declared.fact.isInline else { return nil }
        let position = declared.fact.position
        return AliasEdit(
            file: declared.file, line: position.line, column: position.column,
            remove: remove.map { MemberPosition(line: $0.position.line, column: $0.position.column) },
            add: add.map(writtenName)
        )
    }

    /// A name as source code writes it: without the module prefix `ModuleScoping` adds to keep apart
    /// same-named declarations of two modules.
    func writtenName(_ name: String) -> String {
        let parts = name.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, Set(model.modules.values).contains(String(parts[0])) else { return name }
        return String(parts[1])
    }
}
