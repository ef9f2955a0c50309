import ArgumentParser
import CPDIPipeline
import Foundation

/// Exit statuses: 0 clean, 1 findings that fail the run, 2 usage or input errors.
@main
enum Main {
    static func main() {
        FreedMemory.returnLargeBlocksWhenFreed()
        do {
            var command = try CPDI.parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            // Help and --version are "errors" that exit 0; every other parse error is a usage error.
            if CPDI.exitCode(for: error) == .success { CPDI.exit(withError: error) }
            FileHandle.standardError.write(Data((CPDI.fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

struct CPDI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cpdi",
        abstract: "See and check the dependency graph of Swift code that injects dependencies by protocol composition.",
        version: "0.1.0",
        subcommands: [Check.self, Fix.self, Graph.self, Report.self, Diff.self, Facts.self, Why.self, Rules.self, Generate.self, Config.self, Fuzz.self]
    )
}
