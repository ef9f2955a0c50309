import ArgumentParser
import CPDISynthetic
import Foundation

/// Hidden: writes a synthetic CPDI app, the input of the scan and graph benchmarks.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a deterministic synthetic CPDI app (for benchmarks).",
        shouldDisplay: false
    )

    @Option(help: "How many components to generate.")
    var components: Int

    @Option(help: "How many modules (Sources/Module<k>) to spread them over.")
    var modules: Int

    @Option(help: ArgumentHelp("A new or empty folder to write the app into.", valueName: "DIR"))
    var output: String

    @Option(help: "Seed of the generator; the same seed writes the same app.")
    var seed: UInt64 = 1

    @Option(help: "About how many children each component builds inside its module (a coordinator of many screens: 20 or more).")
    var fanOut: Int = 3

    @Option(help: "Plant this many of each fixable finding, and write their ground truth to ground-truth.txt.")
    var plant: Int = 0

    @Flag(help: "Also write a Package.swift, so the app builds with `swift build`.")
    var package = false

    /// Ten times the largest app the benchmarks measure; far more would not fit in memory (a component's plan and
    /// files take some hundreds of bytes while the app is written), and asking for it must not crash.
    static let mostComponents = 1_000_000

    func validate() throws {
        guard (1...Self.mostComponents).contains(components) else {
            throw ValidationError("--components must be between 1 and \(Self.mostComponents)")
        }
        guard (1...components).contains(modules) else { throw ValidationError("--modules must be between 1 and --components (\(components))") }
        guard fanOut >= 1 else { throw ValidationError("--fan-out must be at least 1") }
        guard plant >= 0 else { throw ValidationError("--plant must not be negative") }
    }

    func run() throws {
        let app = SyntheticApp(components: components, modules: modules, seed: seed, fanOut: fanOut, planted: plant, package: package)
        let folder = URL(fileURLWithPath: output, relativeTo: Terminal.workingDirectory).standardizedFileURL
        do {
            try app.write(to: folder)
        } catch {
            Terminal.err("cpdi: error: \(error.description)\n")
            throw ExitCode(2)
        }
        Terminal.err("cpdi: wrote \(app.files.count) files (\(components) components in \(modules) modules) to \(output)\n")
    }
}
