import ArgumentParser
import CPDIPipeline
import Foundation

/// Which code to scan (positional PATHs) and how. Used by every analysing subcommand except `why`,
/// whose positional arguments are names, so it takes `ScanSettings` and `--path` instead.
struct ScanOptions: ParsableArguments {
    @Argument(help: "Folders or .swift files to analyse (default: the current folder).")
    var paths: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Link and judge these files of `cpdi facts` instead of scanning PATHs.",
        discussion: "They must come from this cpdi and the same configuration; the facts cache is not used.", valueName: "FILE"
    ))
    var facts: [String] = []

    @OptionGroup var settings: ScanSettings

    func validate() throws {
        if !facts.isEmpty, !paths.isEmpty {
            throw ValidationError("pass either PATHs to analyse or --facts files, not both")
        }
    }
}

/// How a scan runs. Options that change that (configuration, cache, progress) belong here, not in each command.
struct ScanSettings: ParsableArguments {
    @Option(help: ArgumentHelp("Configuration file (default: .cpdi.yml in the analysed folder, if there is one).", valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp(
        "Folder for the facts cache (default: .cpdi-cache in the first analysed folder, else in the current folder).",
        discussion: "Facts of unchanged files are reused from it; delete it any time.", valueName: "DIR"
    ))
    var cachePath: String?

    @Flag(help: "Neither read nor write the facts cache.")
    var noCache = false

    @Flag(help: "No progress indicator (it only shows when stderr is a terminal anyway).")
    var quiet = false

    @Option(name: .customLong("enable-rule"), help: ArgumentHelp("Run this rule, also an opt-in one; repeat for more.", valueName: "ID"))
    var enableRules: [String] = []

    @Option(name: .customLong("disable-rule"), help: ArgumentHelp("Do not run this rule; repeat for more.", valueName: "ID"))
    var disableRules: [String] = []

    var switches: RuleSwitches { RuleSwitches(enable: enableRules, disable: disableRules) }

    /// The configuration file in effect, with `--enable-rule` and `--disable-rule` over it.
    func configuration(paths: [String], workingDirectory: URL) throws(InputError) -> Configuration {
        try switches.applied(to: Configuration.load(explicitPath: config, paths: paths, workingDirectory: workingDirectory))
    }
}
