@testable import CPDIReporters
import CPDIRules
import Testing

/// `cpdi rules` is generated from the rule definitions: every rule is listed, and a rule's page shows
/// its explanation and the same examples its tests run, with each expected finding under its place.
@Suite struct RuleDocumentationTests {
    @Test func listingHasOneAlignedLinePerRuleWithItsDefaultAndPrecision() {
        let all = RuleDocumentation.listing(RuleCatalogue.all).split(separator: "\n", omittingEmptySubsequences: false)
        // A header, one line per rule, a blank line, the note on precision, and the final line break.
        #expect(all.count == RuleCatalogue.all.count + 4)
        #expect(all.first?.hasPrefix("rule ") == true)
        let lines = all.dropFirst().prefix(RuleCatalogue.all.count)
        for (line, rule) in zip(lines, RuleCatalogue.all) {
            #expect(line.hasPrefix(rule.id + " "))
            #expect(line.contains(" \(rule.description.isOptIn ? "opt-in" : "on") "))
            #expect(line.contains(" \(rule.description.defaultSeverity.rawValue) "))
            #expect(line.contains(" \(RuleDocumentation.precision(rule.description.measured)) "))
            #expect(line.hasSuffix(rule.description.summary))
        }
        let summaryColumns = Set(zip(lines, RuleCatalogue.all).map { line, rule in line.count - rule.description.summary.count })
        #expect(summaryColumns.count == 1, "summaries start in one column")
    }

    @Test func measuredPrecisionAndTheDefaultStandardAreShown() {
        let measured = Measurement(right: 31, wrong: 1, pointless: 1, apps: 12)
        #expect(RuleDocumentation.precision(measured) == "0.97 (31/32)")
        #expect(measured.qualifiesForDefault)
        #expect(!Measurement(right: 18, wrong: 1, pointless: 0, apps: 3).qualifiesForDefault, "0.947")
        #expect(!Measurement(right: 20, wrong: 0, pointless: 2, apps: 3).qualifiesForDefault, "over 5 % pointless")
        #expect(!Measurement(right: 0, wrong: 0, pointless: 0, apps: 3).qualifiesForDefault, "nothing measured")
        #expect(RuleDocumentation.precision(nil) == "–")
    }

    @Test(arguments: RuleCatalogue.all.map(\.id))
    func rulePageShowsExplanationAndEveryExampleWithItsFindings(id: String) throws {
        let rule = try #require(RuleCatalogue.rule(id: id))
        let page = RuleDocumentation.document(rule)
        #expect(page.hasPrefix("\(id) (default severity: \(rule.description.defaultSeverity.rawValue))\n\(RuleDocumentation.standing(rule.description))\n"))
        #expect(page.contains(rule.description.summary))
        let explanationWords = rule.description.explanation.split(whereSeparator: \.isWhitespace)
        #expect(page.split(whereSeparator: \.isWhitespace).count >= explanationWords.count)
        let triggering = rule.description.triggering.count
        let nonTriggering = rule.description.nonTriggering.count
        #expect(triggering > 0 && nonTriggering > 0, "a rule without examples has no documentation")
        #expect(page.components(separatedBy: "Triggers on (example").count - 1 == triggering)
        #expect(page.components(separatedBy: "Does not trigger on (example").count - 1 == nonTriggering)
        for example in rule.description.triggering {
            for message in example.findings.values {
                #expect(page.contains("^ " + message), "the finding '\(message)' is drawn under its line")
            }
        }
        #expect(!page.contains("1️⃣"), "markers are replaced by carets")
    }

    @Test func caretStandsUnderTheMarkedCharacter() {
        let example = RuleExample("let é = 1️⃣value\n", findings: ["1️⃣": "here"])
        let lines = RuleDocumentation.render(example)
        #expect(lines == ["    let é = value", "            ^ here", ""])
    }
}
