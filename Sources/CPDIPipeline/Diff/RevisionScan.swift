import CPDIFacts
import CPDIRules
import Dispatch
import Foundation

/// Analyses the same paths in two revisions of a git repository (or one revision and the work tree) for
/// `cpdi diff`. A revision is exported into a temporary folder and scanned there with the repository
/// root as working directory on both sides, so display paths, and with them the facts cache's keys,
/// are the same: an unchanged file is parsed at most once, whichever side meets it first.
public struct RevisionScan: Sendable {
    public var repository: GitRepository
    /// Folders or files to analyse, relative to the repository root ("." for all of it).
    public var paths: [String]
    /// The configuration file, relative to the repository root (read in each revision), or nil for `.cpdi.yml`.
    public var configuration: String?
    /// Where the facts cache lives, or nil for no cache.
    public var cacheDirectory: URL?

    public init(repository: GitRepository, paths: [String], configuration: String?, cacheDirectory: URL?) {
        self.repository = repository
        self.paths = paths
        self.configuration = configuration
        self.cacheDirectory = cacheDirectory
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
    /// in memory too, and the other side finds every unchanged file there. The work tree is extracted
    /// while the revisions are exported; the two analyses run side by side.
    public func results(base: String, head: String?) throws(InputError) -> Scanned {
        let commits = (base: try repository.commit(base), head: try head.map { (revision) throws(InputError) in try repository.commit(revision) })
        let root = Self.scratchRoot()
        do {
            return try results(commits, scratchRoot: root)
        } catch where root != FileManager.default.temporaryDirectory {
            // /dev/shm may be too small (as in containers): once more on disk, which reports its own errors.
            return try results(commits, scratchRoot: FileManager.default.temporaryDirectory)
        }
    }

    private func results(_ commits: (base: String, head: String?), scratchRoot: URL) throws(InputError) -> Scanned {
        let saved = cacheDirectory.map(ResultCache.init)
        let keys = (
            base: saved?.key(commit: commits.base, paths: paths, configuration: configuration),
            head: commits.head.flatMap { saved?.key(commit: $0, paths: paths, configuration: configuration) }
        )
        let known = (base: keys.base.flatMap { saved?.load($0) }, head: keys.head.flatMap { saved?.load($0) })
        if let base = known.base, let head = known.head { return Scanned(base: base, head: head, cacheHits: 0, cacheMisses: 0) }

        let scratch = scratchRoot.appendingPathComponent("cpdi-diff-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Named like the repository's folder, whose name is the module of files outside any module root.
        let name = repository.root.lastPathComponent
        let folders = (
            base: scratch.appendingPathComponent("base/\(name)", isDirectory: true),
            head: commits.head == nil ? repository.root : scratch.appendingPathComponent("head/\(name)", isDirectory: true)
        )
        var exports: [(commit: String, folder: URL)] = []
        if known.base == nil { exports.append((commits.base, folders.base)) }
        if let head = commits.head, known.head == nil { exports.append((head, folders.head)) }

        // The work tree is extracted while the revisions are exported; a revision once it is there.
        let workTree = commits.head == nil ? try pipeline(in: folders.head) : nil
        var caches = Caches(directory: cacheDirectory)
        let workTreeCache = workTree.map { caches.cache(for: $0) } ?? nil
        let (exported, workTreeSide) = Parallel.both(
            { [repository, exports] () -> Result<Void, InputError> in
                Result { () throws(InputError) in try Self.export(exports, from: repository) }
            },
            { () -> Result<Pipeline.Extracted, InputError>? in
                workTree.map { pipeline in
                    Result { () throws(InputError) in try pipeline.extract(paths: paths, workingDirectory: folders.head, cache: workTreeCache) }
                }
            }
        )
        try exported.get()

        var pending: [(pipeline: Pipeline, extracted: Pipeline.Extracted, key: String?)] = []
        if known.base == nil {
            let pipeline = try pipeline(in: folders.base)
            pending.append((pipeline, try pipeline.extract(paths: paths, workingDirectory: folders.base, cache: caches.cache(for: pipeline)), keys.base))
        }
        if let workTree, let workTreeSide {
            pending.append((workTree, try workTreeSide.get(), nil))
        } else if known.head == nil {
            let pipeline = try pipeline(in: folders.head)
            pending.append((pipeline, try pipeline.extract(paths: paths, workingDirectory: folders.head, cache: caches.cache(for: pipeline)), keys.head))
        }

        // Both sides are analysed side by side; the first also saves the facts cache.
        let opened = caches.opened
        let analysed = Parallel.map(pending.count) { index in
            if index == 0 { for cache in opened { cache.save() } }
            return pending[index].pipeline.analyse(pending[index].extracted)
        }
        let saving = Saving()
        for (index, side) in pending.enumerated() {
            guard let key = side.key, let saved else { continue }
            let result = analysed[index]
            saving.start { saved.store(result, key: key) }
        }
        var fresh = analysed.makeIterator()
        return Scanned(
            base: known.base ?? fresh.next()!, head: known.head ?? fresh.next()!,
            cacheHits: opened.map(\.hits).reduce(0, +), cacheMisses: opened.map(\.misses).reduce(0, +), saving: saving
        )
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
            let cache = FactsCache(directory: directory, conventions: pipeline.conventions)
            opened.append(cache)
            return cache
        }
    }

    /// Where revisions are exported: TMPDIR when set, else on Linux the RAM-backed /dev/shm when it is
    /// writable. Creating a file costs microseconds there and can cost a millisecond on a busy disk
    /// (0.7 ms each on the ext4 disk of the machine `make bench-diff` ran on, 1.5 s for 2,000 files).
    static func scratchRoot() -> URL {
        #if os(Linux)
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil, FileManager.default.isWritableFile(atPath: "/dev/shm") {
            return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        #endif
        return FileManager.default.temporaryDirectory
    }

    private static func export(_ revisions: [(commit: String, folder: URL)], from repository: GitRepository) throws(InputError) {
        for folder in revisions.map(\.folder) {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw InputError("\(folder.path): cannot create a folder for the revision (\(error.localizedDescription)); check the temporary folder")
            }
        }
        if revisions.count == 2 {
            try repository.export(base: revisions[0], derivingHead: revisions[1])
        } else {
            try repository.export(revisions)
        }
    }


    private func pipeline(in folder: URL) throws(InputError) -> Pipeline {
        Pipeline(configuration: try Configuration.load(explicitPath: configuration, paths: paths, workingDirectory: folder))
    }
}
