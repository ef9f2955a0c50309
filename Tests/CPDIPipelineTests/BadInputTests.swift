import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// Bad input is reported per file, and the rest is still analysed.
@Suite struct BadInputTests {
    static let good = """
        protocol LoggingDependency { var logger: Logger { get } }
        typealias FooDependencies = LoggingDependency
        struct Foo<Dependencies: FooDependencies> {
            let dependencies: Dependencies
            func run() { dependencies.logger.log("x") }
        }
        """

    @Test func missingPathIsAnInputError() {
        #expect(throws: InputError.self) {
            try Pipeline().run(paths: ["does/not/exist"], workingDirectory: Fixtures.packageRoot)
        }
    }

    @Test func unparsableFileIsAWarningAndTheRestIsAnalysed() throws {
        try Fixtures.withTemporaryFolder { folder in
            try Self.good.write(to: folder.appendingPathComponent("Good.swift"), atomically: true, encoding: .utf8)
            try "typealias BrokenDependencies = LoggingDependency &\nstruct {".write(
                to: folder.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
            let result = try Pipeline().run(paths: [folder.path], workingDirectory: folder)
            #expect(result.files == ["Broken.swift", "Good.swift"])
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.file == "Broken.swift")
            #expect(result.problems.first?.severity == .warning)
            #expect(result.graph.nodes.contains { $0.name == "Foo" })
        }
    }

    @Test func nonUTF8FileIsAnErrorNamingTheFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            try Self.good.write(to: folder.appendingPathComponent("Good.swift"), atomically: true, encoding: .utf8)
            try Data([0x73, 0x74, 0xFF, 0xFE, 0x0A]).write(to: folder.appendingPathComponent("Latin1.swift"))
            let result = try Pipeline().run(paths: [folder.path], workingDirectory: folder)
            #expect(result.problems == [InputProblem(file: "Latin1.swift", severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it")])
            #expect(XcodeFormat.problems(result) == "Latin1.swift: error: not valid UTF-8; convert the file to UTF-8 to analyse it\n")
            #expect(result.graph.nodes.contains { $0.name == "Foo" })
        }
    }

    #if os(Linux)
    /// Linux allows any bytes in a name; Foundation hands such a name over with U+FFFD in place of the bad bytes.
    @Test func aFileNameThatIsNotUTF8SaysSo() throws {
        try Fixtures.withTemporaryFolder { folder in
            try Self.good.write(to: folder.appendingPathComponent("Good.swift"), atomically: true, encoding: .utf8)
            let name = Array(folder.path.utf8) + Array("/Caf".utf8) + [0xE9] + Array(".swift".utf8) + [0]
            let descriptor = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
            #expect(descriptor >= 0)
            close(descriptor)
            let result = try Pipeline().run(paths: [folder.path], workingDirectory: folder)
            #expect(result.problems == [InputProblem(
                file: "Caf\u{FFFD}.swift", severity: .error, message: "cannot open the file: its name is not valid UTF-8; rename it to analyse it"
            )])
            #expect(result.graph.nodes.contains { $0.name == "Foo" })
        }
    }
    #endif

    @Test func hugeFileIsSkippedWithAnError() throws {
        try Fixtures.withTemporaryFolder { folder in
            let huge = Data(repeating: UInt8(ascii: "\n"), count: Pipeline.maximumFileSize + 1)
            try huge.write(to: folder.appendingPathComponent("Generated.swift"))
            let result = try Pipeline().run(paths: [folder.path], workingDirectory: folder)
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.message.contains("limit") == true)
        }
    }

    @Test func emptyFolderGivesAnEmptyResult() throws {
        try Fixtures.withTemporaryFolder { folder in
            let result = try Pipeline().run(paths: [folder.path], workingDirectory: folder)
            #expect(result.files.isEmpty)
            #expect(result.findings.isEmpty)
            #expect(result.graph.nodes.isEmpty)
        }
    }

    @Test func buildFoldersAreNotScanned() throws {
        try Fixtures.withTemporaryFolder { folder in
            let build = folder.appendingPathComponent(".build/checkouts/x")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            try Self.good.write(to: build.appendingPathComponent("Vendored.swift"), atomically: true, encoding: .utf8)
            try Self.good.write(to: folder.appendingPathComponent("Own.swift"), atomically: true, encoding: .utf8)
            let result = try Pipeline().run(paths: ["."], workingDirectory: folder)
            #expect(result.files == ["Own.swift"])
        }
    }

    @Test func outputFileIsWrittenWholeOrNotAtAll() throws {
        try Fixtures.withTemporaryFolder { folder in
            try OutputFile.write(Array("one".utf8), to: "out/graph.dot", workingDirectory: folder)
            let written = folder.appendingPathComponent("out/graph.dot")
            #expect(try String(contentsOf: written, encoding: .utf8) == "one")
            // A folder in the way of the file: the write fails cleanly and the folder is untouched.
            #expect(throws: InputError.self) {
                try OutputFile.write(Array("two".utf8), to: "out", workingDirectory: folder)
            }
            #expect(try String(contentsOf: written, encoding: .utf8) == "one")
        }
    }
}
