import CPDIFacts
import Foundation


/// The discovery step of the pipeline: which Swift files a run looks at, and what each is called.
public struct SourceDiscovery: Sendable {
    /// A Swift file to analyse.
    public struct SourceFile: Sendable, Equatable {
        /// Absolute, normalised path, to read from.
        public var path: String
        public var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
        /// Path as shown to the user: relative to the working directory when the file is under it.
        public var displayPath: String
        /// The module the file belongs to: a target of the project files around it, else
        /// `Sources/<Module>/…`, else the folder that was analysed (`ModuleNaming`).
        public var module: String
    }

    public let workingDirectory: URL
    /// Include and exclude globs, module roots.
    public var configuration: Configuration
    /// Where folders and files are read: the disk, or a git revision in memory.
    public var tree: any SourceTree

    /// The working directory's path ending in `/`: asked for every file, and `URL.path` is slow.
    private let workingDirectoryPrefix: String

    public init(workingDirectory: URL, configuration: Configuration = Configuration(), tree: any SourceTree = DiskTree()) {
        self.workingDirectory = workingDirectory.standardizedFileURL
        let path = self.workingDirectory.path
        workingDirectoryPrefix = path.hasSuffix("/") ? path : path + "/"
        self.configuration = configuration
        self.tree = tree
    }

    /// Folders that hold build products, checkouts or tooling rather than the project's own code (and
    /// DocC catalogs, `*.docc`, whose tutorial snippets are fragments, and Xcode's file templates,
    /// `*.xctemplate`, whose `___FILEBASENAME___.swift` files hold placeholders: neither is compiled).
    static let skippedFolders: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", ".cpdi-cache"]

    /// Every `.swift` file under `paths` (files are taken as given), sorted by display path, each once.
    /// Files found in folders must pass the configuration's include and exclude globs; files named on the
    /// command line are always analysed.
    public func discover(_ paths: [String]) throws(InputError) -> [SourceFile] {
        var found: [SourceFile] = []
        var projectFilesRead: [URL: [ModuleClaim]] = [:]
        for path in paths.isEmpty ? ["."] : paths {
            let url = URL.resolving(path, against: workingDirectory)
            guard let kind = tree.kind(of: url.standardizedFileURL.path) else {
                throw InputError("\(path): no such file or directory; pass a folder or .swift file to analyse")
            }
            let isFolder = kind == .folder
            let root = isFolder ? url : url.deletingLastPathComponent()
            let rootPath = root.standardizedFileURL.path
            let walk = isFolder ? swiftFiles(under: rootPath) : Walk(files: [url.standardizedFileURL.path], folderRuns: [1], projects: ProjectFiles())
            // A named file's own folder is searched too; a walked folder's own project files were found by the walk.
            let above = ProjectFiles.inFolders(from: isFolder ? root.deletingLastPathComponent() : root, upTo: workingDirectory, in: tree)
            let claims = above.claims(reading: &projectFilesRead, in: tree) + walk.projects.claims(reading: &projectFilesRead, in: tree)
            let modules = ModuleNaming(claims: claims, roots: configuration.moduleRoots, fallback: moduleName(forRoot: root))
            // Files named on the command line are analysed whatever the project says.
            let uncompiled = isFolder ? UncompiledFiles(projects: above.merged(with: walk.projects), walked: walk.files, root: rootPath, in: tree) : nil
            found.reserveCapacity(found.count + walk.files.count)
            let bases = relativeNameBases(root: rootPath)
            // Without project files naming targets, a file's module follows from its folder alone, worked out
            // once for each folder's run of files. Folders are independent, so they are worked out on all cores.
            let runStarts = walk.folderRuns.reduce(into: [0]) { $0.append($0.last! + $1) }
            let runs = Parallel.map(walk.folderRuns.count) { run -> [SourceFile] in
                var folderModule: String?
                var files: [SourceFile] = []
                files.reserveCapacity(walk.folderRuns[run])
                for file in walk.files[runStarts[run]..<runStarts[run + 1]] where uncompiled?.isUncompiled(file) != true {
                    let module: String
                    if modules.followsFolders, let known = folderModule {
                        module = known
                    } else {
                        module = modules.module(of: file, names: { relativeNames(of: file, bases: bases) })
                        if modules.followsFolders { folderModule = module }
                    }
                    files.append(SourceFile(path: file, displayPath: displayPath(of: file), module: module))
                }
                return files
            }
            for run in runs { found += run }
        }
        // A file reached twice (a folder and a file in it, both named) counts once, as the later path found it.
        return Self.sortedUnique(found)
    }

    /// Sorted by display path; of equal display paths the last one found stays.
    static func sortedUnique(_ files: [SourceFile]) -> [SourceFile] {
        // Equal display paths keep the order they were found in (the order is stable).
        var unique: [SourceFile] = []
        unique.reserveCapacity(files.count)
        for index in DisplayPathOrder.sortedIndices(files) {
            let file = files[index]
            if let last = unique.last, last.displayPath == file.displayPath { unique[unique.count - 1] = file } else { unique.append(file) }
        }
        return unique
    }

    /// Swift files (absolute, normalised paths) and the project files that name modules, found under a folder.
    private struct Walk {
        var files: [String]
        /// How many of `files`, one after the other, each folder holds (folders with none left out).
        var folderRuns: [Int]
        var projects: ProjectFiles
    }

    private func swiftFiles(under root: String) -> Walk {
        var walk = Walk(files: [], folderRuns: [], projects: ProjectFiles())
        let filtering = !configuration.include.isEmpty || !configuration.exclude.isEmpty
        // One depth at a time, its folders listed on all cores (most of a warm run of a large app is finding
        // its files); what they hold is taken in the folders' order, so the walk is the same whatever ran first.
        var level = [root]
        while !level.isEmpty {
            let listings = Parallel.map(level.count) { listing(of: level[$0], root: root, filtering: filtering) }
            level = []
            for listing in listings {
                level += listing.folders
                for project in listing.projects { walk.projects.add(project) }
                if !listing.files.isEmpty {
                    walk.files += listing.files
                    walk.folderRuns.append(listing.files.count)
                }
            }
        }
        return walk
    }

    /// What one folder holds for the walk: folders to enter, Swift files (and headers), project files.
    private struct Listing {
        var folders: [String] = []
        var files: [String] = []
        var projects: [URL] = []
    }

    private func listing(of folder: String, root: String, filtering: Bool) -> Listing {
        var listing = Listing()
        for entry in tree.entries(of: folder) ?? [] {
            let name = entry.name
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            switch entry.kind {
            case .folder:
                // A project's folder holds settings, not sources: read later as a whole, never walked.
                if ProjectFiles.isXcodeProject(name) {
                    listing.projects.append(URL(fileURLWithPath: path, isDirectory: true))
                } else if Self.skippedFolders.contains(name) || name.hasPrefix(".build") || name.hasSuffix(".docc") || name.hasSuffix(".xctemplate") {
                    continue
                } else if filtering, isExcluded(relativeNames(of: path, root: root)) {
                    continue  // an excluded folder is not entered at all
                } else {
                    listing.folders.append(path)
                }
            case .file:
                if ProjectFiles.fileNames.contains(name) { listing.projects.append(URL(fileURLWithPath: path, isDirectory: false)) }
                // Headers only for the protocols Objective-C declares for Swift (`ObjectiveCHeaders`).
                guard name.hasSuffix(".swift") || ObjectiveCHeaders.isHeader(name) else { continue }
                if filtering, !isSelected(relativeNames(of: path, root: root)) { continue }
                listing.files.append(path)
            case .other:
                continue
            }
        }
        return listing
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

    /// The names on the way to `path` from the configuration's folder, else from the analysed folder, else
    /// from the file system root: what globs are matched against.
    private func relativeNames(of path: String, root: String) -> [String] {
        relativeNames(of: path, bases: relativeNameBases(root: root))
    }

    /// The folders `relativeNames` measures from, each ending in `/`, worked out once per walk.
    private func relativeNameBases(root: String) -> [String] {
        [configuration.baseDirectory?.path, root].compactMap { $0 }.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    private func relativeNames(of path: String, bases: [String]) -> [String] {
        for prefix in bases where path.hasPrefix(prefix) && path.utf8.count > prefix.utf8.count {
            return path.utf8.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        }
        return path.split(separator: "/").map(String.init)
    }

    func displayPath(of url: URL) -> String { displayPath(of: url.path) }

    private func displayPath(of path: String) -> String {
        let base = workingDirectoryPrefix
        return path.hasPrefix(base) ? String(decoding: path.utf8.dropFirst(base.utf8.count), as: UTF8.self) : path
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
