import CPDIReporters
import CPDIRules
import Testing

@Suite struct ReportFormatTests {
    @Test(arguments: ReportFormat.allCases)
    func everyFormatIsByteIdenticalAcrossRuns(format: ReportFormat) throws {
        #expect(try format.render(Golden.shopApp()) == format.render(Golden.shopApp()))
    }

    @Test func jsonMatchesTheGoldenFile() throws {
        try Golden.expect(JSONFormat.encode(Golden.shopApp()), matches: "ShopApp.json")
    }

    @Test func xcodeLinesStayOneLinePerFindingWhateverTheNames() throws {
        let text = try String(decoding: ReportFormat.xcode.render(Golden.hostile()), as: UTF8.self)
        #expect(text.split(separator: "\n").count == Golden.hostile().findings.count)
        #expect(text.hasSuffix("[unused-dependency]\n"))
    }

    @Test func hostileNamesProduceAFinding() {
        #expect(Golden.hostile().findings.map(\.ruleID) == ["unused-dependency"])
    }
}
