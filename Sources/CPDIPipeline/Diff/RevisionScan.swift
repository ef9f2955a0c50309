import CPDIFacts
import CPDIReporters
import CPDIRules
import Dispatch
import Foundation

/// Analyses the same paths in two revisions of a git repository (or one revision and the work tree) for
/// `cpdi diff`. A revision is read from git into memory (`RevisionTree`) and scanned as if it were a
/// folder named like the repository, which is the working directory on both sides, so display paths,
/// and with them the facts cache's keys, are the same: an unchanged file is parsed at most once,
/// whichever side meets it first.
public struct RevisionScan: Sendable {
    public var repository: GitRepository
    /// Folders or files to analyse, relative to the repository root ("." for all of it).
    public var paths: [String]
    /// The configuration file, relative to the repository root (read in each revision), or nil for `.cpdi.yml`.
    public var configuration: String?
    /// Where the facts cache lives, or nil for no cache.
    public var cacheDirectory: URL?
    /// `--enable-rule` / `--disable-rule`, applied over each revision's configuration.
    public var switches: RuleSwitches

    public init(repository: GitRepository, paths: [String], configuration: String?, cacheDirectory: URL?, switches: RuleSwitches = RuleSwitches()) {
        self.repository = repository
        self.paths = paths
        self.configuration = configuration
        self.cacheDirectory = cacheDirectory
        self.switches = switches
    }

    /// The two results, and how many files' facts came from the cache (and how many were parsed).
    public struct Scanned: Sendable {
        public var base: AnalysisResult
        public var head: AnalysisResult
        public var cacheHits: Int
        public var cacheMisses: Int
        /// Saving the fresh results of committed revisions, which goes on while the caller renders the
        /// diff; wait for it before the process ends.
        public var saving: Saving = Saving()
        /// With `keepingGraphsApart`, when both sides are saved results: their graphs where they lie, and `base` and
        /// `head` without graphs.
        public var savedGraphs: (base: EncodedGraph, head: EncodedGraph)?
    }

    /// The diff of `base` and `head` (nil: the work tree), labelled as the user named them. Sides saved before are
    /// compared where they lie.
    public func report(base: String, head: String?) throws(InputError) -> (report: DiffReport, saving: Saving) {
        let results = try results(base: base, head: head, keepingGraphsApart: true)
        let headLabel = head ?? "work tree"
        guard let graphs = results.savedGraphs else {
            return (DiffReport(base: results.base, head: results.head, baseLabel: base, headLabel: headLabel), results.saving)
        }
        let report = DiffReport(
            base: results.base, head: results.head, baseGraph: graphs.base, headGraph: graphs.head, baseLabel: base, headLabel: headLabel
        )
        return (report, results.saving)
    }

    /// Work that must finish before the process exits, run on threads of its own.
    public final class Saving: @unchecked Sendable {
        private let group = DispatchGroup()

        func start(_ work: @escaping @Sendable () -> Void) {
            group.enter()
            Thread.detachNewThread { [group] in
                work()
                group.leave()
            }
        }

        public func wait() { group.wait() }
    }

    /// Both results; `head` nil means the work tree. A committed revision whose result was saved before
    /// is not scanned again. Otherwise files are extracted once: the side scanned first fills the cache,
    /// in memory too, and the other side finds every unchanged file there. Revisions are read from git
    /// into memory (`RevisionTree`) while the work tree is extracted; the two analyses run side by side.
    /// - Parameter keepingGraphsApart: when both sides are saved results (commits seen before, or the work tree, whose
    ///   result is saved as `cpdi check` saves it, against a base seen before), leave their graphs where they lie
    ///   (`Scanned.savedGraphs`) instead of decoding them into the results.
    public func results(base: String, head: String?, keepingGraphsApart: Bool = false) throws(InputError) -> Scanned {
        let commits = (base: try repository.commit(base), head: try head.map { (revision) throws(InputError) in try repository.commit(revision) })
        let saved = cacheDirectory.map { ResultCache(cacheDirectory: $0) }
        let keys = (
            base: saved?.key(commit: commits.base, paths: paths, configuration: configuration, switches: switches),
            head: commits.head.flatMap { saved?.key(commit: $0, paths: paths, configuration: configuration, switches: switches) }
        )
        // Both sides saved before: compared where they lie, their graphs never decoded whole.
        if keepingGraphsApart, let saved, let baseKey = keys.base, let headKey = keys.head {
            let (base, head) = Parallel.both({ saved.loadApart(baseKey) }, { saved.loadApart(headKey) })
            if let base, let head {
                return Scanned(base: base.result, head: head.result, cacheHits: 0, cacheMisses: 0, savedGraphs: (base.graph, head.graph))
            }
        }
        if keepingGraphsApart, commits.head == nil, let saved, let baseKey = keys.base, let scanned = try workTreeAgainstSaved(saved, baseKey) {
            return scanned
        }
        // Each saved result of a large app takes most of a second to decode: both at once.
        let (knownBase, knownHead) = Parallel.both({ keys.base.flatMap { saved?.load($0) } }, { keys.head.flatMap { saved?.load($0) } })
        let known = (base: knownBase, head: knownHead)
        if let base = known.base, let head = known.head { return Scanned(base: base, head: head, cacheHits: 0, cacheMisses: 0) }

        // A revision's files live under a path that stands for the repository root and is never created,
        // named like the repository's folder, whose name is the module of files outside any module root.
        let virtual = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-revision-\(UUID().uuidString)", isDirectory: true)
        let name = repository.root.lastPathComponent
        let folders = (
            base: virtual.appendingPathComponent("base/\(name)", isDirectory: true).standardizedFileURL,
            head: commits.head == nil ? repository.root : virtual.appendingPathComponent("head/\(name)", isDirectory: true).standardizedFileURL
        )
        var wanted: [(commit: String, folder: URL)] = []
        if known.base == nil { wanted.append((commits.base, folders.base)) }
        if let head = commits.head, known.head == nil { wanted.append((head, folders.head)) }
        let revisions = wanted

        let workTree = commits.head == nil ? try pipeline(in: folders.head, tree: DiskTree()) : nil
        var caches = Caches(directory: cacheDirectory)
        let workTreeCache = workTree.map { caches.cache(for: $0) } ?? nil
        let blobs = BlobStore()
        let readTree: @Sendable ((commit: String, folder: URL)) throws(InputError) -> RevisionTree = { [repository, configuration] revision throws(InputError) in
            try RevisionTree(repository: repository, commit: revision.commit, root: revision.folder.path, blobs: blobs, configuration: configuration)
        }
        // The first revision is read from git while the work tree is analysed, and the second while the
        // first is extracted: it needs only the files the first did not have. The work tree is analysed as
        // `cpdi check` does it (`Pipeline.run`): a saved result of the same files, or of files whose facts are
        // the same or only moved, answers without linking, and a new result is saved for the next diff.
        let (first, workTreeSide) = Parallel.both(
            { () -> Result<RevisionTree, InputError>? in revisions.first.map { revision in Result { () throws(InputError) in try readTree(revision) } } },
            { () -> Result<AnalysisResult, InputError>? in
                workTree.map { pipeline in
                    Result { () throws(InputError) in try pipeline.run(paths: paths, workingDirectory: folders.head, cache: workTreeCache) }
                }
            }
        )
        let workTreeResult = try workTreeSide?.get()
        let firstTree = try first?.get()

        var pending: [(pipeline: Pipeline, extracted: Pipeline.Extracted, key: String?)] = []
        var secondTree: RevisionTree?
        if known.base == nil, let firstTree {
            let pipeline = try pipeline(in: folders.base, tree: firstTree)
            let cache = caches.cache(for: pipeline)
            let (extracted, second) = Parallel.both(
                { Result { () throws(InputError) in try pipeline.extract(paths: paths, workingDirectory: folders.base, cache: cache) } },
                { () -> Result<RevisionTree, InputError>? in
                    revisions.count == 2 ? Result { () throws(InputError) in try readTree(revisions[1]) } : nil
                }
            )
            pending.append((pipeline, try extracted.get(), keys.base))
            secondTree = try second?.get()
        }
        var headResult: AnalysisResult?
        if workTreeResult == nil, known.head == nil, let headTree = secondTree ?? (known.base != nil ? firstTree : nil) {
            let pipeline = try pipeline(in: folders.head, tree: headTree)
            if known.base != nil {
                // The head alone is new (a pull request's next push): analysed as `cpdi check` does it, so a head
                // whose files kept or only moved the facts of a head analysed before is not linked again.
                headResult = try pipeline.run(paths: paths, workingDirectory: folders.head, cache: caches.cache(for: pipeline))
            } else {
                pending.append((pipeline, try pipeline.extract(paths: paths, workingDirectory: folders.head, cache: caches.cache(for: pipeline)), keys.head))
            }
        }

        // A file git could not give was reported unreadable; the reason is the error.
        try blobs.finish()

        // Both sides are analysed side by side. What must be written (the facts cache, the result of each
        // committed side) goes on a thread of its own as soon as it is ready, so a side that finishes
        // first encodes its result while the other is still being analysed.
        let opened = caches.opened
        let saving = Saving()
        for cache in opened { saving.start { cache.save() } }
        let analysed = Parallel.map(pending.count) { index in
            let result = pending[index].pipeline.analyse(pending[index].extracted)
            if let key = pending[index].key, let saved { saving.start { saved.store(result, key: key) } }
            return result
        }
        if let headResult, let key = keys.head, let saved { saving.start { saved.store(headResult, key: key) } }
        var fresh = analysed.makeIterator()
        return Scanned(
            base: known.base ?? fresh.next()!, head: known.head ?? workTreeResult ?? headResult ?? fresh.next()!,
            cacheHits: opened.map(\.hits).reduce(0, +), cacheMisses: opened.map(\.misses).reduce(0, +), saving: saving
        )
    }

    /// The work tree against a base saved before, both compared where they lie when the work tree's result is (or
    /// becomes) a saved one too; nil when the base is not saved, and the caller scans as usual.
    private func workTreeAgainstSaved(_ saved: ResultCache, _ baseKey: String) throws(InputError) -> Scanned? {
        guard let base = saved.loadApart(baseKey) else { return nil }
        let workTree = try pipeline(in: repository.root, tree: DiskTree())
        var caches = Caches(directory: cacheDirectory)
        let head = try workTree.run(paths: paths, workingDirectory: repository.root, cache: caches.cache(for: workTree), graphApart: true)
        let saving = Saving()
        for cache in caches.opened { saving.start { cache.save() } }
        let (hits, misses) = (caches.opened.map(\.hits).reduce(0, +), caches.opened.map(\.misses).reduce(0, +))
        if let graph = head.graph {
            return Scanned(base: base.result, head: head.result, cacheHits: hits, cacheMisses: misses, saving: saving, savedGraphs: (base.graph, graph))
        }
        // The work tree's result is in memory only (its save failed): the base is decoded whole to meet it.
        guard let decoded = saved.load(baseKey) else { return nil }
        return Scanned(base: decoded, head: head.result, cacheHits: hits, cacheMisses: misses, saving: saving)
    }

    /// One facts cache per fingerprint, shared by the sides that agree on naming conventions, so neither
    /// parses a file the other has parsed.
    private struct Caches {
        let directory: URL?
        private(set) var opened: [FactsCache] = []

        init(directory: URL?) { self.directory = directory }

        mutating func cache(for pipeline: Pipeline) -> FactsCache? {
            guard let directory else { return nil }
            let fingerprint = FactsCache.fingerprint(conventions: pipeline.conventions, directory: directory)
            if let open = opened.first(where: { $0.fingerprint == fingerprint }) { return open }
            let cache = FactsCache(directory: directory, fingerprint: fingerprint)
            opened.append(cache)
            return cache
        }
    }

    private func pipeline(in folder: URL, tree: any SourceTree) throws(InputError) -> Pipeline {
        let loaded = try Configuration.load(explicitPath: configuration, paths: paths, workingDirectory: folder, tree: tree)
        var pipeline = Pipeline(configuration: try switches.applied(to: loaded))
        pipeline.tree = tree
        return pipeline
    }
}
