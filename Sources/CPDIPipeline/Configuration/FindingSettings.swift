import CPDIFacts
import CPDIRules

/// The analysis step's last part: what the configuration and the suppression comments make of the
/// rules' findings.
extension Pipeline {
    /// The rules that run: the configured-on ones, without `unused-suppression`, which is worked out
    /// from the others' findings in `settle`.
    var rulesToRun: [any Rule] {
        rules.filter { !($0 is UnusedSuppression) && configuration.isEnabled($0.id) }
    }

    /// Rule settings first (a turned-off rule's findings need no suppression), then suppression comments.
    func settle(_ findings: [Finding], facts: [FileFacts]) -> [Finding] {
        let configured = configuration.applyRuleSettings(to: findings)
        let filter = SuppressionFilter(files: facts)
        guard !filter.isEmpty else { return configured }
        let known = Set(RuleCatalogue.all.map(\.id) + rules.map(\.id))
        let outcome = filter.apply(to: configured, knownRuleIDs: known, checkedRuleIDs: Set(rulesToRun.map(\.id)))
        let reportsUnused = rules.contains { $0 is UnusedSuppression } && configuration.isEnabled(UnusedSuppression().id)
        return (outcome.kept + (reportsUnused ? configuration.applyRuleSettings(to: outcome.unused) : [])).sorted()
    }
}
