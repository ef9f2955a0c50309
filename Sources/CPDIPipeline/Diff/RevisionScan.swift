import CPDIFacts
import CPDIRules
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
    }

    /// Both results; `head` nil means the work tree. Files are extracted once: the side scanned first
    /// fills the cache, in memory too, and the other side finds every unchanged file there. The work
    /// tree is extracted while the base revision is being exported; the two analyses run side by side.
    public func results(base: String, head: String?) throws(InputError) -> Scanned {
        let baseCommit = try repository.commit(base)
        let headCommit = try head.map { (revision) throws(InputError) in try repository.commit(revision) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-diff-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Named like the repository's folder, whose name is the module of files outside any module root.
        let name = repository.root.lastPathComponent
        let baseFolder = scratch.appendingPathComponent("base/\(name)", isDirectory: true)
        let headFolder = headCommit == nil ? repository.root : scratch.appendingPathComponent("head/\(name)", isDirectory: true)
        let headPipeline = try headCommit == nil ? pipeline(in: headFolder) : nil
        let headCache = headPipeline.map { cache(for: $0) } ?? nil

        let (exported, headExtracted) = Parallel.both(
            { [repository] () -> Result<Void, InputError> in
                Result { () throws(InputError) in
                    try Self.export(baseCommit, to: baseFolder, from: repository)
                    if let headCommit { try Self.export(headCommit, to: headFolder, from: repository) }
                }
            },
            { () -> Result<Pipeline.Extracted, InputError>? in
                headPipeline.map { pipeline in
                    Result { () throws(InputError) in try pipeline.extract(paths: paths, workingDirectory: headFolder, cache: headCache) }
                }
            }
        )
        try exported.get()
        let basePipeline = try pipeline(in: baseFolder)
        let baseCache = headCache.flatMap { $0.fingerprint == FactsCache.fingerprint(conventions: basePipeline.conventions) ? $0 : nil }
            ?? cache(for: basePipeline)
        let baseSide = try basePipeline.extract(paths: paths, workingDirectory: baseFolder, cache: baseCache)
        let (headSide, headFinal, cacheUsed): (Pipeline.Extracted, Pipeline, FactsCache?)
        if let headExtracted, let headPipeline {
            (headSide, headFinal, cacheUsed) = (try headExtracted.get(), headPipeline, headCache)
        } else {
            let pipeline = try self.pipeline(in: headFolder)
            let cache = baseCache.flatMap { $0.fingerprint == FactsCache.fingerprint(conventions: pipeline.conventions) ? $0 : nil } ?? cache(for: pipeline)
            (headSide, headFinal, cacheUsed) = (try pipeline.extract(paths: paths, workingDirectory: headFolder, cache: cache), pipeline, cache)
        }
        let caches = [baseCache, cacheUsed].compactMap { $0 }.reduce(into: [FactsCache]()) { list, cache in
            if !list.contains(where: { $0 === cache }) { list.append(cache) }
        }
        let results = Parallel.both(
            { [basePipeline] in
                for cache in caches { cache.save() }
                return basePipeline.analyse(baseSide)
            },
            { headFinal.analyse(headSide) }
        )
        return Scanned(
            base: results.0, head: results.1,
            cacheHits: caches.map(\.hits).reduce(0, +), cacheMisses: caches.map(\.misses).reduce(0, +)
        )
    }

    private static func export(_ commit: String, to folder: URL, from repository: GitRepository) throws(InputError) {
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw InputError("\(folder.path): cannot create a folder for the revision (\(error.localizedDescription)); check the temporary folder")
        }
        try repository.export(commit, to: folder)
    }

    private func cache(for pipeline: Pipeline) -> FactsCache? {
        cacheDirectory.map { FactsCache(directory: $0, conventions: pipeline.conventions) }
    }

    private func pipeline(in folder: URL) throws(InputError) -> Pipeline {
        Pipeline(configuration: try Configuration.load(explicitPath: configuration, paths: paths, workingDirectory: folder))
    }
}
