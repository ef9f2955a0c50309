import Foundation

/// The project files found while discovering sources (`Package.swift`, XcodeGen `project.yml`, Tuist
/// `Project.swift`, `*.xcodeproj`), turned into module claims. There are only a few per repository, so
/// each is read once here and nothing else is read twice.
struct ProjectFiles {
    private(set) var urls: [URL] = []

    static let fileNames: Set<String> = ["Package.swift", "project.yml", "project.yaml", "Project.swift"]

    static func isXcodeProject(_ folderName: String) -> Bool { folderName.hasSuffix(".xcodeproj") }

    mutating func add(_ url: URL) { urls.append(url.standardizedFileURL) }

    /// Both lists, each file once.
    func merged(with other: ProjectFiles) -> ProjectFiles {
        var merged = self
        for url in other.urls where !merged.urls.contains(url) { merged.add(url) }
        return merged
    }

    /// Project files in `folder` and the folders above it up to `base`, for analysing `App/Sources` of a
    /// repository whose `project.yml` or `Package.swift` is at the top.
    static func inFolders(from folder: URL, upTo base: URL, in tree: any SourceTree) -> ProjectFiles {
        var files = ProjectFiles()
        var folder = folder.standardizedFileURL
        let base = base.standardizedFileURL.pathComponents
        while folder.pathComponents.count >= base.count, Array(folder.pathComponents.prefix(base.count)) == base {
            let names = (tree.entries(of: folder.path) ?? []).map(\.name)
            for name in names.sorted() where fileNames.contains(name) || isXcodeProject(name) {
                files.add(folder.appendingPathComponent(name))
            }
            guard folder.pathComponents.count > 1 else { break }
            folder = folder.deletingLastPathComponent()
        }
        return files
    }

    /// Every file's claims, in a stable order (see `ModuleNaming`). `read` keeps what each file
    /// claimed, so that several paths of one run under the same project read its files once.
    func claims(reading read: inout [URL: [ModuleClaim]], in tree: any SourceTree) -> [ModuleClaim] {
        urls.sorted { $0.path < $1.path }.flatMap { url in
            if let claims = read[url] { return claims }
            let claims = Self.claims(of: url, in: tree)
            read[url] = claims
            return claims
        }
    }

    private static func claims(of url: URL, in tree: any SourceTree) -> [ModuleClaim] {
        let folder = ProjectPath.join("/", url.deletingLastPathComponent().path)
        if isXcodeProject(url.lastPathComponent) { return xcodeClaims(url, in: tree) }
        guard case .bytes(let bytes) = tree.read(url.path, limit: Pipeline.maximumFileSize) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        switch url.lastPathComponent {
        case "Package.swift":
            return PackageManifest(text: text).targets.map { .init(path: ProjectPath.join(folder, $0.path), module: $0.name, source: .package) }
        case "Project.swift":
            return TuistManifest(text: text).targets.flatMap { target in
                target.paths.map { .init(path: ProjectPath.join(folder, $0), module: target.name, source: .tuist) }
            }
        default:
            return XcodeGenSpec(text: text).targets.flatMap { target in
                target.paths.map { .init(path: ProjectPath.join(folder, $0), module: target.name, source: .xcodeGen) }
            }
        }
    }

    /// The folder holding `X.xcodeproj` is module `X`; the project's targets, where it reads, claim the
    /// folders and files of their sources below that.
    private static func xcodeClaims(_ url: URL, in tree: any SourceTree) -> [ModuleClaim] {
        let folder = ProjectPath.join("/", url.deletingLastPathComponent().path)
        let projectClaim = ModuleClaim(path: folder, module: url.deletingPathExtension().lastPathComponent, source: .xcodeProject)
        guard case .bytes(let bytes) = tree.read(url.appendingPathComponent("project.pbxproj").path, limit: Pipeline.maximumFileSize),
            let project = XcodeProject(pbxproj: Data(bytes), folder: folder)
        else { return [projectClaim] }
        return XcodeTargetFolders(project: project, folder: folder).claims + [projectClaim]
    }
}
