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
    /// Include and exclude globs, module roots.
    public var configuration: Configuration

    public init(workingDirectory: URL, configuration: Configuration = Configuration()) {
        self.workingDirectory = workingDirectory.standardizedFileURL
        self.configuration = configuration
    }

    /// Folders that hold build products, checkouts or tooling rather than the project's own code.
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".cpdi-cache"]

    /// Every `.swift` file under `paths` (files are taken as given), sorted by display path, each once.
    /// Files found in folders must pass the configuration's include and exclude globs; files named on the
    /// command line are always analysed.
    public func discover(_ paths: [String]) throws(InputError) -> [SourceFile] {
        var found: [String: SourceFile] = [:]
        for path in paths.isEmpty ? ["."] : paths {
            let url = URL.resolving(path, against: workingDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file or directory; pass a folder or .swift file to analyse")
            }
            let root = isDirectory.boolValue ? url : url.deletingLastPathComponent()
            var walk = isDirectory.boolValue ? swiftFiles(under: url) : Walk(files: [url], manifests: [])
            walk.manifests += manifestsAbove(root)
            let modules = ModuleNaming(
                packages: walk.manifests.compactMap(Self.readManifest), roots: configuration.moduleRoots,
                fallback: moduleName(forRoot: root)
            )
            for file in walk.files {
                let display = displayPath(of: file)
                found[display] = SourceFile(url: file, displayPath: display, module: modules.module(of: file, names: relativeNames(of: file, root: root)))
            }
        }
        return found.keys.sorted().map { found[$0]! }
    }

    /// Swift files and `Package.swift` manifests found under a folder.
    private struct Walk {
        var files: [URL]
        var manifests: [URL]
    }

    private func swiftFiles(under root: URL) -> Walk {
        var walk = Walk(files: [], manifests: [])
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey], options: []
        ) else { return walk }
        let filtering = !configuration.include.isEmpty || !configuration.exclude.isEmpty
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            let values = FileKind(url)
            if values?.isDirectory == true {
                if Self.skippedFolders.contains(name) || name.hasPrefix(".build") { enumerator.skipDescendants() }
                // An excluded folder is not entered at all.
                else if filtering, isExcluded(relativeNames(of: url.standardizedFileURL, root: root)) { enumerator.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true else { continue }
            if name == "Package.swift" { walk.manifests.append(url.standardizedFileURL) }
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

    /// `Package.swift` files in the folders above an analysed folder, up to the working directory, for
    /// analysing `Sources/Feature` of a package whose manifest gives it a custom path.
    private func manifestsAbove(_ root: URL) -> [URL] {
        var manifests: [URL] = []
        var folder = root.deletingLastPathComponent()
        let base = workingDirectory.pathComponents
        while folder.pathComponents.count >= base.count, Array(folder.pathComponents.prefix(base.count)) == base {
            let manifest = folder.appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest.path) { manifests.append(manifest) }
            guard folder.pathComponents.count > 1 else { break }
            folder = folder.deletingLastPathComponent()
        }
        return manifests
    }

    private static func readManifest(_ url: URL) -> (folder: URL, manifest: PackageManifest)? {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else { return nil }
        return (url.deletingLastPathComponent(), PackageManifest(text: text))
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

/// Which module a file belongs to: the `Package.swift` target whose folder holds it, else the folder under
/// a module root (`Sources/<Module>/…`), else the analysed folder's name.
struct ModuleNaming {
    /// Target folders as path components, deepest first so nested targets win.
    private let targets: [(components: [String], name: String)]
    private let roots: [PathGlob]
    private let fallback: String

    init(packages: [(folder: URL, manifest: PackageManifest)], roots: [PathGlob], fallback: String) {
        targets = packages.flatMap { package in
            package.manifest.targets.map { (package.folder.appendingPathComponent($0.path).standardizedFileURL.pathComponents, $0.name) }
        }.sorted { ($0.components.count, $0.name) > ($1.components.count, $1.name) }
        self.roots = roots
        self.fallback = fallback
    }

    /// `names` are the file's path components relative to the configuration (for anchored module roots).
    func module(of file: URL, names: [String]) -> String {
        let components = file.pathComponents
        if let target = targets.first(where: { components.count > $0.components.count && Array(components.prefix($0.components.count)) == $0.components }) {
            return target.name
        }
        // The deepest module root that still has a module folder below it and above the file.
        var best: (depth: Int, module: String)?
        for root in roots {
            // Unanchored roots (`Sources`) are matched along the whole path, as a folder name anywhere.
            let path = root.pattern.contains("/") ? names : components.filter { $0 != "/" }
            for length in stride(from: path.count - 2, through: 1, by: -1) where root.matchesExactly(path[..<length]) {
                if best == nil || path.count - length < best!.depth { best = (path.count - length, path[length]) }
                break
            }
        }
        return best?.module ?? fallback
    }
}

/// A problem with what the user asked for (exit status 2).
public struct InputError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
