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
            case problem(InputProblem)
        }
        var path: String
        var content: Content

        /// What the file contributes to the key of a whole result: its path, then its facts key, or its problem.
        func addIdentity(to bytes: inout [UInt8]) {
            bytes += path.utf8
            switch content {
            case .bytes(_, let key?):
                bytes.append(1)
                withUnsafeBytes(of: key.high.littleEndian) { bytes += $0 }
                withUnsafeBytes(of: key.low.littleEndian) { bytes += $0 }
            case .bytes(_, nil):
                bytes.append(2)
            case .problem(let problem):
                bytes.append(3)
                bytes += problem.message.utf8
            }
            bytes.append(0)
        }
    }

    static func read(_ file: SourceDiscovery.SourceFile, tree: any SourceTree, keyed: Bool) -> ReadFile {
        let path = file.displayPath
        switch tree.read(file.path, limit: maximumFileSize) {
        case .bytes(let bytes):
            let key = keyed ? bytes.withUnsafeBytes { FactsCache.key(path: path, contents: $0) } : nil
            return ReadFile(path: path, content: .bytes(bytes, key: key))
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
    static func extract(_ file: ReadFile, conventions: NamingConventions, cache: FactsCache?) -> (ExtractionOutcome, reused: Bool) {
        let path = file.path
        let bytes: [UInt8], key: ContentHash?
        switch file.content {
        case .problem(let problem): return (.unreadable(problem), false)
        case .bytes(let read, let readKey): (bytes, key) = (read, readKey)
        }
        if let cache, let key, let cached = cache.facts(for: key, path: path) {
            return (.facts(cached), true)
        }
        if let refusal = NestingGuard.refusal(bytes) {
            return (.unreadable(InputProblem(
                file: path, line: refusal.line, column: 1, severity: .error,
                message: "skipped: \(refusal.reason), which would make parsing take too long; exclude the file or split the expression"
            )), false)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (.unreadable(InputProblem(file: path, severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it")), false)
        }
        let facts = FactExtractor.extract(path: path, source: text, conventions: conventions)
        if let cache, let key { cache.store(facts, for: key) }
        return (.facts(facts), false)
    }
}
