import Foundation

/// The discovery step of the pipeline: which Swift files a run looks at, and what each is called.
public struct SourceDiscovery: Sendable {
    /// A Swift file to analyse.
    public struct SourceFile: Sendable, Equatable {
        /// Absolute path, to read from.
        public var url: URL
        /// Path as shown to the user: relative to the working directory when the file is under it.
        public var displayPath: String
        /// The module the file belongs to: `Sources/<Target>/…` names it, else the folder that was analysed.
        public var module: String
    }

    public var workingDirectory: URL

    public init(workingDirectory: URL) {
        self.workingDirectory = workingDirectory.standardizedFileURL
    }

    /// Folders that hold build products, checkouts or tooling rather than the project's own code.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".cpdi-cache"]

    /// Every `.swift` file under `paths` (files are taken as given), sorted by display path, each once.
    public func discover(_ paths: [String]) throws(InputError) -> [SourceFile] {
        var found: [String: SourceFile] = [:]
        for path in paths.isEmpty ? ["."] : paths {
            let url = URL.resolving(path, against: workingDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file or directory; pass a folder or .swift file to analyse")
            }
            let rootModule = moduleName(forRoot: url, isDirectory: isDirectory.boolValue)
            let files = isDirectory.boolValue ? swiftFiles(under: url) : [url]
            for file in files {
                let display = displayPath(of: file)
                found[display] = SourceFile(url: file, displayPath: display, module: module(of: file, default: rootModule))
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    private func swiftFiles(under root: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey], options: []
        ) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if values?.isDirectory == true {
                if Self.skippedFolders.contains(name) || name.hasPrefix(".build") { enumerator.skipDescendants() }
                continue
            }
            if name.hasSuffix(".swift"), values?.isRegularFile == true { files.append(url.standardizedFileURL) }
        }
        return files
    }

    func displayPath(of url: URL) -> String {
        let base = workingDirectory.path.hasSuffix("/") ? workingDirectory.path : workingDirectory.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path
    }

    private func moduleName(forRoot url: URL, isDirectory: Bool) -> String {
        let folder = isDirectory ? url : url.deletingLastPathComponent()
        let name = folder.lastPathComponent
        return name.isEmpty || name == "/" ? "main" : name
    }

    private func module(of file: URL, default fallback: String) -> String {
        let components = file.pathComponents
        if let index = components.lastIndex(of: "Sources"), index + 2 < components.count { return components[index + 1] }
        return fallback
    }
}

/// A problem with what the user asked for (exit status 2).
public struct InputError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
