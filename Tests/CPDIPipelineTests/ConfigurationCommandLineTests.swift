import Foundation
import Testing

/// Configuration, suppression comments and baselines through the real `cpdi` binary: exit statuses and
/// the one-line errors users see.
@Suite(.serialized) struct ConfigurationCommandLineTests {
    let cli = CommandLineTests()

    /// `Foo` lists `LoggingDependency` without using it: one unused-dependency warning on line 3.
    static let foo = BaselineTests.foo

    func project(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        try Fixtures.withTemporaryFolder { folder in
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            try body(folder)
        }
    }

    @Test func aBadValueInCpdiYmlIsExitStatus2WithOneLineNamingFileAndKey() throws {
        try project(["Foo.swift": Self.foo, ".cpdi.yml": "rules:\n  unused-dependency:\n    severity: loud\n"]) { folder in
            for command in [["check"], ["report", "--format", "json"], ["config"], ["config", "--print"]] {
                let run = try cli.cpdi(command, in: folder)
                #expect(run.status == 2, "\(command)")
                #expect(run.stderr == "cpdi: error: .cpdi.yml:3: rules.unused-dependency.severity: 'loud' is not one of error, warning, info, off\n")
                #expect(run.stdout == "")
            }
        }
    }

    @Test func aMissingConfigFileIsExitStatus2() throws {
        try project(["Foo.swift": Self.foo]) { folder in
            let run = try cli.cpdi(["check", "--config", "ci/cpdi.yml"], in: folder)
            #expect(run.status == 2)
            #expect(run.stderr == "cpdi: error: ci/cpdi.yml: cannot read the configuration file; check the --config path\n")
        }
    }

    @Test func configuredSeverityDecidesTheExitStatus() throws {
        try project(["Foo.swift": Self.foo, "strict.yml": "rules: { unused-dependency: error }\n", "quiet.yml": "rules: { unused-dependency: off }\n"]) { folder in
            #expect(try cli.cpdi(["check"], in: folder).status == 0)
            let raised = try cli.cpdi(["check", "--config", "strict.yml"], in: folder)
            #expect(raised.status == 1)
            #expect(raised.stdout.hasPrefix("Foo.swift:3:50: error: "))
            let off = try cli.cpdi(["check", "--strict", "--config", "quiet.yml"], in: folder)
            #expect(off.status == 0)
            #expect(off.stdout == "")
        }
    }

    @Test func configPrintShowsTheEffectiveConfiguration() throws {
        try project([".cpdi.yml": "exclude: [Generated]\n"]) { folder in
            let run = try cli.cpdi(["config", "--print"], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("# cpdi configuration in effect: the defaults merged with .cpdi.yml\ninclude: []\nexclude:\n- Generated\n"))
            #expect(run.stdout.contains("\n  unused-suppression:\n    enabled: true\n    severity: info\n"))
            #expect(try cli.cpdi(["config", "--print"], in: folder).stdout == run.stdout, "deterministic")
            let check = try cli.cpdi(["config"], in: folder)
            #expect(check.status == 0)
            #expect(check.stderr == "cpdi: .cpdi.yml is valid\n")
            let missing = try cli.cpdi(["config", "Nope"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.stderr == "cpdi: error: Nope: no such folder; pass the folder that holds the .cpdi.yml, or use --config FILE\n")
        }
    }

    @Test func suppressionCommentsHideFindingsAndUnusedOnesAreInfo() throws {
        let suppressed = Self.foo.replacingOccurrences(
            of: "typealias FooDependencies", with: "// cpdi:disable:next unused-dependency\ntypealias FooDependencies"
        ) + "\n// cpdi:disable:next stale-forward\nlet x = 1\n"
        try project(["Foo.swift": suppressed]) { folder in
            let run = try cli.cpdi(["check", "--strict"], in: folder)
            #expect(run.stdout == "Foo.swift:9:1: info: `cpdi:disable:next stale-forward` suppresses no finding; remove it [unused-suppression]\n")
            #expect(run.status == 0, "information never fails the run, not even with --strict")
        }
    }

    @Test func aBaselineHidesKnownFindingsAndTheSummarySaysHowMany() throws {
        try project(["Foo.swift": Self.foo]) { folder in
            let write = try cli.cpdi(["check", "--write-baseline", "cpdi-baseline.json"], in: folder)
            #expect(write.status == 0)
            #expect(write.stderr.contains("cpdi: wrote cpdi-baseline.json (1 known finding)\n"))
            try ("\n\n" + Self.foo).write(to: folder.appendingPathComponent("Foo.swift"), atomically: true, encoding: .utf8)
            let run = try cli.cpdi(["check", "--strict", "--baseline", "cpdi-baseline.json"], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout == "")
            #expect(run.stderr.contains(", no findings, 1 known finding hidden by the baseline in "))
            let missing = try cli.cpdi(["check", "--baseline", "nope.json"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.stderr == "cpdi: error: nope.json: cannot read the baseline; check the path, or create it with `cpdi check --write-baseline nope.json`\n")
        }
    }
}
