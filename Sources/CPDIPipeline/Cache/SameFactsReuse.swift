import CPDIFacts
import CPDIGraph
import CPDIRules
import Foundation

/// A run whose files changed, but not in anything linking reads, is answered by a saved result: the changed
/// files are extracted and their facts compared, by digest, with those a saved result was computed from
/// (`ResultManifest`); when every one is the same, that result is this run's, byte for byte, because linking
/// and the rules read facts, modules and settings only. Nothing else is decoded, linked or judged.
///
/// So is a run whose changed files' facts only moved (a line added above them, a body edited where it reads
/// no dependency): the saved result with their places moved is this run's (`MovedPositions`).
extension Pipeline {
    /// More changed files than this and the run links without trying: a branch switch, not an edit.
    static let sameFactsChangedFilesLimit = 64

    /// What answers a run from a saved result: its key and this run's result, and when that is the saved one with
    /// some files' places moved (`MovedPositions`), what to save with it under this run's key.
    struct SavedAnswer {
        var key: String
        var result: AnalysisResult
        var moved: (manifest: ResultManifest, facts: [ContentHash: FileFacts])?
        /// With `graphApart`, the moved result's graph, moved where it lay and still encoded; `result` has none.
        var graphBytes: [UInt8]?
    }

    /// - Parameter graphApart: a result whose places move is moved without decoding its graph (`SavedAnswer.graphBytes`).
    func resultWithTheSameFacts(
        _ read: [ReadFile], places: [ContentHash], contents: [ContentHash], settings: String, saved: ResultCache, cache: FactsCache,
        needsGraph: Bool, graphApart: Bool = false
    ) -> SavedAnswer? {
        let settingsDigest = ContentHash(Array(settings.utf8))
        let keys = saved.manifestKeys().filter { !needsGraph || !$0.hasSuffix("-findings") }
        guard !keys.isEmpty else { return nil }
        let conventions = self.conventions, tree = self.tree
        // Each changed file is extracted once for all the saved results tried (once with reads, once without).
        var extractedBefore: [Int: [Bool: (outcome: ExtractionOutcome, digest: ContentHash?)]] = [:]
        candidates: for key in keys {
            guard var manifest = saved.manifest(key), manifest.settings == settingsDigest, manifest.entries.count == read.count else { continue }
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
            let entries = manifest.entries
            let missing = changed.filter { extractedBefore[$0]?[entries[$0].withReads] == nil }
            let fresh = Parallel.map(missing.count) { position -> (outcome: ExtractionOutcome, digest: ContentHash?) in
                let index = missing[position]
                let outcome = Self.extract(read[index], conventions: conventions, cache: nil, tree: tree, withReads: entries[index].withReads).outcome
                return (outcome, ResultManifest.digest(of: outcome))
            }
            for (index, done) in zip(missing, fresh) { extractedBefore[index, default: [:]][entries[index].withReads] = done }
            let extracted = changed.map { extractedBefore[$0]![entries[$0].withReads]! }
            let matter = manifest.namesThatMatter
            let offered = Set(matter.offeredMembers), asked = AskedReads(bare: Set(matter.askedBare), names: Set(matter.askedNames))
            var moves: [String: MovedPositions] = [:]
            var movedFacts: [ContentHash: FileFacts] = [:]
            for (index, new) in zip(changed, extracted) {
                let entry = manifest.entries[index]
                guard let digest = new.digest else { continue candidates }
                manifest.entries[index].content = contents[index]
                manifest.entries[index].digest = digest
                if entry.digest == digest { continue }
                // Facts that only moved: the saved run's facts of the file tell where from. They are beside the saved
                // results when that run moved them too (the pack is only written by runs that link), else in the pack.
                let oldKey = entry.withReads ? entry.content : entry.content.withoutReads
                guard case .facts(let facts) = new.outcome,
                      let before = saved.movedFacts(oldKey, path: facts.path) ?? cache.facts(for: oldKey, path: facts.path, countingMiss: false),
                      let moved = MovedPositions(file: facts.path, from: before, to: facts, offeredMembers: offered, askedReads: asked)
                else { continue candidates }
                moves[facts.path] = moved
                movedFacts[entry.withReads ? contents[index] : contents[index].withoutReads] = facts
            }
            if needsGraph, graphApart, !moves.isEmpty {
                guard let apart = saved.loadApart(key),
                    let moved = StepTimes.measure("moved places", { apart.result.movingPositions(moves).flatMap { ($0, apart.graph.movingPlaces(moves)) } }),
                    let graphBytes = moved.1
                else { continue }
                return SavedAnswer(key: key, result: moved.0, moved: (manifest, movedFacts), graphBytes: graphBytes)
            }
            guard let result = saved.load(key, includingGraph: needsGraph) else { continue }
            if moves.isEmpty { return SavedAnswer(key: key, result: result) }
            guard let movedResult = StepTimes.measure("moved places", { result.movingPositions(moves) }) else { continue }
            return SavedAnswer(key: key, result: movedResult, moved: (manifest, movedFacts))
        }
        return nil
    }

    /// The manifest of a run just analysed, or nil when a file's digest is unknown (its facts could not be
    /// encoded for the cache).
    static func manifest(
        of outcomes: [ExtractionOutcome], withReads: [Bool], places: [ContentHash], contents: [ContentHash], settings: String,
        namesThatMatter: NamesThatMatter, cache: FactsCache
    ) -> ResultManifest? {
        let entries = Parallel.map(outcomes.count) { index -> ResultManifest.Entry? in
            guard let digest = digest(of: outcomes[index], content: contents[index], withReads: withReads[index], cache: cache) else { return nil }
            return ResultManifest.Entry(place: places[index], content: contents[index], withReads: withReads[index], digest: digest)
        }
        guard entries.allSatisfy({ $0 != nil }) else { return nil }
        return ResultManifest(settings: ContentHash(Array(settings.utf8)), entries: entries.map { $0! }, namesThatMatter: namesThatMatter)
    }

    /// A file's facts digest as the cache knows it (the checksum of what it stores), else encoded here.
    private static func digest(of outcome: ExtractionOutcome, content: ContentHash, withReads: Bool, cache: FactsCache) -> ContentHash? {
        if case .facts = outcome, let known = cache.digest(of: withReads ? content : content.withoutReads) { return known }
        return ResultManifest.digest(of: outcome)
    }
}
