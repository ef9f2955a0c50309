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

    public var rules: [any Rule]
    /// Globs, module roots, rule settings and naming conventions.
    public var configuration: Configuration
    /// Where files are read: the disk, or a git revision in memory (`cpdi diff`).
    public var tree: any SourceTree = DiskTree()
    /// Whether a run with a facts cache may answer with a saved whole result (and save its own); tests of
    /// the facts layer turn it off.
    public var reusesResults = true

    /// The naming section of the configuration: one value, so extraction and linking cannot disagree.
    public var conventions: NamingConventions {
        get { configuration.naming }
        set { configuration.naming = newValue }
    }

    public init(conventions: NamingConventions = .default, rules: [any Rule] = RuleCatalogue.all) {
        var configuration = Configuration()
        configuration.naming = conventions
        self.init(configuration: configuration, rules: rules)
    }

    public init(configuration: Configuration, rules: [any Rule] = RuleCatalogue.all) {
        self.configuration = configuration
        self.rules = rules
    }

    /// `cache` supplies the facts of unchanged files and is saved after extraction; `progress` hears
    /// about every extracted file. With a cache, a run whose files, settings and build are those of a recent
    /// run reads that run's result back (`ResultCache(workingTreeIn:)`) and neither decodes facts nor links;
    /// `needsGraph: false` (findings only) then leaves the graph out.
    public func run(
        paths: [String], workingDirectory: URL, cache: FactsCache? = nil, progress: ProgressHandler? = nil, needsGraph: Bool = true
    ) throws(InputError) -> AnalysisResult {
        guard let cache else {
            return analyse(try extract(paths: paths, workingDirectory: workingDirectory, progress: progress))
        }
        let files = try SourceDiscovery(workingDirectory: workingDirectory, configuration: configuration, tree: tree).discover(paths)
        let tree = self.tree
        let read = Parallel.map(files.count) { Self.read(files[$0], tree: tree, keyed: true) }
        let modules = Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) })
        let saved = ResultCache(workingTreeIn: cache.directory)
        let key = saved.key(settings: analysisIdentity(fingerprint: cache.fingerprint), files: read, modules: modules)
        let counter = progress.map { ProgressCounter(total: files.count, handler: $0) }
        if reusesResults, let result = saved.load(key, includingGraph: needsGraph) {
            for _ in files { counter?.fileDone(reused: true) }
            return result
        }
        let conventions = self.conventions
        let outcomes = Parallel.map(read.count) { index in
            let (outcome, reused) = Self.extract(read[index], conventions: conventions, cache: cache)
            counter?.fileDone(reused: reused)
            return outcome
        }
        // Writing the cache and analysing do not touch each other, so on two cores they overlap.
        let result = Parallel.both({ cache.save() }, { analyse(Extracted(outcomes: outcomes, modules: modules)) }).1
        if reusesResults { saved.store(result, key: key) }
        return result
    }

    /// The files of a run, discovered and extracted, before linking. `cpdi diff` extracts both sides
    /// first, so the second side finds the first side's facts in the cache, then analyses both at once.
    public struct Extracted: Sendable {
        var outcomes: [ExtractionOutcome]
        var modules: [String: String]
    }

    /// Discovers and extracts `paths`, reusing and filling `cache`, without saving it.
    public func extract(
        paths: [String], workingDirectory: URL, cache: FactsCache? = nil, progress: ProgressHandler? = nil
    ) throws(InputError) -> Extracted {
        let files = try SourceDiscovery(workingDirectory: workingDirectory, configuration: configuration, tree: tree).discover(paths)
        return Extracted(
            outcomes: extract(files, cache: cache, progress: progress),
            modules: Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) })
        )
    }

    public func analyse(_ extracted: Extracted) -> AnalysisResult {
        analyse(extracted.outcomes, modules: extracted.modules)
    }

    /// Analyses in-memory sources (path → text) as if they were files of one module.
    public func run(sources: [(path: String, text: String)], module: String = "main") -> AnalysisResult {
        let outcomes = sources.map { ExtractionOutcome.facts(FactExtractor.extract(path: $0.path, source: $0.text, conventions: conventions)) }
        return analyse(outcomes, modules: Dictionary(uniqueKeysWithValues: sources.map { ($0.path, module) }))
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
        let linker = Linker(conventions: conventions)
        let model = linker.model(facts, modules: modules)
        // The rules read the model, not the graph: both are built at the same time.
        let (graph, checked) = Parallel.both(
            { linker.graph(of: model) },
            { Analyzer(rules: rulesToRun).findings(for: RuleContext(model: model)) }
        )
        let findings = settle(checked, facts: facts)
        return AnalysisResult(
            tool: .init(name: "cpdi", version: Self.version),
            files: outcomes.map {
                switch $0 {
                case .facts(let file): file.path
                case .unreadable(let problem): problem.file
                }
            }.sorted(),
            graph: graph, findings: findings, problems: problems.sorted(), coverage: Coverage(model: model),
            runtime: RuntimeCoverage(model: model).summary == nil ? nil : RuntimeCoverage(model: model)
        )
    }
}
