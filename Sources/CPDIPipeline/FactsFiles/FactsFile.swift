import CPDIFacts
import CPDIRules
import Foundation

/// The facts of some source files (one module, usually), written by `cpdi facts` so a build system can
/// extract modules in separate actions, on separate machines, and hand the files to one
/// `cpdi check --facts`. Hermetic and deterministic: paths are relative to a root the caller chose,
/// there is no time, host or absolute path in it, and entries are sorted, so the same sources under
/// any checkout path give the same bytes and a build system's cache can key on them.
///
/// Layout: four text lines, then the entries in the facts cache's compact coding (`CompactCoder`):
///
///     cpdi-facts 1
///     cpdi 0.1.0 facts 4 <digest of the facts' shape>
///     settings <digest of the configuration parts that shape extraction and discovery>
///     entries <count> <checksum of the payload>
///
/// The text lines let a mismatch be told apart and named (another cpdi, another configuration, a
/// damaged file) before anything is decoded.
public struct FactsFile: Sendable, Equatable {
    /// One discovered file: its facts, or why it could not be read, and the module it belongs to.
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        public var module: String
        public var facts: FileFacts?
        public var problem: InputProblem?
    }

    static let magic = "cpdi-facts"
    static let format = 1

    /// What wrote the facts: cpdi's version, the facts format and the digest of its probe, so a build
    /// whose facts would differ is told apart even at the same version.
    var writer: String
    /// `FactsFile.settings(of:)` of the configuration the facts were extracted with.
    var settings: ContentHash
    /// Sorted by path, each path once.
    public private(set) var entries: [Entry]

    init(writer: String = Self.currentWriter, settings: ContentHash, entries: [Entry]) {
        self.writer = writer
        self.settings = settings
        self.entries = entries.sorted { $0.path < $1.path }
    }

    static let currentWriter = "cpdi \(Pipeline.version) facts \(FactsFormat.version) \(FactsFormat.probeDigest(memoIn: nil))"

    /// Why facts of `writer` cannot be linked by this cpdi, in words.
    private static func mismatch(_ writer: String) -> String {
        let words = writer.split(separator: " ")
        let ours = currentWriter.split(separator: " ")
        guard words.count == 5, words[0] == "cpdi", words[2] == "facts" else { return "written by an unknown writer" }
        if words[1] != ours[1] || words[3] != ours[3] {
            return "written by cpdi \(words[1]) (facts format \(words[3])), but this is cpdi \(ours[1]) (facts format \(ours[3]))"
        }
        return "written by another build of cpdi \(words[1]), whose facts differ from this build's"
    }

    /// Everything of a configuration that changes which files are found, which module each is in, or
    /// what is extracted from it. Rule settings are left out: they act when the facts are judged, and
    /// come from the configuration of that run.
    static func settings(of configuration: Configuration) -> ContentHash {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let naming = (try? encoder.encode(configuration.naming)).map { [UInt8]($0) } ?? []
        let globs = [configuration.include, configuration.exclude, configuration.moduleRoots]
            .map { $0.map(\.pattern).joined(separator: "\n") }
        return ContentHash(naming, Array(globs[0].utf8), Array(globs[1].utf8), Array(globs[2].utf8))
    }

    public func serialized() throws(InputError) -> [UInt8] {
        let payload: [UInt8]
        do {
            payload = try CompactCoder.encode(entries)
        } catch {
            throw InputError("cannot encode the facts (\(error)); this is a bug in cpdi, please report it")
        }
        let header = """
            \(Self.magic) \(Self.format)
            \(writer)
            settings \(settings)
            entries \(entries.count) \(ContentHash(payload))

            """
        return Array(header.utf8) + payload
    }

    /// Reads a facts file written by `serialized()`; every way it can be wrong is an `InputError` naming `name`.
    static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> FactsFile {
        var lines: [String] = []
        var start = 0
        while lines.count < 4, let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")), end - start < 200 {
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        let rewrite = "write it again with `cpdi facts MODULE_DIR… -o \(name)`"
        guard lines.first == "\(magic) \(format)" else {
            if lines.first?.hasPrefix(magic + " ") == true {
                throw InputError("\(name): facts file format \(lines[0].dropFirst(magic.count + 1)), but this cpdi reads format \(format); \(rewrite)")
            }
            throw InputError("\(name): not a cpdi facts file; \(rewrite)")
        }
        guard lines.count == 4 else { throw InputError("\(name): damaged facts file (incomplete header); \(rewrite)") }
        guard lines[1] == currentWriter else {
            throw InputError("\(name): \(mismatch(lines[1])); \(rewrite) by this cpdi")
        }
        let settingsWords = lines[2].split(separator: " ")
        let entriesWords = lines[3].split(separator: " ")
        guard settingsWords.count == 2, settingsWords[0] == "settings", let settings = ContentHash(hex: settingsWords[1]),
              entriesWords.count == 3, entriesWords[0] == "entries", let count = Int(entriesWords[1]), let checksum = ContentHash(hex: entriesWords[2])
        else { throw InputError("\(name): damaged facts file (unreadable header); \(rewrite)") }
        let payload = Array(bytes[start...])
        guard ContentHash(payload) == checksum else { throw InputError("\(name): damaged facts file (checksum does not match); \(rewrite)") }
        let entries: [Entry]
        do {
            entries = try payload.withUnsafeBytes { try CompactCoder.decode([Entry].self, from: $0) }
        } catch {
            throw InputError("\(name): damaged facts file (the entries do not decode); \(rewrite)")
        }
        guard entries.count == count else { throw InputError("\(name): damaged facts file (\(entries.count) entries, the header says \(count)); \(rewrite)") }
        if let odd = entries.first(where: { ($0.facts == nil) == ($0.problem == nil) }) {
            throw InputError("\(name): damaged facts file (\(odd.path) has \(odd.facts == nil ? "neither facts nor a problem" : "both facts and a problem")); \(rewrite)")
        }
        return FactsFile(writer: lines[1], settings: settings, entries: entries)
    }
}
