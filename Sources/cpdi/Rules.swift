import ArgumentParser
import CPDIGraph
import CPDIPipeline
import CPDIReporters
import CPDIRules

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the rules, or print one rule with its explanation and examples.",
        discussion: "The examples are the same ones the rule's tests run."
    )

    @Argument(help: "A rule id (default: list every rule).")
    var id: String?

    func run() throws {
        guard let id else {
            print(RuleDocumentation.listing(RuleCatalogue.all), terminator: "")
            return
        }
        guard let rule = RuleCatalogue.rule(id: id) else {
            let suggestions = NameSuggestions.closest(to: id, among: RuleCatalogue.all.map(\.id))
            Terminal.fail(InputError(
                "no rule '\(id)'; " + (suggestions.isEmpty ? "run `cpdi rules` for the list" : "did you mean \(suggestions.joined(separator: ", "))?")
            ))
        }
        print(RuleDocumentation.document(rule), terminator: "")
    }
}
