/// Where a node links to: `prefix + path + "#L" + line` for a repository browser, else the file's
/// path relative to the folder of the written picture, so the link opens the file next to it.
struct SourceLinks {
    var prefix: String?
    /// The written file's folder, relative to the working directory (nil or "" for the working directory).
    var base: String?

    func url(file: String, line: Int) -> String? {
        guard !file.isEmpty else { return nil }
        // Percent-encoded like the Markdown report's links, so no name can end the URL or its quotes.
        if let prefix { return MarkdownEscaping.linkPrefix(prefix) + MarkdownEscaping.linkPath(file) + "#L\(line)" }
        return MarkdownEscaping.linkPath(Self.relative(file, from: base ?? ""))
    }

    /// `Samples/A.swift` seen from `output` is `../Samples/A.swift`. Absolute paths, and bases that
    /// climb out of the working directory, cannot be related without the file system: they stay as they are.
    static func relative(_ file: String, from base: String) -> String {
        let baseParts = base.split(separator: "/").filter { $0 != "." }
        guard !file.hasPrefix("/"), !base.hasPrefix("/"), !baseParts.contains("..") else { return file }
        let fileParts = file.split(separator: "/").filter { $0 != "." }
        var shared = 0
        while shared < min(baseParts.count, fileParts.count - 1), baseParts[shared] == fileParts[shared] { shared += 1 }
        let up = Array(repeating: "..", count: baseParts.count - shared)
        return (up + fileParts[shared...].map(String.init)).joined(separator: "/")
    }
}
