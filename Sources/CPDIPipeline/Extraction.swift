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

        var facts: FileFacts? {
            if case .facts(let facts) = self { return facts }
            return nil
        }

        /// Every Swift file; a header only when it declares a protocol Swift imports (`ObjectiveCHeaders`), one
        /// that asks its conformers for no Swift type, a class's shared instance, or a class.
        var isAnalysed: Bool {
            switch self {
            case .facts(let facts):
                !ObjectiveCHeaders.isHeader(facts.path) || !facts.types.isEmpty || !facts.declarations.opaqueObjectiveCProtocols.isEmpty
                    || !facts.declarations.staticProperties.isEmpty || !facts.declarations.objectiveCClasses.isEmpty
            case .unreadable(let problem): !ObjectiveCHeaders.isHeader(problem.file)
            }
        }
    }

    /// Files are independent, so they are read and extracted on all cores; each result lands in its own
    /// slot, which keeps the merge in discovery order whatever order the threads finish in.
    /// `learnsNaming: false` keeps to the configured names whatever the configuration says (`cpdi facts`: one
    /// module alone cannot tell what the whole app's names are).
    func extract(
        _ files: [SourceDiscovery.SourceFile], cache: FactsCache? = nil, progress: ProgressHandler? = nil, learnsNaming: Bool? = nil
    ) -> (outcomes: [ExtractionOutcome], naming: InferredNaming) {
        let learnsNaming = learnsNaming ?? self.learnsNaming
        let tree = self.tree
        let read = Parallel.map(files.count) { Self.read(files[$0], tree: tree, keyed: cache != nil) }
        let extracted = Self.extract(
            read, conventions: conventions, learnsNaming: learnsNaming, cache: cache, tree: tree,
            progress: progress.map { ProgressCounter(total: files.count, handler: $0) }
        )
        return (extracted.outcomes, extracted.learnt.naming)
    }

    /// One file's outcome, and whether it came from the cache.
    static func extract(
        _ file: SourceDiscovery.SourceFile, conventions: NamingConventions, tree: any SourceTree = DiskTree(), cache: FactsCache? = nil
    ) -> (ExtractionOutcome, reused: Bool) {
        let outcome = extract(read(file, tree: tree, keyed: cache != nil), conventions: conventions, cache: cache, withReads: true)
        return (outcome.outcome, outcome.reused)
    }

    /// The files of a run, extracted without the names each reads (`FileFacts.runtime.reads`) as long as no
    /// file has turned out to hold what they judge (`RuntimeStyleFacts.holdsWhatReadsJudge`): those names answer
    /// only whether run-time injections and registrations are read, and gathering them is about a seventh of a cold scan. Files that might hold such
    /// facts go first, so in an app that has them the need shows early; the files extracted before it showed
    /// are extracted again with their reads. Either way the facts the run links are those a full extraction
    /// gives wherever they can matter (`AdaptiveExtractionTests`).
    /// `withReads` says, file by file, whether its facts hold the names it reads.
    /// With `learnsNaming`, the app's own names are learnt from the facts (`NamingInference`) and the files that
    /// contain one are extracted again under them (`LearntNaming`).
    static func extract(
        _ read: [ReadFile], conventions: NamingConventions, learnsNaming: Bool, cache: FactsCache?, tree: any SourceTree,
        progress counter: ProgressCounter?
    ) -> (outcomes: [ExtractionOutcome], withReads: [Bool], learnt: LearntNaming) {
        NameSharing.during {
            extractSharingNames(read, conventions: conventions, learnsNaming: learnsNaming, cache: cache, tree: tree, progress: counter)
        }
    }

    private static func extractSharingNames(
        _ read: [ReadFile], conventions: NamingConventions, learnsNaming: Bool, cache: FactsCache?, tree: any SourceTree,
        progress counter: ProgressCounter?
    ) -> (outcomes: [ExtractionOutcome], withReads: [Bool], learnt: LearntNaming) {
        let demand = RuntimeReadsDemand()
        // Which files were extracted without their reads; each slot is written by its own file's task only.
        let withoutReads = UnsafeMutableBufferPointer<Bool>.allocate(capacity: read.count)
        withoutReads.initialize(repeating: false)
        defer { withoutReads.deallocate() }
        nonisolated(unsafe) let flags = withoutReads
        var outcomes = Parallel.map(read.count, order: runtimeVocabularyFirst(read)) { index in
            let extracted = extract(read[index], conventions: conventions, cache: cache, tree: tree, withReads: demand.isNeeded)
            if extracted.judgedByReads { demand.noteNeed() }
            flags[index] = !extracted.withReads
            counter?.fileDone(reused: extracted.reused)
            return extracted.outcome
        }
        let learnt = learnsNaming
            ? LearntNaming(NamingInference.infer(from: outcomes.compactMap(\.facts), conventions: conventions), over: conventions)
            : LearntNaming(InferredNaming(), over: conventions)
        if !learnt.naming.isEmpty {
            let redone = Parallel.map(read.count) { index in
                learnt.reextracted(read[index], cache: cache, tree: tree, withReads: !flags[index])
            }
            for (index, again) in redone.enumerated() {
                guard let again else { continue }
                outcomes[index] = again.outcome
                if again.judgedByReads { demand.noteNeed() }
            }
        }
        guard demand.isNeeded else { return (outcomes, withoutReads.map { !$0 }, learnt) }
        let missing = outcomes.indices.filter { withoutReads[$0] }
        let again = Parallel.map(missing.count) { learnt.extract(read[missing[$0]], cache: cache, tree: tree, withReads: true) }
        for (position, index) in missing.enumerated() { outcomes[index] = again[position].outcome }
        return (outcomes, Array(repeating: true, count: outcomes.count), learnt)
    }

    /// Whether some file of a run holds what reads judge, so every file's reads are needed.
    final class RuntimeReadsDemand: @unchecked Sendable {
        private let lock = NSLock()
        private var needed = false

        var isNeeded: Bool { lock.withLock { needed } }

        func noteNeed() { lock.withLock { needed = true } }
    }

    /// Words that nearly always mean an injection, a registration or a key, then words without which a file
    /// is unlikely to hold what reads judge (a container, a key, a module). Only the order of extraction
    /// depends on them, never a fact: files with the first go first, then files with the second.
    static let runtimeVocabulary = ByteWords(groups: [
        ["@Dependency", "@Inject", "@LazyInject", "@WeakLazyInject", "@OptionalInject", "DependencyValues", "DependencyKey",
         "@propertyWrapper", "register(", "register {", "Factory<", "Module {"].map { Array($0.utf8) },
        ["Inject", "Dependenc", "register", "Container", "Factory", "component", "Module", "Key"].map { Array($0.utf8) },
    ])

    /// Indices with the files that use the run-time vocabulary first, strong words before weak ones, each
    /// group in discovery order. One scan of each file finds its best group.
    static func runtimeVocabularyFirst(_ read: [ReadFile]) -> [Int] {
        let rank = Parallel.map(read.count) { index -> Int in
            guard case .bytes(let bytes, _) = read[index].content else { return 2 }
            return runtimeVocabulary.bestRank(in: bytes) ?? 2
        }
        return (0...2).flatMap { tier in read.indices.filter { rank[$0] == tier } }
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

        /// What the file held, for the key of a whole result and its manifest: its facts key, or what made it unreadable.
        var contentIdentity: ContentHash {
            switch content {
            case .bytes(_, let key?), .unopened(let key): key
            case .bytes(_, nil): ContentHash(high: 0, low: 0)
            case .problem(let problem): ResultManifest.digest(of: problem)
            }
        }

        /// Where a file is, for the key of a whole result and its manifest: its display path and module.
        static func place(path: String, module: String) -> ContentHash {
            // The strings' own bytes, hashed where they are: copying them into arrays was most of the time of a warm run's
            // places at 100,000 files.
            var path = path, module = module
            return path.withUTF8 { path in module.withUTF8 { ContentHash(UnsafeRawBufferPointer(path), UnsafeRawBufferPointer($0)) } }
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
            // A name with bytes that are not UTF-8 reaches cpdi with U+FFFD in their place, and that path opens nothing.
            let message = file.path.unicodeScalars.contains("\u{FFFD}") && !FileManager.default.fileExists(atPath: file.path)
                ? "cannot open the file: its name is not valid UTF-8; rename it to analyse it"
                : "cannot read the file; check that it exists and is readable"
            return ReadFile(path: path, content: .problem(InputProblem(file: path, severity: .error, message: message)))
        }
    }

    /// The outcome of a file already read: its facts from the cache, or extracted and given to the cache;
    /// `withReads` says whether the facts hold the names the file reads, `judgedByReads` whether the file holds
    /// something they judge (`RuntimeStyleFacts.holdsWhatReadsJudge`).
    static func extract(
        _ file: ReadFile, conventions: NamingConventions, cache: FactsCache?, tree: any SourceTree = DiskTree(), withReads: Bool
    ) -> (outcome: ExtractionOutcome, reused: Bool, withReads: Bool, judgedByReads: Bool) {
        let path = file.path
        let found: (facts: FileFacts, withReads: Bool)?
        switch file.content {
        case .problem(let problem):
            return (.unreadable(problem), false, true, false)
        case .bytes(let bytes, let key):
            found = cache.flatMap { cache in key.flatMap { cached($0, path: path, cache: cache, withReads: withReads) } }
            if found == nil { return extract(bytes, path: path, key: key, conventions: conventions, cache: cache, withReads: withReads) }
        case .unopened(let key):
            found = cache.flatMap { cached(key, path: path, cache: $0, withReads: withReads) }
            if found == nil {
                // Unchanged, but its facts left the cache (pruned, or a pack of another build): read it after all.
                let reread = read(SourceDiscovery.SourceFile(path: file.source, displayPath: path, module: ""), tree: tree, keyed: true)
                guard case .bytes(let bytes, let key) = reread.content else {
                    return extract(reread, conventions: conventions, cache: nil, withReads: withReads)
                }
                return extract(bytes, path: path, key: key, conventions: conventions, cache: cache, withReads: withReads)
            }
        }
        let (facts, hasReads) = found!
        return (.facts(facts), true, hasReads, facts.runtime.holdsWhatReadsJudge)
    }

    /// Cached facts: without reads only when they are not needed (under their own key), else with them.
    static func cached(_ key: ContentHash, path: String, cache: FactsCache, withReads: Bool) -> (facts: FileFacts, withReads: Bool)? {
        if !withReads, let facts = cache.facts(for: key.withoutReads, path: path, countingMiss: false) { return (facts, false) }
        return cache.facts(for: key, path: path).map { ($0, true) }
    }

    /// Facts extracted from bytes no cache had, given to the cache under `key` (with reads) or its
    /// `withoutReads` twin. Facts without reads of a file that holds what reads judge are not kept: that file
    /// makes the run extract it again with them.
    private static func extract(
        _ bytes: [UInt8], path: String, key: ContentHash?, conventions: NamingConventions, cache: FactsCache?, withReads: Bool
    ) -> (outcome: ExtractionOutcome, reused: Bool, withReads: Bool, judgedByReads: Bool) {
        if let refusal = NestingGuard.refusal(bytes) {
            return (.unreadable(InputProblem(
                file: path, line: refusal.line, column: 1, severity: .error,
                message: "skipped: \(refusal.reason), which would make parsing take too long; exclude the file or split the expression"
            )), false, true, false)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (.unreadable(InputProblem(file: path, severity: .error, message: "not valid UTF-8; convert the file to UTF-8 to analyse it")), false, true, false)
        }
        let facts = FactExtractor.extract(path: path, source: text, conventions: conventions, recordsRuntimeReads: withReads)
        let judged = facts.runtime.holdsWhatReadsJudge
        if let cache, let key {
            if withReads { cache.store(facts, for: key) } else if !judged { cache.store(facts, for: key.withoutReads) }
        }
        return (.facts(facts), false, withReads, judged)
    }
}

extension ContentHash {
    /// The key of a file's facts extracted without the names it reads.
    var withoutReads: ContentHash { ContentHash(high: high ^ 0x9E37_79B9_7F4A_7C15, low: low ^ 0xC2B2_AE3D_27D4_EB4F) }
}
