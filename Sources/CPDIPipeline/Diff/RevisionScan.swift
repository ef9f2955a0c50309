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

    /// Both results; `head` nil means the work tree. The two scans run side by side.
    public func results(base: String, head: String?) throws(InputError) -> Scanned {
        let baseCommit = try repository.commit(base)
        let headCommit = try head.map { (revision) throws(InputError) in try repository.commit(revision) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-diff-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let baseFolder = scratch.appendingPathComponent("base", isDirectory: true)
        let headFolder = headCommit == nil ? repository.root : scratch.appendingPathComponent("head", isDirectory: true)
        for (commit, folder) in [(baseCommit, baseFolder), (headCommit, headFolder)] {
            guard let commit else { continue }
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw InputError("\(folder.path): cannot create a folder for the revision (\(error.localizedDescription)); check the temporary folder")
            }
            try repository.export(commit, to: folder)
        }
        let pipelines = (try pipeline(in: baseFolder), try pipeline(in: headFolder))
        // One cache for both sides when their naming conventions agree, so neither parses a file twice.
        let caches = cacheDirectory.map { directory in
            let base = FactsCache(directory: directory, conventions: pipelines.0.conventions)
            return (base, pipelines.0.conventions == pipelines.1.conventions ? base : FactsCache(directory: directory, conventions: pipelines.1.conventions))
        }
        let paths = self.paths
        let outcome = Parallel.both(
            { () -> Result<AnalysisResult, InputError> in
                Result { () throws(InputError) in try pipelines.0.run(paths: paths, workingDirectory: baseFolder, cache: caches?.0) }
            },
            { () -> Result<AnalysisResult, InputError> in
                Result { () throws(InputError) in try pipelines.1.run(paths: paths, workingDirectory: headFolder, cache: caches?.1) }
            }
        )
        let counted = caches.map { $0.0 === $0.1 ? [$0.0] : [$0.0, $0.1] } ?? []
        return Scanned(
            base: try outcome.0.get(), head: try outcome.1.get(),
            cacheHits: counted.map(\.hits).reduce(0, +), cacheMisses: counted.map(\.misses).reduce(0, +)
        )
    }

    private func pipeline(in folder: URL) throws(InputError) -> Pipeline {
        Pipeline(configuration: try Configuration.load(explicitPath: configuration, paths: paths, workingDirectory: folder))
    }
}
