import Foundation
import Testing

/// `cpdi generate` as the benchmark scripts run it.
@Suite(.serialized) struct GenerateCommandTests {
    let cli = CommandLineTests()

    @Test func writesAnAppThatCheckFinds() throws {
        try Fixtures.withTemporaryFolder { folder in
            let generated = try cli.cpdi("generate", "--components", "40", "--modules", "3", "--output", "app", "--seed", "2", in: folder)
            #expect(generated.status == 0, "\(generated.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("app/Sources/Module3/Module3Entry.swift").path))
            let check = try cli.cpdi("check", "app", in: folder)
            #expect(check.status == 0)
            // 40 planned + AppRoot + the app (the container is none), every one judged.
            #expect(check.stderr.contains(" 42 components, all judged"), "\(check.stderr)")
        }
    }

    @Test func refusesAFolderThatIsNotEmpty() throws {
        try Fixtures.withTemporaryFolder { folder in
            try Data("x".utf8).write(to: folder.appendingPathComponent("keep.txt"))
            let run = try cli.cpdi("generate", "--components", "10", "--modules", "2", "--output", ".", in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.contains("not empty"))
        }
    }

    @Test func rejectsMoreModulesThanComponents() throws {
        let run = try cli.cpdi("generate", "--components", "2", "--modules", "3", "--output", "/tmp/never")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--modules"))
    }

    /// An app too large to hold in memory is refused up front; it had crashed allocating the plan.
    @Test(arguments: ["1000001", "10000000000", "9223372036854775807"])
    func rejectsMoreComponentsThanFitInMemory(components: String) throws {
        let run = try cli.cpdi("generate", "--components", components, "--modules", "1", "--output", "/tmp/never")
        #expect(run.status == 2)
        #expect(run.stderr.contains("--components must be between 1 and 1000000"), "\(run.stderr)")
    }

    @Test func isHiddenFromHelp() throws {
        let run = try cli.cpdi("--help")
        #expect(!run.stdout.contains("generate"))
    }
}
