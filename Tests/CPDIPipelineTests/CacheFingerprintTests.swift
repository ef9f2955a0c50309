import Foundation
import Testing

/// The facts cache is keyed by cpdi's version and facts format, not by the executable file, so a CI job
/// that restores the cache and rebuilds the same version reuses it.
struct CacheFingerprintTests {
    @Test func anotherCopyOfTheSameBuildReusesTheCache() throws {
        try Fixtures.withTemporaryFolder { folder in
            // A copy has its own path, inode and modification time, as a rebuild on a CI runner would.
            let copy = folder.appendingPathComponent("rebuilt/cpdi")
            try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CommandLineTests.executable, to: copy)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: copy.path)
            let cache = folder.appendingPathComponent("cache")
            func packs() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".pack") }.sorted()
            }
            var written: [Date] = []
            for executable in [CommandLineTests.executable, copy] {
                let process = Process()
                process.executableURL = executable
                process.arguments = ["check", "--quiet", "--cache-path", cache.path, "Samples/ShopApp"]
                process.currentDirectoryURL = Fixtures.packageRoot
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
                let names = try packs()
                #expect(names.count == 1, "\(executable.path) wrote a pack of its own: \(names)")
                let attributes = try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent(names[0]).path)
                written.append(try #require(attributes[.modificationDate] as? Date))
            }
            // A run that finds every file in the cache leaves the pack as it was.
            #expect(written[0] == written[1], "the copy parsed files again and rewrote the pack")
        }
    }
}
