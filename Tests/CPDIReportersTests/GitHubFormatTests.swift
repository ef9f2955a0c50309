@testable import CPDIReporters
import CPDIRules
import Foundation
import Testing

@Suite struct GitHubFormatTests {
    @Test func shopAppMatchesTheGoldenFile() throws {
        try Golden.expect(ReportFormat.github.render(Golden.shopApp()), matches: "ShopApp.github.txt")
    }

    @Test func oneCommandPerFindingWithRuleAsTitle() throws {
        let result = try Golden.shopApp()
        let lines = GitHubFormat.render(result).split(separator: "\n")
        #expect(lines.count == result.findings.count)
        #expect(lines.first == "::warning file=Samples/ShopApp/Features/Cart/CartItemRow.swift,line=6,col=7,title=direct-child-dependency::`ImageLoadingDependency` is in `CartItemRowDependencies` only for `ProductThumbnail`; forward `ProductThumbnailDependencies` instead")
    }

    @Test func severityPicksTheCommand() {
        #expect(GitHubFormat.command(.error, properties: [], message: "m") == "::error ::m\n")
        #expect(GitHubFormat.command(.warning, properties: [], message: "m") == "::warning ::m\n")
        #expect(GitHubFormat.command(.info, properties: [], message: "m") == "::notice ::m\n")
    }

    @Test func escapesMessagesAndPropertiesAsTheRunnerDecodesThem() {
        #expect(GitHubFormat.escapeMessage("100% a:b,c\r\nd") == "100%25 a:b,c%0D%0Ad")
        #expect(GitHubFormat.escapeProperty("100% a:b,c\r\nd") == "100%25 a%3Ab%2Cc%0D%0Ad")
        #expect(GitHubFormat.escapeProperty("%0A") == "%250A", "an escape already in a name stays literal")
    }

    @Test func hostilePathStaysOnOneLineAndDecodesBack() throws {
        let result = Golden.hostile()
        let output = GitHubFormat.render(result)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == result.findings.count + 1, "one line per finding, then the final newline")
        let file = try #require(lines.first?.firstMatch(of: /file=([^,]*),/)?.1)
        #expect(Self.decode(String(file)) == result.findings[0].file)
        #expect(file.contains("Wéird <&> \"%25\"%0ADir/Fïle.swift"))
    }

    @Test func inputProblemsGetALineEach() {
        var result = Golden.hostile()
        result.findings = []
        result.problems = [
            InputProblem(file: "A.swift", line: 3, column: 1, severity: .warning, message: "could not parse: x, y"),
            InputProblem(file: "B, C.swift", severity: .error, message: "not valid UTF-8"),
        ]
        #expect(GitHubFormat.render(result) == """
            ::warning file=A.swift,line=3,col=1,title=cpdi input::could not parse: x, y
            ::error file=B%2C C.swift,title=cpdi input::not valid UTF-8

            """)
    }

    /// What the Actions runner does with a property value.
    static func decode(_ text: String) -> String {
        [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")].reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
