import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

@Suite struct SARIFTests {
    /// The package root is the repository root, so URIs read `Samples/ShopApp/…` wherever the tests run.
    static let atPackageRoot = ReportOptions(basePath: Golden.packageRoot.path)

    static func render(_ result: AnalysisResult, options: ReportOptions = atPackageRoot, workingDirectory: String = Golden.packageRoot.path) throws -> [UInt8] {
        try SARIFFormat.render(result, options: options, workingDirectory: workingDirectory)
    }

    @Test func shopAppMatchesGolden() throws {
        try Golden.expect(Self.render(Golden.shopApp()), matches: "ShopApp.sarif")
    }

    @Test func shopAppValidatesAgainstTheOfficialSchema() throws {
        try expectValidSARIF(Self.render(Golden.shopApp()))
    }

    /// Guards against a validator that accepts anything, or a schema that is not the real one.
    @Test func theOfficialSchemaRejectsAnUnknownLevel() throws {
        let bytes = try Self.render(Golden.shopApp())
        let broken = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"level\" : \"warning\"", with: "\"level\" : \"warn\"")
        let outcome = try SchemaValidation.run(Array(broken.utf8), against: .sarif)
        #expect(outcome.status == 1, "expected schema errors, got: \(outcome.output)")
        #expect(outcome.output.contains("'warn' is not one of"))
    }

    @Test func hostileNamesValidateAgainstTheOfficialSchema() throws {
        try expectValidSARIF(Self.render(Golden.hostile()))
    }

    /// Notifications and the timestamp only appear on request, so they get their own validation.
    @Test func problemsAndTimestampValidateAgainstTheOfficialSchema() throws {
        var result = try Golden.shopApp()
        result.problems = [
            InputProblem(file: "Samples/ShopApp/Broken.swift", line: 3, column: 1, severity: .warning, message: "could not parse all of the file"),
            InputProblem(file: "Samples/ShopApp/Unreadable.swift", severity: .error, message: "cannot read the file"),
        ]
        var options = Self.atPackageRoot
        options.timestamp = "2025-01-02T03:04:05Z"
        let bytes = try Self.render(result, options: options)
        try expectValidSARIF(bytes)

        let invocation = try #require(try SARIFLog(bytes).runs.first?.invocations.first)
        #expect(invocation.executionSuccessful)
        #expect(invocation.endTimeUtc == "2025-01-02T03:04:05Z")
        let notifications = invocation.toolExecutionNotifications ?? []
        #expect(notifications.map(\.level) == ["warning", "error"])
        #expect(notifications.map { $0.locations?.first?.physicalLocation?.artifactLocation.uri } == ["Samples/ShopApp/Broken.swift", "Samples/ShopApp/Unreadable.swift"])
        #expect(notifications.map { $0.locations?.first?.physicalLocation?.region?.startLine } == [3, nil])
    }

    @Test func noTimestampUnlessAsked() throws {
        let invocation = try #require(try SARIFLog(Self.render(Golden.shopApp())).runs.first?.invocations.first)
        #expect(invocation.endTimeUtc == nil)
        #expect(invocation.toolExecutionNotifications == nil)
    }

    @Test func oneRulePerCatalogueRuleAndResultsPointAtThem() throws {
        let run = try #require(try SARIFLog(Self.render(Golden.shopApp())).runs.first)
        let rules = run.tool.driver.rules
        #expect(rules.map(\.id) == RuleCatalogue.all.map(\.id))
        #expect(rules.map(\.defaultConfiguration.level) == RuleCatalogue.all.map { $0.description.defaultSeverity == .info ? "note" : $0.description.defaultSeverity.rawValue })
        #expect(rules.allSatisfy { $0.help.markdown.contains("```swift") })
        #expect(run.results.count == 5)
        for result in run.results {
            #expect(rules.indices.contains(result.ruleIndex) && rules[result.ruleIndex].id == result.ruleId)
            #expect(result.locations.first?.physicalLocation?.artifactLocation.uri.hasPrefix("Samples/ShopApp/") == true)
            #expect(result.locations.first?.physicalLocation?.artifactLocation.uriBaseId == "%SRCROOT%")
        }
    }

    @Test func hostilePathIsPercentEncodedAndTextSurvives() throws {
        let hostile = Golden.hostile()
        let finding = try #require(hostile.findings.first)
        let result = try #require(try SARIFLog(Self.render(hostile, options: ReportOptions())).runs.first?.results.first)
        let location = try #require(result.locations.first)
        let uri = try #require(location.physicalLocation?.artifactLocation.uri)
        #expect(uri == "Sources/W%C3%A9ird%20%3C%26%3E%20%22%25%22%0ADir/F%C3%AFle.swift")
        #expect(uri.removingPercentEncoding == finding.file)
        #expect(result.message.text == finding.message)
        #expect(location.logicalLocations?.first?.name == "ÜberView")
    }

    @Test func pathsAreRewrittenRelativeToTheBasePath() throws {
        let options = ReportOptions(basePath: "/repo/Sources")
        let inside = try #require(try SARIFLog(Self.render(Golden.hostile(), options: options, workingDirectory: "/repo")).runs.first?.results.first)
        #expect(inside.locations.first?.physicalLocation?.artifactLocation.uri == "W%C3%A9ird%20%3C%26%3E%20%22%25%22%0ADir/F%C3%AFle.swift")

        // A file outside the repository cannot be relative to its root: it gets an absolute file URI.
        let outside = try #require(try SARIFLog(Self.render(Golden.hostile(), options: ReportOptions(basePath: "../elsewhere"), workingDirectory: "/repo")).runs.first?.results.first)
        #expect(outside.locations.first?.physicalLocation?.artifactLocation.uri == "file:///repo/Sources/W%C3%A9ird%20%3C%26%3E%20%22%25%22%0ADir/F%C3%AFle.swift")
        #expect(outside.locations.first?.physicalLocation?.artifactLocation.uriBaseId == nil)
    }

    @Test func fingerprintsSurviveLineMovesAndTellMembersApart() throws {
        let source = """
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            protocol CacheDependency { var cache: Cache { get } }
            typealias ListViewDependencies = TrackingDependency & LoggingDependency & CacheDependency
            struct ListView<Dependencies: ListViewDependencies> {
                let dependencies: Dependencies
                func appear() { dependencies.tracker.track("list") }
            }
            """
        let before = try results(of: source)
        let after = try results(of: "\n\n\n" + source)
        #expect(before.count == 2)
        let line = { (result: SARIFLog.Result) in result.locations.first?.physicalLocation?.region?.startLine ?? 0 }
        #expect(after.map(line) == before.map { line($0) + 3 })
        #expect(after.map(\.partialFingerprints) == before.map(\.partialFingerprints))
        #expect(Set(before.compactMap { $0.partialFingerprints[SARIFFormat.fingerprintKey] }).count == 2)
    }

    private func results(of source: String) throws -> [SARIFLog.Result] {
        let result = Pipeline().run(sources: [(path: "ListView.swift", text: source)])
        return try SARIFLog(Self.render(result, options: ReportOptions())).runs.first?.results ?? []
    }

    private func expectValidSARIF(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try SchemaValidation.run(bytes, against: .sarif)
        #expect(outcome.status == 0, "\(outcome.output)", sourceLocation: sourceLocation)
    }
}

/// The part of a SARIF log the tests read back; decoding it also proves the output is JSON.
struct SARIFLog: Decodable {
    var version: String
    var runs: [Run]

    init(_ bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(SARIFLog.self, from: Data(bytes))
    }

    struct Run: Decodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
    }

    struct Tool: Decodable {
        var driver: Driver
    }

    struct Driver: Decodable {
        var name: String
        var rules: [Rule]
    }

    struct Rule: Decodable {
        var id: String
        var defaultConfiguration: Configuration
        var help: Help
    }

    struct Configuration: Decodable {
        var level: String
    }

    struct Help: Decodable {
        var text: String
        var markdown: String
    }

    struct Invocation: Decodable {
        var executionSuccessful: Bool
        var endTimeUtc: String?
        var toolExecutionNotifications: [Notification]?
    }

    struct Notification: Decodable {
        var level: String
        var locations: [Location]?
    }

    struct Result: Decodable {
        var ruleId: String
        var ruleIndex: Int
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
    }

    struct Message: Decodable {
        var text: String
    }

    struct Location: Decodable {
        var physicalLocation: PhysicalLocation?
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Decodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Decodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Decodable {
        var startLine: Int
    }

    struct LogicalLocation: Decodable {
        var name: String
    }
}
