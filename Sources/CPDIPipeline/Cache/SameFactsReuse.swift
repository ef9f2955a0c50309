import CPDIFacts
import CPDIRules
import Foundation

/// A run whose files changed, but not in anything linking reads, is answered by a saved result: the changed
/// files are extracted and their facts compared, by digest, with those a saved result was computed from
/// (`ResultManifest`); when every one is the same, that result is this run's, byte for byte, because linking
/// and the rules read facts, modules and settings only. Nothing else is decoded, linked or judged.
extension Pipeline {
    /// More changed files than this and the run links without trying: a branch switch, not an edit.
    static let sameFactsChangedFilesLimit = 64

    func resultWithTheSameFacts(
        _ read: [ReadFile], places: [ContentHash], contents: [ContentHash], settings: String, saved: ResultCache, needsGraph: Bool
    ) -> (key: String, result: AnalysisResult)? {
        let settingsDigest = ContentHash(Array(settings.utf8))
        let keys = saved.manifestKeys().filter { !needsGraph || !$0.hasSuffix("-findings") }
        guard !keys.isEmpty else { return nil }
        let conventions = self.conventions, tree = self.tree
        for key in keys {
            guard let manifest = saved.manifest(key), manifest.settings == settingsDigest, manifest.entries.count == read.count else { continue }
            var changed: [Int] = []
            var samePlaces = true
            for (index, entry) in manifest.entries.enumerated() {
                guard entry.place == places[index] else {
                    samePlaces = false
                    break
                }
                if entry.content != contents[index] { changed.append(index) }
                if changed.count > Self.sameFactsChangedFilesLimit { break }
            }
            guard samePlaces, changed.count <= Self.sameFactsChangedFilesLimit else { continue }
            // Extracted as the saved run had them (with or without reads), so equal facts give equal digests, and
            // without the cache: looking there would read the whole facts pack, a hundred megabytes in a large app,
            // for files that are new to it anyway. A run that links after all extracts them again.
            let digests = Parallel.map(changed.count) { position -> ContentHash? in
                let index = changed[position], entry = manifest.entries[index]
                let extracted = Self.extract(read[index], conventions: conventions, cache: nil, tree: tree, withReads: entry.withReads)
                return ResultManifest.digest(of: extracted.outcome)
            }
            guard zip(changed, digests).allSatisfy({ manifest.entries[$0].digest == $1 }) else { continue }
            if let result = saved.load(key, includingGraph: needsGraph) { return (key, result) }
        }
        return nil
    }

    /// The manifest of a run just analysed, or nil when a file's digest is unknown (its facts could not be
    /// encoded for the cache).
    static func manifest(
        of outcomes: [ExtractionOutcome], withReads: [Bool], places: [ContentHash], contents: [ContentHash], settings: String,
        cache: FactsCache
    ) -> ResultManifest? {
        let entries = Parallel.map(outcomes.count) { index -> ResultManifest.Entry? in
            guard let digest = digest(of: outcomes[index], content: contents[index], withReads: withReads[index], cache: cache) else { return nil }
            return ResultManifest.Entry(place: places[index], content: contents[index], withReads: withReads[index], digest: digest)
        }
        guard entries.allSatisfy({ $0 != nil }) else { return nil }
        return ResultManifest(settings: ContentHash(Array(settings.utf8)), entries: entries.map { $0! })
    }

    /// A file's facts digest as the cache knows it (the checksum of what it stores), else encoded here.
    private static func digest(of outcome: ExtractionOutcome, content: ContentHash, withReads: Bool, cache: FactsCache) -> ContentHash? {
        if case .facts = outcome, let known = cache.digest(of: withReads ? content : content.withoutReads) { return known }
        return ResultManifest.digest(of: outcome)
    }
}
