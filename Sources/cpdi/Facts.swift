import ArgumentParser
import CPDIPipeline
import Foundation

/// The first half of a run, for build systems that extract each module in its own action (Bazel, Buck):
/// `cpdi facts` per module, then one `cpdi check --facts` (or `report`, `graph`) over all the files.
struct Facts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the facts of one module's folders to a file for `cpdi check --facts`.",
        discussion: """
            For build systems that extract modules in separate actions (Bazel, Buck). The file is hermetic: \
            paths in it are relative to --root, and the same sources give the same bytes under any checkout \
            path. `cpdi check --facts` over every module's file prints what `cpdi check` of all the folders \
            would. Exit status: 0, or 2 for usage or input errors.
            """
    )

    @Argument(help: ArgumentHelp("Folders (or .swift files) of the module.", valueName: "MODULE_DIR"))
    var paths: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The facts file to write.", valueName: "FILE"))
    var output: String

    @Option(help: ArgumentHelp("Folder that paths are written relative to, and up to which project files are read (default: the current folder).", valueName: "DIR"))
    var root: String?

    @Option(help: ArgumentHelp("Put every file in this module (default: the module `cpdi check` would find for it).", valueName: "NAME"))
    var module: String?

    @Option(help: ArgumentHelp("Configuration file (default: .cpdi.yml in the root, if there is one); `cpdi check --facts` needs the same.", valueName: "FILE"))
    var config: String?

    @Flag(help: "No progress indicator (it only shows when stderr is a terminal anyway).")
    var quiet = false

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("name the module's folders") }
        if let module, module.isEmpty || module.contains(where: \.isWhitespace) {
            throw ValidationError("--module needs a name without spaces")
        }
    }

    func run() throws {
        let started = Date()
        let workingDirectory = Terminal.workingDirectory
        let root = root.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory).standardizedFileURL } ?? workingDirectory
        let file: FactsFile
        do {
            // Without --config, the root's own, as `cpdi check` run there finds it.
            let configuration = try Configuration.load(explicitPath: config, paths: [], workingDirectory: config == nil ? root : workingDirectory)
            let progress = ProgressDisplay.forStandardError(quiet: quiet)
            file = try Pipeline(configuration: configuration).moduleFacts(
                paths: paths, workingDirectory: workingDirectory, root: root, module: module, progress: progress?.handler
            )
            progress?.finish()
            try OutputFile.write(file.serialized(), to: output, workingDirectory: workingDirectory)
        } catch {
            Terminal.fail(error)
        }
        let unreadable = file.entries.count { $0.problem != nil }
        let modules = Set(file.entries.map(\.module)).sorted()
        Terminal.err(
            "cpdi: wrote \(output) (\(file.entries.count) file\(file.entries.count == 1 ? "" : "s") of \(modules.count == 1 ? "module \(modules[0])" : "modules \(modules.joined(separator: ", "))")"
                + (unreadable == 0 ? "" : ", \(unreadable) unreadable") + ") in \(String(format: "%.2f", Date().timeIntervalSince(started))) s\n"
        )
    }
}
