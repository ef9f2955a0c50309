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
        let path = file.displayPath
        let bytes: [UInt8]
        switch tree.read(file.url.path, limit: maximumFileSize) {
        case .bytes(let read): bytes = read
        case .tooLarge(let size):
            return (.unreadable(InputProblem(
                file: path, severity: .error,
                message: "skipped: \(size / 1_048_576) MB is over the \(maximumFileSize / 1_048_576) MB limit for one source file; exclude it"
            )), false)
        case .unreadable:
            return (.unreadable(InputProblem(file: path, severity: .error, message: "cannot read the file; check that it exists and is readable")), false)
        }
        let key = cache.map { cache in bytes.withUnsafeBytes { FactsCache.key(path: path, contents: $0) } }
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
