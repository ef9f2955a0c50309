import CPDIPipeline
import CPDISynthetic
import Foundation
import Testing

/// `cpdi fix` on copies of the samples. The compiler is the oracle: the sample that builds must still
/// build after every fix, and nothing fixable may be left.
@Suite(.serialized) struct FixCommandTests {
    private let cli = CommandLineTests()

    /// A copy of a sample (without build products) in a temporary folder.
    private func withCopy<T>(of sample: String, _ body: (URL) throws -> T) throws -> T {
        try Fixtures.withTemporaryFolder { folder in
            let copy = folder.appendingPathComponent(sample)
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)"), to: copy)
            try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
            return try body(copy)
        }
    }

    private func contents(of folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathComponents.contains(".build") || url.pathComponents.contains(".cpdi-cache") { continue }
            guard url.pathExtension == "swift" else { continue }
            found[url.path] = try String(contentsOf: url, encoding: .utf8)
        }
        return found
    }

    private func swiftBuild(_ package: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", package.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    private func fixableFindings(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map(String.init).filter { line in
            Pipeline.fixableRules.contains { line.hasSuffix("[\($0)]") }
        }
    }

    @Test func theBuildingSampleStillBuildsAfterEveryFixAndASecondFixChangesNothing() throws {
        try withCopy(of: "BuildingApp") { app in
            let before = try swiftBuild(app)
            #expect(before.status == 0, "the sample builds before the fix:\n\(before.output)")
            #expect(fixableFindings(try cli.cpdi("check", "--no-cache", "Sources", in: app).stdout).count == 5)

            let fix = try cli.cpdi("fix", "--no-cache", "Sources", in: app)
            #expect(fix.status == 0)
            // The three findings no fix can make belong to opt-in rules, which `Sources` alone (no `.cpdi.yml`) leaves off.
            #expect(fix.stderr.contains("cpdi: fixed 5 findings in 2 files"), "\(fix.stderr)")

            let after = try swiftBuild(app)
            #expect(after.status == 0, "the fixed sample builds:\n\(after.output)")
            #expect(fixableFindings(try cli.cpdi("check", "--no-cache", "Sources", in: app).stdout) == [])

            let fixed = try contents(of: app)
            let again = try cli.cpdi("fix", "--no-cache", "Sources", in: app)
            #expect(again.stderr.contains("cpdi: fixed 0 findings in 0 files"))
            #expect(try contents(of: app) == fixed)
        }
    }

    /// A generated app of a few hundred components with planted findings: cpdi finds exactly the planted
    /// ones, fixes them all, and the app still builds.
    @Test func aGeneratedAppWithPlantedFindingsIsFixedAndStillBuilds() throws {
        try Fixtures.withTemporaryFolder { folder in
            let app = SyntheticApp(components: 300, modules: 5, seed: 7, planted: 4, package: true)
            try app.write(to: folder)
            #expect(try swiftBuild(folder).status == 0, "the generated app builds")

            let result = try Pipeline().run(paths: ["Sources"], workingDirectory: folder)
            let found = result.findings.filter { Pipeline.fixableRules.contains($0.ruleID) }.map { "\($0.ruleID) \($0.component)" }.sorted()
            #expect(found == app.groundTruth)
            #expect(found.count == 13)

            let fix = try cli.cpdi("fix", "--no-cache", "Sources", in: folder)
            #expect(fix.stderr.contains("cpdi: fixed 13 findings in"), "\(fix.stderr)")
            let after = try swiftBuild(folder)
            #expect(after.status == 0, "the fixed app builds:\n\(after.output)")
            let fixed = try Pipeline().run(paths: ["Sources"], workingDirectory: folder)
            #expect(fixed.findings.filter { Pipeline.fixableRules.contains($0.ruleID) }.isEmpty)
            #expect(try cli.cpdi("fix", "--no-cache", "Sources", in: folder).stderr.contains("cpdi: fixed 0 findings in 0 files"))
        }
    }

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        try withCopy(of: "ShopApp") { app in
            let original = try contents(of: app)
            let run = try cli.cpdi("fix", "--dry-run", "--no-cache", ".", in: app)
            #expect(run.status == 0)
            #expect(run.stdout.contains("""
                --- a/Features/Home/HomeView.swift
                +++ b/Features/Home/HomeView.swift
                @@ -3,8 +3,6 @@
                 typealias HomeViewDependencies = TrackingDependency // used here
                     & ProductListViewDependencies // required by ProductListView
                     & ProductFeatureDependencies // required by ProductFeature (product pages)
                -    // cpdi sample: stale-forward — the campaign banner (OldBanner) was taken off this screen, but its alias is still forwarded
                -    & OldBannerDependencies
                 
                """))
            #expect(run.stdout.contains("-    & ImageLoadingDependency\n+    & ProductThumbnailDependencies\n"))
            #expect(run.stderr.contains("cpdi: would fix 3 findings in 3 files"))
            #expect(try contents(of: app) == original)
        }
    }

    @Test func checkFixIsASynonymAndRulesCanBeChosen() throws {
        try withCopy(of: "ShopApp") { app in
            let one = try cli.cpdi("fix", "--rule", "stale-forward", "--no-cache", ".", in: app)
            #expect(one.stderr.contains("cpdi: fixed 1 finding in 1 file; 4 remain: 2 not fixable automatically, 2 of rules not selected"), "\(one.stderr)")
            let rest = try cli.cpdi("check", "--fix", "--no-cache", ".", in: app)
            #expect(rest.stderr.contains("cpdi: fixed 2 findings in 2 files"), "\(rest.stderr)")
            let unknown = try cli.cpdi("fix", "--rule", "alias-naming", ".", in: app)
            #expect(unknown.status == 64 || unknown.status == 2)
            #expect(unknown.stderr.contains("alias-naming: has no automatic fix"))
        }
    }

    /// Findings about a composition written in place have no edit; the summary says why, and nothing is written.
    @Test func aCompositionWrittenInPlaceIsLeftToBeEditedByHand() throws {
        try Fixtures.withTemporaryFolder { folder in
            let source = """
                protocol HasLogger { var logger: Logger { get } }
                protocol HasClock { var clock: Clock { get } }
                final class Logger { func log(_ text: String) {} }
                final class Clock { var now = 0 }
                final class Screen {
                    private let dependencies: HasLogger & HasClock
                    init(dependencies: HasLogger & HasClock) { self.dependencies = dependencies }
                    func show() { dependencies.logger.log("show") }
                }

                """
            let file = folder.appendingPathComponent("Screen.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let run = try cli.cpdi("fix", "--no-cache", ".", in: folder)
            #expect(run.stderr.contains(
                "cpdi: fixed 0 findings in 0 files; 1 remains: 1 unused-dependency (a composition written in place, edited by hand wherever it is spelled)"
            ), "\(run.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == source)
        }
    }

    @Test func baselinedFindingsAreLeftAlone() throws {
        try withCopy(of: "ShopApp") { app in
            let write = try cli.cpdi("check", "--no-cache", ".", "--write-baseline", "known.json", in: app)
            #expect(write.status == 0)
            let original = try contents(of: app)
            let run = try cli.cpdi("fix", "--no-cache", "--baseline", "known.json", ".", in: app)
            #expect(run.status == 0)
            #expect(run.stderr.contains("cpdi: fixed 0 findings in 0 files"), "\(run.stderr)")
            #expect(try contents(of: app) == original)
        }
    }

    @Test func suppressedFindingsAndFilesThatDoNotParseAreLeftAlone() throws {
        try withCopy(of: "ShopApp") { app in
            let summary = app.appendingPathComponent("Features/Cart/CartSummaryView.swift")
            let summaryText = try String(contentsOf: summary, encoding: .utf8).replacingOccurrences(
                of: "    & NetworkingDependency", with: "    & NetworkingDependency // cpdi:disable:this unused-dependency"
            )
            try summaryText.write(to: summary, atomically: true, encoding: .utf8)
            let row = app.appendingPathComponent("Features/Cart/CartItemRow.swift")
            let rowText = try String(contentsOf: row, encoding: .utf8) + "\nstruct Broken {\n"
            try rowText.write(to: row, atomically: true, encoding: .utf8)

            let run = try cli.cpdi("fix", "--no-cache", ".", in: app)
            #expect(run.stderr.contains("cpdi: fixed 1 finding in 1 file"), "only the stale forward: \(run.stderr)")
            #expect(try String(contentsOf: summary, encoding: .utf8) == summaryText, "a suppressed finding is not fixed")
            #expect(try String(contentsOf: row, encoding: .utf8) == rowText, "a file that does not parse is not touched")
            #expect(!(try String(contentsOf: app.appendingPathComponent("Features/Home/HomeView.swift"), encoding: .utf8)).contains("& OldBannerDependencies"))
        }
    }
}
