import CPDIRules
import Foundation
import Testing

/// `cpdi why` and `cpdi rules` through the real binary: output on stdout, one-line errors with exit 2.
@Suite(.serialized) struct WhyAndRulesCommandTests {
    let cli = CommandLineTests()

    @Test func whyPrintsTheCompositionTreeOfASampleComponent() throws {
        let run = try cli.cpdi("why", "ProductListView", "--path", "Samples/ShopApp")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("ProductListView — component · Samples/ShopApp/Features/Product/ProductListView.swift:"))
        #expect(run.stdout.contains("└─ ProductListViewDependencies — alias"))
        #expect(run.stdout.contains("alias of ProductThumbnail, forwarded at Samples/ShopApp/Features/Product/ProductListView.swift:"))
    }

    @Test func whyWithALeafPrintsNumberedPaths() throws {
        let run = try cli.cpdi("why", "RootTabView", "ImageLoadingDependency", "-p", "Samples/ShopApp")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("RootTabView needs ImageLoadingDependency by "))
        #expect(run.stdout.contains("\n1. RootTabView → RootTabViewDependencies → "))
    }

    @Test func whyAsksASavedResultWithoutScanning() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
            #expect(try cli.cpdi("report", sample, "--format", "json", "-o", "result.json", in: folder).status == 0)
            let direct = try cli.cpdi("why", "ArticlesViewController", "-p", sample, in: folder)
            let saved = try cli.cpdi("why", "ArticlesViewController", "--from", "result.json", in: folder)
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(saved.stdout == direct.stdout)
        }
    }

    @Test func anUnknownComponentSuggestsTheClosestNames() throws {
        let run = try cli.cpdi("why", "ProdctListView", "-p", "Samples/ShopApp")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "cpdi: error: no component or registration named 'ProdctListView' in the analysed code; did you mean ProductListView?\n")
    }

    @Test func anUnknownLeafSuggestsTheClosestNames() throws {
        let run = try cli.cpdi("why", "RootTabView", "LogingDependency", "-p", "Samples/ShopApp")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("cpdi: error: no dependency protocol, alias or registration named 'LogingDependency'"))
        #expect(run.stderr.contains("LoggingDependency"))
    }

    @Test func rulesListsTheWholeCatalogue() throws {
        let run = try cli.cpdi("rules")
        #expect(run.status == 0)
        let ids = run.stdout.split(separator: "\n").dropFirst().prefix(RuleCatalogue.all.count).map { String($0.prefix { $0 != " " }) }
        #expect(ids == RuleCatalogue.all.map(\.id))
    }

    @Test func rulesPrintsOneRuleWithItsExamples() throws {
        let run = try cli.cpdi("rules", "stale-forward")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("stale-forward (default severity: warning)\n"))
        #expect(run.stdout.contains("Triggers on (example 1 of "))
        #expect(run.stdout.contains("^ `OldBannerDependencies` in `HomeViewDependencies` is forwarded for `OldBanner`"))
    }

    @Test func anUnknownRuleSuggestsTheClosestID() throws {
        let run = try cli.cpdi("rules", "stale-forwards")
        #expect(run.status == 2)
        #expect(run.stderr == "cpdi: error: no rule 'stale-forwards'; did you mean stale-forward?\n")
    }
}
