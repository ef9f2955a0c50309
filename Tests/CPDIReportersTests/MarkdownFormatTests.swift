@testable import CPDIReporters
import CPDIGraph
import CPDIRules
import Testing

@Suite struct MarkdownFormatTests {
    @Test func shopAppMatchesTheGoldenFile() throws {
        try Golden.expect(ReportFormat.markdown.render(Golden.shopApp()), matches: "ShopApp.md")
    }

    @Test func linksUseThePrefixWhenGiven() throws {
        let options = ReportOptions(linkPrefix: "https://github.com/o/r/blob/abc/")
        let markdown = MarkdownFormat.render(try Golden.shopApp(), options: options)
        #expect(markdown.contains("[Samples/ShopApp/Features/Cart/CartItemRow.swift:6](https://github.com/o/r/blob/abc/Samples/ShopApp/Features/Cart/CartItemRow.swift#L6)"))
        #expect(!markdown.contains("](Samples/"))
    }

    @Test func zeroFindingsSaysSoWithoutTableOrDiagram() throws {
        var result = try Golden.shopApp()
        result.findings = []
        let markdown = MarkdownFormat.render(result)
        #expect(markdown.contains("No findings in 30 files and 28 components."))
        #expect(!markdown.contains("|"))
        #expect(!markdown.contains("mermaid"))
    }

    @Test func fiveHundredFindingsAreTruncatedWithACount() throws {
        let result = try Self.large(findings: 500, components: 300)
        let markdown = MarkdownFormat.render(result)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| severity") }
        #expect(rows.count == 100)
        #expect(rows.allSatisfy { $0.hasPrefix("| ❌ error") }, "the most severe findings come first")
        #expect(markdown.contains("\n\n…and 400 more findings.\n"))
        #expect(markdown.contains("**100 errors, 400 warnings** in"))
        let nodes = try Self.mermaidLines(markdown).filter { $0.contains("[\"") }
        #expect(nodes.count == MermaidDiagram.maximumNodes)
        #expect(markdown.contains("The diagram shows 50 of 300 components"))
    }

    @Test func diagramShowsFlaggedComponentsAndTheirNeighboursOnly() throws {
        let lines = try Self.mermaidLines(MarkdownFormat.render(try Golden.shopApp()))
        #expect(lines.first == "flowchart LR")
        // CartItemRow is flagged: its parent CartScreen and its child ProductThumbnail are its neighbours.
        #expect(lines.contains("  n_component_3A_CartItemRow[\"CartItemRow\"]"))
        #expect(lines.contains("  n_component_3A_CartScreen --> n_component_3A_CartItemRow"))
        #expect(lines.contains("  n_component_3A_CartItemRow --> n_component_3A_ProductThumbnail"))
        #expect(lines.contains("  n_component_3A_ProductReviewsView -->|conformance| n_component_3A_ProductComponent"), "only the unusual way is named")
        #expect(!lines.contains { $0.contains("n_component_3A_ShopApp") }, "two steps away from any finding")
        #expect(lines.contains { $0.hasPrefix("  class ") && $0.hasSuffix(" warning") })
    }

    @Test func hostileNamesCannotBreakTheTableOrTheDiagram() throws {
        var result = Golden.hostile()
        let name = "Ü|ber`View <b>\n*x* \"q\" ```"
        let index = try #require(result.graph.nodes.firstIndex { $0.kind == .component && $0.name == result.findings[0].component })
        result.graph.nodes[index].name = name
        result.findings[0].component = name
        result.findings[0].message = "`A|B` & <script> [x](y) \\ unpaired `"
        let markdown = MarkdownFormat.render(result)
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| ⚠️") })
        #expect(row.split(separator: "|", omittingEmptySubsequences: false).count - row.matches(of: /\\\|/).count == 7, "five cells")
        #expect(row.contains(" Ü\\|ber\\`View &lt;b&gt;<br>\\*x\\* \"q\" \\`\\`\\` |"))
        #expect(row.hasSuffix(" <code>A\\|B</code> &amp; &lt;script&gt; \\[x\\](y) \\\\ unpaired \\` |"))
        #expect(row.contains("](Sources/W%C3%A9ird%20%3C%26%3E%20%22%25%22%0ADir/F%C3%AFle.swift#L"))
        #expect(row.contains("[Sources/Wéird &lt;&amp;&gt; \"%\"<br>Dir/Fïle.swift:"))
        let diagram = try Self.mermaidLines(markdown)
        #expect(diagram.contains { $0.hasSuffix("[\"Ü|ber#96;View #lt;b#gt; *x* #quot;q#quot; #96;#96;#96;\"]") })
        for line in diagram.dropFirst() where line.contains("[\"") {
            #expect(line.wholeMatch(of: /\ \ n_[A-Za-z0-9_]+\[\[?"[^"`<>&\n]*"\]\]?/) != nil, "\(line)")
        }
    }

    @Test func mermaidIDsAreSafeDistinctAndStable() {
        let ids = ["component:A.b", "component:A_b", "component:Ä", "end", "container:A.b"].map(MermaidEscaping.nodeID)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /n_[A-Za-z0-9_]+/) != nil })
        #expect(MermaidEscaping.nodeID("component:A.b") == "n_component_3A_A_2E_b")
        #expect(MermaidEscaping.label("a \"b\" #1 `c` <d> & e\r\nf") == "a #quot;b#quot; #35;1 #96;c#96; #lt;d#gt; #amp; e f")
    }

    @Test func markdownEscapingKeepsPairedCodeAndShowsTheRestLiterally() {
        #expect(MarkdownEscaping.inlineKeepingCode("`A` and `B`") == "<code>A</code> and <code>B</code>")
        #expect(MarkdownEscaping.inlineKeepingCode("`A` and `B") == "<code>A</code> and \\`B")
        #expect(MarkdownEscaping.inline("a|b\r\nc") == "a\\|b<br>c")
        #expect(MarkdownEscaping.linkPrefix("https://x.org/a b|(c)/?q=1&r") == "https://x.org/a%20b%7C%28c%29/?q=1&r")
    }

    /// ShopApp's metadata with a chain of `components` components and `findings` findings spread
    /// over them, a fifth of them errors.
    static func large(findings: Int, components: Int) throws -> AnalysisResult {
        var result = try Golden.shopApp()
        let names = (0..<components).map { "Component\($0)" }
        result.graph = DependencyGraph(
            nodes: names.map { Node(id: Node.id(.component, $0), kind: .component, name: $0, module: "M", file: "\($0).swift", line: 1, column: 1, access: .internal) },
            edges: zip(names, names.dropFirst()).map {
                Edge(from: Node.id(.component, $0), to: Node.id(.component, $1), kind: .forwardsTo, via: .construction, file: "\($0).swift", line: 2, column: 1)
            },
            roots: [Node.id(.component, names[0])]
        )
        result.findings = (0..<findings).map { index in
            Finding(
                ruleID: RuleCatalogue.all[index % RuleCatalogue.all.count].id, severity: index % 5 == 0 ? .error : .warning,
                file: "\(names[index % components]).swift", line: index + 1, column: 1, message: "finding \(index)",
                component: names[index % components]
            )
        }.sorted()
        return result
    }

    static func mermaidLines(_ markdown: String) throws -> [Substring] {
        let block = try #require(markdown.firstMatch(of: /```mermaid\n((?:.|\n)*?)\n```/)?.1)
        return block.split(separator: "\n")
    }
}
