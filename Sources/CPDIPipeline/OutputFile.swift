import Foundation

/// Writes output files whole or not at all: a temporary file next to the target, renamed over it.
public enum OutputFile {
    public static func write(_ bytes: [UInt8], to path: String, workingDirectory: URL) throws(InputError) {
        let url = URL.resolving(path, against: workingDirectory)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try OutputFile.writeAtomically(bytes, to: url)
        } catch {
            throw InputError("\(path): cannot write the file (\(error.localizedDescription)); check the folder exists and is writable")
        }
    }

    /// A temporary file beside `url`, filled by `fill` piece by piece and renamed over `url` once whole;
    /// removed when anything fails, so `url` is either the old file or the whole new one.
    static func writeAtomically(to url: URL, fill: (FileHandle) throws -> Void) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0 ... .max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try fill(handle)
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A temporary file renamed over `url`, written from the array's own storage: the caches of a large app
    /// are a hundred megabytes each, and copying them into a `Data` first doubled the peak memory of a run.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return try Data().write(to: url, options: .atomic) }
            try Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count, deallocator: .none)
                .write(to: url, options: .atomic)
        }
    }
}
