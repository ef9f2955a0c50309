import CPDIFacts
import CPDIPipeline
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress line on stderr, only when stderr is a terminal and `--quiet` was not given.
enum ProgressDisplay {
    static func forStandardError(quiet: Bool) -> ProgressLine? {
        ProgressLine.forTerminal(quiet: quiet, isTerminal: isatty(STDERR_FILENO) != 0) { Terminal.err($0) }
    }
}

extension ScanSettings {
    /// The facts cache this run reads and writes, or nil with `--no-cache`.
    func cache(for paths: [String], conventions: NamingConventions, workingDirectory: URL) -> FactsCache? {
        guard !noCache else { return nil }
        let directory = cachePath.map { URL(fileURLWithPath: $0, relativeTo: workingDirectory).standardizedFileURL }
            ?? FactsCache.defaultDirectory(for: paths, workingDirectory: workingDirectory)
        return FactsCache(directory: directory, conventions: conventions)
    }
}
