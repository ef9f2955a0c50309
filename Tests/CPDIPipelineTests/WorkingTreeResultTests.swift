@testable import CPDIPipeline
import CPDIFacts
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// A run with a cache reads back the whole result of a recent run when the files, the settings and the build
/// are the same (`ResultCache(workingTreeIn:)`). The key must see every change: after each of a seeded
/// sequence of edits to a generated app and to a sample, the result of a run with the cache equals the result
/// of a run without one.
@Suite struct WorkingTreeResultTests {
    /// A run as `cpdi check` does it with a cache in `cacheFolder`; also says whether facts were looked at.
    /// Stamps are trusted however young the files are (`Pipeline.stampSettlingSeconds`): the edits below come
    /// in quick succession, and each is an atomic write, which gives the file a new inode.
    static func warm(_ folder: URL, cache cacheFolder: URL, configuration: Configuration = Configuration(), needsGraph: Bool = true)
        throws -> (result: AnalysisResult, readFacts: Bool)
    {
        let cache = FactsCache(directory: cacheFolder, conventions: configuration.naming)
        var pipeline = Pipeline(configuration: configuration)
        pipeline.stampSettlingSeconds = -3_600
        let result = try pipeline.run(
            paths: [folder.path], workingDirectory: folder, cache: cache, needsGraph: needsGraph
        )
        return (result, cache.hits + cache.misses > 0)
    }

    static func cold(_ folder: URL, configuration: Configuration = Configuration()) throws -> AnalysisResult {
        try Pipeline(configuration: configuration).run(paths: [folder.path], workingDirectory: folder)
    }

    @Test func anUnchangedTreeReadsItsResultBackWithoutFacts() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 60, modules: 3, seed: 11).write(to: app)
            let first = try Self.warm(app, cache: cache)
            #expect(first.readFacts)
            let second = try Self.warm(app, cache: cache)
            #expect(!second.readFacts, "the saved result answers")
            #expect(second.result == first.result)
            #expect(second.result == (try Self.cold(app)))
            // Findings only: the saved graph is not read back.
            let findingsOnly = try Self.warm(app, cache: cache, needsGraph: false).result
            #expect(findingsOnly.graph.nodes.isEmpty && findingsOnly.findings == first.result.findings)
            #expect(findingsOnly.coverage == first.result.coverage && findingsOnly.files == first.result.files)
        }
    }

    @Test func aChangedSettingIsNotAnsweredByAnOlderResult() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 40, modules: 2, seed: 5).write(to: app)
            _ = try Self.warm(app, cache: cache)
            var configuration = Configuration()
            configuration.rules["unused-dependency"] = Configuration.RuleSetting(enabled: false)
            let warm = try Self.warm(app, cache: cache, configuration: configuration).result
            #expect(warm == (try Self.cold(app, configuration: configuration)))
            #expect(!warm.findings.contains { $0.ruleID == "unused-dependency" })
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func randomEditsToAGeneratedAppGiveTheResultsOfColdRuns(seed: UInt64) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 50, modules: 3, seed: seed).write(to: app)
            try Self.checkEdits(in: app, cache: cache, seed: seed, count: 8)
        }
    }

    @Test func randomEditsToASampleGiveTheResultsOfColdRuns() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp"), to: app)
            try Self.checkEdits(in: app, cache: cache, seed: 42, count: 8)
        }
    }

    /// Applies `count` seeded edits, comparing a warm run with a cold one after each, and also once more after
    /// undoing nothing (a repeated warm run must answer from the saved result and still be equal).
    static func checkEdits(in app: URL, cache: URL, seed: UInt64, count: Int) throws {
        var random = SeededGenerator(seed: seed)
        _ = try warm(app, cache: cache)
        var applied: [String] = []
        for _ in 0..<count {
            applied.append(try TreeEdit.applyOne(in: app, random: &random))
            let cold = try cold(app)
            #expect(try warm(app, cache: cache).result == cold, "after \(applied)")
            let again = try warm(app, cache: cache)
            #expect(!again.readFacts && again.result == cold, "repeated, after \(applied)")
        }
    }

    /// A comment added to one file leaves its facts as they were: the run parses that file alone, compares
    /// its facts with those the saved result was computed from, and answers with that result without reading
    /// any other file's facts. A protocol added changes the facts: the run links. (Lines inserted above facts
    /// only move them: `MovedFactsTests`.)
    @Test(arguments: ["generated", "Samples/ShopApp", "Samples/KeyPathApp", "Samples/ModulesApp", "Samples/RuntimeApp/Sources"])
    func anEditThatLeavesTheFactsAsTheyWereIsAnsweredBySavedResult(app source: String) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            if source == "generated" {
                try SyntheticApp(components: 40, modules: 2, seed: 4).write(to: app)
            } else {
                try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(source), to: app)
            }
            for needsGraph in [true, false] {
                _ = try Self.warm(app, cache: cache, needsGraph: needsGraph)
                let files = try TreeEdit.swiftFiles(in: app)
                let file = files[files.count / 2]
                let text = try String(contentsOf: file, encoding: .utf8)
                try (text + "\n// reviewed \(needsGraph)\n").write(to: file, atomically: true, encoding: .utf8)
                let (same, cacheUsed) = try Self.warmCounting(app, cache: cache, needsGraph: needsGraph)
                #expect(cacheUsed.hits == 0 && cacheUsed.misses == 0, "only the edited file is parsed, and no facts are read")
                let cold = try Self.cold(app)
                #expect(same.findings == cold.findings && same.coverage == cold.coverage && same.problems == cold.problems)
                if needsGraph { #expect(same == cold) }
                // The same files again: the result is found by their own key.
                #expect(!(try Self.warm(app, cache: cache, needsGraph: needsGraph)).readFacts)
                try (text + "\nprotocol AddedByTheTest\(needsGraph) {}\n").write(to: file, atomically: true, encoding: .utf8)
                let (changed, changedCache) = try Self.warmCounting(app, cache: cache, needsGraph: needsGraph)
                #expect(changedCache.hits > 1, "the other files' facts are read: the run links")
                let coldChanged = try Self.cold(app)
                #expect(changed.findings == coldChanged.findings && changed.coverage == coldChanged.coverage)
                if needsGraph { #expect(changed == coldChanged) }
            }
        }
    }

    static func warmCounting(_ folder: URL, cache cacheFolder: URL, needsGraph: Bool) throws -> (AnalysisResult, (hits: Int, misses: Int)) {
        let cache = FactsCache(directory: cacheFolder, conventions: .default)
        var pipeline = Pipeline()
        pipeline.stampSettlingSeconds = -3_600
        let result = try pipeline.run(paths: [folder.path], workingDirectory: folder, cache: cache, needsGraph: needsGraph)
        return (result, (cache.hits, cache.misses))
    }

    /// A manifest that is damaged, or lists other files, answers nothing: the run links.
    @Test func aDamagedManifestMakesTheRunLink() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 20, modules: 2, seed: 6).write(to: app)
            _ = try Self.warm(app, cache: cache)
            let folder = cache.appendingPathComponent("working-results")
            let manifests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".manifest") }
            #expect(manifests.count == 1)
            for name in manifests {
                var bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
                bytes.removeLast()
                try Data(bytes).write(to: folder.appendingPathComponent(name))
            }
            let file = try TreeEdit.swiftFiles(in: app)[3]
            try (try String(contentsOf: file, encoding: .utf8) + "\n// reviewed\n").write(to: file, atomically: true, encoding: .utf8)
            let (result, used) = try Self.warmCounting(app, cache: cache, needsGraph: true)
            #expect(used.hits > 0)
            #expect(result == (try Self.cold(app)))
        }
    }

    @Test func aManifestReadsBackAsWritten() throws {
        var entries: [ResultManifest.Entry] = []
        for index in UInt64(0)..<5 {
            let place = ContentHash(high: index, low: 7), content = ContentHash(high: 9, low: index)
            let digest = ContentHash(high: index << 40, low: ~index)
            entries.append(ResultManifest.Entry(place: place, content: content, withReads: index % 2 == 0, digest: digest))
        }
        let manifest = ResultManifest(settings: ContentHash(high: 3, low: 4), entries: entries, namesThatMatter: NamesThatMatter(offeredMembers: [2, 7, 40_000], askedBare: [], askedNames: [9]))
        let bytes = manifest.serialized()
        #expect(ResultManifest(parsing: Data(bytes)) == manifest)
        #expect(ResultManifest(parsing: Data(bytes.dropLast())) == nil)
        var wrongFlag = bytes
        wrongFlag[32 + 32] = 2
        #expect(ResultManifest(parsing: Data(wrongFlag)) == nil)
        #expect(ResultManifest(parsing: Data("CPDIPACK".utf8)) == nil)
    }

    /// A file changed in place, same size, its modification time put back: the stamp still differs (the
    /// inode's change time moved), so the file is read again and the change seen.
    @Test func aFileChangedInPlaceWithItsOldTimeRestoredIsReadAgain() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 30, modules: 2, seed: 8).write(to: app)
            let first = try Self.warm(app, cache: cache).result
            let index = FileStampIndex(cacheDirectory: cache)
            #expect(index.entries.count == first.files.count, "every file is in the index")
            let file = try #require(try TreeEdit.swiftFiles(in: app).first { try String(contentsOf: $0, encoding: .utf8).contains("dependencies.") })
            let text = try String(contentsOf: file, encoding: .utf8)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
            // Same length: the read `dependencies.x` becomes `dependencieS.x`, a read of something else.
            let changed = text.replacingOccurrences(of: "dependencies.", with: "dependencieS.")
            #expect(changed.utf8.count == text.utf8.count)
            let handle = try FileHandle(forWritingTo: file)
            try handle.write(contentsOf: Data(changed.utf8))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
            let warm = try Self.warm(app, cache: cache).result
            #expect(warm == (try Self.cold(app)))
            #expect(warm != first)
        }
    }

    /// The stamps say every file is unchanged, but the facts pack and the saved results are gone: each file is
    /// read after all, and the result is a cold run's.
    @Test func stampsWithoutFactsFallBackToReadingTheFiles() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 30, modules: 2, seed: 9).write(to: app)
            let first = try Self.warm(app, cache: cache).result
            #expect(!FileStampIndex(cacheDirectory: cache).entries.isEmpty)
            for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name != FileStampIndex.fileName {
                try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
            }
            let again = try Self.warm(app, cache: cache)
            #expect(again.readFacts)
            let cold = try Self.cold(app)
            #expect(again.result == first)
            #expect(again.result == cold)
        }
    }

    /// Files written just before a run are not trusted by their stamp (a write in the same clock tick could
    /// leave it unchanged); with the default margin a freshly generated app leaves the index empty.
    @Test func freshlyWrittenFilesStayOutOfTheStampIndex() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try SyntheticApp(components: 10, modules: 1, seed: 2).write(to: app)
            _ = try Pipeline().run(paths: [app.path], workingDirectory: app, cache: FactsCache(directory: cache, conventions: .default))
            #expect(FileStampIndex(cacheDirectory: cache).entries.isEmpty)
        }
    }

    /// `Configuration` settings that decide a result; `analysisIdentity` spells each of them. A new field
    /// fails here until the identity spells it too (and this list says so).
    @Test func theAnalysisIdentitySpellsEveryConfigurationField() {
        let fields = Mirror(reflecting: Configuration()).children.compactMap(\.label)
        #expect(fields == ["include", "exclude", "moduleRoots", "rules", "optInRules", "naming", "learnsNaming", "strict", "baseline", "baseDirectory", "source"])
        var changed = Configuration()
        let base = Pipeline(configuration: changed).analysisIdentity(fingerprint: ContentHash(high: 1, low: 2))
        changed.optInRules = ["dead-alias"]
        #expect(Pipeline(configuration: changed).analysisIdentity(fingerprint: ContentHash(high: 1, low: 2)) != base)
        #expect(Pipeline().analysisIdentity(fingerprint: ContentHash(high: 1, low: 3)) != base)
    }
}

/// Edits of the kinds a pull request makes: a member read, a forward or an alias member removed, a file
/// added, removed or renamed, a file moved into a new module, a type renamed, a comment added (facts
/// unchanged), a line inserted (every position of the file moved).
enum TreeEdit {
    static func applyOne(in app: URL, random: inout SeededGenerator) throws -> String {
        let files = try swiftFiles(in: app)
        let file = files[random.below(files.count)]
        let name = file.lastPathComponent
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        func remove(where matches: (String) -> Bool, _ kind: String) throws -> String? {
            let candidates = lines.indices.filter { matches(lines[$0]) }
            guard !candidates.isEmpty else { return nil }
            lines.remove(at: candidates[random.below(candidates.count)])
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            return "\(kind) in \(name)"
        }
        switch random.below(9) {
        case 0:
            if let done = try remove(where: { $0.contains("dependencies.") && !$0.contains("(dependencies") }, "member read removed") { return done }
        case 1:
            if let done = try remove(where: { $0.contains("(dependencies: dependencies)") }, "forward removed") { return done }
        case 2:
            if let done = try remove(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("& ") }, "alias member removed") { return done }
        case 3:
            let stem = "Added\(random.below(1_000_000))"
            let source = """
                protocol \(stem)Dependency { var \(stem.lowercased()): Int { get } }
                typealias \(stem)Dependencies = \(stem)Dependency
                final class \(stem)<Dependencies: \(stem)Dependencies> {
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                """
            try source.write(to: file.deletingLastPathComponent().appendingPathComponent("\(stem).swift"), atomically: true, encoding: .utf8)
            return "file \(stem).swift added"
        case 7:
            // Facts unchanged: a saved result answers (`ResultManifest`).
            let candidates = lines.indices.filter { !lines[$0].contains("//") && !lines[$0].contains("\"") && !lines[$0].contains("/*") }
            if !candidates.isEmpty {
                lines[candidates[random.below(candidates.count)]] += " // reviewed"
                try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
                return "comment added to a line of \(name)"
            }
        case 8:
            // Every position in the file moves.
            lines.insert("// moved", at: 0)
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            return "line inserted at the top of \(name)"
        case 4:
            try FileManager.default.removeItem(at: file)
            return "\(name) removed"
        case 5:
            let renamed = file.deletingLastPathComponent().appendingPathComponent("Renamed\(random.below(1_000_000))\(name)")
            try FileManager.default.moveItem(at: file, to: renamed)
            return "\(name) renamed"
        default:
            let module = app.appendingPathComponent("Sources/NewModule\(random.below(1_000))", isDirectory: true)
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: file, to: module.appendingPathComponent(name))
            return "\(name) moved into \(module.lastPathComponent)"
        }
        // The chosen kind found nothing to remove in this file: rename a type instead, which always applies.
        let text = lines.joined(separator: "\n")
        guard let range = text.range(of: #"(class|struct|protocol) [A-Z][A-Za-z0-9]*"#, options: .regularExpression) else {
            try (text + "\n// edited\n").write(to: file, atomically: true, encoding: .utf8)
            return "\(name) touched"
        }
        let declared = String(text[range].split(separator: " ")[1])
        try text.replacingOccurrences(of: declared, with: declared + "Renamed").write(to: file, atomically: true, encoding: .utf8)
        return "\(declared) renamed in \(name)"
    }

    static func swiftFiles(in folder: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
