@testable import CPDIPipeline
import CPDIFacts
import CPDIRules
import Foundation
import Testing

/// Runs over an app written in its own words learn its names (`NamingInference`), extract the files that hold
/// one again under them, and cache those facts apart from the configured vocabulary's: warm runs, edits that
/// teach or unteach a name, and `learn-naming: false` all give what a cold run gives.
@Suite struct LearntNamingRunTests {
    static let files: [String: String] = [
        "Providers.swift": """
            protocol NavigatorProvider { var navigator: Navigator { get } }
            protocol SessionServiceProvider { var sessionService: SessionService { get } }
            protocol DataServiceProvider { var dataService: DataService { get } }
            final class Navigator { func moveTo(_ scene: Int) {} }
            final class SessionService { var hasSession = false }
            final class DataService {}
            """,
        "LaunchViewModel.swift": """
            final class LaunchViewModel {
                typealias ServiceProvider = NavigatorProvider & DataServiceProvider & SessionServiceProvider
                let serviceProvider: ServiceProvider
                init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
            }
            """,
        "LaunchViewModel+Routing.swift": """
            extension LaunchViewModel {
                func start() { if serviceProvider.sessionService.hasSession { serviceProvider.navigator.moveTo(1) } }
            }
            """,
        "Unrelated.swift": "struct Point { var x = 0 }\n",
    ]

    static func write(_ files: [String: String], to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    static func findings(_ result: AnalysisResult) -> [String] {
        result.findings.map { "\($0.ruleID) \($0.message)" }.sorted()
    }

    @Test func aRunLearnsTheAppsNamesAndJudgesWithThem() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app")
            try Self.write(Self.files, to: app)
            let cold = try WorkingTreeResultTests.cold(app)
            #expect(cold.coverage.learntNaming == InferredNaming(
                aliases: ["ServiceProvider"], values: ["serviceProvider"],
                protocols: ["DataServiceProvider", "NavigatorProvider", "SessionServiceProvider"]
            ))
            #expect(Self.findings(cold) == [
                "unused-dependency `DataServiceProvider` in `LaunchViewModel.ServiceProvider` is not used by `LaunchViewModel` nor needed by a component it forwards to",
            ])
            #expect(cold.coverage.summary.hasSuffix(
                "with names learnt from the code (aliases ServiceProvider; values serviceProvider; protocols DataServiceProvider, NavigatorProvider, SessionServiceProvider)"
            ))
            var configuration = Configuration()
            configuration.learnsNaming = false
            let configuredOnly = try WorkingTreeResultTests.cold(app, configuration: configuration)
            #expect(configuredOnly.coverage.learntNaming == nil && configuredOnly.findings.isEmpty)
        }
    }

    /// Warm runs after edits that read the unused leaf, make nothing learnable, and make it learnable again.
    @Test func warmRunsAfterEditsEqualColdRuns() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try Self.write(Self.files, to: app)
            var files = Self.files
            let edits: [(String, String?)] = [
                ("LaunchViewModel+Routing.swift", files["LaunchViewModel+Routing.swift"]!.replacingOccurrences(
                    of: "moveTo(1) }", with: "moveTo(1) }; _ = serviceProvider.dataService")),
                // Named by the defaults now: nothing left to learn.
                ("LaunchViewModel.swift", files["LaunchViewModel.swift"]!.replacingOccurrences(of: "ServiceProvider", with: "Dependencies")
                    .replacingOccurrences(of: "serviceProvider", with: "dependencies")),
                ("LaunchViewModel+Routing.swift", files["LaunchViewModel+Routing.swift"]!.replacingOccurrences(of: "serviceProvider", with: "dependencies")),
                ("LaunchViewModel.swift", Self.files["LaunchViewModel.swift"]!),
                ("LaunchViewModel+Routing.swift", Self.files["LaunchViewModel+Routing.swift"]!),
                ("Unrelated.swift", nil),
            ]
            var previous = try WorkingTreeResultTests.warm(app, cache: cache).result
            #expect(previous == (try WorkingTreeResultTests.cold(app)))
            for (name, text) in edits {
                let url = app.appendingPathComponent(name)
                if let text {
                    files[name] = text
                    try text.write(to: url, atomically: true, encoding: .utf8)
                } else {
                    files[name] = nil
                    try FileManager.default.removeItem(at: url)
                }
                let warm = try WorkingTreeResultTests.warm(app, cache: cache).result
                let cold = try WorkingTreeResultTests.cold(app)
                #expect(warm == cold, "after editing \(name)")
                let again = try WorkingTreeResultTests.warm(app, cache: cache)
                #expect(again.result == cold && !again.readFacts, "after editing \(name), again")
                previous = warm
            }
            #expect(previous.coverage.learntNaming != nil)
        }
    }

    /// Facts extracted under learnt names are cached under their own keys: a later run that learns nothing
    /// reads the configured vocabulary's facts of the same file, not those.
    @Test func factsUnderLearntNamesAreKeptApart() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try Self.write(Self.files, to: app)
            var configuration = Configuration()
            _ = try WorkingTreeResultTests.warm(app, cache: cache, configuration: configuration)
            configuration.learnsNaming = false
            let configuredOnly = try WorkingTreeResultTests.warm(app, cache: cache, configuration: configuration).result
            #expect(configuredOnly == (try WorkingTreeResultTests.cold(app, configuration: configuration)))
            configuration.learnsNaming = true
            let learnt = try WorkingTreeResultTests.warm(app, cache: cache, configuration: configuration).result
            #expect(learnt == (try WorkingTreeResultTests.cold(app)))
        }
    }
}
