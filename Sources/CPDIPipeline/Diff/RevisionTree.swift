import CPDIFacts
import Foundation

/// A commit's files as `cpdi diff` reads them, held in memory instead of exported to disk: the listing
/// from `git ls-tree`, and the bytes of the files discovery and extraction open (Swift files, project
/// files, configuration) from one `git cat-file --batch`. Exporting a 2,000-file revision with
/// `git archive | tar` cost more wall time than parsing the files a change touched; here git writes
/// nothing, and a file both revisions have is read from git once (`BlobStore`).
///
/// Paths are those of the revision's files under `root`, an absolute path that stands for the repository
/// root and is never created, so display paths, module names and cache keys are those of an export.
struct RevisionTree: SourceTree {
    let root: String
    private let folders: [String: [SourceTreeEntry]]
    private let files: [String: Blob]
    private let blobs: BlobStore

    private struct Blob {
        var id: String
        var isLink: Bool
    }

    /// Lists `commit` and loads, into `blobs`, what a scan opens; `configuration` is the `--config` path
    /// relative to the repository root, if any.
    init(repository: GitRepository, commit: String, root: String, blobs: BlobStore, configuration: String?) throws(InputError) {
        self.root = root
        self.blobs = blobs
        // Without `-l`: sizes would make git read every object's header, which for loose objects is as
        // slow as reading the files; `cat-file` reports the sizes of the files that are read anyway.
        let listing = try repository.bytes(["ls-tree", "-r", "-z", "--full-tree", commit]) { message in
            "\(commit): cannot list the files of the revision (\(message)); check the repository"
        }
        var folderEntries: [String: [String: SourceTreeEntry.Kind]] = [root: [:]]
        var files: [String: Blob] = [:]
        var wanted: [String] = []
        let configurationPath = configuration.map { String(ProjectPath.join("/", $0).dropFirst()) }
        for record in listing.split(separator: 0) {
            guard let entry = Self.entry(record) else { continue }
            let path = root + "/" + entry.path
            Self.add(entry.path, kind: entry.kind, root: root, to: &folderEntries)
            guard entry.kind != .folder else { continue }
            files[path] = Blob(id: entry.id, isLink: entry.kind == .other)
            if entry.kind == .file, Self.isOpened(entry.path, configuration: configurationPath) {
                wanted.append(entry.id)
            }
        }
        self.files = files
        self.folders = folderEntries.mapValues { names in
            names.map { SourceTreeEntry(name: $0.key, kind: $0.value) }.sorted { $0.name < $1.name }
        }
        try blobs.load(wanted, from: repository)
    }

    // Paths outside the revision (an absolute `--config`) are read from the disk, as from an export.
    private func isInside(_ path: String) -> Bool { path == root || path.hasPrefix(root + "/") }

    func entries(of folder: String) -> [SourceTreeEntry]? { isInside(folder) ? folders[folder] : DiskTree().entries(of: folder) }

    func kind(of path: String) -> SourceTreeEntry.Kind? {
        guard isInside(path) else { return DiskTree().kind(of: path) }
        if folders[path] != nil { return .folder }
        return files[path].map { $0.isLink ? .other : .file }
    }

    func read(_ path: String, limit: Int) -> SourceRead {
        guard isInside(path) else { return DiskTree().read(path, limit: limit) }
        guard let blob = files[path], !blob.isLink, let bytes = blobs.bytes(of: blob.id) else { return .unreadable }
        return bytes.count <= limit ? .bytes(bytes) : .tooLarge(bytes.count)
    }

    /// Files a scan may open: Swift sources, the project files that name modules, and configuration.
    private static func isOpened(_ path: String, configuration: String?) -> Bool {
        if path.hasSuffix(".swift") { return true }
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.index(after: $0)...]) } ?? path
        return ProjectFiles.fileNames.contains(name) || name == Configuration.fileName
            || path.hasSuffix(".xcodeproj/project.pbxproj") || path == configuration
    }

    /// One `ls-tree` record: `<mode> <type> <id>\t<path>`.
    private static func entry(_ record: ArraySlice<UInt8>) -> (path: String, id: String, kind: SourceTreeEntry.Kind)? {
        guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3 else { return nil }
        let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
        let kind: SourceTreeEntry.Kind = switch fields[0] {
        case "120000": .other  // a symbolic link: neither a folder nor a file, as on disk
        case "160000", "040000": .folder  // a submodule is exported as an empty folder
        default: .file
        }
        return (path, fields[2], kind)
    }

    /// Enters `path` in its folder's entries, and each folder above it in its parent's, once.
    private static func add(_ path: String, kind: SourceTreeEntry.Kind, root: String, to folders: inout [String: [String: SourceTreeEntry.Kind]]) {
        var path = Substring(path)
        var kind = kind
        while true {
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            let parent = slash.map { root + "/" + path[..<$0] } ?? root
            let name = String(slash.map { path[path.index(after: $0)...] } ?? path)
            if kind == .folder, folders[root + "/" + path] == nil { folders[root + "/" + path] = [:] }
            let known = folders[parent] != nil
            folders[parent, default: [:]][name] = kind
            // A folder seen before has its own parents entered already.
            guard let slash, !known else { return }
            path = path[..<slash]
            kind = .folder
        }
    }
}

/// File contents by git object id, shared by the revisions of one diff.
final class BlobStore: @unchecked Sendable {
    private let lock = NSLock()
    private var blobs: [String: [UInt8]] = [:]

    func bytes(of id: String) -> [UInt8]? { lock.withLock { blobs[id] } }

    /// Reads the objects not loaded yet with `git cat-file --batch`, in two processes at once: for loose
    /// objects most of the time is the system opening and inflating one file per object.
    func load(_ ids: [String], from repository: GitRepository) throws(InputError) {
        let missing = lock.withLock { Array(Set(ids.filter { blobs[$0] == nil })).sorted() }
        guard !missing.isEmpty else { return }
        let half = missing.count > 64 ? (missing.count + 1) / 2 : missing.count
        let batches = stride(from: 0, to: missing.count, by: half).map { Array(missing[$0..<min($0 + half, missing.count)]) }
        let read = Parallel.map(batches.count) { index in
            Result { () throws(InputError) in try Self.read(batches[index], from: repository) }
        }
        for batch in read {
            let loaded = try batch.get()
            lock.withLock { blobs.merge(loaded) { first, _ in first } }
        }
    }

    private static func read(_ ids: [String], from repository: GitRepository) throws(InputError) -> [String: [UInt8]] {
        let input = Data(ids.map { $0 + "\n" }.joined().utf8)
        let output = try repository.bytes(["cat-file", "--batch"], input: input) { message in
            "cannot read the files of the revision (\(message)); check the repository"
        }
        var loaded: [String: [UInt8]] = [:]
        var index = output.startIndex
        // Each object: `<id> <type> <size>\n`, its bytes, `\n`; or `<id> missing\n`.
        while index < output.endIndex, let newline = output[index...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = output[index..<newline].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            index = newline + 1
            guard header.count == 3, let size = Int(header[2]), index + size <= output.endIndex else { continue }
            loaded[header[0]] = Array(output[index..<(index + size)])
            index += size + 1
        }
        return loaded
    }
}
