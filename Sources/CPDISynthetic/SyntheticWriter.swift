import Foundation

/// Why a synthetic app could not be written; one line fit to show the user.
public struct SyntheticWriteError: Error, CustomStringConvertible {
    public let description: String
}

extension SyntheticApp {
    /// Writes every file under `folder`, which must be missing or empty: mixing a new app into an
    /// old one (say, 100 components over 5,000) would leave stale files that skew every measurement.
    public func write(to folder: URL) throws(SyntheticWriteError) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw SyntheticWriteError(description: "\(folder.path): folder is not empty; pass a new or empty folder")
        }
        do {
            var created: Set<String> = []
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                let parent = url.deletingLastPathComponent()
                if created.insert(parent.path).inserted {
                    try manager.createDirectory(at: parent, withIntermediateDirectories: true)
                }
                try Data(file.text.utf8).write(to: url, options: .atomic)
            }
        } catch {
            throw SyntheticWriteError(description: "\(folder.path): cannot write the app (\(error.localizedDescription)); check the folder is writable")
        }
    }
}
