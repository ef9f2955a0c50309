import Foundation

/// The discovery step of the pipeline: which Swift files a run looks at, and what each is called.
public struct SourceDiscovery: Sendable {
    /// A Swift file to analyse.
    public struct SourceFile: Sendable, Equatable {
        /// Absolute path, to read from.
        public var url: URL
        /// Path as shown to the user: relative to the working directory when the file is under it.
        public var displayPath: String
        /// The module the file belongs to: a target of the project files around it, else
        /// `Sources/<Module>/…`, else the folder that was analysed (`ModuleNaming`).
        public var module: String
    }

    public var workingDirectory: URL
    /// Include and exclude globs, module roots.
    public var configuration: Configuration

    public init(workingDirectory: URL, configuration: Configuration = Configuration()) {
        self.workingDirectory = workingDirectory.standardizedFileURL
        self.configuration = configuration
    }

    /// Folders that hold build products, checkouts or tooling rather than the project's own code (and
    /// DocC catalogs, `*.docc`, whose tutorial snippets are fragments, not code).
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".cpdi-cache"]

    /// Every `.swift` file under `paths` (files are taken as given), sorted by display path, each once.
    /// Files found in folders must pass the configuration's include and exclude globs; files named on the
    /// command line are always analysed.
    public func discover(_ paths: [String]) throws(InputError) -> [SourceFile] {
        var found: [String: SourceFile] = [:]
        var projectFilesRead: [URL: [ModuleClaim]] = [:]
        for path in paths.isEmpty ? ["."] : paths {
            let url = URL.resolving(path, against: workingDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file or directory; pass a folder or .swift file to analyse")
            }
            let root = isDirectory.boolValue ? url : url.deletingLastPathComponent()
            let walk = isDirectory.boolValue ? swiftFiles(under: url) : Walk(files: [url], projects: ProjectFiles())
            // A named file's own folder is searched too; a walked folder's own project files were found by the walk.
            let above = ProjectFiles.inFolders(from: isDirectory.boolValue ? root.deletingLastPathComponent() : root, upTo: workingDirectory)
            let claims = above.claims(reading: &projectFilesRead) + walk.projects.claims(reading: &projectFilesRead)
            let modules = ModuleNaming(claims: claims, roots: configuration.moduleRoots, fallback: moduleName(forRoot: root))
            for file in walk.files {
                let display = displayPath(of: file)
                found[display] = SourceFile(url: file, displayPath: display, module: modules.module(of: file, names: relativeNames(of: file, root: root)))
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// Swift files and the project files that name modules, found under a folder.
    private struct Walk {
        var files: [URL]
        var projects: ProjectFiles
    }

    private func swiftFiles(under root: URL) -> Walk {
        var walk = Walk(files: [], projects: ProjectFiles())
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey], options: []
        ) else { return walk }
        let filtering = !configuration.include.isEmpty || !configuration.exclude.isEmpty
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = FileKind(url)
            if values?.isDirectory == true {
                // A project's folder holds settings, not sources: read later as a whole, never walked.
                if ProjectFiles.isXcodeProject(name) {
                    walk.projects.add(url)
                    enumerator.skipDescendants()
                } else if Self.skippedFolders.contains(name) || name.hasPrefix(".build") || name.hasSuffix(".docc") { enumerator.skipDescendants() }
                // An excluded folder is not entered at all.
                else if filtering, isExcluded(relativeNames(of: url.standardizedFileURL, root: root)) { enumerator.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true else { continue }
            if ProjectFiles.fileNames.contains(name) { walk.projects.add(url) }
            guard name.hasSuffix(".swift") else { continue }
            let file = url.standardizedFileURL
            if filtering, !isSelected(relativeNames(of: file, root: root)) { continue }
            walk.files.append(file)
        }
        return walk
    }

    private func isExcluded(_ names: [String]) -> Bool {
        let path = names.joined(separator: "/")
        return configuration.exclude.contains { $0.matches(path) }
    }

    private func isSelected(_ names: [String]) -> Bool {
        let path = names.joined(separator: "/")
        if !configuration.include.isEmpty, !configuration.include.contains(where: { $0.matches(path) }) { return false }
        return !isExcluded(names)
    }

    /// The names on the way to `url` from the configuration's folder, else from the analysed folder, else
    /// from the file system root: what globs are matched against.
    private func relativeNames(of url: URL, root: URL) -> [String] {
        for base in [configuration.baseDirectory, root].compactMap({ $0 }) {
            let prefix = base.pathComponents
            let components = url.pathComponents
            if components.count > prefix.count, Array(components.prefix(prefix.count)) == prefix {
                return Array(components.dropFirst(prefix.count))
            }
        }
        return url.pathComponents.filter { $0 != "/" }
    }

    func displayPath(of url: URL) -> String {
        let base = workingDirectory.path.hasSuffix("/") ? workingDirectory.path : workingDirectory.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path
    }

    private func moduleName(forRoot folder: URL) -> String {
        let name = folder.lastPathComponent
        return name.isEmpty || name == "/" ? "main" : name
    }
}

/// A problem with what the user asked for (exit status 2).
public struct InputError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
