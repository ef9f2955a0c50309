import Foundation

/// The native targets of an Xcode project and where their sources are, read from `project.pbxproj`.
///
/// Files compiled by a target are found through its sources build phase, each file reference placed by
/// walking the group tree from the main group (`path` relative to the enclosing group, the project
/// folder, or absolute). Xcode 16 folders (`PBXFileSystemSynchronizedRootGroup`) belong whole to the
/// targets that list them.
struct XcodeProject {
    struct Target: Equatable {
        var name: String
        /// Absolute paths of the files its sources build phase compiles.
        var files: [String]
        /// Absolute paths of the folders Xcode keeps in sync with the target.
        var synchronizedFolders: [String]
    }

    /// In the order of the project's target list.
    var targets: [Target]

    /// `folder` is the one holding the `.xcodeproj`; nil when the text is not a readable project.
    init?(pbxproj data: Data, folder: String) {
        guard let root = PropertyListText.parse(data), let objects = root["objects"]?.dictionary,
            let rootID = root["rootObject"]?.string, let project = objects[rootID],
            let mainGroup = project["mainGroup"]?.string
        else { return nil }
        let projectFolder = ProjectPath.join(folder, project["projectDirPath"]?.string ?? "")
        let locations = Self.locations(objects: objects, mainGroup: mainGroup, projectFolder: projectFolder)
        targets = (project["targets"]?.array ?? []).compactMap { id in
            guard let target = id.string.flatMap({ objects[$0] }), let name = target["name"]?.string else { return nil }
            let phases = (target["buildPhases"]?.array ?? []).compactMap { $0.string.flatMap { objects[$0] } }
            let buildFiles = phases.filter { $0["isa"]?.string == "PBXSourcesBuildPhase" }.flatMap { $0["files"]?.array ?? [] }
            // Localised variant groups sit where their folder is: taken for files, they would claim it.
            let references = buildFiles.compactMap { $0.string.flatMap { objects[$0]?["fileRef"]?.string } }
            let files = references.filter { objects[$0]?["isa"]?.string == "PBXFileReference" }.compactMap { locations[$0] }
            let folders = (target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap { $0.string.flatMap { locations[$0] } }
            return Target(name: name, files: files, synchronizedFolders: folders)
        }
    }

    /// Where each group and file reference reachable from the main group is on disk. References
    /// relative to build products or SDKs are left out: they are not the project's own code.
    private static func locations(objects: [String: PropertyListText], mainGroup: String, projectFolder: String) -> [String: String] {
        var locations: [String: String] = [:]
        // Depth-first over the group tree without recursion; each object is placed once, which also
        // stops at cycles in a damaged file.
        var pending: [(id: String, parent: String)] = [(mainGroup, projectFolder)]
        while let (id, parent) = pending.popLast() {
            guard locations[id] == nil, let object = objects[id] else { continue }
            let path = object["path"]?.string ?? ""
            let location: String
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": location = ProjectPath.join(parent, path)
            case "SOURCE_ROOT": location = ProjectPath.join(projectFolder, path)
            case "<absolute>": location = ProjectPath.join("/", path)
            default: continue
            }
            locations[id] = location
            for child in (object["children"]?.array ?? []).reversed() {
                if let child = child.string { pending.append((child, location)) }
            }
        }
        return locations
    }
}

/// Joining and normalising paths as text, without touching the file system, so that project files
/// and the files found on disk name the same place the same way.
enum ProjectPath {
    /// `relative` resolved against the absolute path `base`: `.` and `..` removed, no trailing slash;
    /// an absolute `relative` stands alone.
    static func join(_ base: String, _ relative: String) -> String {
        var names: [Substring] = []
        let all = relative.hasPrefix("/") ? relative.split(separator: "/") : base.split(separator: "/") + relative.split(separator: "/")
        for name in all {
            switch name {
            case ".": continue
            case "..": if !names.isEmpty { names.removeLast() }
            default: names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// Whether `path` is already what `join` makes of it: absolute, without `.`, `..`, empty names or a
    /// trailing slash. Checked on bytes, since it runs for every discovered file.
    static func isNormalised(_ path: String) -> Bool {
        var bytes = path.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "/") else { return false }
        var name: (count: Int, dots: Int) = (0, 0)
        var any = false
        while let byte = bytes.next() {
            any = true
            if byte == UInt8(ascii: "/") {
                if name.count == 0 || name.count == name.dots && name.dots <= 2 { return false }
                name = (0, 0)
            } else {
                name.count += 1
                if byte == UInt8(ascii: ".") { name.dots += 1 }
            }
        }
        return !any || !(name.count == 0 || name.count == name.dots && name.dots <= 2)
    }
}
