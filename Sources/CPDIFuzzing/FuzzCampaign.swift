import CPDIFacts
import CPDIPipeline
import CPDIReporters
import CPDISynthetic
import Dispatch
import Foundation

/// What a campaign saw.
public struct FuzzReport: Sendable, Equatable {
    public var inputs = 0
    /// Inputs that went through the whole run (`check`, the graph through libgraphviz, reports).
    public var wholeRuns = 0
    /// Configuration, baseline and saved-result files tried.
    public var otherInputs = 0
    public var slowestSeconds = 0.0
    public var slowestInput = -1
    /// Inputs that took longer than the bound.
    public var slowInputs: [Int] = []
}

/// A mutation campaign over the inputs cpdi reads: Swift sources one by one (the per-file path of a
/// scan, timed), batches of them through the whole pipeline with the graph and the reports, and
/// mutated configuration, baseline and saved-result files. A crash ends the process: the driver
/// (`scripts/fuzz.sh`) finds the input in `currentInput`, shrinks it and keeps it as a regression.
public struct FuzzCampaign: Sendable {
    public var sources: [[UInt8]]
    /// Seeds of `.cpdi.yml`, baseline and saved-result files.
    public var configurations: [[UInt8]]
    public var baselines: [[UInt8]]
    public var results: [[UInt8]]
    /// One input may take this long; slower ones are reported (and saved to `slowInputs`).
    public var timeBound = 1.0
    /// Every this many inputs, the last few go through the whole run.
    public var wholeRunEvery = 500
    /// Where the input about to be tried is written, so a crash leaves it behind.
    public var currentInput: URL?
    /// Where slow inputs are saved.
    public var slowFolder: URL?

    public init(sources: [[UInt8]], configurations: [[UInt8]] = [], baselines: [[UInt8]] = [], results: [[UInt8]] = []) {
        self.sources = sources
        self.configurations = configurations
        self.baselines = baselines
        self.results = results
    }

    public func run(inputs: Int, seed: UInt64) -> FuzzReport {
        var report = FuzzReport()
        var mutator = Mutator(seeds: sources, seed: seed)
        var recent: [[UInt8]] = []
        for index in 0..<inputs {
            let bytes = mutator.next()
            remember(bytes)
            let seconds = Self.probe(bytes)
            report.inputs += 1
            if seconds > report.slowestSeconds { (report.slowestSeconds, report.slowestInput) = (seconds, index) }
            if seconds > timeBound {
                report.slowInputs.append(index)
                if let slowFolder { try? Data(bytes).write(to: slowFolder.appendingPathComponent("slow-\(seed)-\(index).swift")) }
            }
            recent.append(bytes)
            if recent.count > 8 { recent.removeFirst() }
            if (index + 1) % wholeRunEvery == 0 {
                wholeRun(recent)
                report.wholeRuns += recent.count
                report.otherInputs += otherInputs(seed: seed &+ UInt64(index))
            }
        }
        return report
    }

    private func remember(_ bytes: [UInt8]) {
        guard let currentInput else { return }
        try? Data(bytes).write(to: currentInput)
    }

    /// The per-file path of a scan on one input, timed: the nesting guard, UTF-8, the parse and the walk.
    public static func probe(_ bytes: [UInt8]) -> Double {
        let start = DispatchTime.now()
        if NestingGuard.refusal(bytes) == nil, let text = String(validating: bytes, as: UTF8.self) {
            _ = FactExtractor.extract(path: "Fuzz.swift", source: text)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    /// A few inputs as the files of one app: scanned, linked, checked, drawn through libgraphviz, reported.
    public func wholeRun(_ inputs: [[UInt8]]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, bytes) in inputs.enumerated() {
                try Data(bytes).write(to: folder.appendingPathComponent("Input\(index).swift"))
            }
            let result = try Pipeline().run(paths: ["."], workingDirectory: folder)
            _ = try? GraphFormat.svg.render(result)
            for format in [ReportFormat.html, .sarif, .markdown, .json, .junit] { _ = try? format.render(result) }
        } catch {
            // A clean error is a fine answer to a hostile input; only a crash or a hang is not.
        }
    }

    /// Mutated configuration, baseline and saved-result files, each read the way the commands read them.
    private func otherInputs(seed: UInt64) -> Int {
        var tried = 0
        let folder = FileManager.default.temporaryDirectory
        if !configurations.isEmpty {
            var mutator = Mutator(seeds: configurations, seed: seed)
            for _ in 0..<4 {
                _ = try? Configuration.parse(Data(mutator.next()), file: ".cpdi.yml", baseDirectory: folder)
                tried += 1
            }
        }
        if !baselines.isEmpty {
            var mutator = Mutator(seeds: baselines, seed: seed)
            let file = folder.appendingPathComponent("cpdi-fuzz-baseline-\(seed).json")
            defer { try? FileManager.default.removeItem(at: file) }
            for _ in 0..<4 {
                try? Data(mutator.next()).write(to: file)
                _ = try? Baseline.read(file.path, workingDirectory: folder)
                tried += 1
            }
        }
        if !results.isEmpty {
            var mutator = Mutator(seeds: results, seed: seed)
            for _ in 0..<4 {
                _ = try? JSONFormat.decode(mutator.next())
                tried += 1
            }
        }
        return tried
    }
}
