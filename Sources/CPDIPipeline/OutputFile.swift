#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes output files whole or not at all: a temporary file next to the target, renamed over it.
///
/// What the path names is respected as a shell's `>` would: a symbolic link is written through (the link
/// stays, its target gets the bytes), a device, pipe or socket (`/dev/stdout`, a named pipe) is written in
/// place rather than replaced by a regular file, and a file that is replaced keeps its permissions (`cpdi fix`
/// must not drop a script's executable bit or widen a private file).
public enum OutputFile {
    public static func write(_ bytes: [UInt8], to path: String, workingDirectory: URL) throws(InputError) {
        let given = URL.resolving(path, against: workingDirectory).path
        switch kind(of: given) {
        case .folder:
            throw InputError("\(path): is a folder; give the name of a file to write")
        case .special:
            // Opened by its own name: `/dev/stdout` leads to `/proc/self/fd/1`, whose link text may be `pipe:[…]`.
            do { try writeInPlace(bytes, to: given) } catch {
                throw InputError("\(path): cannot write (\(error.reason)); check that it can be written to")
            }
        case .regular, .missing:
            let target = followingLinks(given)
            do {
                try makeFolders(folder(of: target))
                try writeAtomically(bytes, to: URL(fileURLWithPath: target))
            } catch {
                throw InputError("\(path): cannot write the file (\(error.reason)); check the folder exists and is writable")
            }
        }
    }

    /// A temporary file beside `url`, filled by `fill` piece by piece and renamed over `url` once whole;
    /// removed when anything fails, so `url` is either the old file or the whole new one.
    static func writeAtomically(to url: URL, fill: (FileHandle) throws -> Void) throws {
        try writeAtomically(to: url, filling: { descriptor in try fill(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)) })
    }

    /// A temporary file renamed over `url`, written from the array's own storage: the caches of a large app
    /// are a hundred megabytes each, and copying them into a `Data` first doubled the peak memory of a run.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try writeAtomically(to: url, filling: { descriptor in try writeAll(bytes, to: descriptor) })
    }

    /// The temporary file's descriptor to `fill`, then the rename; the temporary file is gone if anything fails.
    private static func writeAtomically(to url: URL, filling fill: (Int32) throws -> Void) throws {
        let temporary = try temporaryFile(beside: url.path)
        do {
            do {
                try fill(temporary.descriptor)
            } catch {
                close(temporary.descriptor)
                throw error
            }
            try finish(temporary, replacing: url.path)
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Why a write failed, in the system's words (`No space left on device`), not a Foundation error number.
    struct SystemError: Error {
        var code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    private enum Kind { case missing, regular, folder, special }

    private static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .special
        }
    }

    /// The path a chain of symbolic links ends at, also when that last file does not exist yet (a link made
    /// ahead of its first report). A path that is no link is itself.
    static func followingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // as many hops as the kernel allows before ELOOP
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
        }
        return current
    }

    /// The folder of a path, `.` for a bare name.
    private static func folder(of path: String) -> String {
        let folder = PathText.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// `mkdir -p`, failing with the system's reason.
    private static func makeFolders(_ folder: String) throws {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw SystemError(code: ENOTDIR) }
            return
        }
        let parent = PathText.folder(of: folder)
        if !parent.isEmpty, parent != folder { try makeFolders(parent) }
        guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw SystemError(code: errno) }
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError(code: errno) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SystemError(code: errno)
                }
                offset += written
            }
        }
    }

    private static func temporaryFile(beside path: String) throws -> (path: String, descriptor: Int32) {
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? "output"
        let temporary = "\(folder(of: path))/.\(name).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError(code: errno) }
        return (temporary, descriptor)
    }

    /// Gives the temporary file the permissions of the file it replaces, closes it (where a full disk may
    /// show at last) and renames it over that file.
    private static func finish(_ temporary: (path: String, descriptor: Int32), replacing path: String) throws {
        var existing = stat()
        if stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            _ = fchmod(temporary.descriptor, existing.st_mode & 0o7777)
        }
        guard close(temporary.descriptor) == 0 else { throw SystemError(code: errno) }
        guard rename(temporary.path, path) == 0 else { throw SystemError(code: errno) }
    }
}

/// `write(2)`: inside `OutputFile` its own `write` hides the C function.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private extension Error {
    /// Every write path here throws `SystemError`; anything else is described as Foundation describes it.
    var reason: String { (self as? OutputFile.SystemError)?.reason ?? localizedDescription }
}
