import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import FoundationXML
import Testing

/// `cpdi diff` on a throwaway git repository (`DiffRepository`): each commit's change, every format,
/// and the facts cache shared by both sides.
@Suite(.serialized) struct DiffTests {
    static let executable = Golden.packageRoot.appendingPathComponent(".build/debug/cpdi")

    func report(_ repository: DiffRepository, _ base: String, _ head: String?, cache: URL? = nil) throws -> DiffReport {
        let scan = RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: cache)
        let (report, saving) = try scan.report(base: base, head: head)
        saving.wait()
        return report
    }

    func text(_ report: DiffReport) throws -> String {
        String(decoding: try DiffFormat.text.render(report), as: UTF8.self)
    }

    @Test func addingAComponentGrowsTheLeavesOfEveryoneUpstream() throws {
        try DiffRepository.with { repository in
            let diff = try report(repository, "base", "added").diff
            // No alias listed TrackingDependency before, so the graph did not have it either.
            #expect(diff.addedNodes.map(\.id) == ["alias:BadgeDependencies", "component:Badge", "leaf:TrackingDependency"])
            #expect(diff.removedNodes.isEmpty)
            #expect(diff.addedEdges.contains { $0.from == "component:List" && $0.to == "component:Badge" && $0.kind == .forwardsTo && $0.via == .construction })
            #expect(diff.leafChanges.map(\.name) == ["List", "Root"])
            #expect(diff.leafChanges.map { $0.added.map(\.leaf) } == [["TrackingDependency"], ["TrackingDependency"]])
            #expect(diff.leafChanges.map { $0.added.flatMap(\.through) } == [["Badge"], ["List"]])
            #expect(diff.affected == ["Badge", "List", "Root"])
            #expect(diff.introduced.isEmpty && diff.fixed.isEmpty)
        }
    }

    @Test func removingAForwardRemovesTheEdgeAndIntroducesAStaleForward() throws {
        try DiffRepository.with { repository in
            let diff = try report(repository, "added", "unforwarded").diff
            #expect(diff.removedEdges.map { "\($0.from) \($0.to) \($0.kind.rawValue)" } == ["component:Root component:Detail forwardsTo"])
            #expect(diff.addedEdges.isEmpty && diff.addedNodes.isEmpty && diff.removedNodes.isEmpty)
            #expect(diff.introduced.map(\.ruleID) == ["stale-forward"])
            #expect(diff.introduced.map(\.component) == ["Root"])
            #expect(diff.affected == ["Root"])
        }
    }

    @Test func anUnusedDependencyIsANewFindingAndALeafGainedInItsOwnAlias() throws {
        try DiffRepository.with { repository in
            let diff = try report(repository, "unforwarded", "unused").diff
            #expect(diff.introduced.map { "\($0.ruleID) \($0.component) \($0.member ?? "")" } == ["unused-dependency Badge StorageDependency"])
            #expect(diff.fixed.isEmpty)
            let badge = try #require(diff.leafChanges.first { $0.name == "Badge" })
            #expect(badge.added.map(\.leaf) == ["StorageDependency"])
            #expect(badge.added.map(\.through) == [[]], "listed in Badge's own alias, through no child")
        }
    }

    @Test func aRenamedFileKeepsItsFindingsMatched() throws {
        try DiffRepository.with { repository in
            let report = try report(repository, "unused", "renamed")
            #expect(report.base.findings.contains { $0.file == "Sources/App/Detail.swift" && $0.ruleID == "unused-dependency" })
            #expect(report.head.findings.contains { $0.file == "Sources/App/DetailScreen.swift" && $0.ruleID == "unused-dependency" })
            #expect(report.diff.isEmpty)
            #expect(try text(report) == "cpdi diff unused → renamed: no change to the graph or the findings\n")
        }
    }

    @Test func theWholeChangeAsText() throws {
        try DiffRepository.with { repository in
            let expected = """
                cpdi diff base → renamed: 2 findings introduced, 0 fixed, 1 component added, 1 alias added, 1 leaf added, 6 edges added, 1 removed, 2 leaf sets changed, 3 components affected

                Findings introduced (2):
                  + Sources/App/Badge.swift:2:7: warning: `StorageDependency` in `BadgeDependencies` is not used by `Badge` nor needed by a component it forwards to [unused-dependency]
                  + Sources/App/Root.swift:3:7: warning: `DetailDependencies` in `RootDependencies` is forwarded for `Detail`, but `Root` no longer hands dependencies to it; remove it [stale-forward]

                Components added (1):
                  + Badge (Sources/App/Badge.swift:4)

                Aliases added (1):
                  + BadgeDependencies (Sources/App/Badge.swift:1)

                Leaves added (1):
                  + TrackingDependency (Sources/App/Leaves.swift:2)

                Edges added (6):
                  + BadgeDependencies → StorageDependency (composes) at Sources/App/Badge.swift:2
                  + BadgeDependencies → TrackingDependency (composes) at Sources/App/Badge.swift:1
                  + ListDependencies → BadgeDependencies (composes) at Sources/App/List.swift:2
                  + Badge → BadgeDependencies (requires) at Sources/App/Badge.swift:4
                  + Badge → TrackingDependency (uses) at Sources/App/Badge.swift:8
                  + List → Badge (forwardsTo, construction) at Sources/App/List.swift:9

                Edges removed (1):
                  - Root → Detail (forwardsTo, construction) at Sources/App/Root.swift:11

                Leaf sets changed (2):
                  ~ List now needs StorageDependency, through Badge
                  ~ List now needs TrackingDependency, through Badge
                  ~ Root now needs TrackingDependency, through List

                Affected components (3):
                  Badge
                  List
                  Root

                """
            let actual = try text(report(repository, "base", "renamed"))
            #expect(actual == expected)
        }
    }

    @Test func everyFormatOfTheWholeChange() throws {
        try DiffRepository.with { repository in
            let report = try report(repository, "base", "renamed")
            try Golden.expect(try DiffFormat.markdown.render(report), matches: "App.diff.md")
            try Golden.expect(try DiffFormat.dot.render(report), matches: "App.diff.dot")
            let json = try DiffFormat.json.render(report)
            try Golden.expect(json, matches: "App.diff.json")
            let schema = Golden.packageRoot.appendingPathComponent("Sources/CPDIReporters/Schema/cpdi-diff.schema.json")
            let valid = try SchemaValidation.run(json, against: .file(schema))
            #expect(valid.status == 0, "\(valid.output)")
            #expect(try JSONDecoder().decode(ResultDiff.self, from: Data(json)) == report.diff)
        }
    }

    @Test func sarifHasOnlyTheNewFindingsAndIsSchemaValid() throws {
        try DiffRepository.with { repository in
            let report = try report(repository, "base", "renamed")
            let sarif = try DiffFormat.sarif.render(report, options: ReportOptions())
            let outcome = try SchemaValidation.run(sarif, against: .sarif)
            #expect(outcome.status == 0, "\(outcome.output)")
            let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif)) as? [String: Any])
            let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
            #expect(results.compactMap { $0["ruleId"] as? String } == ["unused-dependency", "stale-forward"])
            #expect(report.head.findings.count == 3, "Detail's old finding is in head but not in the SARIF")
        }
    }

    @Test func theSVGAndPNGAreRenderedWithTheChangesInColour() throws {
        try DiffRepository.with { repository in
            let svg = String(decoding: try DiffFormat.svg.render(report(repository, "base", "renamed")), as: UTF8.self)
            let document = try XMLDocument(data: Data(svg.utf8))
            let titles = try document.nodes(forXPath: "//*[local-name()='g'][@class='node']/*[local-name()='title']").compactMap(\.stringValue)
            #expect(titles.sorted() == ["component:Badge", "component:Detail", "component:List", "component:Root", "legend:diff"])
            #expect(svg.contains("stroke=\"#16a34a\""), "added in green")
            #expect(svg.contains("stroke=\"#dc2626\"") && svg.contains("stroke-dasharray"), "removed in red, dashed")
            #expect(svg.contains("fill=\"#ffedd5\""), "grown in orange")
            let png = try DiffFormat.png.render(report(repository, "base", "renamed"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG file")
        }
    }

    /// `output/ShopApp-diff.svg` and `.md`, shown in the README, are what the code draws for the scripted
    /// sample change; `make demo` writes them again after an intended change.
    @Test func theREADMEsDiffPicturesAreCurrent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-sample-change-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try DiffRepository.run(["bash", Golden.packageRoot.appendingPathComponent("scripts/sample-change.sh").path, folder.path], in: Golden.packageRoot)
        #expect(made.status == 0, "\(made.stderr)")
        let scan = RevisionScan(repository: try GitRepository.containing(folder), paths: ["ShopApp"], configuration: nil, cacheDirectory: nil)
        let results = try scan.results(base: "main", head: nil)
        let report = DiffReport(base: results.base, head: results.head, baseLabel: "main", headLabel: "work tree")
        for (format, name) in [(DiffFormat.svg, "ShopApp-diff.svg"), (.markdown, "ShopApp-diff.md")] {
            let committed = try Data(contentsOf: Golden.packageRoot.appendingPathComponent("output/\(name)"))
            #expect(committed == Data(try format.render(report)), "output/\(name) is not what cpdi draws now; run `make demo` and commit it")
        }
    }

    /// Against the work tree, the head is analysed as `cpdi check` does it: an edit that only moves facts (a line
    /// added at the top of a file with a finding) is answered by the last saved result with its places moved,
    /// and equals a diff without any cache.
    @Test func aWorkTreeWhoseFactsOnlyMovedIsNotLinkedAgain() throws {
        try DiffRepository.with { repository in
            let cache = repository.root.deletingLastPathComponent().appendingPathComponent("cache")
            try repository.git("checkout", "-q", "unused")
            let scan = RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: cache)
            let first = try scan.results(base: "base", head: nil)
            first.saving.wait()
            let finding = try #require(first.head.findings.first)
            let file = repository.root.appendingPathComponent(finding.file)
            try ("// moved\n\n" + String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
            let moved = try scan.results(base: "base", head: nil)
            moved.saving.wait()
            #expect(moved.cacheMisses == 0 && moved.cacheHits <= 1, "the base's saved result and the moved file's saved facts only")
            let uncached = try RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: nil)
                .results(base: "base", head: nil)
            #expect(moved.head == uncached.head && moved.base == uncached.base)
            #expect(moved.head.findings.contains { $0.file == finding.file && $0.line == finding.line + 2 })
        }
    }

    /// `cpdi diff BASE` with a cache compares the work tree's saved result with the base's where both lie
    /// (`EncodedGraph`): the first time, as last seen, after an edit that only moves facts and after one that
    /// changes them, every format says what a diff without any cache says.
    @Test func theWorkTreeAgainstASavedBaseIsComparedWhereBothLie() throws {
        try DiffRepository.with { repository in
            let cache = repository.root.deletingLastPathComponent().appendingPathComponent("cache")
            try repository.git("checkout", "-q", "unused")
            let git = try GitRepository.containing(repository.root)
            let scan = RevisionScan(repository: git, paths: ["."], configuration: nil, cacheDirectory: cache)
            let uncached = RevisionScan(repository: git, paths: ["."], configuration: nil, cacheDirectory: nil)
            let file = try #require(try uncached.results(base: "base", head: nil).head.findings.first).file
            let url = repository.root.appendingPathComponent(file)
            _ = try report(repository, "base", "base", cache: cache)
            var apart = 0
            for edit in ["first", "as last seen", "moved", "changed"] {
                if edit == "moved" { try ("// moved\n\n" + String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8) }
                if edit == "changed" { try (String(contentsOf: url, encoding: .utf8) + "\nprotocol AddedLater {}\n").write(to: url, atomically: true, encoding: .utf8) }
                let scanned = try scan.results(base: "base", head: nil, keepingGraphsApart: true)
                scanned.saving.wait()
                if scanned.savedGraphs != nil { apart += 1 }
                let (warm, saving) = try scan.report(base: "base", head: nil)
                saving.wait()
                let (cold, _) = try uncached.report(base: "base", head: nil)
                for format in [DiffFormat.text, .markdown, .json, .dot] {
                    #expect(try format.render(warm) == format.render(cold), "\(format), \(edit)")
                }
            }
            #expect(apart == 4, "each time, both sides were saved")
        }
    }

    /// A pull request's next push: the base's result is saved, and the new head commit only moved the facts of
    /// the head diffed before. It is answered from that head's result with the places moved, and equals a
    /// diff without any cache.
    @Test func aNewHeadCommitWhoseFactsOnlyMovedIsNotLinkedAgain() throws {
        try DiffRepository.with { repository in
            let cache = repository.root.deletingLastPathComponent().appendingPathComponent("cache")
            let scan = RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: cache)
            _ = try scan.results(base: "base", head: "unused").saving.wait()
            let finding = try #require(try scan.results(base: "base", head: "unused").head.findings.first)
            try repository.git("checkout", "-q", "unused")
            var heads: [RevisionScan.Scanned] = []
            for push in 1...2 {
                let file = repository.root.appendingPathComponent(finding.file)
                try ("// push \(push)\n" + String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
                try repository.git("-c", "user.name=cpdi", "-c", "user.email=cpdi@example.invalid", "commit", "-q", "-am", "push \(push)")
                let scanned = try scan.results(base: "base", head: "HEAD")
                scanned.saving.wait()
                let uncached = try RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: nil)
                    .results(base: "base", head: "HEAD")
                #expect(scanned.head == uncached.head && scanned.base == uncached.base, "push \(push)")
                #expect(scanned.head.findings.contains { $0.file == finding.file && $0.line == finding.line + push }, "push \(push)")
                heads.append(scanned)
            }
            // The first push's head was linked (no head of it was analysed as a check before); the second only moved.
            #expect(heads[0].cacheHits > 1)
            #expect(heads[1].cacheMisses == 0 && heads[1].cacheHits <= 1)
        }
    }

    @Test func unchangedFilesAreParsedOnceAndNeverAgain() throws {
        try DiffRepository.with { repository in
            let cache = repository.root.deletingLastPathComponent().appendingPathComponent("cache")
            let scan = RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: cache)
            let first = try scan.results(base: "base", head: "added")
            first.saving.wait()
            // base has 4 files; added changes List.swift and adds Badge.swift: 6 distinct files to parse.
            #expect(first.cacheMisses == 6)
            #expect(first.cacheHits == 3)
            try repository.git("checkout", "-q", "added")
            let second = try scan.results(base: "base", head: nil)
            second.saving.wait()
            #expect(second.cacheMisses == 0, "the work tree's files were all seen before")
            #expect(second.cacheHits == 5, "the base commit's saved result is used, not its files")
            // The work tree's result was saved as `cpdi check` saves it: the same files read it back, and no facts.
            try FileManager.default.removeItem(at: cache.appendingPathComponent("results"))
            let again = try scan.results(base: "base", head: nil)
            again.saving.wait()
            #expect(again.cacheMisses == 0 && again.cacheHits == 4, "only the base commit's files are read")
            #expect(again.head == second.head)
            try FileManager.default.removeItem(at: cache.appendingPathComponent("results"))
            try FileManager.default.removeItem(at: cache.appendingPathComponent("working-results"))
            let third = try scan.results(base: "base", head: nil)
            third.saving.wait()
            #expect(third.cacheMisses == 0, "without saved results, both sides' files are still in the facts cache")
            #expect(third.cacheHits == 4 + 5)
            #expect(third.base == second.base, "a saved result is the result")
        }
    }

    /// A revision read from git into memory is scanned exactly as its export on disk would be: project
    /// files, configuration, symbolic links, skipped folders and files that are not Swift included.
    @Test func aRevisionReadFromGitGivesTheResultOfItsExport() throws {
        try DiffRepository.with { repository in
            try repository.write("Package.swift", """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "Core", path: "Sources/App")])

                """)
            try repository.write(".cpdi.yml", "exclude:\n  - \"**/Generated/**\"\n")
            try repository.write("Sources/App/Generated/Stub.swift", "typealias StubDependencies = LoggingDependency\n")
            try repository.write(".build/checkouts/Other.swift", "typealias OtherDependencies = LoggingDependency\n")
            try repository.write("Sources/App/notes.txt", "not Swift\n")
            try FileManager.default.createSymbolicLink(
                atPath: repository.root.appendingPathComponent("Sources/App/Alias.swift").path, withDestinationPath: "List.swift"
            )
            try repository.git("add", "-A", "-f")
            try repository.git("-c", "user.name=cpdi", "-c", "user.email=cpdi@example.invalid", "commit", "-q", "-m", "extras")
            try repository.git("tag", "extras")
            for tag in ["base", "added", "renamed", "extras"] {
                let scan = RevisionScan(repository: try GitRepository.containing(repository.root), paths: ["."], configuration: nil, cacheDirectory: nil)
                let read = try scan.results(base: tag, head: tag)
                let exported = try export(repository, tag)
                #expect(read.base == exported, "\(tag)")
                #expect(read.head == exported, "\(tag)")
                if tag == "extras" {
                    #expect(exported.files.contains("Package.swift") && !exported.files.contains { $0.contains("Generated") || $0.contains(".build") })
                    #expect(!exported.files.contains("Sources/App/Alias.swift"), "a symbolic link is not a file")
                    #expect(exported.graph.nodes.contains { $0.module == "Core" }, "the manifest's target names the module")
                }
            }
        }
    }

    /// `tag` exported with `git archive` into a folder named like the repository, and checked there.
    private func export(_ repository: DiffRepository, _ tag: String) throws -> AnalysisResult {
        let folder = repository.root.deletingLastPathComponent().appendingPathComponent("export-\(tag)/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let run = try DiffRepository.run(["bash", "-c", "git archive --format=tar \"$1\" | tar -xf - -C \"$2\"", "export", tag, folder.path], in: repository.root)
        #expect(run.status == 0, "\(run.stderr)")
        let configuration = try Configuration.load(explicitPath: nil, paths: ["."], workingDirectory: folder)
        return try Pipeline(configuration: configuration).run(paths: ["."], workingDirectory: folder)
    }

    @Test func savedResultsGiveTheSameDiffAsRevisions() throws {
        try DiffRepository.with { repository in
            let fromRevisions = try report(repository, "base", "renamed")
            let folder = repository.root.deletingLastPathComponent()
            let base = folder.appendingPathComponent("base.json"), head = folder.appendingPathComponent("head.json")
            try Data(JSONFormat.encode(fromRevisions.base)).write(to: base)
            try Data(JSONFormat.encode(fromRevisions.head)).write(to: head)
            let run = try DiffRepository.run([Self.executable.path, "diff", "--from", base.path, "--to", head.path, "--format", "json"], in: folder)
            var diff = try JSONDecoder().decode(ResultDiff.self, from: Data(run.stdout.utf8))
            (diff.base.label, diff.head.label) = ("base", "renamed")
            #expect(diff == fromRevisions.diff)
        }
    }

    @Test func commandLineAffectedFailOnAndErrors() throws {
        try DiffRepository.with { repository in
            let cpdi = { (arguments: [String]) in try DiffRepository.run([Self.executable.path, "diff"] + arguments + ["--no-cache"], in: repository.root) }
            let affected = try cpdi(["base", "added", "--affected"])
            #expect(affected.stdout == "Badge\nList\nRoot\n")
            #expect(affected.status == 0)
            #expect(try cpdi(["added", "unforwarded"]).status == 0, "a warning does not fail by default")
            #expect(try cpdi(["added", "unforwarded", "--fail-on", "warning"]).status == 1)
            #expect(try cpdi(["unforwarded", "added", "--fail-on", "warning"]).status == 0, "fixing a finding never fails")

            let unknown = try cpdi(["no-such-branch"])
            #expect(unknown.status == 2)
            #expect(unknown.stderr == "cpdi: error: no-such-branch: not a commit of the git repository at \(repository.root.path); name a branch, tag or commit (git fetch it first in a shallow clone)\n")
            #expect(try cpdi([]).status == 2)
            #expect(try cpdi(["--from", "x.json"]).status == 2)

            // The work tree side: an edit not committed yet shows against the last commit.
            try repository.write("Sources/App/Extra.swift", "typealias ExtraDependencies = LoggingDependency\nstruct Extra<Dependencies: ExtraDependencies> { let dependencies: Dependencies }\n")
            let tree = try cpdi(["renamed", "--affected"])
            #expect(tree.stdout == "Extra\n")
            let written = try cpdi(["renamed", "-o", "out/diff.md"])
            #expect(written.stderr == "cpdi: wrote out/diff.md (markdown)\n")
            let comment = try String(contentsOf: repository.root.appendingPathComponent("out/diff.md"), encoding: .utf8)
            #expect(comment.hasPrefix("## cpdi diff: "))
            #expect(comment.contains("➕ component <code>Extra</code> added"))
        }
    }
}
