import Foundation

extension URL {
    /// `path` as the user meant it: absolute, or relative to `directory`. Built by appending rather than
    /// with `relativeTo:`, which resolves against the parent when the base lacks a trailing slash.
    static func resolving(_ path: String, against directory: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: directory.path).appendingPathComponent(path)
        return url.standardizedFileURL
    }
}
