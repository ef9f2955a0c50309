import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// The samples are the product's acceptance tests: their findings are written down line by line.
@Suite(.serialized) struct SampleTests {
    @Test(arguments: Fixtures.samples)
    func findingsMatchExpectedFindingsFile(sample: String) throws {
        let result = try Fixtures.analyse(["Samples/\(sample)"])
        let expected = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/expected-findings.txt"), encoding: .utf8
        )
        #expect(XcodeFormat.findings(result) == expected)
        #expect(result.problems.isEmpty)
    }

    @Test func everyRuleOfTheFirstIssueFiresInShopApp() throws {
        let result = try Fixtures.analyse(["Samples/ShopApp"])
        let fired = Set(result.findings.map(\.ruleID))
        // …plus the sample's by-design `associatedtype-dependencies` (ProductComponent), and nothing else.
        #expect(fired == [
            "unused-dependency", "direct-child-dependency", "stale-forward", "unused-dependencies-property",
            "associatedtype-dependencies",
        ])
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let first = try Fixtures.analyse(["Samples/ShopApp"])
        let second = try Fixtures.analyse(["Samples/ShopApp"])
        for format in GraphFormat.allCases {
            #expect(try format.render(first) == format.render(second), "\(format)")
        }
    }

    /// Drawn the way `make demo` draws it, by the command in a process of its own.
    @Test(arguments: ["ShopApp", "RuntimeApp"])
    func committedSVGIsUpToDate(sample: String) throws {
        let committed = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("output/\(sample).svg"))
        // Beside the committed file, so its links to the sources are relative the same way.
        let drawn = "output/.\(sample)-\(UUID().uuidString).svg"
        defer { try? FileManager.default.removeItem(at: Fixtures.packageRoot.appendingPathComponent(drawn)) }
        let run = try CommandLineTests().cpdi("graph", "--no-cache", "Samples/\(sample)", "-o", drawn)
        try #require(run.status == 0, "\(run.stderr)")
        let fresh = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(drawn))
        #expect(committed == fresh, "output/\(sample).svg is stale: run `make demo` and commit it")
    }

    @Test func savedJSONDecodesToTheSameResult() throws {
        let result = try Fixtures.analyse(["Samples/ShopApp", "Samples/HasApp"])
        let decoded = try JSONFormat.decode(JSONFormat.encode(result))
        #expect(decoded == result)
        #expect(decoded.schemaVersion == AnalysisResult.currentSchemaVersion)
    }

    @Test func svgIsWellFormedXMLWithOneShapePerKind() throws {
        let svg = try String(decoding: GraphFormat.svg.render(Fixtures.analyse(["Samples/ShopApp"])), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("</svg>"))
        let dot = try DOTFormat.render(Fixtures.analyse(["Samples/ShopApp"]))
        for shape in ["shape=\"box\"", "shape=\"note\"", "shape=\"ellipse\"", "shape=\"box3d\""] {
            #expect(dot.contains(shape), "\(shape)")
        }
        #expect(dot.contains("color=\"#ea580c\""), "warnings are drawn in colour")
    }
}
