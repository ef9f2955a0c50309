@testable import CPDIPipeline
import CPDIFacts
import CPDIGraph
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// An edit that only moves a file's facts (lines added or removed above them, a body edited where it reads no
/// dependency) is answered by the saved result with that file's places moved (`MovedPositions`), reading no
/// facts but the saved ones of the edited file. The oracle is always a cold run: after every edit the warm
/// result must equal it, whether the run moved places or linked.
@Suite struct MovedFactsTests {
    static let apps = ["generated", "Samples/ShopApp", "Samples/KeyPathApp", "Samples/ModulesApp", "Samples/RuntimeApp/Sources"]

    static func copy(_ source: String, to app: URL) throws {
        if source == "generated" {
            try SyntheticApp(components: 40, modules: 2, seed: 4).write(to: app)
        } else {
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(source), to: app)
        }
    }

    /// Lines added at the top of the file of a finding (or of a component, where there is none): its places
    /// move, nothing is linked.
    @Test(arguments: apps)
    func linesAddedAboveAFindingMoveIt(app source: String) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try Self.copy(source, to: app)
            for needsGraph in [true, false] {
                let before = try WorkingTreeResultTests.warm(app, cache: cache, needsGraph: needsGraph).result
                let component = try #require(try WorkingTreeResultTests.cold(app).graph.nodes.first { $0.kind == .component && !$0.file.isEmpty })
                let edited = before.findings.first { $0.fix != nil || $0.removal != nil } ?? before.findings.first
                let file = app.appendingPathComponent(edited?.file ?? component.file)
                let text = try String(contentsOf: file, encoding: .utf8)
                try ("// moved \(needsGraph)\n\n" + text).write(to: file, atomically: true, encoding: .utf8)
                let (moved, cacheUsed) = try WorkingTreeResultTests.warmCounting(app, cache: cache, needsGraph: needsGraph)
                #expect(cacheUsed.hits <= 1 && cacheUsed.misses == 0, "only the edited file's saved facts are read")
                let cold = try WorkingTreeResultTests.cold(app)
                #expect(moved.findings == cold.findings && moved.coverage == cold.coverage && moved.runtime == cold.runtime)
                if let edited { #expect(moved.findings.contains { $0.file == edited.file && $0.line == edited.line + 2 }) }
                if needsGraph {
                    #expect(moved == cold)
                    if edited == nil { #expect(moved.graph.nodes.contains { $0.id == component.id && $0.line == component.line + 2 }) }
                }
                // The moved result is saved under the new files' own key.
                #expect(!(try WorkingTreeResultTests.warm(app, cache: cache, needsGraph: needsGraph)).readFacts)
            }
        }
    }

    /// The same file moved again and again: each run finds where its facts were, beside a moved result (the facts
    /// pack is only written by runs that link) or in the pack, and links nothing.
    @Test func aFileMovedAgainAndAgainIsMovedEachTime() throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try Self.copy("Samples/ShopApp", to: app)
            let first = try WorkingTreeResultTests.warm(app, cache: cache).result
            let file = app.appendingPathComponent(try #require(first.findings.first).file)
            for edit in 1...4 {
                let text = try String(contentsOf: file, encoding: .utf8)
                try ("// edit \(edit)\n" + text).write(to: file, atomically: true, encoding: .utf8)
                let (moved, cacheUsed) = try WorkingTreeResultTests.warmCounting(app, cache: cache, needsGraph: true)
                #expect(cacheUsed.hits <= 1 && cacheUsed.misses == 0, "edit \(edit): no facts but the moved ones, \(cacheUsed)")
                #expect(moved == (try WorkingTreeResultTests.cold(app)), "edit \(edit)")
            }
        }
    }

    /// Moved facts read back as saved, and not at all when damaged.
    @Test func movedFactsReadBackWholeOrNotAtAll() throws {
        try Fixtures.withTemporaryFolder { root in
            let saved = ResultCache(workingTreeIn: root)
            let facts = FactExtractor.extract(path: "A.swift", source: "protocol LoggingDependency { var logger: Int { get } }", conventions: .default)
            let key = ContentHash(Array("A.swift".utf8))
            try FileManager.default.createDirectory(at: saved.directory, withIntermediateDirectories: true)
            saved.storeMovedFacts(facts, key: key)
            #expect(saved.movedFacts(key, path: "A.swift") == facts)
            #expect(saved.movedFacts(ContentHash(Array("B.swift".utf8)), path: "B.swift") == nil)
            let file = saved.directory.appendingPathComponent("\(key).facts")
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: file)
            #expect(saved.movedFacts(key, path: "A.swift") == nil)
        }
    }

    /// Seeded edits that add or remove blank lines and comments anywhere, or break a line between two tokens,
    /// in one or several files at once: each warm result equals a cold one.
    @Test(arguments: zip(apps, [UInt64(7), 8, 9, 10, 11]))
    func randomMovesGiveTheResultsOfColdRuns(app source: String, seed: UInt64) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try Self.copy(source, to: app)
            var random = SeededGenerator(seed: seed)
            _ = try WorkingTreeResultTests.warm(app, cache: cache)
            var applied: [String] = []
            var movedRuns = 0
            for round in 0..<10 {
                let edits = 1 + random.below(3)
                for _ in 0..<edits { applied.append(try Self.move(in: app, random: &random)) }
                let cold = try WorkingTreeResultTests.cold(app)
                let (warm, cacheUsed) = try WorkingTreeResultTests.warmCounting(app, cache: cache, needsGraph: round % 2 == 0)
                #expect(warm.findings == cold.findings && warm.coverage == cold.coverage, "after \(applied)")
                if cacheUsed.hits <= edits && cacheUsed.misses == 0 { movedRuns += 1 }
                #expect(try WorkingTreeResultTests.warm(app, cache: cache).result == cold, "after \(applied)")
            }
            #expect(movedRuns >= 3, "most of these edits only move facts")
        }
    }

    /// A `cpdi:disable:next` comment covers the line right after it only: a blank line put between it and the
    /// finding ends that, so the places cannot just move.
    @Test func aBlankLineBetweenASuppressionAndItsLineIsSeen() throws {
        let source = """
            protocol LoggingDependency { var logger: Int { get } }
            protocol StoreDependency { var store: Int { get } }
            typealias FeedDependencies = LoggingDependency
                // cpdi:disable:next unused-dependency
                & StoreDependency
            final class Feed<Dependencies: FeedDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { _ = dependencies.logger }
            }
            """
        let runs = try Self.editOneFile(source, to: source.replacingOccurrences(of: "unused-dependency\n", with: "unused-dependency\n\n"))
        #expect(runs.before.findings.isEmpty)
        #expect(runs.after == runs.cold)
        #expect(Set(runs.after.findings.map(\.ruleID)) == ["unused-dependency", "unused-suppression"])
    }

    /// A finding whose message gives a line ("repeats the one on line 2") is not moved, but judged again.
    @Test func aMessageGivingALineIsWrittenAgain() throws {
        let source = """
            // cpdi:disable all
            // cpdi:disable all
            protocol LoggingDependency { var logger: Int { get } }
            """
        let runs = try Self.editOneFile(source, to: "\n\n" + source)
        #expect(runs.before.findings.map(\.message).contains { $0.contains("on line 1") })
        #expect(runs.after == runs.cold)
        #expect(runs.after.findings.map(\.message).contains { $0.contains("on line 3") })
    }

    /// A one-file app in a fresh folder, analysed with a cache, edited and analysed again; and a cold run of
    /// the edited app.
    static func editOneFile(_ source: String, to edited: String) throws -> (before: AnalysisResult, after: AnalysisResult, cold: AnalysisResult) {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            let file = app.appendingPathComponent("Feed.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let before = try WorkingTreeResultTests.warm(app, cache: cache).result
            try edited.write(to: file, atomically: true, encoding: .utf8)
            return (before, try WorkingTreeResultTests.warm(app, cache: cache).result, try WorkingTreeResultTests.cold(app))
        }
    }

    /// A container providing a leaf no component needs is reported unless some file reads a member of that leaf
    /// by name: a body that reads another name moves its facts, a body that reads the leaf's member is linked.
    /// Reading `last` after `legacy` may be answered by the result saved when it read `count`, as it only moved
    /// from that one; which saved result is tried first depends on their times, so that is not asserted.
    @Test func aNameReadAnywhereCountsOnlyWhenAProtocolOffersIt() throws {
        try Self.expectEdits(
            app: """
                protocol LoggingDependency { var logger: Int { get } }
                protocol LegacyDependency { var legacy: Int { get } }
                typealias RootDependencies = LoggingDependency
                struct Root<Dependencies: RootDependencies> {
                    let dependencies: Dependencies
                    func start() { _ = dependencies.logger }
                }
                struct AppDependencies: LoggingDependency, LegacyDependency { let logger: Int; let legacy: Int }
                let root = Root(dependencies: AppDependencies(logger: 1, legacy: 2))
                """,
            screen: { "struct Screen {\n    let items: [Int]\n    func show() { _ = items.\($0) }\n}\n" },
            first: "first", edits: [("count", true, true), ("legacy", false, false), ("last", true, nil)], reported: "LegacyDependency"
        )
    }

    /// A registration nothing asks for is reported unless some file writes its type where a lookup could take it
    /// from: a body that writes another type name moves its facts, a body that writes the registered one links.
    @Test func aTypeWrittenWhereALookupMayAskForItCountsOnlyWhenItIsRegistered() throws {
        try Self.expectEdits(
            app: """
                import Swinject
                final class Ledger {}
                final class Other {}
                final class Third {}
                struct Panel<Model> {}
                final class AppAssembly: Assembly {
                    func assemble(container: Container) {
                        container.register(Ledger.self) { _ in Ledger() }
                    }
                }
                """,
            screen: { "struct Screen {\n    func show() { let panel: Panel<\($0)>? = nil; _ = panel }\n}\n" },
            first: "Other", edits: [("Third", true, true), ("Ledger", false, false), ("Other", true, nil)], reported: "Ledger"
        )
    }

    /// An app of `App.swift` and a `Screen.swift` whose body names `first`, then each edit in turn: every warm run
    /// (with `unused-registration` on) equals a cold one, reports `unused-registration` on `reported` as the edit
    /// says, and reads only the edited file's saved facts exactly when the edit says it moved them (nil: either).
    static func expectEdits(
        app text: String, screen body: (String) -> String, first: String, edits: [(name: String, reported: Bool, moved: Bool?)],
        reported member: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try Fixtures.withTemporaryFolder { root in
            let app = root.appendingPathComponent("app"), cache = root.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try text.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
            let screen = app.appendingPathComponent("Screen.swift")
            var configuration = Configuration()
            configuration.rules["unused-registration"] = Configuration.RuleSetting(enabled: true)
            func warm() throws -> (AnalysisResult, Int) {
                let facts = FactsCache(directory: cache, conventions: configuration.naming)
                var pipeline = Pipeline(configuration: configuration)
                pipeline.stampSettlingSeconds = -3_600
                let result = try pipeline.run(paths: [app.path], workingDirectory: app, cache: facts)
                return (result, facts.hits + facts.misses)
            }
            try body(first).write(to: screen, atomically: true, encoding: .utf8)
            _ = try warm()
            for (name, reported, moved) in edits {
                try body(name).write(to: screen, atomically: true, encoding: .utf8)
                let (result, factsRead) = try warm()
                #expect(result == (try WorkingTreeResultTests.cold(app, configuration: configuration)), "\(name)", sourceLocation: sourceLocation)
                #expect(
                    result.findings.contains { $0.ruleID == "unused-registration" && $0.member == member } == reported, "\(name)",
                    sourceLocation: sourceLocation
                )
                if let moved { #expect((factsRead <= 1) == moved, "\(name): \(factsRead) facts read", sourceLocation: sourceLocation) }
            }
        }
    }

    /// `MovedPositions` leaves the names read out of its comparison by their keys, `reads` and
    /// `memberNameHashes`: no other field of the facts may have those names. Checked on every file of the samples.
    @Test func theNamesLeftOutAreOneFieldEach() throws {
        let samples = Fixtures.packageRoot.appendingPathComponent("Samples")
        var paths: Set<String> = []
        func walk(_ value: Any, _ path: String) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if key == "reads" || key == "memberNameHashes" { paths.insert(path + "." + key) }
                    walk(child, path + "." + key)
                }
            } else if let array = value as? [Any] {
                for child in array { walk(child, path + "[]") }
            }
        }
        for file in try TreeEdit.swiftFiles(in: samples) {
            let facts = FactExtractor.extract(
                path: file.lastPathComponent, source: try String(contentsOf: file, encoding: .utf8), conventions: .default,
                recordsRuntimeReads: true
            )
            walk(try JSONSerialization.jsonObject(with: JSONEncoder().encode(facts)), "facts")
        }
        #expect(paths == ["facts.runtime.reads", "facts.memberNameHashes"])
    }

    /// Moves by their own yardstick: equal facts once positions are left out, and the order, shared lines and
    /// adjacent lines of the positions kept.
    @Test func onlyMovesThatKeepOrderAndLinesCount() throws {
        let conventions = NamingConventions.default
        func facts(_ source: String) -> FileFacts { FactExtractor.extract(path: "A.swift", source: source, conventions: conventions) }
        let base = """
            protocol LoggingDependency { var logger: Int { get } }
            typealias ADependencies = LoggingDependency
            final class A<Dependencies: ADependencies> { let dependencies: Dependencies; init(dependencies: Dependencies) { self.dependencies = dependencies } }
            """
        let original = facts(base)
        #expect(MovedPositions(file: "A.swift", from: original, to: facts("\n// note\n" + base), offeredMembers: []) != nil)
        #expect(MovedPositions(file: "A.swift", from: original, to: facts(base + "\n// note\n"), offeredMembers: []) != nil)
        // The alias and the class swapped: the order of their positions changes.
        let lines = base.components(separatedBy: "\n")
        #expect(MovedPositions(file: "A.swift", from: original, to: facts([lines[0], lines[2], lines[1]].joined(separator: "\n")), offeredMembers: []) == nil)
        // The class split over two lines: positions that shared a line no longer do.
        #expect(MovedPositions(file: "A.swift", from: original, to: facts(base.replacingOccurrences(of: "Dependencies; init", with: "Dependencies\n init")), offeredMembers: []) == nil)
        // Another name read on another value: the facts moved, unless a protocol offers that name.
        // (In a file without the styles' vocabulary, in an app without run-time injection: otherwise the names read
        // are facts of their own, `uses` and `runtime.reads`, and any change to them links.)
        let screen = "struct Screen { let items: [Int]; func show() { _ = items.NAME } }"
        func read(_ name: String, runtimeReads: Bool = false) -> FileFacts {
            let source = screen.replacingOccurrences(of: "NAME", with: name)
            return FactExtractor.extract(path: "A.swift", source: source, conventions: conventions, recordsRuntimeReads: runtimeReads)
        }
        let readsFirst = read("first")
        #expect(MovedPositions(file: "A.swift", from: readsFirst, to: read("count"), offeredMembers: []) != nil)
        #expect(MovedPositions(file: "A.swift", from: readsFirst, to: read("count"), offeredMembers: [MemberNameHash.of("logger")]) != nil)
        #expect(MovedPositions(file: "A.swift", from: readsFirst, to: read("logger"), offeredMembers: [MemberNameHash.of("logger")]) == nil)
        // With the names read for the run-time styles: only those the saved run's review asked about count.
        let runtimeFirst = read("first", runtimeReads: true)
        #expect(runtimeFirst.runtime.reads != read("count", runtimeReads: true).runtime.reads)
        #expect(MovedPositions(file: "A.swift", from: runtimeFirst, to: read("count", runtimeReads: true), offeredMembers: []) != nil)
        let askedCount = AskedReads(names: [MemberNameHash.of("count")])
        #expect(MovedPositions(file: "A.swift", from: runtimeFirst, to: read("count", runtimeReads: true), offeredMembers: [], askedReads: askedCount) == nil)
        #expect(MovedPositions(file: "A.swift", from: runtimeFirst, to: read("last", runtimeReads: true), offeredMembers: [], askedReads: askedCount) != nil)
        // A member read added: the facts differ.
        #expect(MovedPositions(file: "A.swift", from: original, to: facts(base.replacingOccurrences(of: "self.dependencies = dependencies }", with: "self.dependencies = dependencies; _ = dependencies.logger }")), offeredMembers: []) == nil)
    }

    /// One edit that moves facts or not: a blank or comment line added or removed, a line broken after a
    /// comma, an opening brace or an operator.
    static func move(in app: URL, random: inout SeededGenerator) throws -> String {
        let files = try TreeEdit.swiftFiles(in: app)
        let file = files[random.below(files.count)]
        let name = file.lastPathComponent
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let at = random.below(lines.count + 1)
        let done: String
        switch random.below(4) {
        case 0:
            lines.insert("", at: at)
            done = "blank line at \(at + 1) of \(name)"
        case 1:
            lines.insert("// note \(at)", at: at)
            done = "comment line at \(at + 1) of \(name)"
        case 2:
            let blank = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
            guard !blank.isEmpty else { return "nothing in \(name)" }
            let line = blank[random.below(blank.count)]
            lines.remove(at: line)
            done = "blank line \(line + 1) of \(name) removed"
        default:
            let breakable = lines.indices.filter { index in
                !lines[index].contains("//") && !lines[index].contains("\"") && [", ", "{ ", " & "].contains { lines[index].contains($0) }
            }
            guard !breakable.isEmpty else { return "nothing in \(name)" }
            let line = breakable[random.below(breakable.count)]
            let mark = [", ", "{ ", " & "].first { lines[line].contains($0) }!
            let range = lines[line].range(of: mark)!
            lines[line] = String(lines[line][..<range.upperBound]) + "\n" + String(lines[line][range.upperBound...])
            done = "line \(line + 1) of \(name) broken after `\(mark.trimmingCharacters(in: .whitespaces))`"
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return done
    }
}
