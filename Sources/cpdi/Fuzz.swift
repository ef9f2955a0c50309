import ArgumentParser
import CPDIFuzzing
import CPDIPipeline
import Foundation

/// Hidden: a mutation campaign over every input cpdi reads (`make fuzz` drives it in batches).
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a mutation fuzzing campaign (run from the repository's root), or replay saved inputs.",
        shouldDisplay: false
    )

    @Option(help: "How many inputs to try.")
    var inputs = 10_000

    @Option(help: "Seed of the mutations; the same seed tries the same inputs.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Write each input here before trying it, so a crash leaves it behind.", valueName: "FILE"))
    var current: String?

    @Option(help: ArgumentHelp("Save inputs slower than the bound in this folder.", valueName: "DIR"))
    var slow: String?

    @Option(help: "Seconds one input may take.")
    var timeBound = 1.0

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Try these saved inputs instead of a campaign.", valueName: "FILE"))
    var replay: [String] = []

    func run() throws {
        let root = Terminal.workingDirectory
        if !replay.isEmpty {
            for path in replay {
                guard let data = FileManager.default.contents(atPath: path) else { Terminal.fail(InputError("\(path): cannot read it")) }
                let seconds = FuzzCampaign.probe([UInt8](data))
                FuzzCampaign(sources: [[UInt8](data)]).wholeRun([[UInt8](data)])
                print("\(path): \(String(format: "%.3f", seconds)) s")
            }
            return
        }
        var campaign: FuzzCampaign
        do {
            campaign = try FuzzSeeds.campaign(packageRoot: root)
        } catch {
            Terminal.fail(InputError("cannot read the seeds under \(root.path)/Samples (\(error)); run it from the repository's root"))
        }
        campaign.timeBound = timeBound
        campaign.currentInput = current.map { URL(fileURLWithPath: $0, relativeTo: root) }
        campaign.slowFolder = slow.map { URL(fileURLWithPath: $0, relativeTo: root) }
        let started = Date()
        let report = campaign.run(inputs: inputs, seed: seed)
        let seconds = Date().timeIntervalSince(started)
        print("cpdi fuzz: \(report.inputs) inputs (\(report.wholeRuns) through the whole run, \(report.otherInputs) configuration, baseline and result files), seed \(seed), \(String(format: "%.1f", seconds)) s; slowest input #\(report.slowestInput) took \(String(format: "%.1f", report.slowestSeconds * 1000)) ms; \(report.slowInputs.count) over the bound of \(timeBound) s")
        if !report.slowInputs.isEmpty { throw ExitCode(1) }
    }
}
