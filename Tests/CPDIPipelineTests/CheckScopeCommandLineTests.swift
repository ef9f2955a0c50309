import Foundation
import Testing

/// What build systems need from `cpdi check`: scan a whole package but print one target's findings
/// (`--report-only`), absolute paths (`--absolute-paths`), and `strict` / `baseline` from `.cpdi.yml`, so a
/// build plugin passes no more than the paths.
@Suite(.serialized) struct CheckScopeCommandLineTests {
    let cli = CommandLineTests()

    /// Two targets: `App` forwards its dependencies to `Feature`'s `Cart`. `Home`'s two direct-child findings
    /// exist only when `Feature` is scanned too; `Cart` has an unused dependency of its own.
    static let package: [String: String] = [
        "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "Feature"), .target(name: "App", dependencies: ["Feature"])])
            """,
        "Sources/Feature/Cart.swift": """
            public protocol LoggingDependency { var logger: String { get } }
            public protocol TrackingDependency { var tracker: String { get } }
            public typealias CartDependencies = LoggingDependency & TrackingDependency

            public struct Cart<Dependencies: CartDependencies> {
                let dependencies: Dependencies
                public init(dependencies: Dependencies) { self.dependencies = dependencies }
                public func show() { print(dependencies.logger) }
            }
            """,
        "Sources/App/Home.swift": """
            import Feature

            typealias HomeDependencies = CartDependencies & LoggingDependency & TrackingDependency

            struct Home<Dependencies: HomeDependencies> {
                let dependencies: Dependencies
                func cart() -> Cart<Dependencies> { Cart(dependencies: dependencies) }
            }
            """,
    ]

    static let homeFindings = """
        Sources/App/Home.swift:3:49: warning: `LoggingDependency` in `HomeDependencies` already comes with `CartDependencies` (for `Cart`); remove it [direct-child-dependency]
        Sources/App/Home.swift:3:69: warning: `TrackingDependency` in `HomeDependencies` already comes with `CartDependencies` (for `Cart`); remove it [direct-child-dependency]

        """

    func package(_ extra: [String: String] = [:], _ body: (URL) throws -> Void) throws {
        try Fixtures.withTemporaryFolder { folder in
            for (path, text) in Self.package.merging(extra, uniquingKeysWith: { $1 }) {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            try body(folder)
        }
    }

    @Test func reportOnlyPrintsOneTargetsFindingsFromTheWholeScan() throws {
        try package { folder in
            let everything = try cli.cpdi(["check", "--no-cache"], in: folder)
            #expect(everything.stdout.hasPrefix(Self.homeFindings))
            #expect(everything.stdout.contains("Sources/Feature/Cart.swift:3:57: warning: `TrackingDependency` in `CartDependencies` is not used"))

            // Scanning the target alone cannot see what it forwards to, so it is not judged.
            #expect(try cli.cpdi(["check", "--no-cache", "Sources/App"], in: folder).stdout == "")

            for scope in ["Sources/App", "Sources/App/", "Sources/App/Home.swift", folder.appendingPathComponent("Sources/App").path] {
                let run = try cli.cpdi(["check", "--no-cache", "--report-only", scope], in: folder)
                #expect(run.stdout == Self.homeFindings, "\(scope)")
                #expect(run.status == 0)
                #expect(run.stderr.contains("2 findings (2 warnings)"), "the summary counts what is reported")
            }
            let both = try cli.cpdi(["check", "--no-cache", "--report-only", "Sources/App", "--report-only", "Sources/Feature/Cart.swift"], in: folder)
            #expect(both.stdout == everything.stdout)
            // A prefix of a folder's name is not the folder.
            #expect(try cli.cpdi(["check", "--no-cache", "--report-only", "Sources/Feature", "."], in: folder).stdout.hasPrefix("Sources/Feature/Cart.swift"))
        }
    }

    @Test func aListFileNamesTheReportedFilesOneALine() throws {
        try package { folder in
            let list = folder.appendingPathComponent("reported.txt")
            // As an Xcode target's list: absolute paths, and one file deleted since the list was written.
            try "\(folder.path)/Sources/App/Home.swift\n\(folder.path)/Sources/App/Deleted.swift\n".write(to: list, atomically: true, encoding: .utf8)
            let run = try cli.cpdi(["check", "--no-cache", "--report-only-list", list.path], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout == Self.homeFindings)
            try "Sources/Feature\n".write(to: list, atomically: true, encoding: .utf8)
            let both = try cli.cpdi(["check", "--no-cache", "--report-only-list", "reported.txt", "--report-only", "Sources/App"], in: folder)
            #expect(both.stdout == (try cli.cpdi(["check", "--no-cache"], in: folder)).stdout)
            let missing = try cli.cpdi(["check", "--no-cache", "--report-only-list", "nope.txt"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.stderr == "cpdi: error: nope.txt: cannot read the list of files to report; check the --report-only-list path\n")
        }
    }

    @Test func aReportOnlyPathThatDoesNotExistIsAUsageError() throws {
        try package { folder in
            let run = try cli.cpdi(["check", "--no-cache", "--report-only", "Sources/Ap"], in: folder)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == "cpdi: error: Sources/Ap: no such file or folder; check the --report-only path\n")
        }
    }

    @Test func reportOnlyDecidesTheExitStatusAndTheProblemsShown() throws {
        let raised = ".cpdi.yml"
        try package([raised: "rules: { unused-dependency: error }\n", "Sources/Feature/Broken.swift": "struct Broken {\n"]) { folder in
            let all = try cli.cpdi(["check", "--no-cache"], in: folder)
            #expect(all.status == 1)
            #expect(all.stderr.contains("Sources/Feature/Broken.swift:"))
            // The error and the unparsable file are in Feature: building App passes and says nothing of them.
            let app = try cli.cpdi(["check", "--no-cache", "--report-only", "Sources/App"], in: folder)
            #expect(app.status == 0)
            #expect(app.stdout == Self.homeFindings)
            #expect(!app.stderr.contains("Broken.swift"))
        }
    }

    @Test func absolutePathsPointAtTheFileFromAnyFolder() throws {
        try package(["Sources/Feature/Broken.swift": "struct Broken {\n"]) { folder in
            let run = try cli.cpdi(["check", "--no-cache", "--absolute-paths", "--report-only", "Sources"], in: folder)
            let root = folder.standardizedFileURL.path
            #expect(run.stdout.hasPrefix("\(root)/Sources/App/Home.swift:3:49: warning: "))
            #expect(run.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("\(root)/Sources/") })
            #expect(run.stderr.hasPrefix("\(root)/Sources/Feature/Broken.swift:"), "problems too")
            let relative = try cli.cpdi(["check", "--no-cache"], in: folder)
            #expect(run.stdout == relative.stdout.replacingOccurrences(of: "Sources/", with: "\(root)/Sources/"))
        }
    }

    @Test func strictInTheConfigurationFailsOnWarnings() throws {
        try package([".cpdi.yml": "strict: true\n"]) { folder in
            let run = try cli.cpdi(["check", "--no-cache", "--report-only", "Sources/App"], in: folder)
            #expect(run.status == 1)
            #expect(run.stdout == Self.homeFindings)
            try "strict: false\n".write(to: folder.appendingPathComponent(".cpdi.yml"), atomically: true, encoding: .utf8)
            #expect(try cli.cpdi(["check", "--no-cache"], in: folder).status == 0)
            #expect(try cli.cpdi(["check", "--no-cache", "--strict"], in: folder).status == 1, "the flag still works")
        }
    }

    @Test func theConfiguredBaselineHidesKnownFindingsForCheckAndFix() throws {
        try package([".cpdi.yml": "strict: true\nbaseline: ci/known.json\n"]) { folder in
            // Recording does not read the configured baseline, which does not exist yet.
            let missing = try cli.cpdi(["check", "--no-cache"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.stderr == "cpdi: error: ci/known.json: cannot read the baseline; check the path, or create it with `cpdi check --write-baseline ci/known.json`\n")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("ci"), withIntermediateDirectories: true)
            let write = try cli.cpdi(["check", "--no-cache", "--write-baseline", "ci/known.json"], in: folder)
            #expect(write.status == 1, "strict, and nothing hidden while recording")
            #expect(write.stderr.contains("cpdi: wrote ci/known.json (3 known findings)"))

            let check = try cli.cpdi(["check", "--no-cache"], in: folder)
            #expect(check.status == 0)
            #expect(check.stdout == "")
            #expect(check.stderr.contains("no findings, 3 known findings hidden by the baseline"))
            // From another folder the configured path is still the one next to .cpdi.yml.
            let fromSources = try cli.cpdi(["check", "--no-cache", ".."], in: folder.appendingPathComponent("Sources"))
            #expect(fromSources.status == 0, "\(fromSources.stderr)")
            #expect(fromSources.stderr.contains("3 known findings hidden"))

            let fix = try cli.cpdi(["fix", "--no-cache", "--dry-run"], in: folder)
            #expect(fix.stdout == "", "every finding is known, so nothing is fixed")
            #expect(fix.stderr.hasPrefix("cpdi: would fix 0 findings in 0 files"))

            // An explicit baseline wins over the configured one.
            try "{\"version\": 1, \"findings\": []}\n".write(to: folder.appendingPathComponent("empty.json"), atomically: true, encoding: .utf8)
            #expect(try cli.cpdi(["check", "--no-cache", "--baseline", "empty.json"], in: folder).status == 1)
        }
    }
}
