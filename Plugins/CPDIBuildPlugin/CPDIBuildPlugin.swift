import Foundation
import PackagePlugin

/// cpdi's findings as compiler warnings and errors of `swift build`, for the targets that adopt the plugin:
/// `plugins: [.plugin(name: "CPDIBuildPlugin", package: "cpdi")]`.
///
/// The check of a target scans the whole package, as `cpdi check` in the package folder does, because what
/// decides a target's findings crosses modules: the children it forwards to live in the targets it depends
/// on, and who requires its aliases or injects its registrations lives in the targets that depend on it.
/// It prints only the findings in the target's own files, so each shows once, in its own target.
///
/// It is a build command, not a prebuild command (those cannot run a tool built from source): llbuild runs
/// it when one of its inputs changed and skips it otherwise, and cpdi's facts cache in the plugin's work
/// folder keeps the files that did not change from being parsed again.
@main
struct CPDIBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget, !module.sourceFiles(withSuffix: "swift").isEmpty else { return [] }
        let scanned = context.package.targets
            .compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        let check = PackageCheck(
            root: context.package.directoryURL, reportedFiles: module.sourceFiles(withSuffix: "swift").map(\.url),
            scannedFiles: scanned, workDirectory: context.pluginWorkDirectoryURL
        )
        return [try check.command(tool: try context.tool(named: "cpdi").url, targetName: target.name)]
    }
}

/// One `cpdi check` of a project folder as a build command: its arguments and the inputs llbuild watches.
struct PackageCheck {
    /// The folder scanned, whose `.cpdi.yml` applies: the package's, or the Xcode project's.
    var root: URL
    /// The target's Swift files, whose findings are printed.
    var reportedFiles: [URL]
    /// The Swift files the build system knows in that folder (added or removed ones make it plan again).
    var scannedFiles: [URL]
    var workDirectory: URL

    /// The target's files can be many thousands, more than a command line holds, so they go to cpdi as a
    /// list in the work folder, itself an input of the command.
    var reportedList: URL { workDirectory.appendingPathComponent("reported-files.txt") }

    func command(tool: URL, targetName: String) throws -> Command {
        try Self.writeIfChanged(reportedFiles.map(\.path).sorted().joined(separator: "\n") + "\n", to: reportedList)
        let arguments = [
            "check", root.path, "--report-only-list", reportedList.path,
            // The build runs cpdi from a folder of its own; absolute paths keep `file:line:col` clickable.
            "--absolute-paths",
            "--cache-path", workDirectory.appendingPathComponent("cache").path,
        ]
        return .buildCommand(
            displayName: "cpdi check \(targetName)", executable: tool, arguments: arguments,
            inputFiles: inputs(), outputFiles: []
        )
    }

    /// The scanned files, the configuration and the baseline, and the root folder itself. A missing input
    /// stops llbuild, so files that do not exist are left out; the folder's own change (an entry added or
    /// removed) runs the check when `.cpdi.yml` or the baseline appears. A command with no outputs is run
    /// when an input changed and skipped otherwise (tools version 5.11 and later).
    func inputs() -> [URL] {
        let configuration = root.appendingPathComponent(".cpdi.yml")
        let optional = [configuration, Self.configuredBaseline(in: configuration)].compactMap { $0 }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        // A file two targets compile is listed once.
        return [root, reportedList] + optional + Set(scannedFiles.map(\.standardizedFileURL)).sorted { $0.path < $1.path }
    }

    /// Rewriting an unchanged list would change its date, and llbuild would run the check for nothing.
    static func writeIfChanged(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The `baseline:` of `.cpdi.yml`, read from its text, as plugins cannot use a YAML library: a top-level
    /// line `baseline: FILE`. cpdi reads the real value; this only tells the build system which file to watch.
    static func configuredBaseline(in configuration: URL) -> URL? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return nil }
        guard let line = text.split(whereSeparator: \.isNewline).first(where: { $0.hasPrefix("baseline:") }) else { return nil }
        var value = Substring(line.dropFirst("baseline:".count))
        if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
        let path = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
        guard !path.isEmpty, !["~", "null"].contains(path) else { return nil }
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : configuration.deletingLastPathComponent().appendingPathComponent(path)
    }
}
