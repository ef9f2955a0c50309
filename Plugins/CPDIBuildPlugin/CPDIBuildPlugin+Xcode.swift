#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The same check for the targets of an Xcode project that add the plugin to their Run Build Tool Plug-ins
/// phase: it scans the project's folder (cpdi reads the `.xcodeproj` for each file's module) and reports the
/// target's own Swift files. Xcode shows the `file:line:col: warning:` lines in its issue navigator.
///
/// Written against XcodeProjectPlugin's documented API; it only compiles inside Xcode and is not run by
/// this repository's tests, which run on Linux.
extension CPDIBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let own = Self.swiftSources(of: target)
        guard !own.isEmpty else { return [] }
        // The whole folder is what cpdi scans, so every target's sources are inputs (which also spares relying
        // on `XcodeTarget.dependencies`, reported empty in projects others measured).
        let scanned = context.xcodeProject.targets.flatMap(Self.swiftSources)
        let check = PackageCheck(
            root: context.xcodeProject.directoryURL, reportedFiles: own,
            scannedFiles: scanned, workDirectory: context.pluginWorkDirectoryURL
        )
        return [try check.command(tool: try context.tool(named: "cpdi").url, targetName: target.displayName)]
    }

    private static func swiftSources(of target: XcodeTarget) -> [URL] {
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
    }
}
#endif
