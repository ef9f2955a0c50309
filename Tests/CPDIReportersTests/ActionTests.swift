import Foundation
import Testing

/// The GitHub Action's two scripts, run as the action runs them: `diff.sh` on a throwaway repository,
/// `comment.sh` against a stand-in `gh` that records the API calls it gets.
@Suite(.serialized) struct ActionTests {
    static let scripts = Golden.packageRoot.appendingPathComponent("scripts/action")

    @Test func diffWritesTheCommentTheSARIFAndTheAffectedComponentsAndKeepsTheStatus() throws {
        try DiffRepository.with { repository in
            let out = repository.root.deletingLastPathComponent().appendingPathComponent("out")
            let base = try repository.git("rev-parse", "base").trimmingCharacters(in: .whitespacesAndNewlines)
            let run = try DiffRepository.run([
                "env", "CPDI=\(DiffTests.executable.path)", "BASE=\(base)", "PATHS=Sources", "FAIL_ON=warning", "OUT=\(out.path)",
                Self.scripts.appendingPathComponent("diff.sh").path,
            ], in: repository.root)
            #expect(run.status == 0, "the status is kept for the action's last step: \(run.stderr)")
            #expect(try String(contentsOf: out.appendingPathComponent("status"), encoding: .utf8) == "1\n", "two new warnings reach --fail-on warning")
            #expect(try String(contentsOf: out.appendingPathComponent("affected.txt"), encoding: .utf8) == "Badge\nList\nRoot\n")
            let comment = try String(contentsOf: out.appendingPathComponent("cpdi-diff.md"), encoding: .utf8)
            #expect(comment.hasPrefix("## cpdi diff: 2 new findings, 0 fixed"))
            #expect(comment.contains("<!-- cpdi-diff -->"))
            let sarif = try Data(contentsOf: out.appendingPathComponent("cpdi-diff.sarif"))
            let valid = try SchemaValidation.run(Array(sarif), against: .sarif)
            #expect(valid.status == 0, "\(valid.output)")
        }
    }

    @Test func theCommentIsPostedOnceThenUpdatedInPlace() throws {
        try Fixtures.withFolder { folder in
            let bin = folder.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            // Answers the comment listing with the id of the comment it "posted" earlier, if any.
            let gh = bin.appendingPathComponent("gh")
            try """
                #!/usr/bin/env bash
                echo "$*" >> "$GH_LOG"
                case "$*" in
                  *--paginate*) [ -f "$GH_STATE" ] && cat "$GH_STATE"; exit 0 ;;
                  *"--method POST"*) echo 4242 > "$GH_STATE" ;;
                esac
                for argument in "$@"; do case "$argument" in body=@*) cat "${argument#body=@}" > "$GH_STATE.body" ;; esac; done

                """.write(to: gh, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gh.path)
            let body = folder.appendingPathComponent("cpdi-diff.md")
            try "## cpdi diff: no change\n\n<!-- cpdi-diff -->\n".write(to: body, atomically: true, encoding: .utf8)
            let log = folder.appendingPathComponent("gh.log"), state = folder.appendingPathComponent("gh.state")
            let environment = [
                "env", "PATH=\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
                "GH_LOG=\(log.path)", "GH_STATE=\(state.path)", "REPOSITORY=owner/repo", "PR_NUMBER=7",
                Self.scripts.appendingPathComponent("comment.sh").path, body.path,
            ]
            let first = try DiffRepository.run(environment, in: folder)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "cpdi: commented on #7\n")
            let second = try DiffRepository.run(environment, in: folder)
            #expect(second.stdout == "cpdi: updated comment 4242 on #7\n")
            let calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(calls == [
                "api repos/owner/repo/issues/7/comments --paginate --jq .[] | select(.body | contains(\"<!-- cpdi-diff -->\")) | .id",
                "api --method POST repos/owner/repo/issues/7/comments -F body=@\(body.path) --silent",
                "api repos/owner/repo/issues/7/comments --paginate --jq .[] | select(.body | contains(\"<!-- cpdi-diff -->\")) | .id",
                "api --method PATCH repos/owner/repo/issues/comments/4242 -F body=@\(body.path) --silent",
            ])
            #expect(try String(contentsOf: folder.appendingPathComponent("gh.state.body"), encoding: .utf8) == "## cpdi diff: no change\n\n<!-- cpdi-diff -->\n")

            // A body without the marker could never be found again: refused before any call.
            try "## something else\n".write(to: body, atomically: true, encoding: .utf8)
            let refused = try DiffRepository.run(environment, in: folder)
            #expect(refused.status == 2)
            #expect(try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count == 4)
        }
    }
}

enum Fixtures {
    /// A fresh folder that is removed when `body` returns.
    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-action-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
