import Foundation
import Testing

/// The GitHub Action's scripts, run as the action runs them: `diff.sh` on a throwaway repository,
/// `comment.sh` against a stand-in `gh` that records the API calls it gets, and `install.sh` against a
/// stand-in `gh` that serves a release from a folder.
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

extension ActionTests {
    #if arch(arm64)
    static let machine = "aarch64"
    #else
    static let machine = "x86_64"
    #endif

    /// A release folder as `make dist` leaves it, holding a stand-in `cpdi` that answers `--version` with
    /// `reports`, and a `gh` that serves it: `release download` copies the matching files, logging the call.
    struct Release {
        let folder: URL
        var bin: URL { folder.appendingPathComponent("bin") }
        var assets: URL { folder.appendingPathComponent("assets") }
        var log: URL { folder.appendingPathComponent("gh.log") }

        init(in folder: URL, version: String, reports: String) throws {
            self.folder = folder
            let name = "cpdi-\(version)-linux-\(ActionTests.machine)"
            let stage = folder.appendingPathComponent("stage/\(name)/bin")
            for made in [bin, assets, stage] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
            try Self.executable("#!/bin/sh\n[ \"$1\" = --version ] && echo \(reports)\n", at: stage.appendingPathComponent("cpdi"))
            try Self.executable("""
                #!/usr/bin/env bash
                echo "$*" >> "\(log.path)"
                [ "$1 $2" = "release download" ] || exit 1
                dir=.; patterns=()
                while [ $# -gt 0 ]; do
                  case "$1" in --dir) dir=$2; shift ;; --pattern) patterns+=("$2"); shift ;; esac
                  shift
                done
                found=0
                for pattern in "${patterns[@]}"; do
                  [ -f "\(assets.path)/$pattern" ] && cp "\(assets.path)/$pattern" "$dir/" && found=1
                done
                [ "$found" = 1 ] || { echo "release not found" >&2; exit 1; }

                """, at: bin.appendingPathComponent("gh"))
            let pack = try DiffRepository.run(["bash", "-c", """
                tar -C "\(folder.path)/stage" -czf "\(assets.path)/\(name).tar.gz" "\(name)" && cd "\(assets.path)" && sha256sum "\(name).tar.gz" > "\(name).tar.gz.sha256"
                """], in: folder)
            #expect(pack.status == 0, "\(pack.stderr)")
        }

        static func executable(_ text: String, at url: URL) throws {
            try text.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }

        func install(_ environment: [String]) throws -> DiffRepository.Run {
            try DiffRepository.run(
                ["env", "PATH=\(bin.path):/usr/bin:/bin", "DEST=\(folder.appendingPathComponent("dest").path)"] + environment
                    + [ActionTests.scripts.appendingPathComponent("install.sh").path],
                in: folder
            )
        }

        func calls() throws -> [String] {
            (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        }
    }

    @Test func aGivenReleaseIsDownloadedCheckedAndUnpacked() throws {
        try Fixtures.withFolder { folder in
            let release = try Release(in: folder, version: "0.4.0", reports: "0.4.0")
            let name = "cpdi-0.4.0-linux-\(Self.machine)"
            let run = try release.install(["VERSION=v0.4.0", "REPOSITORY=owner/cpdi"])
            #expect(run.status == 0, "\(run.stderr)")
            let installed = folder.appendingPathComponent("dest/\(name)/bin/cpdi").path
            #expect(run.stdout == installed + "\n", "the path is the step's output")
            #expect(FileManager.default.isExecutableFile(atPath: installed))
            #expect(try release.calls().count == 1)
            #expect(try release.calls().first?.hasPrefix(
                "release download v0.4.0 --repo owner/cpdi --pattern \(name).tar.gz --pattern \(name).tar.gz.sha256 --dir /"
            ) == true, "the tag as given, the archive named by the version without its v")

            // Without a repository, the action's own, from where the runner put it.
            let derived = try release.install(["VERSION=0.4.0", "REPOSITORY=", "GITHUB_ACTION_PATH=/home/runner/work/_actions/someone/cpdi-fork/v1"])
            #expect(derived.status == 0, "\(derived.stderr)")
            #expect(try release.calls().last?.contains(" --repo someone/cpdi-fork ") == true)
            let unknown = try release.install(["VERSION=0.4.0", "REPOSITORY=", "GITHUB_ACTION_PATH=/work/cpdi"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains("set the action's release-repository input"))
        }
    }

    @Test func aDamagedMissingOrMislabelledReleaseIsRefused() throws {
        try Fixtures.withFolder { folder in
            let release = try Release(in: folder, version: "0.4.0", reports: "0.3.9")
            let name = "cpdi-0.4.0-linux-\(Self.machine)"
            let mislabelled = try release.install(["VERSION=0.4.0", "REPOSITORY=owner/cpdi"])
            #expect(mislabelled.status == 2)
            #expect(mislabelled.stderr.hasSuffix("/bin/cpdi is version 0.3.9, not 0.4.0\n"), "\(mislabelled.stderr)")
            #expect(mislabelled.stdout == "")

            let missing = try release.install(["VERSION=0.5.0", "REPOSITORY=owner/cpdi"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("install.sh: release 0.5.0 of owner/cpdi has no cpdi-0.5.0-linux-\(Self.machine).tar.gz; attach"))

            try FileManager.default.removeItem(at: folder.appendingPathComponent("dest"))
            let archive = release.assets.appendingPathComponent("\(name).tar.gz")
            var bytes = try Data(contentsOf: archive)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: archive)
            let damaged = try release.install(["VERSION=0.4.0", "REPOSITORY=owner/cpdi"])
            #expect(damaged.status == 2)
            #expect(damaged.stderr == "install.sh: \(name).tar.gz does not match its .sha256; download it again or check the release\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dest").path), "nothing unpacked")
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
