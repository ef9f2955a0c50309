import Foundation
import Testing

/// The `cpdi` executable as users and CI run it: exit statuses, stdout versus stderr, files written.
@Suite(.serialized) struct CommandLineTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable = Fixtures.packageRoot.appendingPathComponent(".build/debug/cpdi")

    func cpdi(_ arguments: String..., in directory: URL = Fixtures.packageRoot) throws -> Run {
        try cpdi(arguments, in: directory)
    }

    /// Also used by other command suites (`ReportCommandTests`), so every CLI test runs the binary the same way.
    func cpdi(_ arguments: [String], in directory: URL = Fixtures.packageRoot) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: Fixtures.samples)
    func checkPrintsExactlyTheExpectedFindings(sample: String) throws {
        let run = try cpdi("check", "Samples/\(sample)")
        let expected = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/expected-findings.txt"), encoding: .utf8)
        #expect(run.stdout == expected)
        // Warnings alone do not fail the run; an error-level finding (a run-time sample's crash) does.
        #expect(run.status == (expected.contains(": error: ") ? 1 : 0))
        #expect(run.stderr.hasPrefix("cpdi: "))
        #expect(run.stderr.contains("finding"))
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        #expect(try cpdi("check", "--strict", "Samples/ShopApp").status == 1)
    }

    @Test func cleanCodePassesStrict() throws {
        try Fixtures.withTemporaryFolder { folder in
            try BadInputTests.good.write(to: folder.appendingPathComponent("Foo.swift"), atomically: true, encoding: .utf8)
            let run = try cpdi("check", "--strict", in: folder)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            #expect(run.stderr.contains("no findings"))
        }
    }

    @Test func missingPathIsAUsageErrorOnOneLine() throws {
        let run = try cpdi("check", "Samples/Nope")
        #expect(run.status == 2)
        #expect(run.stderr == "cpdi: error: Samples/Nope: no such file or directory; pass a folder or .swift file to analyse\n")
    }

    @Test func unknownOptionIsAUsageError() throws {
        #expect(try cpdi("check", "--no-such-option").status == 2)
    }

    @Test func unreadableInputFailsWithStatusTwoAfterReportingTheRest() throws {
        try Fixtures.withTemporaryFolder { folder in
            try BadInputTests.good.write(to: folder.appendingPathComponent("Foo.swift"), atomically: true, encoding: .utf8)
            try Data([0xC3, 0x28]).write(to: folder.appendingPathComponent("Bad.swift"))
            let run = try cpdi("check", ".", in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("Bad.swift: error: not valid UTF-8"))
        }
    }

    @Test func graphWritesEachFormatAndInfersItFromTheExtension() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
            for (name, prefix) in [("g.svg", "<?xml"), ("g.dot", "digraph cpdi {"), ("g.json", "{")] {
                let run = try cpdi("graph", sample, "-o", name, in: folder)
                #expect(run.status == 0, "\(name): \(run.stderr)")
                let written = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                #expect(written.hasPrefix(prefix), "\(name)")
            }
        }
    }

    @Test func failedRenderLeavesNoFileBehind() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
            let run = try cpdi("graph", sample, "-o", "g.svg", "--engine", "nosuch", in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("unknown layout engine"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.svg").path))
        }
    }

    @Test func graphRefusesAnExtensionItCannotWrite() throws {
        let run = try cpdi("graph", "Samples/HasApp", "-o", "graph.bmp")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--format"))
    }
}
