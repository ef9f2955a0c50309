import CPDIFacts
import CPDIRules
import Testing

/// Every rule's examples are its tests: triggering ones must produce exactly the marked findings,
/// non-triggering ones none of this rule.
@Suite struct RuleExampleTests {
    static let ruleIDs = RuleCatalogue.all.map(\.id)

    @Test(arguments: ruleIDs)
    func triggeringExamplesProduceExactlyTheMarkedFindings(ruleID: String) throws {
        let rule = try #require(RuleCatalogue.rule(id: ruleID))
        #expect(!rule.description.triggering.isEmpty, "every rule needs a triggering example")
        for (index, example) in rule.description.triggering.enumerated() {
            let actual = example.run(rule).map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
            let expected = example.expectedFindings.map { "\($0.file):\($0.position.line):\($0.position.column): \($0.message)" }
            #expect(!expected.isEmpty, "triggering example \(index) of \(ruleID) marks no finding")
            #expect(actual == expected, "triggering example \(index) of \(ruleID)")
        }
    }

    @Test(arguments: ruleIDs)
    func nonTriggeringExamplesProduceNothing(ruleID: String) throws {
        let rule = try #require(RuleCatalogue.rule(id: ruleID))
        #expect(!rule.description.nonTriggering.isEmpty, "every rule needs a non-triggering example")
        for (index, example) in rule.description.nonTriggering.enumerated() {
            let actual = example.run(rule).map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
            #expect(actual == [], "non-triggering example \(index) of \(ruleID)")
        }
    }

    @Test func ruleIDsAreUniqueAndKebabCase() {
        #expect(Set(Self.ruleIDs).count == Self.ruleIDs.count)
        for id in Self.ruleIDs {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
        }
    }

    @Test func markersAreRemovedAndPositionedInUTF8Columns() {
        let source = MarkedSource("let é = 1️⃣x\n  2️⃣y")
        #expect(source.text == "let é = x\n  y")
        #expect(source.markers["1️⃣"]?.column == 10)
        #expect(source.markers["2️⃣"]?.line == 2)
        #expect(source.markers["2️⃣"]?.column == 3)
    }
}
