import CPDIFacts
import Dispatch
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

    /// Writes the files of each commit into its folder (`git archive` piped into `tar`, so nothing in
    /// the work tree changes), all at once, in one shell.
    public func export(_ revisions: [(commit: String, folder: URL)]) throws(InputError) {
        guard !revisions.isEmpty else { return }
        // The paths are arguments of the script ($1…), never part of its text.
        let script = """
            set -o pipefail; root=$1; shift; pids=()
            while [ $# -gt 0 ]; do (git -C "$root" archive --format=tar "$1" | tar -xf - -C "$2") & pids+=($!); shift 2; done
            status=0; for pid in "${pids[@]}"; do wait "$pid" || status=1; done; exit $status
            """
        let arguments = ["-c", script, "cpdi-export", root.path] + revisions.flatMap { [$0.commit, $0.folder.path] }
        try Self.run(arguments, in: root, executable: "bash") { message in
            "\(revisions.map(\.commit).joined(separator: ", ")): cannot export into \(revisions[0].folder.deletingLastPathComponent().path) (\(message)); check the repository and the free space there"
        }
    }

    /// Exports `base` whole, then makes `head`'s folder from it instead of exporting it too: hard links to
    /// base's files, minus the paths the two commits differ in, which are exported from head. On a
    /// 2,000-file app a second export cost about as much CPU as parsing the files that changed. Head is
    /// exported whole instead when more than a third of the files changed (and more than 300), when `cp -l` is missing (macOS),
    /// or when attributes ask for `export-subst`, whose expansion differs between commits although the
    /// file does not. Changed paths are removed before head's versions are written, so no write goes
    /// through a link into base's copy.
    public func export(base: (commit: String, folder: URL), derivingHead head: (commit: String, folder: URL)) throws(InputError) {
        let script = """
            set -o pipefail; root=$1; base=$2; from=$3; head=$4; to=$5
            git -C "$root" archive --format=tar "$base" | tar -xf - -C "$from" || exit 1
            whole() { git -C "$root" archive --format=tar "$head" | tar -xf - -C "$to"; exit; }
            attributes=$(git -C "$root" rev-parse --git-path info/attributes)
            if git -C "$root" grep -q -e export-subst "$head" -- ':(glob)**/.gitattributes' || grep -qs export-subst "$attributes"; then whole; fi
            changed=$(dirname "$to")/changed; kept=$(dirname "$to")/kept
            git -C "$root" diff --name-only -z --no-renames "$base" "$head" > "$changed" || exit 1
            count=$(tr -cd '\\0' < "$changed" | wc -c); total=$(find "$from" -type f | wc -l)
            if [ "$count" -gt 300 ] && [ $((count * 3)) -gt "$total" ]; then whole; fi
            cp -al "$from/." "$to/" 2>/dev/null || { rm -rf "$to" && mkdir -p "$to" && whole; }
            (cd "$to" && xargs -0 -r rm -rf -- < "$changed") || exit 1
            git -C "$root" diff --name-only -z --no-renames --diff-filter=d "$base" "$head" > "$kept" || exit 1
            xargs -0 -r bash -c 'set -o pipefail; root=$1; head=$2; to=$3; shift 3
                GIT_LITERAL_PATHSPECS=1 git -C "$root" archive --format=tar "$head" -- "$@" | tar -xf - -C "$to"' _ "$root" "$head" "$to" < "$kept"
            """
        let arguments = ["-c", script, "cpdi-export", root.path, base.commit, base.folder.path, head.commit, head.folder.path]
        try Self.run(arguments, in: root, executable: "bash") { message in
            "\(base.commit), \(head.commit): cannot export into \(base.folder.deletingLastPathComponent().path) (\(message)); check the repository and the free space there"
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
        // Not `waitUntilExit`, which on Linux polls the run loop and notices the exit up to 50 ms late.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch { throw InputError(failure("cannot run \(executable): \(error.localizedDescription)")) }
        // Read both pipes before waiting, so a full pipe cannot block the child. stderr on a thread of
        // its own: a Dispatch worker could wait behind the very work that called this.
        let errorHandle = errors.fileHandleForReading
        let stderrRead = DispatchSemaphore(value: 0)
        let stderrBox = DataBox()
        Thread.detachNewThread {
            stderrBox.data = errorHandle.readDataToEndOfFile()
            stderrRead.signal()
        }
        let stdoutData = output.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        exited.wait()
        let stderrData = (stderrBox.data, stdoutData)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: stderrData.0, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            throw InputError(failure(message ?? "exit status \(process.terminationStatus)"))
        }
        return String(decoding: stderrData.1, as: UTF8.self)
    }

    /// Bytes handed from the stderr thread to the caller, which reads them only after the thread signals.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}
