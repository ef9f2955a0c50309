import ArgumentParser

/// What every analysing subcommand accepts: which code to scan and how.
/// Options that change how a scan runs (configuration, cache, progress) belong here, not in each command.
struct ScanOptions: ParsableArguments {
    @Argument(help: "Folders or .swift files to analyse (default: the current folder).")
    var paths: [String] = []
}
