import CPDIFacts
import Foundation

/// Per-file facts kept on disk between runs, addressed by what they were extracted from: the file's
/// display path and bytes, under a fingerprint of everything else that shapes extraction (cpdi's
/// version and build, the cache format, the naming conventions). A changed file, a different
/// configuration or another cpdi build simply misses; nothing in the cache is trusted without its
/// key and checksum matching, and no cache problem ever fails a run.
public final class FactsCache: @unchecked Sendable {
    /// The folder cpdi uses when `--cache-path` is not given.
    public static let defaultFolderName = ".cpdi-cache"
    /// Entries unused for this many cache writes are dropped.
    static let keepGenerations: UInt32 = 8
    /// Packs of other fingerprints (older builds or configurations) kept besides the current one.
    static let otherPacksKept = 2

    public let directory: URL
    let fingerprint: ContentHash
    private var pack: CachePack
    private let lock = NSLock()
    private var used: Set<ContentHash> = []
    /// Facts extracted in this run, by key, for `save()` to encode and write.
    private var fresh: [ContentHash: FileFacts] = [:]
    /// The digest of the facts each key answered with in this run: the checksum of their encoded form, which
    /// the pack keeps beside each entry. A saved result's manifest lists them (`ResultManifest`).
    private var digests: [ContentHash: ContentHash] = [:]
    /// Facts extracted by this process, by key, so a second scan of the same bytes reuses them.
    private var recent: [ContentHash: FileFacts] = [:]
    private var rejected = false
    private var packLoaded = false
    /// The long strings of the facts read from the pack in this run, each held once.
    private let decodedStrings = SharedStrings()

    /// Files whose facts came from the cache, and files that had to be extracted, in this run.
    public private(set) var hits = 0
    public private(set) var misses = 0

    /// Opens (or starts) the cache in `directory` for runs with `conventions`. Never fails: an
    /// unreadable or foreign pack is treated as empty and replaced on `save()`.
    public convenience init(directory: URL, conventions: NamingConventions) {
        self.init(directory: directory, fingerprint: Self.fingerprint(conventions: conventions, directory: directory))
    }

    /// The cache of a fingerprint the caller has already computed.
    init(directory: URL, fingerprint: ContentHash) {
        self.directory = directory
        self.fingerprint = fingerprint
        pack = CachePack(fingerprint: fingerprint)
    }

    /// Reads the pack on first use, with the lock held: a run that finds its whole result saved
    /// (`ResultCache(workingTreeIn:)`) never reads it, and a large app's pack is a hundred megabytes.
    private func loadPackIfNeeded() {
        guard !packLoaded else { return }
        packLoaded = true
        let url = directory.appendingPathComponent(Self.packName(for: fingerprint))
        if let data = try? Data(contentsOf: url), let parsed = CachePack(parsing: data, fingerprint: fingerprint) {
            pack = parsed
        } else {
            rejected = FileManager.default.fileExists(atPath: url.path)
        }
    }

    /// Where the cache goes by default: in the first analysed folder, else in the current folder.
    public static func defaultDirectory(for paths: [String], workingDirectory: URL) -> URL {
        let root = paths.lazy.map { URL.resolving($0, against: workingDirectory) }.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let base = paths.isEmpty ? workingDirectory : (root ?? workingDirectory)
        return base.appendingPathComponent(defaultFolderName, isDirectory: true)
    }

    static func packName(for fingerprint: ContentHash) -> String { "facts-\(fingerprint).pack" }

    /// The key of one file's facts.
    static func key(path: String, contents: UnsafeRawBufferPointer) -> ContentHash {
        var path = path
        return path.withUTF8 { ContentHash(UnsafeRawBufferPointer($0), contents) }
    }

    /// The cached facts for `key`, or nil (a miss) when there are none or they do not decode.
    /// `countingMiss: false` for a first guess (facts without reads) whose miss is followed by another lookup.
    func facts(for key: ContentHash, path: String, countingMiss: Bool = true) -> FileFacts? {
        // Facts extracted earlier in this process (the other side of a diff) need no decoding.
        let recentFacts = lock.withLock {
            loadPackIfNeeded()
            return recent[key]
        }
        if var facts = recentFacts {
            facts.path = path
            lock.withLock { hits += 1 }
            return facts
        }
        guard let payload = pack.payload(for: key), let checksum = pack.checksum(for: key),
              var facts = try? payload.withUnsafeBytes({ try CompactCoder.decode(FileFacts.self, from: $0, sharing: decodedStrings) })
        else {
            if countingMiss { lock.withLock { misses += 1 } }
            return nil
        }
        facts.path = path
        lock.withLock {
            hits += 1
            used.insert(key)
            digests[key] = checksum
        }
        return facts
    }

    /// The digest of the facts `key` answered with, or was given, in this run.
    func digest(of key: ContentHash) -> ContentHash? {
        lock.withLock { digests[key] }
    }

    /// Remembers freshly extracted facts, to be encoded and written by `save()`, which runs beside linking
    /// (encoding them here cost extraction a twelfth of its time, and held every payload until the save).
    /// They are not decoded again to check them: `CacheTests` round-trips every kind of fact and every Swift
    /// file of the samples and of cpdi's sources instead, and the probe changes with the encoded form, so a
    /// field the compact coder cannot carry fails the tests, not a user's run. Their digests are known once
    /// saved; until then `digest(of:)` has none and a manifest encodes them itself.
    func store(_ facts: FileFacts, for key: ContentHash) {
        lock.withLock {
            fresh[key] = facts
            recent[key] = facts
            used.insert(key)
        }
    }

    /// Writes the pack when this run added to it (or found it unreadable), atomically, and removes
    /// packs of older fingerprints. Failing to write is not an error: the next run is simply cold.
    /// Once every file's facts are decoded: the table that made their strings share storage is not needed for
    /// them any more (at 100,000 components a few hundred thousand names, held through linking otherwise).
    public func forgetSharedStrings() { decodedStrings.forget() }

    public func save() {
        lock.lock()
        defer {
            // The pack as read is let go of (a large app's is a hundred megabytes, and linking runs meanwhile);
            // a later lookup reads it again.
            pack = CachePack(fingerprint: fingerprint)
            packLoaded = false
            lock.unlock()
        }
        loadPackIfNeeded()
        guard !fresh.isEmpty || rejected else { return }
        for (key, facts) in fresh {
            pack.entries[key] = CachePack.Entry(generation: pack.generation, payload: .pending(facts))
        }
        let url = directory.appendingPathComponent(Self.packName(for: fingerprint))
        var written: [ContentHash: ContentHash] = [:]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try OutputFile.writeAtomically(to: url) { file in
                try pack.serialize(used: used, keepGenerations: Self.keepGenerations, encoded: { written[$0] = $1 }) {
                    try file.write(contentsOf: $0)
                }
            }
        } catch {
            return
        }
        digests.merge(written) { _, new in new }
        fresh = [:]
        rejected = false
        pruneOtherPacks(keeping: url.lastPathComponent)
    }

    private func pruneOtherPacks(keeping current: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let others = names.filter { $0.hasPrefix("facts-") && $0.hasSuffix(".pack") && $0 != current }.map { name in
            let url = directory.appendingPathComponent(name)
            let modified = (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast
            return (url, modified)
        }
        for (url, _) in others.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.otherPacksKept) {
            try? manager.removeItem(at: url)
        }
    }
}
