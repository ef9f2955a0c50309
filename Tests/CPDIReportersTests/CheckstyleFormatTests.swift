@testable import CPDIReporters
import CPDIRules
import Testing

@Suite struct CheckstyleFormatTests {
    @Test func shopAppMatchesTheGoldenFile() throws {
        try Golden.expect(ReportFormat.checkstyle.render(Golden.shopApp()), matches: "ShopApp.checkstyle.xml")
    }

    @Test func filesAreSortedAndEachFindingIsAnError() throws {
        let result = try Golden.shopApp()
        let document = try XMLParsing.document(CheckstyleFormat.render(result))
        #expect(document.rootElement()?.name == "checkstyle")
        #expect(document.rootElement().flatMap { XMLParsing.attribute("version", of: $0) } == "4.3")
        let files = try XMLParsing.elements("/checkstyle/file", in: document).compactMap { XMLParsing.attribute("name", of: $0) }
        #expect(files == Set(result.findings.map(\.file)).sorted())
        let errors = try XMLParsing.elements("//error", in: document)
        #expect(errors.compactMap { XMLParsing.attribute("source", of: $0) } == result.findings.sorted().map { "cpdi.\($0.ruleID)" })
        #expect(errors.compactMap { XMLParsing.attribute("line", of: $0) } == result.findings.sorted().map { String($0.line) })
    }

    @Test func hostileNamesRoundTripExactly() throws {
        let result = Golden.hostile()
        let document = try XMLParsing.document(CheckstyleFormat.render(result))
        let file = try #require(XMLParsing.elements("/checkstyle/file", in: document).first)
        #expect(XMLParsing.attribute("name", of: file) == result.findings[0].file)
        let error = try #require(XMLParsing.elements("//error", in: document).first)
        #expect(XMLParsing.attribute("message", of: error) == result.findings[0].message)
    }

    @Test func inputProblemsAreListedUnderTheirFile() throws {
        var result = Golden.hostile()
        result.problems = [InputProblem(file: "Bad <1>.swift", severity: .error, message: "not valid UTF-8\n")]
        let document = try XMLParsing.document(CheckstyleFormat.render(result))
        let error = try #require(XMLParsing.elements("//file[@name='Bad <1>.swift']/error", in: document).first)
        #expect(XMLParsing.attribute("source", of: error) == "cpdi.input")
        #expect(XMLParsing.attribute("line", of: error) == "0")
        #expect(XMLParsing.attribute("message", of: error) == "not valid UTF-8\n")
    }

    @Test func escapingKeepsEveryCharacterAParserAccepts() throws {
        let tricky = "a&b<c>d\"e'f\tg\r\nh\ri\u{1}j\u{FFFF}k 🙂"
        let xml = XMLEscaping.declaration + "<x a=\"\(XMLEscaping.attribute(tricky))\">\(XMLEscaping.text(tricky))</x>"
        let element = try #require(XMLParsing.document(xml).rootElement())
        let expected = "a&b<c>d\"e'f\tg\r\nh\ri\u{FFFD}j\u{FFFD}k 🙂"
        #expect(XMLParsing.attribute("a", of: element) == expected)
        #expect(element.stringValue == expected)
    }
}
