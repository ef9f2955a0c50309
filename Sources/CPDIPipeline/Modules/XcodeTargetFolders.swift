/// Which target of an Xcode project each of its source folders belongs to, so that a file added to a
/// folder later, and not yet in the project, still gets that target as its module.
struct XcodeTargetFolders {
    let claims: [ModuleClaim]

    /// Synchronized folders belong to their first target; each compiled file to the first target that
    /// compiles it; every folder from a file's up to (not including) the project's folder to the target
    /// that compiles most files beneath it, ties to the earlier target. An `App` folder holding the
    /// app's code and a `Tests` folder with a few test files thus stays the app's.
    init(project: XcodeProject, folder projectFolder: String) {
        var claims: [ModuleClaim] = []
        var counts: [String: [Int: Int]] = [:]
        for (index, target) in project.targets.enumerated() {
            claims += target.synchronizedFolders.map { ModuleClaim(path: $0, module: target.name, source: .xcodeTarget) }
            claims += target.files.map { ModuleClaim(path: $0, module: target.name, source: .xcodeTarget) }
            for file in Set(target.files) {
                for folder in Self.folders(holding: file, below: projectFolder) { counts[folder, default: [:]][index, default: 0] += 1 }
            }
        }
        for (folder, byTarget) in counts.sorted(by: { $0.key < $1.key }) {
            let winner = byTarget.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
            claims.append(ModuleClaim(path: folder, module: project.targets[winner].name, source: .xcodeTarget))
        }
        self.claims = claims
    }

    /// The file's folder and the ones above it inside the project's folder; only the file's own folder
    /// when the file is elsewhere (`../Shared/…`).
    private static func folders(holding file: String, below projectFolder: String) -> [String] {
        var folders: [String] = []
        var folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        let inside = projectFolder == "/" ? "/" : projectFolder + "/"
        guard folder.hasPrefix(inside) else { return folder.isEmpty || folder == projectFolder ? [] : [folder] }
        while folder.hasPrefix(inside) {
            folders.append(folder)
            folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        }
        return folders
    }
}
