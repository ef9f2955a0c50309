import Foundation
import PackagePlugin

/// `swift package cpdi check|graph|report|diff|why|rules …` in any package that depends on cpdi: runs the
/// cpdi executable, built by SwiftPM for the plugin, from the package's folder, so paths default to the
/// package and read as they do on the command line.
@main
struct CPDIPlugin: CommandPlugin {
    /// Subcommands that scan sources and so take the facts cache.
    static let scanning: Set<String> = ["check", "graph", "report", "diff", "why"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "cpdi")
        var arguments = arguments
        // The package folder may be read-only to plugins (the macOS sandbox), so the cache goes to the
        // plugin's own work folder unless the user chose one.
        if let command = arguments.first, Self.scanning.contains(command),
           !arguments.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }) {
            arguments += ["--cache-path", context.pluginWorkDirectoryURL.appendingPathComponent("cache").path]
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // cpdi's own status (1 findings, 2 usage or input errors) is the plugin's, for CI scripts.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
