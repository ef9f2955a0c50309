import CPDIFacts
import CPDIRules
import Dispatch
import Foundation

/// The extraction step of a run: every discovered file read and turned into facts, on all cores,
/// taken from the facts cache when the file has not changed since it was last extracted.
extension Pipeline {
    enum ExtractionOutcome: Sendable {
        case facts(FileFacts)
        case unreadable(InputProblem)
    }

    /// Files are independent, so they are read and extracted on all cores; each result lands in its own
    /// slot, which keeps the merge in discovery order whatever order the threads finish in.
    func extract(
        _ files: [SourceDiscovery.SourceFile], cache: FactsCache? = nil, progress: ProgressHandler? = nil
    ) -> [ExtractionOutcome] {
        let conventions = self.conventions, tree = self.tree
        let counter = progress.map { ProgressCounter(total: files.count, handler: $0) }
        return Parallel.map(files.count) { index in
            let (outcome, reused) = Self.extract(files[index], conventions: conventions, tree: tree, cache: cache)
            counter?.fileDone(reused: reused)
            return outcome
        }
    }

    /// One file's outcome, and whether it came from the cache.
    static func extract(
        _ file: SourceDiscovery.SourceFile, conventions: NamingConventions, tree: any SourceTree = DiskTree(), cache: FactsCache? = nil
    ) -> (ExtractionOutcome, reused: Bool) {
        extract(read(file, tree: tree, keyed: cache != nil), conventions: conventions, cache: cache)
    }

    /// A file's bytes and facts-cache key, or why it has none; read before anything is decoded or parsed, so
    /// a run whose files all have the keys of a saved result needs nothing else.
    struct ReadFile: Sendable {
        enum Content: Sendable {
            case bytes([UInt8], key: ContentHash?)
            /// Not opened: the file's stamp matched the one its key was saved with (`FileStampIndex`).
            case unopened(key: ContentHash)
            case problem(InputProblem)
        }
        var path: String
        var content: Content
        /// Where the file is read from, should its facts have to be extracted after all.
        var source: String = ""
        /// Taken before the bytes were read, so a write after the read always changes it.
        var stamp: FileStamp?

        /// What the file contributes to the key of a whole result: its path, its facts key (or its problem)
        /// and its module. Hashed file by file, on all cores.
        func identity(module: String) -> ContentHash {
            var hasher = ContentHasher()
            var path = path, module = module
            path.withUTF8 { hasher.combine(UnsafeRawBufferPointer($0)) }
            var tag: UInt64
            var words: (UInt64, UInt64) = (0, 0)
            switch content {
            case .bytes(_, let key?), .unopened(let key):
                tag = 1
                words = (key.high, key.low)
            case .bytes(_, nil):
                tag = 2
            case .problem(let problem):
                tag = 3
                var message = problem.message
                message.withUTF8 { hasher.combine(UnsafeRawBufferPointer($0)) }
            }
            withUnsafeBytes(of: (tag.littleEndian, words.0.littleEndian, words.1.littleEndian)) { hasher.combine($0) }
            module.withUTF8 { hasher.combine(UnsafeRawBufferPointer($0)) }
            return hasher.finish()
        }
    }

    /// With `stamps`, a file whose stamp is in the index is not opened, and every file's stamp is kept for
    /// the next run's index.
    static func read(_ file: SourceDiscovery.SourceFile, tree: any SourceTree, keyed: Bool, stamps: FileStampIndex? = nil) -> ReadFile {
        let path = file.displayPath
        let stamp = stamps == nil ? nil : FileStamp(path: file.path)
        if let stamps, let stamp, let key = stamps.key(file: FileStampIndex.file(path: file.path, displayPath: path), stamp: stamp) {
            return ReadFile(path: path, content: .unopened(key: key), source: file.path, stamp: stamp)
        }
        switch tree.read(file.path, limit: maximumFileSize) {
        case .bytes(let bytes):
            let key = keyed ? bytes.withUnsafeBytes { FactsCache.key(path: path, contents: $0) } : nil
            return ReadFile(path: path, content: .bytes(bytes, key: key), source: file.path, stamp: stamp)
        case .tooLarge(let size):
            return ReadFile(path: path, content: .problem(InputProblem(
                file: path, severity: .error,
                message: "skipped: \(size / 1_048_576) MB is over the \(maximumFileSize / 1_048_576) MB limit for one source file; exclude it"
            )))
        case .unreadable:
            return ReadFile(path: path, content: .problem(
                InputProblem(file: path, severity: .error, message: "cannot read the file; check that it exists and is readable")
            ))
        }
    }

    /// The outcome of a file already read: its facts from the cache, or extracted and given to the cache.
    static func extract(
        _ file: ReadFile, conventions: NamingConventions, cache: FactsCache?, tree: any SourceTree = DiskTree()
    ) -> (ExtractionOutcome, reused: Bool) {
        let path = file.path
        switch file.content {
        case .problem(let problem):
            return (.unreadable(problem), false)
        case .bytes(let bytes, let key):
            if let cache, let key, let cached = cache.facts(for: key, path: path) { return (.facts(cached), true) }
            return (extract(bytes, path: path, key: key, conventions: conventions, cache: cache), false)
        case .unopened(let key):
            if let cached = cache?.facts(for: key, path: path) { return (.facts(cached), true) }
            // Unchanged, but its facts left the cache (pruned, or a pack of another build): read it after all.
            let reread = read(SourceDiscovery.SourceFile(path: file.source, displayPath: path, module: ""), tree: tree, keyed: true)
            guard case .bytes(let bytes, let key) = reread.content else { return extract(reread, conventions: conventions, cache: nil) }
            return (extract(bytes, path: path, key: key, conventions: conventions, cache: cache), false)
        }
    }

    /// Facts extracted from bytes no cache had, given to the cache under `key`.
    private static func extract(
        _ bytes: [UInt8], path: String, key: ContentHash?, conventions: NamingConventions, cache: FactsCache?
    ) -> ExtractionOutcome {
        if let refusal = NestingGuard.refusal(bytes) {
            return .unreadable(InputProblem(
                file: path, line: refusal.line, column: 1, severity: .error,
                message: "skipped: \(refusal.reason), which would make parsing take too long; exclude the file or split the expression"
            ))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unreadable(InputProblem(file: path, severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it"))
        }
        let facts = FactExtractor.extract(path: path, source: text, conventions: conventions)
        if let cache, let key { cache.store(facts, for: key) }
        return .facts(facts)
    }
}
