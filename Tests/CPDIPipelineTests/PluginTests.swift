import Foundation
import Testing

/// The SwiftPM plugins, seen from a package that depends on cpdi by path. Listing resolves the dependency
/// graph and reads both manifests without compiling anything, so it also checks that the package's target
/// finds the build-tool plugin it adopts; the full build-and-run of both is `make plugin-e2e`
/// (scripts/plugin-e2e.sh), which takes minutes because it compiles swift-syntax again.
struct PluginTests {
    @Test func aDependentPackageSeesTheCpdiCommand() throws {
        try Fixtures.withTemporaryFolder { folder in
            let user = folder.appendingPathComponent("PluginUser")
            let made = try run(["bash", Fixtures.packageRoot.appendingPathComponent("scripts/plugin-user.sh").path, user.path], in: folder)
            #expect(made.status == 0, "\(made.output)")
            let listed = try run(["swift", "package", "plugin", "--list"], in: user)
            #expect(listed.status == 0, "\(listed.output)")
            #expect(listed.output.contains("‘cpdi’ (plugin ‘CPDIPlugin’ in package ‘"), "\(listed.output)")
        }
    }

    private func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
