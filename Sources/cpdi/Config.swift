import ArgumentParser
import CPDIPipeline
import Foundation

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the configuration (.cpdi.yml), or print the one in effect with --print.",
        discussion: "Exit status: 0 when the configuration is valid, 2 when it is not (the error names the file, line and key)."
    )

    @Argument(help: "The folder whose .cpdi.yml applies (default: the current folder).")
    var path: String?

    @Option(help: ArgumentHelp("Configuration file to use instead of PATH/.cpdi.yml.", valueName: "FILE"))
    var config: String?

    @Flag(help: "Print the effective configuration as YAML: every setting, defaults filled in.")
    var print = false

    func run() throws {
        if let path, !FileManager.default.fileExists(atPath: path) {
            Terminal.fail(InputError("\(path): no such folder; pass the folder that holds the \(Configuration.fileName), or use --config FILE"))
        }
        let configuration: Configuration
        do {
            configuration = try Configuration.load(explicitPath: config, paths: path.map { [$0] } ?? [], workingDirectory: Terminal.workingDirectory)
        } catch {
            Terminal.fail(error)
        }
        if print {
            FileHandle.standardOutput.write(Data(configuration.yaml().utf8))
        } else {
            Terminal.err("cpdi: \(configuration.source.map { "\($0) is valid" } ?? "no \(Configuration.fileName) found; the defaults apply")\n")
        }
    }
}
