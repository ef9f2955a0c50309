import CPDIRules
import Foundation

/// The files whose findings a run prints (`cpdi check --report-only`) while the whole scan still decides
/// them. A build plugin scans the package, because forwards, holders and registrations cross modules, and
/// reports only the files of the target being built, so each finding shows once, in its own target.
public struct ReportScope: Sendable {
    /// Absolute, with symbolic links resolved, so a file reached another way still matches.
    let paths: [String]
    let workingDirectory: URL

    /// `paths` are files or folders, absolute or relative to `workingDirectory`; each must exist. `lists` are
    /// files that name one path a line (what a build system knows of a target); their paths that do not exist
    /// are passed over, since a list may name a file deleted since it was written.
    public init(paths: [String], lists: [String] = [], workingDirectory: URL, tree: any SourceTree = DiskTree()) throws(InputError) {
        var resolved: [String] = []
        for path in paths {
            let url = URL.resolving(path, against: workingDirectory)
            guard tree.kind(of: url.path) != nil else {
                throw InputError("\(path): no such file or folder; check the --report-only path")
            }
            resolved.append(url.resolvingSymlinksInPath().path)
        }
        for list in lists {
            guard case .bytes(let bytes) = tree.read(URL.resolving(list, against: workingDirectory).path, limit: Pipeline.maximumFileSize) else {
                throw InputError("\(list): cannot read the list of files to report; check the --report-only-list path")
            }
            for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.isEmpty {
                let url = URL.resolving(String(line), against: workingDirectory)
                if tree.kind(of: url.path) != nil { resolved.append(url.resolvingSymlinksInPath().path) }
            }
        }
        self.paths = resolved
        self.workingDirectory = workingDirectory
    }

    /// Whether a finding's or problem's file (a display path) is one of the paths or inside one of them.
    public func contains(_ file: String) -> Bool {
        let path = URL.resolving(file, against: workingDirectory).resolvingSymlinksInPath().path
        return paths.contains { scope in path == scope || path.hasPrefix(scope.hasSuffix("/") ? scope : scope + "/") }
    }

    /// `result` with only the findings and input problems inside the scope; the graph and file list stay whole.
    public func restrict(_ result: AnalysisResult) -> AnalysisResult {
        var result = result
        result.findings = result.findings.filter { contains($0.file) }
        result.problems = result.problems.filter { contains($0.file) }
        return result
    }
}

extension AnalysisResult {
    /// Findings and input problems with absolute paths, for build systems and IDEs that run cpdi from a
    /// folder of their own and need `file:line:col` to point at the file whatever the working directory.
    public func withAbsolutePaths(workingDirectory: URL) -> AnalysisResult {
        var result = self
        for index in result.findings.indices {
            result.findings[index].file = URL.resolving(result.findings[index].file, against: workingDirectory).path
        }
        for index in result.problems.indices {
            result.problems[index].file = URL.resolving(result.problems[index].file, against: workingDirectory).path
        }
        return result
    }
}
