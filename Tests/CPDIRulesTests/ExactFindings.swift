import CPDIFacts
import CPDIRules
import Testing

/// Runs every rule, opt-in ones too, and compares "file:line:col: [rule] message" with the marked
/// expectations: a fixture says everything cpdi reports on it, nothing more.
func expectExactFindings(_ example: RuleExample, learnsNaming: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = RuleCatalogue.all.flatMap { rule in
        example.run(rule, learnsNaming: learnsNaming).map { "\($0.file):\($0.line):\($0.column): [\($0.ruleID)] \($0.message)" }
    }.sorted()
    let expected = example.expectedFindings.map { "\($0.file):\($0.position.line):\($0.position.column): \($0.message)" }.sorted()
    #expect(actual == expected, sourceLocation: sourceLocation)
}
