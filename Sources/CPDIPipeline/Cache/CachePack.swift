import CPDIFacts
import Foundation

/// The on-disk form of the facts cache: one file per fingerprint, read whole in one go and written whole
/// (temporary file + rename), so a warm run opens one file instead of one per source, and a reader never
/// sees a half-written pack even with two cpdi processes at once (the last writer wins; the other's
/// new entries are simply extracted again next time).
///
/// Layout, little-endian:
///   magic "CPDIPACK", format (UInt32), fingerprint (16 bytes), generation (UInt32), entry count (UInt32),
///   then per entry: key (16 bytes), generation last used (UInt32), payload length (UInt32),
///   payload checksum (16 bytes), payload.
/// Anything that does not fit this — wrong magic, format or fingerprint, a length past the end — makes
/// the whole pack unreadable, which is a cold run, never an error. A payload whose checksum does not
/// match is one miss.
struct CachePack {
    static let magic = Array("CPDIPACK".utf8)
    static let format: UInt32 = 1

    struct Entry {
        var generation: UInt32
        /// Where the payload sits in `storage`, or the payload itself for entries added in this run.
        var payload: Payload
    }

    enum Payload {
        case stored(range: Range<Int>, checksum: ContentHash)
        case fresh([UInt8], checksum: ContentHash)
        /// Facts extracted in this run, encoded only as the pack is written: on another core than the
        /// extraction, and one entry at a time instead of every payload held at once.
        case pending(FileFacts)
    }

    var fingerprint: ContentHash
    /// Bumped on every write; entries remember the last generation that used them.
    var generation: UInt32 = 0
    var entries: [ContentHash: Entry] = [:]
    /// The bytes of the pack as read, which stored payloads point into.
    var storage = Data()

    init(fingerprint: ContentHash) {
        self.fingerprint = fingerprint
    }

    /// Parses a pack, or returns nil when the bytes are not a pack for this fingerprint.
    init?(parsing data: Data, fingerprint: ContentHash) {
        self.init(fingerprint: fingerprint)
        var cursor = ByteCursor(data: data)
        guard cursor.take(Self.magic.count) == Self.magic[...],
              cursor.uint32() == Self.format,
              cursor.hash() == fingerprint,
              let generation = cursor.uint32(),
              let count = cursor.uint32() else { return nil }
        self.generation = generation
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let key = cursor.hash(), let used = cursor.uint32(), let length = cursor.uint32(),
                  let checksum = cursor.hash(), let range = cursor.skip(Int(length)) else { return nil }
            entries[key] = Entry(generation: used, payload: .stored(range: range, checksum: checksum))
        }
        guard cursor.isAtEnd else { return nil }
        storage = data
    }

    /// The payload stored under `key` if its checksum still matches.
    func payload(for key: ContentHash) -> [UInt8]? {
        switch entries[key]?.payload {
        case .fresh(let bytes, _): return bytes
        case .pending(let facts): return try? CompactCoder.encode(facts)
        case .stored(let range, let checksum):
            let bytes = [UInt8](storage[range])
            return ContentHash(bytes) == checksum ? bytes : nil
        case nil: return nil
        }
    }

    /// The bytes of the next generation: every entry used in this run, and older ones unless they went
    /// unused for `keepGenerations` writes (files deleted, renamed or edited since). They are handed to
    /// `write` a few megabytes at a time, so a large app's pack is never held twice in memory.
    /// `encoded` learns the checksum of each pending entry as it is encoded; one that cannot be encoded is
    /// written empty, which a later read finds damaged and extracts again.
    func serialize(
        used: Set<ContentHash>, keepGenerations: UInt32, chunkSize: Int = 4 << 20,
        encoded: (ContentHash, ContentHash) -> Void = { _, _ in }, write: ([UInt8]) throws -> Void
    ) rethrows {
        let next = generation &+ 1
        var out = Self.magic
        out.append(uint32: Self.format)
        out.append(contentsOf: fingerprint.bytes)
        out.append(uint32: next)
        // Sorted keys keep the file identical for identical content.
        let kept = entries.filter { used.contains($0.key) || next &- $0.value.generation <= keepGenerations }
            .sorted { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }
        out.append(uint32: UInt32(kept.count))
        for (key, entry) in kept {
            let bytes: [UInt8]
            let checksum: ContentHash
            switch entry.payload {
            case .fresh(let fresh, let fresher):
                bytes = fresh
                checksum = fresher
            case .stored(let range, let stored):
                bytes = [UInt8](storage[range])
                checksum = stored
            case .pending(let facts):
                bytes = (try? CompactCoder.encode(facts)) ?? []
                checksum = ContentHash(bytes)
                encoded(key, checksum)
            }
            out.append(contentsOf: key.bytes)
            out.append(uint32: used.contains(key) ? next : entry.generation)
            out.append(uint32: UInt32(bytes.count))
            out.append(contentsOf: checksum.bytes)
            out.append(contentsOf: bytes)
            if out.count >= chunkSize {
                try write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { try write(out) }
    }

    /// The checksum of the payload stored under `key`, which is the digest of the facts it holds.
    func checksum(for key: ContentHash) -> ContentHash? {
        switch entries[key]?.payload {
        case .fresh(_, let checksum), .stored(_, let checksum): checksum
        case .pending(let facts):
            if let bytes = try? CompactCoder.encode(facts) { ContentHash(bytes) } else { nil }
        case nil: nil
        }
    }

    /// The whole next generation in one array (tests).
    func serialized(used: Set<ContentHash>, keepGenerations: UInt32) -> [UInt8] {
        var whole: [UInt8] = []
        serialize(used: used, keepGenerations: keepGenerations) { whole += $0 }
        return whole
    }
}

private extension [UInt8] {
    mutating func append(uint32 value: UInt32) {
        for index in 0..<4 { append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
    }
}

/// Bounds-checked reading through a pack; every read returns nil past the end.
private struct ByteCursor {
    let data: Data
    var offset: Int

    init(data: Data) {
        self.data = data
        self.offset = data.startIndex
    }

    var isAtEnd: Bool { offset == data.endIndex }

    mutating func skip(_ count: Int) -> Range<Int>? {
        guard count >= 0, data.endIndex - offset >= count else { return nil }
        defer { offset += count }
        return offset..<(offset + count)
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        skip(count).map { [UInt8](data[$0])[...] }
    }

    mutating func uint32() -> UInt32? {
        guard let range = skip(4) else { return nil }
        return data[range].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func uint64() -> UInt64? {
        guard let range = skip(8) else { return nil }
        return data[range].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func hash() -> ContentHash? {
        guard let high = uint64(), let low = uint64() else { return nil }
        return ContentHash(high: high, low: low)
    }
}
