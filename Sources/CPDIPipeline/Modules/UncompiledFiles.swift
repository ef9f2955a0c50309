import Foundation

/// Swift files that sit in an Xcode project's folder but that none of its targets compiles: left-overs,
/// drafts, a second container nobody builds. They are not part of the app, and reading them would add
/// declarations and reads that the app does not have.
///
/// Every project file above a file may build it (`Package.swift`, `project.yml`, `Project.swift`, or a
/// folder holding a `.xcodeproj`). Only when all of them are Xcode projects whose targets list their files,
/// and every file they list was found on disk or exists nowhere in the tree (so cpdi reads the projects
/// right), is a file that no target of theirs compiles and no synchronised folder holds left out.
struct UncompiledFiles {
    private var projects: [String: (compiled: Set<String>, synchronized: [String])?] = [:]
    private var otherProjectFolders: Set<String> = []

    /// - Parameter root: the walked folder; a listed file outside it may be anywhere, so it must have been found.
    init(projects files: ProjectFiles, walked walkedFiles: [String], root: String, in tree: any SourceTree) {
        // Built only for an Xcode project: most folders have none, and a large app's walk is 100,000 paths.
        var walkedSet: Set<String>?
        var walkedNames: Set<Substring>?
        for url in files.urls {
            let folder = url.deletingLastPathComponent().standardizedFileURL.path
            guard ProjectFiles.isXcodeProject(url.lastPathComponent) else {
                otherProjectFolders.insert(folder)
                continue
            }
            guard case .bytes(let bytes) = tree.read(url.appendingPathComponent("project.pbxproj").path, limit: Pipeline.maximumFileSize),
                let project = XcodeProject(pbxproj: Data(bytes), folder: folder)
            else {
                projects[folder] = .some(nil)
                continue
            }
            let compiled = Set(project.targets.flatMap(\.files).filter { $0.hasSuffix(".swift") })
            let synchronized = project.targets.flatMap(\.synchronizedFolders)
            let walked = walkedSet ?? Set(walkedFiles)
            walkedSet = walked
            let trusted = !compiled.isEmpty && Self.placesEveryFile(compiled, walked: walked, root: root, names: &walkedNames)
            if case .some(.some(let known)) = projects[folder], trusted {
                projects[folder] = (known.compiled.union(compiled), known.synchronized + synchronized)
            } else if projects[folder] == nil {
                projects[folder] = trusted ? (compiled, synchronized) : .some(nil)
            } else {
                projects[folder] = .some(nil)  // two projects in one folder, one not readable: trust neither
            }
        }
    }

    /// Whether every file the project compiles is where cpdi read it to be. A listed file missing from disk
    /// with no file of its name anywhere in the tree is a reference Xcode shows in red (deleted, or generated
    /// at build time), not a misread path: had cpdi misread where a group lives, the file would be elsewhere.
    private static func placesEveryFile(_ compiled: Set<String>, walked: Set<String>, root: String, names: inout Set<Substring>?) -> Bool {
        let missing = compiled.subtracting(walked)
        guard !missing.isEmpty else { return true }
        let inside = root.hasSuffix("/") ? root : root + "/"
        guard missing.allSatisfy({ $0.hasPrefix(inside) }) else { return false }
        let known = names ?? Set(walked.map(fileName))
        names = known
        return !missing.contains { known.contains(fileName($0)) }
    }

    private static func fileName(_ path: String) -> Substring {
        path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path)
    }

    /// Whether the file is in an Xcode project's folder and no target of any project above it compiles the
    /// file. A project in a subfolder does not own the files beneath it: the app's project at the root may
    /// compile them (Windscribe keeps an older `Windscribe/Windscribe.xcodeproj` beside the root's).
    func isUncompiled(_ file: String) -> Bool {
        // Most trees have no Xcode project that lists its files; every file is asked. A header is not compiled
        // by a target but imported by the files that are.
        guard !projects.isEmpty, file.hasSuffix(".swift") else { return false }
        var folder = PathText.folder(of: file)
        var listedByAProject = false
        while !folder.isEmpty {
            if otherProjectFolders.contains(folder) { return false }
            if let entry = projects[folder] {
                guard let project = entry else { return false }
                if project.compiled.contains(file) { return false }
                if project.synchronized.contains(where: { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return false }
                listedByAProject = true
            }
            guard folder != "/" else { break }
            folder = PathText.folder(of: folder)
        }
        return listedByAProject
    }
}
