import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a path, following a symbolic link as discovery does: enough to tell that a folder
/// gained, lost or renamed an entry, or that a file was written, without listing or reading it.
struct PathStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var mode: UInt64
    var size: UInt64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    var changedSeconds: Int64
    var changedNanoseconds: Int64

    /// Nothing at the path. Also what an observation too young to trust is saved with: no `stat` gives it for a
    /// path that exists, and one that does not exist is observed again anyway.
    static let absent = PathStamp(device: 0, inode: 0, mode: 0, size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0, changedSeconds: 0, changedNanoseconds: 0)

    init(device: UInt64, inode: UInt64, mode: UInt64, size: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, changedSeconds: Int64, changedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.mode = mode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
    }

    init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .absent
            return
        }
        #if canImport(Darwin)
        let modified = status.st_mtimespec, changed = status.st_ctimespec
        #else
        let modified = status.st_mtim, changed = status.st_ctim
        #endif
        self.init(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), mode: UInt64(status.st_mode), size: UInt64(status.st_size),
            modifiedSeconds: Int64(modified.tv_sec), modifiedNanoseconds: Int64(modified.tv_nsec),
            changedSeconds: Int64(changed.tv_sec), changedNanoseconds: Int64(changed.tv_nsec)
        )
    }

    /// As `FileStamp.isSettled`: a change in the same clock tick as the observation could leave the stamp as it was.
    func isSettled(before time: Int64, margin: Int64) -> Bool {
        max(modifiedSeconds, changedSeconds) + margin < time
    }
}

/// What the file system says about a file without opening it. Equal stamps mean unchanged bytes, as
/// git's index assumes, once the file is old enough that a later write cannot share its timestamp.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    var changedSeconds: Int64
    var changedNanoseconds: Int64

    init(device: UInt64, inode: UInt64, size: UInt64, modified: (Int64, Int64), changed: (Int64, Int64)) {
        self.device = device
        self.inode = inode
        self.size = size
        (modifiedSeconds, modifiedNanoseconds) = modified
        (changedSeconds, changedNanoseconds) = changed
    }

    /// The stamp of a regular file, or nil (a folder, a missing file).
    init?(path: String) {
        let stamp = PathStamp(path: path)
        guard stamp.mode & UInt64(S_IFMT) == UInt64(S_IFREG) else { return nil }
        self.init(
            device: stamp.device, inode: stamp.inode, size: stamp.size, modified: (stamp.modifiedSeconds, stamp.modifiedNanoseconds),
            changed: (stamp.changedSeconds, stamp.changedNanoseconds)
        )
    }

    /// Whether the file was last written (or had its metadata changed) more than `margin` seconds before
    /// `time`: a write in the same clock tick as the read that keyed it could leave the stamp unchanged, so
    /// younger files are read again next time rather than trusted.
    func isSettled(before time: Int64, margin: Int64) -> Bool {
        max(modifiedSeconds, changedSeconds) + margin < time
    }
}

/// Facts-cache keys of the files a run read, by stamp, kept beside the facts cache: a warm run checks
/// each file with one `stat` and opens only those whose stamp changed. Without it, opening and hashing
/// every file was most of a warm run on a large app. A damaged or missing index only means reading.
///
/// Files are named by a hash of their absolute and display paths (the display path is part of the facts
/// key), so the index holds no strings and reads back in one pass over fixed-size records.
final class FileStampIndex: @unchecked Sendable {
    struct Entry: Equatable {
        var stamp: FileStamp
        var key: ContentHash
    }

    static let fileName = "file-stamps"
    static let magic = Array("CPDISTMP".utf8)
    static let format: UInt32 = 1
    /// File hash (2), device, inode, size, key (2), then four timestamps, 8 bytes each.
    static let recordSize = 11 * 8

    let url: URL
    private(set) var entries: [ContentHash: Entry] = [:]

    init(cacheDirectory: URL) {
        url = cacheDirectory.appendingPathComponent(Self.fileName)
        if let data = try? Data(contentsOf: url) { entries = data.withUnsafeBytes(Self.parse) ?? [:] }
    }

    static func file(path: String, displayPath: String) -> ContentHash {
        var path = path, displayPath = displayPath
        return path.withUTF8 { path in displayPath.withUTF8 { ContentHash(UnsafeRawBufferPointer(path), UnsafeRawBufferPointer($0)) } }
    }

    /// The key saved for `file` (`file(path:displayPath:)`) with this stamp, if any.
    func key(file: ContentHash, stamp: FileStamp) -> ContentHash? {
        guard let entry = entries[file], entry.stamp == stamp else { return nil }
        return entry.key
    }

    /// Saves the stamps of a run's files that are old enough to trust. When every file was answered by the
    /// index and no file went away, the index stays as it is. A run asks the index before it saves and never
    /// after, so the entries are let go here: for 100,000 files they are 20 MB held through linking.
    func save(keysOf files: [Pipeline.ReadFile], settledBefore time: Int64, margin: Int64) {
        defer { entries = [:] }
        let answered = files.allSatisfy { if case .unopened = $0.content { true } else { false } }
        if answered && files.count == entries.count { return }
        var newEntries: [ContentHash: Entry] = [:]
        newEntries.reserveCapacity(files.count)
        for file in files {
            guard let stamp = file.stamp, stamp.isSettled(before: time, margin: margin) else { continue }
            switch file.content {
            case .bytes(_, let key?), .unopened(let key):
                newEntries[Self.file(path: file.source, displayPath: file.path)] = Entry(stamp: stamp, key: key)
            case .bytes(_, nil), .problem:
                continue
            }
        }
        save(newEntries)
    }

    /// Replaces the index with `entries` when they differ from what was read, atomically; failing to write
    /// only costs the next run its reads.
    func save(_ newEntries: [ContentHash: Entry]) {
        guard newEntries != entries else { return }
        var bytes = Self.magic
        Self.append(Self.format, to: &bytes)
        Self.append(UInt32(newEntries.count), to: &bytes)
        bytes.reserveCapacity(bytes.count + newEntries.count * Self.recordSize)
        // Sorted, so the same files give the same bytes.
        for file in newEntries.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
            let entry = newEntries[file]!, stamp = entry.stamp
            for value in [file.high, file.low, stamp.device, stamp.inode, stamp.size, entry.key.high, entry.key.low] {
                Self.append(value, to: &bytes)
            }
            for value in [stamp.modifiedSeconds, stamp.modifiedNanoseconds, stamp.changedSeconds, stamp.changedNanoseconds] {
                Self.append(value, to: &bytes)
            }
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try OutputFile.writeAtomically(bytes, to: url)
            entries = newEntries
        } catch {
            return
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    static func parse(_ raw: UnsafeRawBufferPointer) -> [ContentHash: Entry]? {
        let header = magic.count + 8
        guard raw.count >= header, raw.prefix(magic.count).elementsEqual(magic),
              UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)) == format
        else { return nil }
        let count = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt32.self)))
        guard raw.count == header + count * recordSize else { return nil }
        var entries: [ContentHash: Entry] = [:]
        entries.reserveCapacity(count)
        for record in 0..<count {
            let base = header + record * recordSize
            func word(_ index: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8 * index, as: UInt64.self)) }
            func signed(_ index: Int) -> Int64 { Int64(bitPattern: word(index)) }
            let stamp = FileStamp(
                device: word(2), inode: word(3), size: word(4), modified: (signed(7), signed(8)), changed: (signed(9), signed(10))
            )
            entries[ContentHash(high: word(0), low: word(1))] = Entry(stamp: stamp, key: ContentHash(high: word(5), low: word(6)))
        }
        return entries
    }
}
