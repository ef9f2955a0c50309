import Foundation
import Synchronization

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

/// One thing discovery learnt from the file system: a folder's entries, what a path is, or a file's bytes. Its
/// `answer` is a hash of everything discovery took from it, so an observation made again can be compared whole.
struct TreeObservation: Equatable, Sendable {
    enum Kind: UInt8, Sendable { case entries = 0, kind = 1, read = 2 }
    var kind: Kind
    var path: String
    /// Taken before the observation itself, so a change made while it ran shows as a changed stamp next time.
    var stamp: PathStamp
    var answer: ContentHash
    /// `read`'s size limit, which changes its answer.
    var limit: Int

    /// Asks `tree` again, stamping first.
    static func observe(_ kind: Kind, path: String, limit: Int, in tree: any SourceTree) -> TreeObservation {
        let stamp = PathStamp(path: path)
        let answer: ContentHash
        switch kind {
        case .entries: answer = Self.answer(tree.entries(of: path))
        case .kind: answer = Self.answer(tree.kind(of: path))
        case .read: answer = Self.answer(tree.read(path, limit: limit))
        }
        return TreeObservation(kind: kind, path: path, stamp: stamp, answer: answer, limit: limit)
    }

    /// The entries in the order the file system gave them: discovery takes them in that order.
    static func answer(_ entries: [SourceTreeEntry]?) -> ContentHash {
        guard let entries else { return ContentHash([0]) }
        var bytes: [UInt8] = [1]
        for entry in entries {
            bytes += entry.name.utf8
            bytes += [0, code(entry.kind)]
        }
        return ContentHash(bytes)
    }

    static func answer(_ kind: SourceTreeEntry.Kind?) -> ContentHash {
        ContentHash([kind.map(code) ?? 3])
    }

    static func answer(_ read: SourceRead) -> ContentHash {
        switch read {
        case .bytes(let bytes): ContentHash([0], bytes)
        case .tooLarge(let size): ContentHash([1], Array(String(size).utf8))
        case .unreadable: ContentHash([2])
        }
    }

    private static func code(_ kind: SourceTreeEntry.Kind) -> UInt8 {
        switch kind {
        case .folder: 0
        case .file: 1
        case .other: 2
        }
    }
}

/// The disk, as discovery sees it, with every folder listed, path asked about and file read noted down
/// (`TreeObservation`). Discovery reads the file system only through its tree, so its result is a function of
/// these observations and of the settings: the same observations, the same files in the same modules.
final class RecordingTree: SourceTree, Sendable {
    private let base: any SourceTree
    private let noted = Mutex<[TreeObservation]>([])

    init(base: any SourceTree) { self.base = base }

    var observations: [TreeObservation] { noted.withLock { $0 } }

    func entries(of folder: String) -> [SourceTreeEntry]? {
        let stamp = PathStamp(path: folder)
        let entries = base.entries(of: folder)
        note(TreeObservation(kind: .entries, path: folder, stamp: stamp, answer: TreeObservation.answer(entries), limit: 0))
        return entries
    }

    func kind(of path: String) -> SourceTreeEntry.Kind? {
        let stamp = PathStamp(path: path)
        let kind = base.kind(of: path)
        note(TreeObservation(kind: .kind, path: path, stamp: stamp, answer: TreeObservation.answer(kind), limit: 0))
        return kind
    }

    func read(_ path: String, limit: Int) -> SourceRead {
        let stamp = PathStamp(path: path)
        let read = base.read(path, limit: limit)
        note(TreeObservation(kind: .read, path: path, stamp: stamp, answer: TreeObservation.answer(read), limit: limit))
        return read
    }

    private func note(_ observation: TreeObservation) {
        noted.withLock { $0.append(observation) }
    }
}
