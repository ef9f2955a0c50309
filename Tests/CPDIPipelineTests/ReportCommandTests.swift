import Foundation
import Testing

/// `cpdi report` and `cpdi check --reporter` as CI runs them; the formats themselves are tested in CPDIReportersTests.
@Suite(.serialized) struct ReportCommandTests {
    let cli = CommandLineTests()
    static let golden = Fixtures.packageRoot.appendingPathComponent("Tests/CPDIReportersTests/Golden")

    @Test(arguments: [("markdown", "ShopApp.md"), ("github", "ShopApp.github.txt"), ("junit", "ShopApp.junit.xml"), ("checkstyle", "ShopApp.checkstyle.xml")])
    func reportPrintsTheSameBytesAsTheLibrary(format: String, goldenFile: String) throws {
        let run = try cli.cpdi("report", "Samples/ShopApp", "--format", format)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (try String(contentsOf: Self.golden.appendingPathComponent(goldenFile), encoding: .utf8)))
    }

    @Test func outputFileNamesTheFormat() throws {
        try Fixtures.withTemporaryFolder { folder in
            let run = try cli.cpdi("report", Self.sample, "-o", "out/report.md", in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains("cpdi: wrote out/report.md (markdown, "))
            #expect(try String(contentsOf: folder.appendingPathComponent("out/report.md"), encoding: .utf8).hasPrefix("## cpdi: "))
        }
    }

    @Test(arguments: [["-o", "report.xml"], ["-o", "report.txt"], []])
    func anUnclearFormatAsksForFormat(arguments: [String]) throws {
        let run = try cli.cpdi(["report", "Samples/HasApp"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--format"))
    }

    @Test func fromRendersASavedResultWithoutScanning() throws {
        try Fixtures.withTemporaryFolder { folder in
            #expect(try cli.cpdi("report", Self.sample, "--format", "json", "-o", "result.json", in: folder).status == 0)
            let direct = try cli.cpdi("report", Self.sample, "--format", "checkstyle", in: folder)
            // The folder holds no sources: anything in the output comes from the saved result.
            let saved = try cli.cpdi("report", "--from", "result.json", "--format", "checkstyle", in: folder)
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(saved.stdout == direct.stdout)
            #expect(saved.stdout.contains("source=\"cpdi."))
        }
    }

    @Test(arguments: [
        ("missing.json", nil, "cannot read"),
        ("bad.json", "not json", "not a cpdi JSON result"),
        ("foreign.json", #"{"name": "x"}"#, "not a cpdi JSON result"),
        ("future.json", #"{"schemaVersion": 3}"#, "schema version 3, but this cpdi reads version 2"),
        ("broken.json", #"{"schemaVersion": 2, "files": []}"#, "not a valid cpdi result (missing"),
    ] as [(String, String?, String)])
    func aBadSavedResultIsOneLineNamingTheFile(name: String, contents: String?, message: String) throws {
        try Fixtures.withTemporaryFolder { folder in
            if let contents { try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            let run = try cli.cpdi("report", "--from", name, "--format", "markdown", in: folder)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr.hasPrefix("cpdi: error: \(name): "))
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func fromAndPathsTogetherIsAUsageError() throws {
        let run = try cli.cpdi("report", "Samples/HasApp", "--from", "result.json", "--format", "markdown")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--from"))
    }

    @Test func timestampOnlyWhenAskedFor() throws {
        let plain = try cli.cpdi("report", "Samples/HasApp", "--format", "junit")
        #expect(!plain.stdout.contains("timestamp="))
        let stamped = try cli.cpdi("report", "Samples/HasApp", "--format", "junit", "--timestamp")
        #expect(stamped.stdout.firstMatch(of: /timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/) != nil)
    }

    @Test func linkPrefixReachesTheMarkdown() throws {
        let run = try cli.cpdi("report", "Samples/ShopApp", "--format", "markdown", "--link-prefix", "https://example.com/blob/main/")
        #expect(run.stdout.contains("](https://example.com/blob/main/Samples/ShopApp/Features/Cart/CartItemRow.swift#L6)"))
    }

    @Test func checkPrintsAFindingsOnlyReporterWithTheUsualStatus() throws {
        let run = try cli.cpdi("check", "Samples/ShopApp", "--reporter", "github")
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOf: Self.golden.appendingPathComponent("ShopApp.github.txt"), encoding: .utf8)))
        #expect(run.stderr.contains("5 findings"))
        #expect(try cli.cpdi("check", "Samples/ShopApp", "--reporter", "checkstyle", "--strict").status == 1)
    }

    @Test func checkRefusesAFullReportAndPointsToReport() throws {
        let run = try cli.cpdi("check", "Samples/ShopApp", "--reporter", "markdown")
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("cpdi report --format markdown"))
        #expect(try cli.cpdi("check", "--reporter", "nosuch").status == 2)
    }

    static let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
}
