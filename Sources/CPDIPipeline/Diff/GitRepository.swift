import CPDIFacts
import Foundation

/// The few git operations `cpdi diff` needs, run through the `git` executable: where the repository
/// is, which commit a revision names, and a revision's files exported into a folder.
public struct GitRepository: Sendable {
    /// The top of the work tree.
    public let root: URL

    /// The repository that holds `directory`, or an error that says how to compare without one.
    public static func containing(_ directory: URL) throws(InputError) -> GitRepository {
        let output = try run(["rev-parse", "--show-toplevel"], in: directory) { _ in
            "\(directory.path) is not inside a git repository; run cpdi diff in one, or compare saved results with --from base.json --to head.json"
        }
        return GitRepository(root: URL(fileURLWithPath: output.trimmingCharacters(in: .newlines), isDirectory: true).standardizedFileURL)
    }

    /// The commit `revision` names (a branch, tag, `HEAD~2`, a hash).
    public func commit(_ revision: String) throws(InputError) -> String {
        // `--end-of-options` keeps a revision that starts with `-` from being read as an option.
        let output = try Self.run(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"], in: root) { _ in
            "\(revision): not a commit of the git repository at \(root.path); name a branch, tag or commit (git fetch it first in a shallow clone)"
        }
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes the files of `commit` into `folder` (`git archive`, so nothing in the work tree changes).
    public func export(_ commit: String, to folder: URL) throws(InputError) {
        let archive = folder.appendingPathComponent(".cpdi-revision.tar")
        _ = try Self.run(["archive", "--format=tar", "-o", archive.path, commit], in: root) { message in
            "\(commit): git archive failed (\(message)); check the repository at \(root.path)"
        }
        defer { try? FileManager.default.removeItem(at: archive) }
        _ = try Self.run(["-xf", archive.path, "-C", folder.path], in: folder, executable: "tar") { message in
            "\(archive.path): cannot unpack the revision (\(message)); check the space in \(folder.path)"
        }
    }

    /// Runs `executable` (git by default) and returns its stdout, or throws the error `failure` words
    /// from its first line of stderr.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL, executable: String = "git", failure: (String) -> String
    ) throws(InputError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw InputError(failure("cannot run \(executable): \(error.localizedDescription)")) }
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let errorHandle = errors.fileHandleForReading
        let stderrData = Parallel.both({ errorHandle.readDataToEndOfFile() }, { output.fileHandleForReading.readDataToEndOfFile() })
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: stderrData.0, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            throw InputError(failure(message ?? "exit status \(process.terminationStatus)"))
        }
        return String(decoding: stderrData.1, as: UTF8.self)
    }
}
