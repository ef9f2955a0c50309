import CPDIFacts
import CPDIGraph
import CPDIRules
import Dispatch
import Foundation

/// The whole run: discover → extract (in parallel) → link → analyse, ending in one `AnalysisResult`.
public struct Pipeline: Sendable {
    public static let version = "0.1.0"
    /// Larger files are skipped with an error: nobody hand-writes them, and parsing one would dominate the run.
    public static let maximumFileSize = 8 * 1024 * 1024

    public var conventions: NamingConventions
    public var rules: [any Rule]

    public init(conventions: NamingConventions = .default, rules: [any Rule] = RuleCatalogue.all) {
        self.conventions = conventions
        self.rules = rules
    }

    public func run(paths: [String], workingDirectory: URL) throws(InputError) -> AnalysisResult {
        let files = try SourceDiscovery(workingDirectory: workingDirectory).discover(paths)
        let outcomes = extract(files)
        return analyse(outcomes, modules: Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) }))
    }

    /// Analyses in-memory sources (path → text) as if they were files of one module.
    public func run(sources: [(path: String, text: String)], module: String = "main") -> AnalysisResult {
        let outcomes = sources.map { ExtractionOutcome.facts(FactExtractor.extract(path: $0.path, source: $0.text, conventions: conventions)) }
        return analyse(outcomes, modules: Dictionary(uniqueKeysWithValues: sources.map { ($0.path, module) }))
    }

    enum ExtractionOutcome: Sendable {
        case facts(FileFacts)
        case unreadable(InputProblem)
    }

    /// Files are independent, so they are read and extracted on all cores; each result lands in its own
    /// slot, which keeps the merge in discovery order whatever order the threads finish in.
    func extract(_ files: [SourceDiscovery.SourceFile]) -> [ExtractionOutcome] {
        let results = UnsafeMutableBufferPointer<ExtractionOutcome?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let slots = results
        let conventions = self.conventions
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            slots[index] = Self.extract(files[index], conventions: conventions)
        }
        return results.map { $0! }
    }

    static func extract(_ file: SourceDiscovery.SourceFile, conventions: NamingConventions) -> ExtractionOutcome {
        let path = file.displayPath
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int ?? 0
            guard size <= maximumFileSize else {
                return .unreadable(InputProblem(
                    file: path, severity: .error,
                    message: "skipped: \(size / 1_048_576) MB is over the \(maximumFileSize / 1_048_576) MB limit for one source file; exclude it"
                ))
            }
            data = try Data(contentsOf: file.url)
        } catch {
            return .unreadable(InputProblem(file: path, severity: .error, message: "cannot read the file; check that it exists and is readable"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .unreadable(InputProblem(file: path, severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it"))
        }
        return .facts(FactExtractor.extract(path: path, source: text, conventions: conventions))
    }

    func analyse(_ outcomes: [ExtractionOutcome], modules: [String: String]) -> AnalysisResult {
        var facts: [FileFacts] = []
        var problems: [InputProblem] = []
        for outcome in outcomes {
            switch outcome {
            case .facts(let file):
                facts.append(file)
                if let issue = file.syntaxError {
                    problems.append(InputProblem(
                        file: file.path, line: issue.position.line, column: issue.position.column, severity: .warning,
                        message: "could not parse all of the file (\(issue.message)); the rest was analysed"
                    ))
                }
            case .unreadable(let problem):
                problems.append(problem)
            }
        }
        let (model, graph) = Linker(conventions: conventions).link(facts, modules: modules)
        let findings = Analyzer(rules: rules).findings(for: RuleContext(model: model))
        return AnalysisResult(
            tool: .init(name: "cpdi", version: Self.version),
            files: outcomes.map {
                switch $0 {
                case .facts(let file): file.path
                case .unreadable(let problem): problem.file
                }
            }.sorted(),
            graph: graph, findings: findings, problems: problems.sorted()
        )
    }
}
