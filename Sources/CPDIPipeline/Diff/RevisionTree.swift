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

    /// Lists `commit` and starts loading, into `blobs`, what a scan opens; `configuration` is the `--config` path
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
        var wanted: [(id: String, path: String, isSwift: Bool)] = []
        let configurationPath = configuration.map { String(ProjectPath.join("/", $0).dropFirst()) }
        for record in listing.split(separator: 0) {
            guard let entry = Self.entry(record) else { continue }
            let path = root + "/" + entry.path
            Self.add(entry.path, kind: entry.kind, root: root, to: &folderEntries)
            guard entry.kind != .folder else { continue }
            files[path] = Blob(id: entry.id, isLink: entry.kind == .other)
            if entry.kind == .file, Self.isOpened(entry.path, configuration: configurationPath) {
                wanted.append((entry.id, entry.path, entry.path.hasSuffix(".swift")))
            }
        }
        self.files = files
        self.folders = folderEntries.mapValues { names in
            names.map { SourceTreeEntry(name: $0.key, kind: $0.value) }.sorted { $0.name < $1.name }
        }
        // Project files and configuration first: discovery reads them before any Swift file.
        let opened = wanted.sorted { ($0.isSwift ? 1 : 0, $0.path) < ($1.isSwift ? 1 : 0, $1.path) }
        blobs.request(opened.map(\.id), from: repository)
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
        if path.hasSuffix(".swift") || ObjectiveCHeaders.isHeader(path) { return true }
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

/// File contents by git object id, shared by the revisions of one diff, streamed from
/// `git cat-file --batch` on threads of their own: extraction starts on the first files while git still
/// reads the rest, and a reader of a file not there yet waits for it.
final class BlobStore: @unchecked Sendable {
    private let condition = NSCondition()
    private var blobs: [String: [UInt8]] = [:]
    /// Requested and not arrived yet.
    private var pending: Set<String> = []
    private var failure: InputError?
    private let streams = DispatchGroup()

    /// The bytes of `id`: at once when they are here, after waiting while a stream still brings them,
    /// else nil (never requested, or git did not have the object).
    func bytes(of id: String) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while blobs[id] == nil, pending.contains(id) { condition.wait() }
        return blobs[id]
    }

    /// Starts reading, in the order given, the objects neither here nor requested before.
    func request(_ ids: [String], from repository: GitRepository) {
        condition.lock()
        var seen: Set<String> = []
        let missing = ids.filter { blobs[$0] == nil && !pending.contains($0) && seen.insert($0).inserted }
        pending.formUnion(missing)
        condition.unlock()
        guard !missing.isEmpty else { return }
        streams.enter()
        Thread.detachNewThread { [self] in
            var parser = BatchParser()
            do {
                try repository.stream(["cat-file", "--batch"], input: Data(missing.map { $0 + "\n" }.joined().utf8), chunk: { [self] data in
                    let objects = parser.feed(data)
                    guard !objects.isEmpty else { return }
                    condition.lock()
                    for (id, bytes) in objects {
                        blobs[id] = bytes
                        pending.remove(id)
                    }
                    condition.broadcast()
                    condition.unlock()
                }, failure: { message in "cannot read the files of the revision (\(message)); check the repository" })
            } catch {
                condition.lock()
                failure = failure ?? (error as? InputError) ?? InputError("cannot read the files of the revision (\(error))")
                condition.unlock()
            }
            condition.lock()
            pending.subtract(missing)  // whatever did not arrive never will
            condition.broadcast()
            condition.unlock()
            streams.leave()
        }
    }

    /// Waits for every stream to end; throws the first failure.
    func finish() throws(InputError) {
        streams.wait()
        if let failure = condition.withLock({ failure }) { throw failure }
    }
}

/// Splits `git cat-file --batch` output into objects as it arrives: `<id> <type> <size>\n`, the
/// object's bytes and `\n`, or `<id> missing\n`.
struct BatchParser {
    private var buffer: [UInt8] = []
    private var start = 0

    mutating func feed(_ data: Data) -> [(String, [UInt8])] {
        buffer.append(contentsOf: data)
        var objects: [(String, [UInt8])] = []
        while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = buffer[start..<newline].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard header.count == 3, let size = Int(header[2]) else {
                start = newline + 1  // `<id> missing`
                continue
            }
            guard newline + 1 + size + 1 <= buffer.count else { break }  // the rest is still on its way
            objects.append((header[0], Array(buffer[(newline + 1)..<(newline + 1 + size)])))
            start = newline + 1 + size + 1
        }
        if start > 0, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return objects
    }
}
