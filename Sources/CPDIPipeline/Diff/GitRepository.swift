import CPDIFacts
import Dispatch
import Foundation

/// The few git operations `cpdi diff` needs, run through the `git` executable: where the repository
/// is, which commit a revision names, and the output of the commands that read a revision's files.
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

    /// The output of `git arguments…` as bytes, with `input` on its standard input.
    func bytes(_ arguments: [String], input: Data? = nil, failure: (String) -> String) throws(InputError) -> [UInt8] {
        [UInt8](try Self.runData(arguments, in: root, executable: "git", input: input, failure: failure))
    }

    /// Runs `git arguments…` with `input` on its standard input and hands its output to `chunk` as it
    /// arrives, so the caller can use the first of it while git still writes the rest.
    func stream(_ arguments: [String], input: Data, chunk: @escaping (Data) -> Void, failure: (String) -> String) throws(InputError) {
        _ = try Self.runData(arguments, in: root, executable: "git", input: input, chunk: chunk, failure: failure)
    }

    /// Runs `executable` (git by default) and returns its stdout, or throws the error `failure` words
    /// from its first line of stderr.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL, executable: String = "git", failure: (String) -> String
    ) throws(InputError) -> String {
        String(decoding: try runData(arguments, in: directory, executable: executable, input: nil, failure: failure), as: UTF8.self)
    }

    /// With `chunk`, stdout goes there as it arrives and the result is empty.
    private static func runData(
        _ arguments: [String], in directory: URL, executable: String, input: Data?, chunk: ((Data) -> Void)? = nil,
        failure: (String) -> String
    ) throws(InputError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        // Not `waitUntilExit`, which on Linux polls the run loop and notices the exit up to 50 ms late.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do { try process.run() } catch { throw InputError(failure("cannot run \(executable): \(error.localizedDescription)")) }
        // Read both pipes before waiting, so a full pipe cannot block the child; stdin is written and
        // stderr read on threads of their own (a Dispatch worker could wait behind the very work that called this).
        if let input, let inputPipe {
            let writer = inputPipe.fileHandleForWriting
            Thread.detachNewThread {
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        let errorHandle = errors.fileHandleForReading
        let stderrRead = DispatchSemaphore(value: 0)
        let stderrBox = DataBox()
        Thread.detachNewThread {
            stderrBox.data = errorHandle.readDataToEndOfFile()
            stderrRead.signal()
        }
        var stdoutData = Data()
        if let chunk {
            let reader = output.fileHandleForReading
            while case let data = reader.availableData, !data.isEmpty { chunk(data) }
        } else {
            stdoutData = output.fileHandleForReading.readDataToEndOfFile()
        }
        stderrRead.wait()
        exited.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: stderrBox.data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
            throw InputError(failure(message ?? "exit status \(process.terminationStatus)"))
        }
        return stdoutData
    }

    /// Bytes handed from the stderr thread to the caller, which reads them only after the thread signals.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}
