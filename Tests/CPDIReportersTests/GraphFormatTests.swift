import CPDIReporters
import CPDIRules
import Foundation
import FoundationXML
import GraphvizRendering
import Testing

/// Every `cpdi graph` format: file-name inference, the binary formats' magic bytes, SVG as XML,
/// Mermaid's structure and limits, and clean errors from Graphviz.
@Suite struct GraphFormatTests {
    @Test func formatsFollowTheExtension() {
        #expect(GraphFormat(fileName: "a/g.SVG") == .svg)
        #expect(GraphFormat(fileName: "g.png") == .png)
        #expect(GraphFormat(fileName: "g.pdf") == .pdf)
        #expect(GraphFormat(fileName: "g.mmd") == .mermaid)
        #expect(GraphFormat(fileName: "g.gv") == .dot)
        #expect(GraphFormat(fileName: "g.bmp") == nil)
    }

    @Test func svgIsXMLWithOneGroupPerNodeAndLinks() throws {
        let shop = try Golden.shopApp()
        let svg = try GraphFormat.svg.render(shop, options: GraphOptions(linkBase: "output"))
        let document = try XMLDocument(data: Data(svg))
        let titles = try document.nodes(forXPath: "//*[local-name()='g'][@class='node']/*[local-name()='title']").compactMap(\.stringValue)
        let components = shop.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.map(\.id)
        #expect(Set(titles) == Set(components + ["legend:findings"]))
        let links = try document.nodes(forXPath: "//*[local-name()='a']/@*[local-name()='href']").compactMap(\.stringValue)
        #expect(links.contains("../Samples/ShopApp/Features/Cart/CartItemRow.swift"))
    }

    @Test func pngAndPdfHaveTheirMagicBytes() throws {
        let shop = try Golden.shopApp()
        let png = try GraphFormat.png.render(shop)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try GraphFormat.pdf.render(shop)
        #expect(Array(pdf.prefix(5)) == Array("%PDF-".utf8))
        #expect(try GraphFormat.pdf.render(shop) == pdf, "the timestamp is scrubbed")
    }

    @Test func collapsedSVGOfAMultiModuleAppParses() throws {
        let svg = try GraphFormat.svg.render(GraphFixtures.synthetic600.get())
        let document = try XMLDocument(data: Data(svg))
        let titles = try document.nodes(forXPath: "//*[local-name()='g'][@class='node']/*[local-name()='title']").compactMap(\.stringValue)
        #expect(titles.contains("module:Module1"))
        #expect(!titles.contains { $0.hasPrefix("component:") })
    }

    @Test func mermaidIsAFlowchartWithShapesClassesAndLinks() throws {
        let shop = try Golden.shopApp()
        let text = try GraphFixtures.mermaid(shop, GraphOptions(linkPrefix: "https://example.com/"))
        let lines = text.split(separator: "\n")
        #expect(lines.first == "flowchart LR")
        #expect(lines[1].hasPrefix("  %% cpdi graph: components view, \(shop.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.count) nodes — flat, dot"))
        #expect(lines.contains { $0.hasPrefix("  n_component_3A_CartScreen(\"CartScreen\")") })
        #expect(lines.contains("  n_component_3A_CartScreen --> n_component_3A_CartItemRow"), "building the child is left unlabelled")
        #expect(lines.contains { $0.contains("n_component_3A_ProductReviewsView -->|\"conformance\"| n_component_3A_ProductComponent") })
        #expect(lines.contains { $0.hasPrefix("  legend_arrows[\"An unlabelled arrow forwards dependencies by building the child") })
        #expect(lines.contains { $0.hasPrefix("  class ") && $0.hasSuffix(" warning") })
        #expect(lines.contains { $0.hasPrefix("  legend_findings[\"findings: ") })
        #expect(lines.contains { $0.hasPrefix("  click n_component_3A_CartItemRow href \"https://example.com/Samples/ShopApp/Features/Cart/CartItemRow.swift#L") })
        let forwards = shop.graph.edges.filter { $0.kind == .forwardsTo }.count
        #expect(lines.filter { $0.contains(" --> ") || $0.contains(" -->|") }.count == forwards)
    }

    @Test func mermaidCollapsesLargeViewsAndSaysSo() throws {
        let result = try GraphFixtures.synthetic300.get()
        let text = try GraphFixtures.mermaid(result)
        let lines = text.split(separator: "\n")
        let drawn = result.graph.nodes.filter { $0.kind == .component || $0.kind == .container }.count
        #expect(lines.contains { $0.hasPrefix("  %% collapsed by module: \(drawn) nodes") && $0.contains("Mermaid's practical limit") })
        let nodes = lines.filter { $0.contains("{{\"") }
        #expect(nodes.count == 7, "six modules and the app")
        #expect(lines.filter { $0.contains(" --> ") || $0.contains(" -->|") }.count <= LayoutStrategy.mermaidEdgeLimit)
        // Focused on one module, it fits and is drawn as is.
        let focused = try GraphFixtures.mermaid(result, GraphOptions(focus: ["Module6"], depth: 0))
        #expect(!focused.contains("%% collapsed"))
        #expect(focused.contains("subgraph cluster_0 [\"Module6\"]") || !focused.contains("subgraph"))
    }

    @Test func mermaidEscapesHostileNames() throws {
        let text = try GraphFixtures.mermaid(Golden.hostile(), GraphOptions(view: .full))
        #expect(!text.contains("<&>"))
        #expect(text.contains("#lt;#amp;#gt;"))
        for line in text.split(separator: "\n") where !line.hasPrefix("  %%") {
            #expect(line.filter { $0 == "\"" }.count % 2 == 0, "\(line)")
        }
    }

    @Test func jsonIsTheWholeResult() throws {
        let shop = try Golden.shopApp()
        #expect(try GraphFormat.json.render(shop, options: GraphOptions(focus: ["CartScreen"])) == JSONFormat.encode(shop))
    }

    @Test func anUnknownEngineListsTheAvailableOnes() throws {
        do {
            _ = try GraphFormat.svg.render(Golden.shopApp(), options: GraphOptions(engine: "nosuch"))
            Issue.record("no error")
        } catch let error as GraphvizError {
            #expect(error.kind == .unknownEngine)
            #expect(error.message.hasPrefix("unknown layout engine \"nosuch\"; available: "))
            #expect(error.message.contains("sfdp"))
            #expect(!error.message.contains("\n"))
        }
    }
}
