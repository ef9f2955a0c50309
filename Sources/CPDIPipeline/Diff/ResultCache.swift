import CPDIFacts
import CPDIGraph
import CPDIRules
import Foundation

/// Whole results of committed revisions, next to the facts cache, so a revision `cpdi diff` has seen
/// is neither exported nor analysed again. A commit fixes the sources and the configuration in them,
/// so the key is the commit, the paths, the configuration file's name and the executable: unlike facts,
/// results also depend on linking and rules, which change with every build, not with the version.
/// A damaged or foreign entry is a miss, never an error.
struct ResultCache: Sendable {
    /// Entries kept; the least recently used beyond this are deleted.
    let kept: Int

    let directory: URL

    init(cacheDirectory: URL) {
        directory = cacheDirectory.appendingPathComponent("results", isDirectory: true)
        kept = 16
    }

    /// Results of the working tree, keyed by every file's bytes (`Pipeline.run`): a run of unchanged sources
    /// reads its result back instead of linking and judging again. Each edit makes a new key, so only the
    /// last few are kept.
    init(workingTreeIn cacheDirectory: URL) {
        directory = cacheDirectory.appendingPathComponent("working-results", isDirectory: true)
        kept = 4
    }

    func key(commit: String, paths: [String], configuration: String?, switches: RuleSwitches = RuleSwitches()) -> String {
        let text = [Pipeline.version, ExecutableIdentity.current, commit, configuration ?? ""].joined(separator: "\u{0}")
            + "\u{0}" + paths.joined(separator: "\u{0}")
            + "\u{0}+" + switches.enable.joined(separator: ",") + "\u{0}-" + switches.disable.joined(separator: ",")
        return "\(ContentHash(Array(text.utf8)))"
    }

    /// The key of a working-tree result: the analysis settings, and each file's place (path and module) and
    /// content (`ReadFile.place`, `ReadFile.contentIdentity`), in discovery order.
    func key(settings: String, places: [ContentHash], contents: [ContentHash]) -> String {
        var bytes = Array(settings.utf8)
        bytes.reserveCapacity(bytes.count + places.count * 32)
        for (place, content) in zip(places, contents) {
            withUnsafeBytes(of: (place.high.littleEndian, place.low.littleEndian, content.high.littleEndian, content.low.littleEndian)) { bytes += $0 }
        }
        return "\(ContentHash(bytes))"
    }

    /// `includingGraph: false` leaves the graph empty and skips decoding it, which is most of a large
    /// result: `cpdi check` lists findings only.
    func load(_ key: String, includingGraph: Bool = true) -> AnalysisResult? {
        let url = directory.appendingPathComponent("\(key).result")
        guard let data = Self.read(url, includingGraph: includingGraph),
            let result = try? data.withUnsafeBytes({ try Self.decode($0, includingGraph: includingGraph) })
        else { return nil }
        // Touched, so pruning keeps what is in use.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return result
    }

    /// The result saved under `key` without its graph, and its graph where it lies (`EncodedGraph`), for a diff of
    /// two saved results. Nil when there is none, it is damaged, or its graph is not in the order a diff walks.
    func loadApart(_ key: String) -> (result: AnalysisResult, graph: EncodedGraph)? {
        let url = directory.appendingPathComponent("\(key).result")
        guard let file = MappedFile(path: url.path), file.bytes.count >= 8 else { return nil }
        let length = file.bytes.loadUnaligned(as: UInt64.self).littleEndian
        guard length <= UInt64(file.bytes.count - 8),
            let result = try? CompactCoder.decode(AnalysisResult.self, from: UnsafeRawBufferPointer(rebasing: file.bytes[8..<(8 + Int(length))])),
            let graph = EncodedGraph(file: file, graphStart: 8 + Int(length))
        else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return (result, graph)
    }

    /// Saves `result` whole or not at all. Unlike facts, a result is not decoded again to check it: that
    /// cost as much as encoding it, for two results on every cold diff. `ResultCacheTests` round-trips
    /// the samples' results instead, which catches a field the compact coder cannot carry.
    ///
    /// - Parameter graphBytes: the graph already encoded (`EncodedGraph.movingPlaces`), for a `result` without one.
    func store(_ result: AnalysisResult, key: String, graphBytes: [UInt8]? = nil) {
        guard let bytes = try? Self.encode(result, graphBytes: graphBytes) else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try OutputFile.writeAtomically(bytes, to: directory.appendingPathComponent("\(key).result"))
        } catch {
            return
        }
        prune()
    }

    /// Saves what a working-tree result was computed from, beside it (`ResultManifest`).
    func storeManifest(_ manifest: ResultManifest, key: String) {
        try? OutputFile.writeAtomically(manifest.serialized(), to: directory.appendingPathComponent("\(key).manifest"))
    }

    /// The keys of the saved results that have a manifest, most recently used first.
    func manifestKeys() -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return [] }
        let present = Set(names)
        let results = names.filter { $0.hasSuffix(".result") }.compactMap { name -> (String, Date)? in
            let key = String(name.dropLast(".result".count))
            guard present.contains("\(key).manifest") else { return nil }
            return (key, (try? manager.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.modificationDate] as? Date) ?? .distantPast)
        }
        return results.sorted { ($0.1, $0.0) > ($1.1, $1.0) }.map(\.0)
    }

    /// The manifest of the result saved under `key`, if it reads back.
    func manifest(_ key: String) -> ResultManifest? {
        (try? Data(contentsOf: directory.appendingPathComponent("\(key).manifest"))).flatMap(ResultManifest.init(parsing:))
    }

    /// Saves the facts of a file whose places a saved result moved (`MovedPositions`), under their facts key: the
    /// facts pack is only written by runs that link, and the next edit of the same file needs to know where its
    /// facts were. The payload is followed by its checksum.
    func storeMovedFacts(_ facts: FileFacts, key: ContentHash) {
        guard let payload = try? CompactCoder.encode(facts) else { return }
        let checksum = ContentHash(payload)
        var bytes = payload
        withUnsafeBytes(of: (checksum.high.littleEndian, checksum.low.littleEndian)) { bytes += $0 }
        try? OutputFile.writeAtomically(bytes, to: directory.appendingPathComponent("\(key).facts"))
    }

    /// The facts `storeMovedFacts` saved under `key`, if they read back whole.
    func movedFacts(_ key: ContentHash, path: String) -> FileFacts? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("\(key).facts")), data.count > 16 else { return nil }
        return data.withUnsafeBytes { bytes -> FileFacts? in
            let payload = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 16)])
            let checksum = ContentHash(
                high: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 16, as: UInt64.self)),
                low: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
            )
            guard ContentHash(payload) == checksum, var facts = try? CompactCoder.decode(FileFacts.self, from: payload) else { return nil }
            facts.path = path
            return facts
        }
    }

    /// Makes the result saved under `key` answer `alias` too (a hard link: no copy of a large result).
    func link(_ key: String, as alias: String) {
        let target = directory.appendingPathComponent("\(alias).result")
        guard !FileManager.default.fileExists(atPath: target.path) else { return }
        try? FileManager.default.linkItem(at: directory.appendingPathComponent("\(key).result"), to: target)
    }

    /// An entry: the length of the head (8 bytes, little-endian), the head (the result without its graph),
    /// then the graph, so the head can be read alone.
    static func encode(_ result: AnalysisResult, graphBytes encodedGraph: [UInt8]? = nil) throws -> [UInt8] {
        var head = result
        head.graph = DependencyGraph(nodes: [], edges: [], roots: [])
        let headBytes = try CompactCoder.encode(head)
        let graphBytes = try encodedGraph ?? CompactCoder.encode(result.graph)
        return withUnsafeBytes(of: UInt64(headBytes.count).littleEndian, Array.init) + headBytes + graphBytes
    }

    /// The entry's bytes; without the graph, only the length and the head are read (a large app's graph is
    /// a hundred megabytes).
    private static func read(_ url: URL, includingGraph: Bool) -> Data? {
        // Mapped, not copied: a large app's result is over a hundred megabytes, read once. Entries are replaced by
        // renaming a new file over them, never written in place, so the mapped bytes stay as they were.
        if includingGraph { return try? Data(contentsOf: url, options: .alwaysMapped) }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let prefix = try? handle.read(upToCount: 8), prefix.count == 8 else { return nil }
        let length = prefix.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self).littleEndian }
        guard length < UInt64(Int.max - 8), let head = try? handle.read(upToCount: Int(length)), head.count == Int(length) else { return nil }
        return prefix + head
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, includingGraph: Bool) throws -> AnalysisResult {
        guard bytes.count >= 8 else { throw DamagedEntry() }
        let length = bytes.loadUnaligned(as: UInt64.self).littleEndian
        guard length <= UInt64(bytes.count - 8) else { throw DamagedEntry() }
        let headEnd = 8 + Int(length)
        var result = try CompactCoder.decode(AnalysisResult.self, from: UnsafeRawBufferPointer(rebasing: bytes[8..<headEnd]))
        if includingGraph {
            result.graph = try CompactCoder.decode(DependencyGraph.self, from: UnsafeRawBufferPointer(rebasing: bytes[headEnd...]))
        }
        return result
    }

    private struct DamagedEntry: Error {}

    /// Moved files' facts kept (`storeMovedFacts`): a few edits of several files each.
    static let movedFactsKept = 64

    private func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let entries = names.filter { $0.hasSuffix(".result") }.map { name in
            let url = directory.appendingPathComponent(name)
            return (url, (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (url, _) in entries.sorted(by: { $0.1 > $1.1 }).dropFirst(kept) { try? manager.removeItem(at: url) }
        // Moved facts are looked up by the last few results' manifests only.
        let facts = names.filter { $0.hasSuffix(".facts") }.map { name in
            let url = directory.appendingPathComponent(name)
            return (url, (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (url, _) in facts.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.movedFactsKept) { try? manager.removeItem(at: url) }
        // A manifest goes with its result.
        for name in names where name.hasSuffix(".manifest") {
            let result = directory.appendingPathComponent(String(name.dropLast(".manifest".count)) + ".result")
            if !manager.fileExists(atPath: result.path) { try? manager.removeItem(at: directory.appendingPathComponent(name)) }
        }
    }
}
