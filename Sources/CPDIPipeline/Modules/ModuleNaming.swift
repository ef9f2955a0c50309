import Foundation

/// Which project file named a module. At the same folder an earlier source wins: a package target over
/// an XcodeGen or Tuist target (which generate the Xcode project), those over the Xcode project's
/// targets, and those over the bare name of the `.xcodeproj`.
enum ModuleSource: Int, Comparable {
    case package, xcodeGen, tuist, xcodeTarget, xcodeProject

    static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}

/// A project file's statement that everything at `path` (a folder, or one file) is in `module`.
struct ModuleClaim: Equatable {
    /// Absolute and normalised (`ProjectPath.join`).
    var path: String
    var module: String
    var source: ModuleSource
}

/// Which module a file belongs to: the claim of a project file on the deepest folder holding it (or on
/// the file itself), else the folder under a module root (`Sources/<Module>/…`), else the analysed
/// folder's name.
struct ModuleNaming {
    /// The winning claim at each path.
    private let claims: [String: ModuleClaim]
    private let roots: [PathGlob]
    /// Whether each root is anchored (has a `/`), and so matched against the names below the configuration.
    private let anchored: [Bool]
    private let fallback: String

    /// Of several claims at one path the first of the most trusted source wins, so callers list claims
    /// in a stable order.
    init(claims: [ModuleClaim], roots: [PathGlob], fallback: String) {
        var best: [String: ModuleClaim] = [:]
        for claim in claims where best[claim.path].map({ claim.source < $0.source }) ?? true {
            best[claim.path] = claim
        }
        self.claims = best
        self.roots = roots
        anchored = roots.map { $0.pattern.utf8.contains(UInt8(ascii: "/")) }
        self.fallback = fallback
    }

    /// `file` is an absolute, normalised path; `names` gives its path components relative to the
    /// configuration (for anchored module roots), asked for only when such a root is configured.
    /// True when no project file names targets here: then every file of a folder is in the same module.
    var followsFolders: Bool { claims.isEmpty }

    func module(of file: String, names: () -> [String]) -> String {
        // Up from the file itself, so the deepest claim is met first: one lookup per folder level.
        if !claims.isEmpty {
            var path = ProjectPath.isNormalised(file) ? file : ProjectPath.join("/", file)
            while !path.isEmpty {
                if let claim = claims[path] { return claim.module }
                path = String(path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)])
            }
        }
        guard !roots.isEmpty else { return fallback }
        // On bytes: splitting by `Character` was most of discovering a 2,000-file app.
        let components = file.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        let anchoredNames = anchored.contains(true) ? names() : []
        // The deepest module root that still has a module folder below it and above the file.
        var best: (depth: Int, module: String)?
        for (root, isAnchored) in zip(roots, anchored) {
            // Unanchored roots (`Sources`) are matched along the whole path, as a folder name anywhere.
            let path = isAnchored ? anchoredNames : components
            for length in stride(from: path.count - 2, through: 1, by: -1) where root.matchesExactly(path[..<length]) {
                if best == nil || path.count - length < best!.depth { best = (path.count - length, path[length]) }
                break
            }
        }
        return best?.module ?? fallback
    }
}
