import CPDIFacts
import Foundation

/// The files a run discovered, kept beside the facts cache with the observations they came from
/// (`RecordingTree`). A warm run of a large app spent half its time finding its files: listing thousands of
/// folders, building paths, naming modules and sorting. Now it checks each observation with one `stat`, and
/// when every stamp is as saved, it takes the saved files as they are.
///
/// An observation whose stamp changed is made again, and the saved files still stand if its answer is the
/// same. That is the common case of an editor saving a file by writing a new one over it: the folder's stamp
/// changes, its entries do not. Any other change means discovering again. Stamps younger than the settling
/// margin are saved as `untrusted`, so the next run makes those observations again rather than trust them.
struct SavedDiscovery {
    /// The folder of saved discoveries in the cache folder, one file per key.
    static let folderName = "discoveries"
    /// Saved discoveries kept: runs that alternate between a few paths or settings each keep their own. The least
    /// recently used beyond this are deleted.
    static let kept = 4
    static let magic = Array("CPDIDSCV".utf8)
    static let format: UInt32 = 1
    /// Device, inode, mode, size, then four timestamps.
    static let stampWords = 8

    let url: URL
    /// A hash of everything besides the file system that decides discovery's answer: the build, the paths
    /// asked for, the working directory and the settings that select files and name modules.
    let key: ContentHash

    init(cacheDirectory: URL, paths: [String], workingDirectory: URL, configuration: Configuration) {
        func patterns(_ globs: [PathGlob]) -> String { globs.map(\.pattern).joined(separator: "\u{1}") }
        let text = [
            Pipeline.version, ExecutableIdentity.current, workingDirectory.standardizedFileURL.path, paths.joined(separator: "\u{1}"),
            patterns(configuration.include), patterns(configuration.exclude), patterns(configuration.moduleRoots),
            configuration.baseDirectory?.path ?? "-",
        ].joined(separator: "\u{0}")
        key = ContentHash(Array(text.utf8))
        url = cacheDirectory.appendingPathComponent(Self.folderName).appendingPathComponent("\(key)")
    }

    /// The files discovery gives: the saved ones where the file system still answers as it did, else
    /// `discover`'s through a recording tree over `base`, saved for the next run. Observations whose stamps are
    /// not older than `time` by `margin` seconds are saved untrusted.
    func files(
        base: any SourceTree, settledBefore time: Int64, margin: Int64,
        discover: (any SourceTree) throws(InputError) -> [SourceDiscovery.SourceFile]
    ) throws(InputError) -> [SourceDiscovery.SourceFile] {
        if let saved = load() {
            let checked = Self.checked(saved.observations, in: base)
            if let observations = checked.observations {
                // Observations made again were stamped now: saved, the next run checks them with a `stat` only.
                if checked.madeAgain {
                    save(observations, files: saved.files, encodedFiles: saved.encodedFiles, settledBefore: time, margin: margin)
                } else {
                    touch()
                }
                return saved.files
            }
        }
        let recording = RecordingTree(base: base)
        let files = try discover(recording)
        save(recording.observations, files: files, settledBefore: time, margin: margin)
        return files
    }

    /// The observations as they stand now, or nil when one of them gives another answer.
    static func checked(_ observations: [TreeObservation], in tree: any SourceTree) -> (observations: [TreeObservation]?, madeAgain: Bool) {
        let now = Parallel.map(ranges: observations.count, chunk: 256) { range -> [TreeObservation]? in
            var checked: [TreeObservation] = []
            checked.reserveCapacity(range.count)
            for observation in observations[range] {
                if PathStamp(path: observation.path) == observation.stamp {
                    checked.append(observation)
                    continue
                }
                let again = TreeObservation.observe(observation.kind, path: observation.path, limit: observation.limit, in: tree)
                guard again.answer == observation.answer else { return nil }
                checked.append(again)
            }
            return checked
        }
        var all: [TreeObservation] = []
        all.reserveCapacity(observations.count)
        for part in now {
            guard let part else { return (nil, false) }
            all += part
        }
        return (all, all != observations)
    }

    // MARK: Saving and loading

    struct Saved {
        var observations: [TreeObservation]
        var files: [SourceDiscovery.SourceFile]
        /// The files section as saved, to save again unchanged.
        var encodedFiles: Data
    }

    /// Saves atomically; a failure only costs the next run its discovery. Observations of one path that
    /// disagree (the path changed while discovery ran) are not saved at all. `encodedFiles`: the files as a
    /// previous save wrote them, when they are the same files.
    func save(
        _ observations: [TreeObservation], files: [SourceDiscovery.SourceFile], encodedFiles: Data? = nil, settledBefore time: Int64, margin: Int64
    ) {
        guard let observations = Self.distinct(observations), let encoded = encodedFiles.map(Array.init) ?? Self.encoded(files) else {
            try? FileManager.default.removeItem(at: url)
            return
        }
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(observations.count * 128 + encoded.count + 64)
        writer.bytes += Self.magic
        writer.append(Self.format)
        writer.append(key.high)
        writer.append(key.low)
        writer.append(UInt32(observations.count))
        for observation in observations {
            writer.bytes.append(observation.kind.rawValue)
            writer.append(observation.path)
            writer.append(UInt64(observation.limit))
            let stamp = observation.stamp == .absent || observation.stamp.isSettled(before: time, margin: margin) ? observation.stamp : .untrusted
            for word in [stamp.device, stamp.inode, stamp.mode, stamp.size] { writer.append(word) }
            for time in [stamp.modifiedSeconds, stamp.modifiedNanoseconds, stamp.changedSeconds, stamp.changedNanoseconds] {
                writer.append(UInt64(bitPattern: time))
            }
            writer.append(observation.answer.high)
            writer.append(observation.answer.low)
        }
        writer.bytes += encoded
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try OutputFile.writeAtomically(writer.bytes, to: url)
        } catch {
            return
        }
        touch()
        prune()
    }

    /// Dated now, so pruning keeps what is in use. Written files are dated too: the file system's clock can lag
    /// the one `touch` reads by a tick, which would make a file just written look older than one just touched.
    private func touch() {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    /// Deletes the least recently used saved discoveries beyond `kept`.
    private func prune() {
        let manager = FileManager.default, folder = url.deletingLastPathComponent()
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path), names.count > Self.kept else { return }
        let saved = names.filter { !$0.hasPrefix(".") }.map { name in
            let path = folder.appendingPathComponent(name).path
            return (path, (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (path, _) in saved.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }).dropFirst(Self.kept) { try? manager.removeItem(atPath: path) }
    }

    /// The files section: modules and path prefixes once each, then each file by their indices and its display
    /// path. A large app has hundreds of modules and a hundred thousand files, nearly all with the working
    /// directory's path in front of their display path, and the files come in runs of one module. Nil when a
    /// path does not end in its display path (discovery never gives one).
    static func encoded(_ files: [SourceDiscovery.SourceFile]) -> [UInt8]? {
        var modules = IndexedStrings(), prefixes = IndexedStrings()
        var records: [(module: UInt32, prefix: UInt32)] = []
        records.reserveCapacity(files.count)
        var last: (module: String, moduleIndex: UInt32, prefix: String, prefixIndex: UInt32)?
        for file in files {
            var path = file.path, display = file.displayPath
            let prefixLength = path.utf8.count - display.utf8.count
            guard prefixLength >= 0, path.withUTF8({ path in display.withUTF8 { path.suffix($0.count).elementsEqual($0) } }) else { return nil }
            let module = last.map { $0.module == file.module } == true ? last!.moduleIndex : modules.index(of: file.module)
            let prefix: UInt32
            if var known = last?.prefix, known.utf8.count == prefixLength, path.withUTF8({ path in known.withUTF8 { path.prefix($0.count).elementsEqual($0) } }) {
                prefix = last!.prefixIndex
            } else {
                prefix = prefixes.index(of: String(decoding: path.utf8.prefix(prefixLength), as: UTF8.self))
            }
            last = (file.module, module, prefixes.strings[Int(prefix)], prefix)
            records.append((module, prefix))
        }
        var writer = ByteWriter()
        writer.bytes.reserveCapacity(files.count * 48)
        for table in [modules.strings, prefixes.strings] {
            writer.append(UInt32(table.count))
            for string in table { writer.append(string) }
        }
        writer.append(UInt32(files.count))
        for (file, record) in zip(files, records) {
            writer.append(record.module)
            writer.append(record.prefix)
            writer.append(file.displayPath)
        }
        return writer.bytes
    }

    /// One observation per path and question, sorted so the same observations give the same bytes; nil when two
    /// observations of one path disagree.
    static func distinct(_ observations: [TreeObservation]) -> [TreeObservation]? {
        let sorted = observations.sorted { ($0.path, $0.kind.rawValue, $0.limit) < ($1.path, $1.kind.rawValue, $1.limit) }
        var distinct: [TreeObservation] = []
        distinct.reserveCapacity(sorted.count)
        for observation in sorted {
            if let last = distinct.last, last.path == observation.path, last.kind == observation.kind, last.limit == observation.limit {
                guard last.answer == observation.answer, last.stamp == observation.stamp else { return nil }
                continue
            }
            distinct.append(observation)
        }
        return distinct
    }

    /// The saved discovery under this key; nil when there is none, it is damaged, or another key's.
    func load() -> Saved? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return data.withUnsafeBytes { raw in
            var reader = ByteReader(raw: raw)
            guard reader.take(Self.magic.count).map({ $0.elementsEqual(Self.magic) }) == true, reader.uint32() == Self.format,
                  reader.uint64() == key.high, reader.uint64() == key.low, let count = reader.uint32()
            else { return nil }
            var observations: [TreeObservation] = []
            observations.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let code = reader.byte(), let kind = TreeObservation.Kind(rawValue: code), let path = reader.string(),
                      let limit = reader.uint64(), let words = reader.words(Self.stampWords + 2)
                else { return nil }
                let stamp = PathStamp(
                    device: words[0], inode: words[1], mode: words[2], size: words[3],
                    modifiedSeconds: Int64(bitPattern: words[4]), modifiedNanoseconds: Int64(bitPattern: words[5]),
                    changedSeconds: Int64(bitPattern: words[6]), changedNanoseconds: Int64(bitPattern: words[7])
                )
                let answer = ContentHash(high: words[8], low: words[9])
                observations.append(TreeObservation(kind: kind, path: path, stamp: stamp, answer: answer, limit: Int(truncatingIfNeeded: limit)))
            }
            let filesOffset = reader.offset
            guard let modules = reader.strings(), let prefixes = reader.strings(), let fileCount = reader.uint32() else { return nil }
            var files: [SourceDiscovery.SourceFile] = []
            files.reserveCapacity(Int(fileCount))
            for _ in 0..<fileCount {
                guard let module = reader.uint32(), Int(module) < modules.count, let prefix = reader.uint32(), Int(prefix) < prefixes.count,
                      let displayPath = reader.string()
                else { return nil }
                files.append(SourceDiscovery.SourceFile(path: prefixes[Int(prefix)] + displayPath, displayPath: displayPath, module: modules[Int(module)]))
            }
            return reader.isAtEnd ? Saved(observations: observations, files: files, encodedFiles: data.suffix(from: data.startIndex + filesOffset)) : nil
        }
    }
}

extension PathStamp {
    /// What an observation too young to trust is saved with: no `stat` gives it, so the next run makes it again.
    static let untrusted = PathStamp(
        device: .max, inode: .max, mode: .max, size: .max,
        modifiedSeconds: .max, modifiedNanoseconds: .max, changedSeconds: .max, changedNanoseconds: .max
    )
}

/// Strings numbered in the order first seen.
private struct IndexedStrings {
    var strings: [String] = []
    var indices: [String: UInt32] = [:]

    mutating func index(of string: String) -> UInt32 {
        if let index = indices[string] { return index }
        indices[string] = UInt32(strings.count)
        strings.append(string)
        return UInt32(strings.count - 1)
    }
}

/// Little-endian numbers and length-prefixed strings.
private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ text: String) {
        var text = text
        append(UInt32(text.utf8.count))
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }
}

/// Bounds-checked reading of what `ByteWriter` wrote; nil past the end.
private struct ByteReader {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset == raw.count }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, raw.count - offset >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
    }

    mutating func byte() -> UInt8? { take(1).map { $0[0] } }

    mutating func uint32() -> UInt32? { take(4).map { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) } }

    mutating func uint64() -> UInt64? { take(8).map { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } }

    mutating func words(_ count: Int) -> [UInt64]? {
        guard let bytes = take(8 * count) else { return nil }
        return (0..<count).map { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self)) }
    }

    mutating func string() -> String? {
        guard let count = uint32(), let bytes = take(Int(count)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A count, then that many strings.
    mutating func strings() -> [String]? {
        guard let count = uint32() else { return nil }
        var strings: [String] = []
        for _ in 0..<count {
            guard let string = string() else { return nil }
            strings.append(string)
        }
        return strings
    }
}
