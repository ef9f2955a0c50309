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
    /// Files written less than this many seconds before a run are opened again by the next run even when
    /// their stamp is unchanged (`FileStamp.isSettled`): two seconds covers the coarsest file system clocks.
    /// Tests that edit files between runs in quick succession trust younger stamps.
    var stampSettlingSeconds: Int64 = 2
    /// Whether the run's facts, model and read files are left for the process's exit to free
    /// (`HeldUntilExit`): for the command line, which exits right after printing.
    public var holdsWorkUntilExit = false

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
    /// about every extracted file. With a cache, the files are those a recent run discovered while the folders and
    /// project files it looked at are as they were (`SavedDiscovery`); a run whose files, settings and build are those of a recent
    /// run reads that run's result back (`ResultCache(workingTreeIn:)`) and neither decodes facts nor links, and
    /// so does a run whose changed files kept the facts a recent run analysed, or only moved them (`resultWithTheSameFacts`);
    /// `needsGraph: false` (findings only) then leaves the graph out.
    public func run(
        paths: [String], workingDirectory: URL, cache: FactsCache? = nil, progress: ProgressHandler? = nil, needsGraph: Bool = true
    ) throws(InputError) -> AnalysisResult {
        try run(paths: paths, workingDirectory: workingDirectory, cache: cache, progress: progress, needsGraph: needsGraph, graphApart: false).result
    }

    /// `run`; with `graphApart`, a result that is saved (`ResultCache(workingTreeIn:)`) comes without its graph, and
    /// the graph where it lies in the saved file (`EncodedGraph`), for a diff against a saved commit.
    func run(
        paths: [String], workingDirectory: URL, cache: FactsCache?, progress: ProgressHandler? = nil, needsGraph: Bool = true, graphApart: Bool
    ) throws(InputError) -> (result: AnalysisResult, graph: EncodedGraph?) {
        guard let cache else {
            let extracted = try extract(paths: paths, workingDirectory: workingDirectory, progress: progress)
            return (analyse(extracted.outcomes, modules: extracted.modules, naming: extracted.naming, needsGraph: needsGraph), nil)
        }
        let tree = self.tree, cacheDirectory = cache.directory, configuration = self.configuration
        let discover = { (tree: any SourceTree) throws(InputError) in
            try SourceDiscovery(workingDirectory: workingDirectory, configuration: configuration, tree: tree).discover(paths)
        }
        // Only the disk has stamps, for its files and for what discovery saw (`SavedDiscovery`); a git revision in
        // memory is read as it is. The index loads while discovery runs.
        let savedDiscovery = tree is DiskTree
            ? SavedDiscovery(cacheDirectory: cacheDirectory, paths: paths, workingDirectory: workingDirectory, configuration: configuration)
            : nil
        let discoveryStarted = Int64(Date().timeIntervalSince1970), margin = stampSettlingSeconds
        let (stamps, discovered) = Parallel.both(
            { StepTimes.measure("stamp index") { tree is DiskTree ? FileStampIndex(cacheDirectory: cacheDirectory) : nil } },
            {
                StepTimes.measure("discovery") {
                    Result { () throws(InputError) in
                        guard let savedDiscovery else { return try discover(tree) }
                        return try savedDiscovery.files(base: tree, settledBefore: discoveryStarted, margin: margin, discover: discover)
                    }
                }
            }
        )
        let files = try discovered.get()
        let started = Int64(Date().timeIntervalSince1970)
        let read = StepTimes.measure("read") { ReadFiles(Parallel.map(files.count, chunk: 64) { Self.read(files[$0], tree: tree, keyed: true, stamps: stamps) }) }
        // Each file's share of the result key, hashed on all cores; its manifest lists the same.
        let places = Parallel.map(files.count, chunk: 512) { ReadFile.place(path: files[$0].displayPath, module: files[$0].module) }
        let contents = read.files.map(\.contentIdentity)
        let saved = ResultCache(workingTreeIn: cache.directory)
        let settings = analysisIdentity(fingerprint: cache.fingerprint)
        let key = saved.key(settings: settings, places: places, contents: contents)
        let counter = progress.map { ProgressCounter(total: files.count, handler: $0) }
        // A findings-only result (saved by `cpdi check`) answers findings-only runs; a whole one answers both.
        let findingsKey = key + "-findings"
        /// The result saved under `key`, its graph apart when asked for and it reads so; else `result`, whose graph is
        /// `graphBytes` when given.
        func apart(_ result: AnalysisResult, savedAs key: String, graphBytes: [UInt8]? = nil) -> (result: AnalysisResult, graph: EncodedGraph?) {
            if graphApart, needsGraph, let loaded = saved.loadApart(key) { return (loaded.result, loaded.graph) }
            guard let graphBytes else { return (result, nil) }
            var whole = result
            // Records of a graph `EncodedGraph`'s walk accepted, copied or written again: they decode.
            whole.graph = (try? graphBytes.withUnsafeBytes { try CompactCoder.decode(DependencyGraph.self, from: $0) }) ?? whole.graph
            return (whole, nil)
        }
        if graphApart, needsGraph, reusesResults, let loaded = StepTimes.measure("saved result", { saved.loadApart(key) }) {
            for _ in files { counter?.fileDone(reused: true) }
            saveStamps(stamps, of: read.files, settledBefore: started)
            return (loaded.result, loaded.graph)
        }
        let reused = StepTimes.measure("saved result") {
            reusesResults ? saved.load(key, includingGraph: needsGraph) ?? (needsGraph ? nil : saved.load(findingsKey, includingGraph: false)) : nil
        }
        if let result = reused {
            for _ in files { counter?.fileDone(reused: true) }
            saveStamps(stamps, of: read.files, settledBefore: started)
            return (result, nil)
        }
        let ownKey = needsGraph ? key : findingsKey
        if reusesResults, let same = StepTimes.measure("saved result, same or moved facts", {
            resultWithTheSameFacts(
                read.files, places: places, contents: contents, settings: settings, saved: saved, cache: cache, needsGraph: needsGraph,
                graphApart: graphApart
            )
        }) {
            for _ in files { counter?.fileDone(reused: true) }
            saveStamps(stamps, of: read.files, settledBefore: started)
            // The next run of these very files then finds the result by its own key.
            if let moved = same.moved {
                StepTimes.measure("result saved") {
                    saved.store(same.result, key: ownKey, graphBytes: same.graphBytes)
                    saved.storeManifest(moved.manifest, key: ownKey)
                    for (key, facts) in moved.facts { saved.storeMovedFacts(facts, key: key) }
                }
            } else {
                saved.link(same.key, as: ownKey)
            }
            return apart(same.result, savedAs: ownKey, graphBytes: same.graphBytes)
        }
        let conventions = self.conventions
        let modules = Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) })
        let extraction = StepTimes.measure("extraction") {
            Self.extract(read.files, conventions: conventions, learnsNaming: learnsNaming, cache: cache, tree: tree, progress: counter)
        }
        let outcomes = extraction.outcomes
        saveStamps(stamps, of: read.files, settledBefore: started)
        // The sources themselves are not needed any more: a large app's are a hundred megabytes, and with the
        // syntax trees extraction freed they are pages glibc would otherwise keep through linking.
        read.files = []
        cache.forgetSharedStrings()
        StepTimes.measure("freed memory returned") { FreedMemory.returnToSystem() }
        // Writing the cache and analysing do not touch each other, so on two cores they overlap.
        let (result, namesThatMatter) = Parallel.both(
            {
                StepTimes.measure("facts cache saved") { cache.save() }
                // Encoding the pack allocated in this thread's own glibc arena; what it freed there would stay resident
                // through the rest of linking (14 MB at 100,000 components), as no other thread allocates from it.
                FreedMemory.returnToSystem()
            },
            { analysed(outcomes, modules: modules, naming: extraction.learnt.naming, needsGraph: needsGraph) }
        ).1
        if reusesResults {
            StepTimes.measure("result saved") {
                saved.store(result, key: ownKey)
                // A run under learnt names keeps no manifest: a changed file is compared with saved facts under the
                // configured names only, so such a run links after an edit.
                guard extraction.learnt.naming.isEmpty else { return }
                let manifest = Self.manifest(
                    of: outcomes, withReads: extraction.withReads, places: places, contents: contents, settings: settings,
                    namesThatMatter: namesThatMatter, cache: cache
                )
                if let manifest { saved.storeManifest(manifest, key: ownKey) }
            }
        }
        if holdsWorkUntilExit { HeldUntilExit.hold((outcomes, cache)) }
        return reusesResults ? apart(result, savedAs: ownKey) : (result, nil)
    }

    /// A run's read files, in a box so their bytes can be let go of once extracted.
    final class ReadFiles: @unchecked Sendable {
        var files: [ReadFile]
        init(_ files: [ReadFile]) { self.files = files }
    }

    private func saveStamps(_ stamps: FileStampIndex?, of files: [ReadFile], settledBefore time: Int64) {
        guard let stamps else { return }
        StepTimes.measure("stamp index saved") { stamps.save(keysOf: files, settledBefore: time, margin: stampSettlingSeconds) }
    }

    /// The files of a run, discovered and extracted, before linking. `cpdi diff` extracts both sides
    /// first, so the second side finds the first side's facts in the cache, then analyses both at once.
    public struct Extracted: Sendable {
        var outcomes: [ExtractionOutcome]
        var modules: [String: String]
        /// The names learnt from these files, which the facts of those that contain one were extracted under.
        var naming = InferredNaming()
    }

    /// Whether the app's own names are learnt from its code (`learn-naming:`).
    var learnsNaming: Bool { configuration.learnsNaming }

    /// Discovers and extracts `paths`, reusing and filling `cache`, without saving it.
    public func extract(
        paths: [String], workingDirectory: URL, cache: FactsCache? = nil, progress: ProgressHandler? = nil
    ) throws(InputError) -> Extracted {
        let files = try SourceDiscovery(workingDirectory: workingDirectory, configuration: configuration, tree: tree).discover(paths)
        let extracted = extract(files, cache: cache, progress: progress)
        return Extracted(
            outcomes: extracted.outcomes, modules: Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) }),
            naming: extracted.naming
        )
    }

    public func analyse(_ extracted: Extracted) -> AnalysisResult {
        analyse(extracted.outcomes, modules: extracted.modules, naming: extracted.naming)
    }

    /// Analyses in-memory sources (path → text) as if they were files of one module.
    public func run(sources: [(path: String, text: String)], module: String = "main") -> AnalysisResult {
        let extracted = NamingInference.extractLearning(sources, conventions: conventions, learns: learnsNaming)
        return analyse(
            extracted.facts.map { .facts($0) }, modules: Dictionary(uniqueKeysWithValues: sources.map { ($0.path, module) }),
            naming: extracted.naming
        )
    }

    /// `needsGraph: false` leaves the graph empty: findings, problems and coverage come from the model alone.
    func analyse(
        _ outcomes: [ExtractionOutcome], modules: [String: String], naming: InferredNaming = InferredNaming(), needsGraph: Bool = true
    ) -> AnalysisResult {
        analysed(outcomes, modules: modules, naming: naming, needsGraph: needsGraph).result
    }

    /// The result, and the names whose reads could change it (`NamesThatMatter`), for its manifest.
    /// `naming`: the names learnt from the files, which their facts were extracted under; linking needs the same.
    func analysed(
        _ outcomes: [ExtractionOutcome], modules: [String: String], naming: InferredNaming = InferredNaming(), needsGraph: Bool = true
    ) -> (result: AnalysisResult, namesThatMatter: NamesThatMatter) {
        // A header counts only for the protocols it declares for Swift: one without (a C header, or an
        // unreadable one) is not part of what was analysed.
        let outcomes = outcomes.filter(\.isAnalysed)
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
        let linker = Linker(conventions: naming.applied(to: conventions), learnt: naming)
        let model = StepTimes.measure("linking") { linker.model(facts, modules: modules) }
        // Linking spread its passes over both cores, and what each thread freed stays in its own glibc arena; the
        // rules' reviews come on top of it, at the run's peak. Handed back now: 10-20 MB at 100,000 components.
        StepTimes.measure("freed memory returned after linking") { FreedMemory.returnToSystem() }
        // The rules read the model, not the graph: both are built at the same time.
        let rules = rulesToRun
        let judge = { StepTimes.measure("rules") { Analyzer(rules: rules).findings(for: RuleContext(model: model)) } }
        let (graph, checked) = needsGraph
            ? Parallel.both({ StepTimes.measure("graph") { linker.graph(of: model) } }, judge)
            : (DependencyGraph(nodes: [], edges: [], roots: []), judge())
        let findings = StepTimes.measure("settling") { settle(checked, facts: facts) }
        let runtime = RuntimeCoverage(model: model)
        let asked = model.runtime.askedReads
        let namesThatMatter = NamesThatMatter(
            offeredMembers: model.leafMembers.offeredMembers, askedBare: asked.bare.sorted(), askedNames: asked.names.sorted()
        )
        if holdsWorkUntilExit { HeldUntilExit.hold((model, facts)) }
        var coverage = Coverage(model: model)
        if !naming.isEmpty { coverage.learntNaming = naming }
        let result = AnalysisResult(
            tool: .init(name: "cpdi", version: Self.version),
            files: outcomes.map {
                switch $0 {
                case .facts(let file): file.path
                case .unreadable(let problem): problem.file
                }
            }.sorted(),
            graph: graph, findings: findings, problems: problems.sorted(), coverage: coverage,
            runtime: runtime.summary == nil ? nil : runtime
        )
        return (result, namesThatMatter)
    }
}
