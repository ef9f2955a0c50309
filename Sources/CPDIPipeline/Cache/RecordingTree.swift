import Foundation
import Synchronization

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
