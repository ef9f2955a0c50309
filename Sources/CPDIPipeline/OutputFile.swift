import Foundation

/// Writes output files whole or not at all: a temporary file next to the target, renamed over it.
public enum OutputFile {
    public static func write(_ bytes: [UInt8], to path: String, workingDirectory: URL) throws(InputError) {
        let url = URL.resolving(path, against: workingDirectory)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw InputError("\(path): cannot write the file (\(error.localizedDescription)); check the folder exists and is writable")
        }
    }
}
