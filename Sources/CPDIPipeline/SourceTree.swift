import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// Where discovery and extraction read folders and files: the disk (`DiskTree`), or a git revision
/// held in memory (`RevisionTree`, for `cpdi diff`). Paths are absolute and normalised.
public protocol SourceTree: Sendable {
    /// The entries of a folder, or nil when it cannot be read.
    func entries(of folder: String) -> [SourceTreeEntry]?
    /// What `path` is, following a symbolic link as the command line does, or nil when nothing is there.
    func kind(of path: String) -> SourceTreeEntry.Kind?
    /// A file's bytes, unless it is larger than `limit` (then its size) or cannot be read.
    func read(_ path: String, limit: Int) -> SourceRead
}

public struct SourceTreeEntry: Sendable, Equatable {
    /// A symbolic link is `.other`, neither a folder nor a file, as in `URL.resourceValues`.
    public enum Kind: Sendable, Equatable { case folder, file, other }
    public var name: String
    public var kind: Kind
}

public enum SourceRead: Sendable, Equatable {
    case bytes([UInt8])
    case tooLarge(Int)
    case unreadable
}

/// The file system, read with `readdir` and one `fstat` per file: Foundation's enumerator builds a URL
/// and asks for resource values for every entry, which cost more than a tenth of a warm run on swift-nio.
public struct DiskTree: SourceTree {
    public init() {}

    public func entries(of folder: String) -> [SourceTreeEntry]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [SourceTreeEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            // The path is built only where the entry's type must be asked for: most file systems give it.
            let type = entry.pointee.d_type
            let kind = Int32(type) == Int32(DT_UNKNOWN) ? Self.kind(at: folder.hasSuffix("/") ? folder + name : folder + "/" + name) : Self.kind(of: type)
            entries.append(SourceTreeEntry(name: name, kind: kind))
        }
        return entries
    }

    public func kind(of path: String) -> SourceTreeEntry.Kind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Self.kind(mode: status.st_mode)
    }

    /// Reads a whole file with one `fstat` and as few `read`s as it takes; the size is checked first so
    /// an enormous file is never loaded.
    public func read(_ path: String, limit: Int) -> SourceRead {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .unreadable }
        let size = Int(status.st_size)
        guard size <= limit else { return .tooLarge(size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, size - filled) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        // A file that shrank while being read is taken as it was read.
        return .bytes(filled == size ? bytes : Array(bytes.prefix(filled)))
    }

    /// By one `lstat`, when the file system does not give the entry's type (`DT_UNKNOWN`).
    private static func kind(at path: String) -> SourceTreeEntry.Kind {
        var status = stat()
        return lstat(path, &status) == 0 ? kind(mode: status.st_mode) : .other
    }

    /// From the entry's type, as the file system gave it.
    private static func kind(of type: UInt8) -> SourceTreeEntry.Kind {
        switch Int32(type) {
        case Int32(DT_DIR): .folder
        case Int32(DT_REG): .file
        default: .other
        }
    }

    private static func kind(mode: mode_t) -> SourceTreeEntry.Kind {
        switch mode & S_IFMT {
        case S_IFDIR: .folder
        case S_IFREG: .file
        default: .other
        }
    }
}
