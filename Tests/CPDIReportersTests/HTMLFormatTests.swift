import CPDIReporters
import CPDIRules
import Foundation
import Testing

@Suite struct HTMLFormatTests {
    @Test func shopAppMatchesTheGoldenFile() throws {
        let bytes = try HTMLFormat.render(Golden.shopApp(), options: ReportOptions())
        try Golden.expect(bytes, matches: "ShopApp.html")
        #expect(try ReportFormat.html.render(Golden.shopApp()) == bytes)
    }

    @Test func headerCountsAndTimestampOnlyWhenAsked() throws {
        let result = try Golden.shopApp()
        let plain = try page(result)
        #expect(plain.contains("<li><b>30</b> files</li><li><b>26</b> components</li>"))
        #expect(plain.contains("<li class=\"stat-warning\"><b>4</b> warnings</li>"))
        #expect(plain.contains("cpdi \(result.tool.version)"))
        #expect(!plain.contains("<time>"))
        let stamped = try page(result, ReportOptions(timestamp: "2025-01-02T03:04:05Z"))
        #expect(stamped.contains("<time>2025-01-02T03:04:05Z</time>"))
    }

    @Test func locationsLinkThroughThePrefix() throws {
        let html = try page(Golden.shopApp(), ReportOptions(linkPrefix: "https://example.com/shop/blob/main/"))
        #expect(html.contains("href=\"https://example.com/shop/blob/main/Samples/ShopApp/Features/Cart/CartItemRow.swift#L6\""))
    }

    @Test func hostileNamesAreEscapedInMarkupAndRoundTripThroughTheData() throws {
        var result = Golden.hostile()
        // Beyond the fixture: what could end the data script, a line separator, and a `<` that
        // Swift sees as one Character with the combining mark after it.
        result.findings[0].message += " </script><!--<script> \u{2028}\u{2029} <\u{338}"
        let html = try page(result)

        let markup = try withoutScripts(html)
        #expect(markup.firstMatch(of: /<[^A-Za-z\/!]/.matchingSemantics(.unicodeScalar)) == nil, "a raw < from the data outside a tag")
        #expect(!markup.contains("<&>") && !markup.contains("</script><!--"))
        #expect(markup.contains("Sources/Wéird &lt;&amp;&gt; &quot;%&quot;\nDir/"))
        #expect(markup.contains("&lt;/script&gt;&lt;!--&lt;script&gt;"))
        #expect(markup.contains("&lt;\u{338}"))
        #expect(markup.contains("href=\"Sources/W%C3%A9ird%20%3C%26%3E%20%22%25%22%0ADir/F%C3%AFle.swift#L"))

        let json = try embeddedJSON(html)
        #expect(!json.contains("</") && !json.contains("<!--"))
        #expect(!json.unicodeScalars.contains("\u{2028}") && !json.unicodeScalars.contains("\u{2029}"))
        let data = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(data["findings"] as? [[String: Any]])
        let nodes = try #require(data["nodes"] as? [[String: Any]])
        #expect(findings.count == result.findings.count)
        for (decoded, finding) in zip(findings, result.findings) {
            #expect(decoded["message"] as? String == finding.message)
            #expect(decoded["file"] as? String == finding.file)
            #expect(decoded["component"] as? String == finding.component)
        }
        #expect(nodes.compactMap { $0["name"] as? String } == result.graph.nodes.map(\.name))
        #expect(nodes.compactMap { $0["file"] as? String } == result.graph.nodes.map(\.file))
    }

    @Test func emptyResultStillRendersAUsablePage() throws {
        var result = try Golden.shopApp()
        result.findings = []
        let html = try page(result)
        #expect(html.contains("No findings: every dependency is used"))
        #expect(html.contains("id=\"cpdi-filter-rule\" disabled"))
    }

    private func page(_ result: AnalysisResult, _ options: ReportOptions = ReportOptions()) throws -> String {
        String(decoding: try HTMLFormat.render(result, options: options), as: UTF8.self)
    }
}

/// The page's contents without its two script elements (the data and the code), i.e. the markup.
private func withoutScripts(_ html: String) throws -> String {
    var rest = Substring(html), markup = ""
    while let open = rest.range(of: "<script") {
        let close = try #require(rest[open.upperBound...].range(of: "</script>"))
        markup += rest[..<open.lowerBound]
        rest = rest[close.upperBound...]
    }
    return markup + rest
}

private func embeddedJSON(_ html: String) throws -> String {
    let open = try #require(html.range(of: "<script type=\"application/json\" id=\"cpdi-data\">"))
    let close = try #require(html[open.upperBound...].range(of: "</script>"))
    return String(html[open.upperBound..<close.lowerBound])
}
