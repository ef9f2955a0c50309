import CPDIReporters
import CPDIRules
import Testing

@Suite struct ReportFormatTests {
    @Test(arguments: ReportFormat.allCases)
    func everyFormatIsByteIdenticalAcrossRuns(format: ReportFormat) throws {
        #expect(try format.render(Golden.shopApp()) == format.render(Golden.shopApp()))
    }

    @Test func hostileNamesProduceAFinding() {
        #expect(Golden.hostile().findings.map(\.ruleID) == ["unused-dependency"])
    }
}
