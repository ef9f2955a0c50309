import ArgumentParser

/// Which code to scan (positional PATHs) and how. Used by every analysing subcommand except `why`,
/// whose positional arguments are names, so it takes `ScanSettings` and `--path` instead.
struct ScanOptions: ParsableArguments {
    @Argument(help: "Folders or .swift files to analyse (default: the current folder).")
    var paths: [String] = []

    @OptionGroup var settings: ScanSettings
}

/// How a scan runs. Options that change that (configuration, cache, progress) belong here, not in each command.
struct ScanSettings: ParsableArguments {
    @Option(help: ArgumentHelp("Configuration file (default: .cpdi.yml in the analysed folder, if there is one).", valueName: "FILE"))
    var config: String?
}
