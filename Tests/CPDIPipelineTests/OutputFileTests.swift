import Foundation
import Testing

@testable import CPDIPipeline

/// Output paths are honoured as a shell's `>` honours them: through links, into devices and pipes, and without
/// changing the permissions of a file that is replaced (`cpdi fix` rewrites sources this way).
@Suite struct OutputFileTests {
    private static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    private static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        try Fixtures.withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Script.swift")
            try OutputFile.write(Array("one".utf8), to: "Script.swift", workingDirectory: folder)
            for permissions in [0o750, 0o600, 0o644] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: file.path)
                try OutputFile.write(Array("two \(permissions)".utf8), to: "Script.swift", workingDirectory: folder)
                #expect(try Self.mode(file.path) == permissions)
                #expect(try Self.text(file) == "two \(permissions)")
            }
        }
    }

    @Test func aLinkIsWrittenThroughAndStays() throws {
        try Fixtures.withTemporaryFolder { folder in
            let real = folder.appendingPathComponent("reports/real.json")
            try OutputFile.write(Array("old".utf8), to: "reports/real.json", workingDirectory: folder)
            let link = folder.appendingPathComponent("latest.json")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/real.json")
            try OutputFile.write(Array("new".utf8), to: "latest.json", workingDirectory: folder)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "reports/real.json")
            #expect(try Self.text(real) == "new")
        }
    }

    @Test func aDanglingLinkGetsItsFileCreated() throws {
        try Fixtures.withTemporaryFolder { folder in
            let link = folder.appendingPathComponent("graph.svg")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "drawn/graph.svg")
            try OutputFile.write(Array("<svg/>".utf8), to: "graph.svg", workingDirectory: folder)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "drawn/graph.svg")
            #expect(try Self.text(folder.appendingPathComponent("drawn/graph.svg")) == "<svg/>")
        }
    }

    @Test func aDeviceIsWrittenInPlaceNotReplaced() throws {
        try OutputFile.write(Array("discarded".utf8), to: "/dev/null", workingDirectory: URL(fileURLWithPath: "/"))
        var status = stat()
        #expect(stat("/dev/null", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR)
    }

    #if os(Linux)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "a Linux device that is always full"))
    func aFullDeviceSaysSo() throws {
        let error = #expect(throws: InputError.self) {
            try OutputFile.write(Array("x".utf8), to: "/dev/full", workingDirectory: URL(fileURLWithPath: "/"))
        }
        #expect(error?.description == "/dev/full: cannot write (No space left on device); check that it can be written to")
        var status = stat()
        #expect(stat("/dev/full", &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR)
    }
    #endif

    @Test func aPipeIsWrittenInPlace() throws {
        try Fixtures.withTemporaryFolder { folder in
            let pipe = folder.appendingPathComponent("findings")
            #expect(mkfifo(pipe.path, 0o600) == 0)
            // The reader opens first (without waiting for a writer), so the writer's open does not block.
            let reader = open(pipe.path, O_RDONLY | O_NONBLOCK)
            #expect(reader >= 0)
            defer { close(reader) }
            try OutputFile.write(Array("through the pipe".utf8), to: "findings", workingDirectory: folder)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
            var status = stat()
            #expect(lstat(pipe.path, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test func aFolderInTheWaySaysSo() throws {
        try Fixtures.withTemporaryFolder { folder in
            let error = #expect(throws: InputError.self) {
                try OutputFile.write(Array("x".utf8), to: ".", workingDirectory: folder)
            }
            #expect(error?.description == ".: is a folder; give the name of a file to write")
            try OutputFile.write(Array("x".utf8), to: "file", workingDirectory: folder)
            let below = #expect(throws: InputError.self) {
                try OutputFile.write(Array("y".utf8), to: "file/report.json", workingDirectory: folder)
            }
            #expect(below?.description == "file/report.json: cannot write the file (Not a directory); check the folder exists and is writable")
            // Nothing half-written is left beside the target.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
        }
    }
}
