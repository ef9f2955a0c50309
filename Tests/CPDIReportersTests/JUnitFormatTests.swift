@testable import CPDIReporters
import CPDIRules
import Testing

@Suite struct JUnitFormatTests {
    @Test func shopAppMatchesTheGoldenFile() throws {
        try Golden.expect(ReportFormat.junit.render(Golden.shopApp()), matches: "ShopApp.junit.xml")
    }

    @Test func oneSuitePerRuleEvenWithoutFindings() throws {
        var result = try Golden.shopApp()
        result.findings.removeAll { $0.ruleID == "stale-forward" }
        let document = try XMLParsing.document(JUnitFormat.render(result))
        let suites = try XMLParsing.elements("/testsuites/testsuite", in: document)
        #expect(suites.compactMap { XMLParsing.attribute("name", of: $0) } == RuleCatalogue.all.map { "cpdi.\($0.id)" })
        let clean = try #require(suites.first { XMLParsing.attribute("name", of: $0) == "cpdi.stale-forward" })
        #expect(XMLParsing.attribute("failures", of: clean) == "0")
        #expect(try XMLParsing.elements("//testsuite[@name='cpdi.stale-forward']/testcase", in: document).count == 1)
        #expect(try XMLParsing.elements("//testsuite[@name='cpdi.stale-forward']//failure", in: document).isEmpty)
        let root = try #require(document.rootElement())
        #expect(XMLParsing.attribute("failures", of: root) == String(result.findings.count))
    }

    @Test func eachFindingIsAFailureTypedByItsRule() throws {
        let result = try Golden.shopApp()
        let failures = try XMLParsing.elements("//failure", in: XMLParsing.document(JUnitFormat.render(result)))
        #expect(failures.count == result.findings.count)
        let finding = try #require(result.findings.first { $0.ruleID == "unused-dependency" })
        let failure = try #require(failures.first { XMLParsing.attribute("type", of: $0) == "unused-dependency" })
        #expect(XMLParsing.attribute("message", of: failure) == finding.message)
        #expect(failure.stringValue?.hasPrefix("\(finding.file):\(finding.line):\(finding.column): warning: ") == true)
    }

    @Test func timestampOnlyWhenAskedFor() throws {
        let result = try Golden.shopApp()
        #expect(!JUnitFormat.render(result).contains("timestamp"))
        let stamped = JUnitFormat.render(result, options: ReportOptions(timestamp: "2025-01-02T03:04:05Z"))
        let suites = try XMLParsing.elements("//testsuite", in: XMLParsing.document(stamped))
        #expect(suites.allSatisfy { XMLParsing.attribute("timestamp", of: $0) == "2025-01-02T03:04:05Z" })
    }

    @Test func hostileNamesRoundTripExactly() throws {
        let result = Golden.hostile()
        let finding = try #require(result.findings.first)
        let document = try XMLParsing.document(JUnitFormat.render(result))
        let testcase = try #require(XMLParsing.elements("//failure/..", in: document).first)
        #expect(XMLParsing.attribute("name", of: testcase) == "\(finding.component) at \(finding.file):\(finding.line):\(finding.column)")
        let failure = try #require(XMLParsing.elements("//failure", in: document).first)
        #expect(XMLParsing.attribute("message", of: failure) == finding.message)
        #expect(failure.stringValue?.hasPrefix("\(finding.file):") == true)
    }

    @Test func inputProblemsAreErrorsInASuiteOfTheirOwn() throws {
        var result = Golden.hostile()
        result.problems = [InputProblem(file: "Bad.swift", severity: .error, message: "not valid UTF-8")]
        let document = try XMLParsing.document(JUnitFormat.render(result))
        let suite = try #require(XMLParsing.elements("//testsuite[@name='cpdi.input']", in: document).first)
        #expect(XMLParsing.attribute("errors", of: suite) == "1")
        #expect(try XMLParsing.elements("//testsuite[@name='cpdi.input']/testcase/error", in: document).count == 1)
    }
}
