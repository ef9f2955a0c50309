import CPDIPipeline
import CPDIReporters
import Foundation
import Testing

/// The run-time sample, with the compiler and the program as oracles: it builds against swift-dependencies
/// and Swinject, the lookups it prints UNRESOLVED are exactly those cpdi calls unprovided, and after
/// `cpdi fix` it still builds and runs the same.
///
/// The packages are built once into `.build-runtimeapp` at the root of this package and reused by later
/// runs (about a minute cold on two cores; the sample itself takes seconds).
@Suite(.serialized) struct RuntimeAppTests {
    private let cli = CommandLineTests()
    private static let scratch = Fixtures.packageRoot.appendingPathComponent(".build-runtimeapp")

    private func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    private func build(_ app: URL) throws -> (status: Int32, output: String) {
        try run("/usr/bin/env", ["swift", "build", "--package-path", app.path, "--scratch-path", Self.scratch.path], in: app)
    }

    /// `RuntimeApp/Assembly.swift:30` for each lookup the program could not satisfy.
    private func unresolved(_ app: URL) throws -> Set<String> {
        let program = try run(Self.scratch.appendingPathComponent("debug/RuntimeApp").path, [], in: app)
        #expect(program.status == 0, "the program runs to its end:\n\(program.output)")
        #expect(program.output.contains("resolved "), "the program printed its lookups:\n\(program.output)")
        return Set(program.output.split(separator: "\n").filter { $0.hasPrefix("UNRESOLVED ") }.map { String($0.dropFirst(11)) })
    }

    /// The same places for cpdi's unprovided-dependency findings (`Sources/RuntimeApp/Assembly.swift:30:21: …`).
    private func unprovided(_ findings: [Substring]) -> Set<String> {
        Set(findings.filter { $0.hasSuffix("[unprovided-dependency]") }.map { line in
            let parts = line.split(separator: ":", maxSplits: 2)
            return "RuntimeApp/\(parts[0].split(separator: "/").last!):\(parts[1])"
        })
    }

    private func findings(_ app: URL) throws -> [Substring] {
        try cli.cpdi("check", "--no-cache", ".", in: app).stdout.split(separator: "\n")
    }

    @Test func itBuildsRunsAndFailsExactlyWhereCpdiSaysAndStillDoesAfterTheFix() throws {
        try Fixtures.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("RuntimeApp")
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Samples/RuntimeApp"), to: app)
            try? FileManager.default.removeItem(at: app.appendingPathComponent(".build"))

            let before = try build(app)
            try #require(before.status == 0, "the sample builds:\n\(before.output)")
            let found = try findings(app)
            let expected = try String(contentsOf: app.appendingPathComponent("expected-findings.txt"), encoding: .utf8)
            #expect(found.map { "Samples/RuntimeApp/\($0)" } == expected.split(separator: "\n").map(String.init))
            let failing = try unresolved(app)
            #expect(failing.count == 4)
            #expect(failing == unprovided(found), "every lookup cpdi calls unprovided fails, and no other")

            let fix = try cli.cpdi("fix", "--no-cache", ".", in: app)
            #expect(fix.stderr.contains("cpdi: fixed 3 findings in 3 files"), "\(fix.stderr)")
            let after = try build(app)
            try #require(after.status == 0, "the fixed sample builds:\n\(after.output)")
            let remaining = try findings(app)
            #expect(!remaining.contains { $0.hasSuffix("[unused-injection]") })
            #expect(remaining.count == found.count - 3)
            #expect(try unresolved(app) == unprovided(remaining))
            #expect(try cli.cpdi("fix", "--no-cache", ".", in: app).stderr.contains("cpdi: fixed 0 findings in 0 files"))
        }
    }

    /// `cpdi why` follows injections and the lookups registrations' factories make; the default graph view
    /// draws the registrations and who injects them.
    @Test func whyAndTheGraphFollowInjections() throws {
        let tree = try cli.cpdi("why", "ProfileScreen", "-p", "Samples/RuntimeApp")
        #expect(tree.stdout.contains("injects:\n"))
        #expect(tree.stdout.contains("├─ Profile — injected at Samples/RuntimeApp/Sources/RuntimeApp/Profile.swift:31"))
        let paths = try cli.cpdi("why", "ProfileScreen", "SessionStore", "-p", "Samples/RuntimeApp")
        #expect(paths.stdout.contains("ProfileScreen reaches SessionStore by 2 paths:"))
        #expect(paths.stdout.contains("2. ProfileScreen → Profile → SessionStore"))
        let used = try cli.cpdi("why", "SessionStore", "-p", "Samples/RuntimeApp")
        #expect(used.stdout.hasPrefix("SessionStore — registration · registered at Samples/RuntimeApp/"), "\(used.stdout)")
        #expect(used.stdout.contains("injected or resolved by:\n  Profile at Samples/RuntimeApp/"), "\(used.stdout)")
        let dead = try cli.cpdi("why", "LegacySync", "-p", "Samples/RuntimeApp", "--enable-rule", "unused-registration")
        #expect(dead.stdout.contains("injected or resolved by nothing cpdi reads\nfinding [unused-registration] at "), "\(dead.stdout)")
        let result = try Fixtures.analyse(["Samples/RuntimeApp"])
        let dot = try String(decoding: GraphFormat.dot.render(result), as: UTF8.self)
        #expect(dot.contains("\"component:InboxModel\" -> \"registration:\\\\.api\""), "\(dot)")
        #expect(dot.contains("label=\"LegacySync\""))
    }
}
