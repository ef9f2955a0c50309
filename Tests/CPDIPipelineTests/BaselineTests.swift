import CPDIPipeline
import CPDIRules
import Foundation
import Testing

/// Known findings recorded once and hidden later, matched by what they are about rather than their line.
@Suite struct BaselineTests {
    static let foo = """
        protocol LoggingDependency { var logger: Logger { get } }
        protocol TrackingDependency { var tracker: Tracker { get } }
        typealias FooDependencies = TrackingDependency & LoggingDependency
        struct Foo<Dependencies: FooDependencies> {
            let dependencies: Dependencies
            func run() { dependencies.tracker.track("x") }
        }
        """

    func analyse(_ folder: URL) throws -> [Finding] {
        try Pipeline().run(paths: [], workingDirectory: folder).findings
    }

    @Test func movedFindingsStayHiddenAndNewOnesShow() throws {
        try Fixtures.withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("Foo.swift")
            try Self.foo.write(to: file, atomically: true, encoding: .utf8)
            let before = try analyse(folder)
            #expect(before.map(\.ruleID) == ["unused-dependency"])
            try Baseline(findings: before, path: "baseline.json", workingDirectory: folder).write(to: "baseline.json", workingDirectory: folder)

            // Unrelated lines above move the finding down, and a second component brings a new finding.
            let edited = "import Foundation\n\n// The Foo feature.\n" + Self.foo + """

                typealias BarDependencies = TrackingDependency & LoggingDependency
                struct Bar<Dependencies: BarDependencies> {
                    let dependencies: Dependencies
                    func run() { dependencies.tracker.track("y") }
                }
                """
            try edited.write(to: file, atomically: true, encoding: .utf8)
            let after = try analyse(folder)
            #expect(after.count == 2)
            #expect(after.first?.line != before.first?.line, "the known finding moved")

            let baseline = try Baseline.read("baseline.json", workingDirectory: folder)
            let filtered = baseline.filter(after, path: "baseline.json", workingDirectory: folder)
            #expect(filtered.hidden == 1)
            #expect(filtered.findings.map(\.component) == ["Bar"])
        }
    }

    @Test func pathsAreRelativeToTheBaselineSoAnotherWorkingDirectoryMatches() throws {
        let finding = Finding(ruleID: "stale-forward", severity: .warning, file: "App/Foo.swift", line: 3, column: 1, message: "m", component: "Foo", member: "X")
        let root = URL(fileURLWithPath: "/repo")
        let baseline = Baseline(findings: [finding], path: "baseline.json", workingDirectory: root)
        #expect(baseline.findings == [.init(rule: "stale-forward", file: "App/Foo.swift", component: "Foo", member: "X", count: 1)])
        // Run from inside App: the display path differs, the file is the same.
        var moved = finding
        moved.file = "Foo.swift"
        moved.line = 30
        #expect(baseline.filter([moved], path: "../baseline.json", workingDirectory: root.appendingPathComponent("App")).hidden == 1)
        var other = moved
        other.component = "Bar"
        #expect(baseline.filter([other], path: "../baseline.json", workingDirectory: root.appendingPathComponent("App")).hidden == 0)
    }

    @Test func duplicatesAreCountedAndExtraOnesShow() {
        let make = { (line: Int) in
            Finding(ruleID: "unused-dependency", severity: .warning, file: "A.swift", line: line, column: 1, message: "m", component: "A", member: "L")
        }
        let root = URL(fileURLWithPath: "/repo")
        let baseline = Baseline(findings: [make(1), make(2)], path: "b.json", workingDirectory: root)
        #expect(baseline.findings.map(\.count) == [2])
        let filtered = baseline.filter([make(5), make(6), make(7)], path: "b.json", workingDirectory: root)
        #expect(filtered.hidden == 2)
        #expect(filtered.findings == [make(7)])
    }

    @Test func theFileIsSortedAndStable() throws {
        let root = URL(fileURLWithPath: "/repo")
        let findings = ["B", "A", "C"].map {
            Finding(ruleID: "stale-forward", severity: .warning, file: "\($0).swift", line: 1, column: 1, message: "m", component: $0)
        }
        let one = Baseline(findings: findings, path: "b.json", workingDirectory: root).encoded()
        let two = Baseline(findings: findings.reversed(), path: "b.json", workingDirectory: root).encoded()
        #expect(one == two)
        let text = String(decoding: one, as: UTF8.self)
        #expect(text.contains("\"file\" : \"A.swift\""))
        #expect(text.range(of: "A.swift")!.lowerBound < text.range(of: "B.swift")!.lowerBound)
        #expect(!text.contains("member"), "no member, no key")
    }

    @Test func missingOrCorruptBaselinesAreOneLineErrorsNamingTheFile() throws {
        try Fixtures.withTemporaryFolder { folder in
            #expect(throws: InputError("nope.json: cannot read the baseline; check the path, or create it with `cpdi check --write-baseline nope.json`")) {
                try Baseline.read("nope.json", workingDirectory: folder)
            }
            try "{ not json".write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
            #expect(throws: InputError("bad.json: not a cpdi baseline (no version); write it again with `cpdi check --write-baseline bad.json`")) {
                try Baseline.read("bad.json", workingDirectory: folder)
            }
            try #"{"version": 1, "findings": [{"rule": "x"}]}"#.write(to: folder.appendingPathComponent("shape.json"), atomically: true, encoding: .utf8)
            do {
                _ = try Baseline.read("shape.json", workingDirectory: folder)
                Issue.record("a baseline without files was read")
            } catch let error as InputError {
                #expect(error.description.hasPrefix("shape.json: not a valid cpdi baseline (missing "))
                #expect(!error.description.contains("\n"))
            }
            try #"{"version": 7, "findings": []}"#.write(to: folder.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
            #expect(throws: InputError.self) { try Baseline.read("new.json", workingDirectory: folder) }
        }
    }
}
