import CPDIFacts
import CPDIRules
import Foundation

/// What a saved working-tree result was computed from, file by file: where the file is (path and module),
/// what it held (its facts key) and the digest of the facts the run analysed for it. Linking and the rules
/// read nothing but facts, modules and settings, so a later run whose files differ only in ways that leave
/// their facts as they were (a comment, a changed literal, an edit that moves no declaration, read or
/// forward) is answered by that result: only the changed files are extracted, to compare their digests,
/// and nothing is decoded, linked or judged (`Pipeline.resultWithTheSameFacts`).
///
/// It also keeps which names read anywhere could change that result (`NamesThatMatter`): a file whose facts
/// only moved, or also read other names than before, none of them among these, is answered by the result with
/// its places moved (`MovedPositions`).
///
/// Layout, little-endian: magic "CPDIMANI", format (UInt32), settings digest (16 bytes), entry count
/// (UInt32), then per entry: place (16), content (16), whether the facts hold reads (1), facts digest (16);
/// then three lists of names that matter, each a count (UInt32) and its hashes (UInt32 each): member names
/// some protocol offers, names asked for written alone in a type, names asked for as members.
/// Anything else is no manifest, which only means a run that links.
struct ResultManifest: Equatable {
    static let magic = Array("CPDIMANI".utf8)
    static let format: UInt32 = 3
    static let entrySize = 49

    struct Entry: Equatable {
        /// The file's display path and module (`Pipeline.ReadFile.place(path:module:)`).
        var place: ContentHash
        /// The file's facts key, or what made it unreadable (`Pipeline.ReadFile.contentIdentity`).
        var content: ContentHash
        /// Whether the facts analysed held the names the file reads (`FileFacts.runtime.reads`).
        var withReads: Bool
        /// The checksum of the facts' encoded form, or of the problem for an unreadable file.
        var digest: ContentHash
    }

    var settings: ContentHash
    var entries: [Entry]
    var namesThatMatter: NamesThatMatter

    init(settings: ContentHash, entries: [Entry], namesThatMatter: NamesThatMatter = NamesThatMatter()) {
        self.settings = settings
        self.entries = entries
        self.namesThatMatter = namesThatMatter
    }

    init?(parsing data: Data) {
        let count = data.count
        guard count >= 32 else { return nil }
        let parsed: ResultManifest? = data.withUnsafeBytes { bytes in
            func uint32(_ offset: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
            func hash(_ offset: Int) -> ContentHash {
                ContentHash(
                    high: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                    low: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                )
            }
            guard Array(bytes[0..<8]) == Self.magic, uint32(8) == Self.format else { return nil }
            let entryCount = Int(uint32(28))
            guard count >= 32 + entryCount * Self.entrySize else { return nil }
            var offset = 32 + entryCount * Self.entrySize
            func hashes() -> [UInt32]? {
                guard offset + 4 <= count else { return nil }
                let listed = Int(uint32(offset))
                guard listed <= (count - offset - 4) / 4 else { return nil }
                defer { offset += 4 + listed * 4 }
                return (0..<listed).map { uint32(offset + 4 + $0 * 4) }
            }
            guard let offered = hashes(), let bare = hashes(), let names = hashes(), offset == count else { return nil }
            var entries: [Entry] = []
            entries.reserveCapacity(entryCount)
            for index in 0..<entryCount {
                let offset = 32 + index * Self.entrySize
                guard bytes[offset + 32] <= 1 else { return nil }
                entries.append(Entry(place: hash(offset), content: hash(offset + 16), withReads: bytes[offset + 32] == 1, digest: hash(offset + 33)))
            }
            return ResultManifest(
                settings: hash(12), entries: entries, namesThatMatter: NamesThatMatter(offeredMembers: offered, askedBare: bare, askedNames: names)
            )
        }
        guard let parsed else { return nil }
        self = parsed
    }

    func serialized() -> [UInt8] {
        var out = Self.magic
        out.reserveCapacity(32 + entries.count * Self.entrySize)
        func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out += $0 } }
        func append(_ hash: ContentHash) { withUnsafeBytes(of: (hash.high.littleEndian, hash.low.littleEndian)) { out += $0 } }
        append(Self.format)
        append(settings)
        append(UInt32(entries.count))
        for entry in entries {
            append(entry.place)
            append(entry.content)
            out.append(entry.withReads ? 1 : 0)
            append(entry.digest)
        }
        for list in [namesThatMatter.offeredMembers, namesThatMatter.askedBare, namesThatMatter.askedNames] {
            append(UInt32(list.count))
            for hash in list { append(hash) }
        }
        return out
    }

    /// The digest of an extraction's outcome: its facts' encoded form, or its problem.
    static func digest(of outcome: Pipeline.ExtractionOutcome) -> ContentHash? {
        switch outcome {
        case .facts(let facts):
            return (try? CompactCoder.encode(facts)).map { ContentHash($0) }
        case .unreadable(let problem):
            return digest(of: problem)
        }
    }

    static func digest(of problem: InputProblem) -> ContentHash {
        let text = ["unreadable", problem.file, problem.line.map(String.init) ?? "-", problem.column.map(String.init) ?? "-", problem.severity.rawValue, problem.message]
            .joined(separator: "\u{0}")
        return ContentHash(Array(text.utf8))
    }
}

/// The names whose reads, anywhere, could change a result: the member names some protocol offers
/// (`LeafMembers.offeredMembers`, what `FileFacts.memberNameHashes` answers for) and the names the run-time
/// read review asked for (`AskedReads`, what `NameReads` answers for). Each list sorted.
struct NamesThatMatter: Equatable {
    var offeredMembers: [UInt32] = []
    var askedBare: [UInt32] = []
    var askedNames: [UInt32] = []
}
