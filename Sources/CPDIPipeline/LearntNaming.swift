import CPDIFacts
import Foundation

/// Names learnt from an app's code (`NamingInference`), applied to extraction. Matching a name against the
/// conventions only ever looks at the identifiers a file holds, so a file that contains none of the learnt
/// names has the same facts under both vocabularies and keeps the ones it has; the others are extracted again
/// under the extended conventions. Their facts are cached under their key salted with the learnt names, never
/// under the key of the configured vocabulary's facts.
struct LearntNaming: Sendable {
    let naming: InferredNaming
    /// The configured conventions, and those with the learnt names added.
    let base: NamingConventions
    let conventions: NamingConventions
    private let salt: ContentHash
    private let isWritten: @Sendable ([UInt8]) -> Bool

    init(_ naming: InferredNaming, over base: NamingConventions) {
        self.naming = naming
        self.base = base
        self.conventions = naming.applied(to: base)
        self.isWritten = naming.writtenTest
        self.salt = ContentHash(Array(naming.names.joined(separator: "\u{0}").utf8), Array("learnt naming".utf8))
    }

    func affects(_ bytes: [UInt8]) -> Bool { isWritten(bytes) }

    func salted(_ key: ContentHash) -> ContentHash { ContentHash(high: key.high ^ salt.high, low: key.low ^ salt.low) }

    /// The file's outcome under the learnt names, or nil where they change nothing: nothing was learnt, the file
    /// could not be read, or it contains none of the names.
    func reextracted(
        _ file: Pipeline.ReadFile, cache: FactsCache?, tree: any SourceTree, withReads: Bool
    ) -> (outcome: Pipeline.ExtractionOutcome, reused: Bool, withReads: Bool, judgedByReads: Bool)? {
        guard !naming.isEmpty else { return nil }
        let bytes: [UInt8], key: ContentHash?
        switch file.content {
        case .problem:
            return nil
        case .bytes(let read, let readKey):
            (bytes, key) = (read, readKey)
        case .unopened(let unopenedKey):
            // A salted entry exists only for a file that contains a learnt name: seen so before, it is taken as it is.
            if let cache, let found = Pipeline.cached(salted(unopenedKey), path: file.path, cache: cache, withReads: withReads) {
                return (.facts(found.facts), true, found.withReads, found.facts.runtime.holdsWhatReadsJudge)
            }
            let reread = Pipeline.read(SourceDiscovery.SourceFile(path: file.source, displayPath: file.path, module: ""), tree: tree, keyed: true)
            guard case .bytes(let read, let readKey) = reread.content else { return nil }
            (bytes, key) = (read, readKey)
        }
        guard affects(bytes) else { return nil }
        var learnt = file
        learnt.content = .bytes(bytes, key: key.map(salted))
        return Pipeline.extract(learnt, conventions: conventions, cache: cache, tree: tree, withReads: withReads)
    }

    /// The file's outcome under the learnt names where they matter, else under the configured ones.
    func extract(
        _ file: Pipeline.ReadFile, cache: FactsCache?, tree: any SourceTree, withReads: Bool
    ) -> (outcome: Pipeline.ExtractionOutcome, reused: Bool, withReads: Bool, judgedByReads: Bool) {
        reextracted(file, cache: cache, tree: tree, withReads: withReads)
            ?? Pipeline.extract(file, conventions: base, cache: cache, tree: tree, withReads: withReads)
    }
}
