@testable import CPDIPipeline
import CPDIFacts
import CPDIRules
import Foundation
import Testing

/// `.cpdi.yml`: what it can set, how it is found, and one-line errors that name the file, line and key.
@Suite struct ConfigurationTests {
    func parse(_ yaml: String) throws(InputError) -> Configuration {
        try Configuration.parse(Data(yaml.utf8), file: ".cpdi.yml", baseDirectory: URL(fileURLWithPath: "/project"))
    }

    func error(_ yaml: String) -> String? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Reading

    @Test func everySectionIsRead() throws {
        let configuration = try parse("""
            include: [Sources/**]
            exclude:
              - "**/Generated/**"
              - Mocks
            module-roots: [Packages/*/Sources]
            rules:
              unused-dependency: off
              stale-forward: error
              direct-child-dependency: { severity: info }
              unused-dependencies-property: { enabled: false, severity: error }
            naming:
              alias-names: ["*Deps", Deps]
              injection-wrapper-names: Resolve
            """)
        #expect(configuration.include == ["Sources/**"])
        #expect(configuration.exclude == ["**/Generated/**", "Mocks"])
        #expect(configuration.moduleRoots == ["Packages/*/Sources"])
        #expect(configuration.rules == [
            "unused-dependency": .init(enabled: false),
            "stale-forward": .init(severity: .error),
            "direct-child-dependency": .init(severity: .info),
            "unused-dependencies-property": .init(enabled: false, severity: .error),
        ])
        #expect(configuration.naming.aliasNames == ["*Deps", "Deps"])
        #expect(configuration.naming.isAliasName("ShopDeps"))
        #expect(!configuration.naming.isAliasName("ShopDependencies"))
        #expect(configuration.naming.injectionWrapperNames == ["Resolve"])
        #expect(configuration.naming.dependencyProtocolNames == NamingConventions.default.dependencyProtocolNames, "unset keys keep their defaults")
        #expect(configuration.source == ".cpdi.yml")
    }

    @Test func strictAndBaselineAreRead() throws {
        let configuration = try parse("strict: yes\nbaseline: ci/known-findings.json\n")
        #expect(configuration.strict)
        #expect(configuration.baseline == "ci/known-findings.json")
        // Relative to the configuration's folder, shown relative to the working directory when inside it.
        #expect(configuration.baselinePath(workingDirectory: URL(fileURLWithPath: "/project")) == "ci/known-findings.json")
        #expect(configuration.baselinePath(workingDirectory: URL(fileURLWithPath: "/project/ci")) == "known-findings.json")
        #expect(configuration.baselinePath(workingDirectory: URL(fileURLWithPath: "/elsewhere")) == "/project/ci/known-findings.json")
        #expect(try parse("baseline: /abs/known.json\n").baselinePath(workingDirectory: URL(fileURLWithPath: "/elsewhere")) == "/abs/known.json")
        let defaults = try parse("strict: false\nbaseline: ~\n")
        #expect(!defaults.strict)
        #expect(defaults.baseline == nil)
        #expect(defaults.baselinePath(workingDirectory: URL(fileURLWithPath: "/project")) == nil)
        #expect(try parse("baseline: \"\"\n").baseline == nil)
    }

    @Test func strictAndBaselineErrorsNameTheLine() {
        #expect(error("include: [a]\nstrict: maybe\n") == ".cpdi.yml:2: strict: 'maybe' is not true or false")
        #expect(error("strict: [true]\n") == ".cpdi.yml:1: strict: expected true or false")
        #expect(error("baseline: [a.json, b.json]\n") == ".cpdi.yml:1: baseline: expected one file path, not a list")
        #expect(error("baseline: { file: a.json }\n") == ".cpdi.yml:1: baseline: expected a string or a list of strings")
    }

    @Test func anEmptyFileMeansTheDefaults() throws {
        #expect(try parse("") == { var c = Configuration(); c.baseDirectory = URL(fileURLWithPath: "/project"); c.source = ".cpdi.yml"; return c }())
        #expect(try parse("# nothing yet\n").rules.isEmpty)
    }

    @Test func everyNamingConventionIsConfigurable() throws {
        // Generic over `NamingConventions`: a convention added there is a key here without further code.
        let fields = NamingFields.fields(of: .default)
        #expect(fields.count == Mirror(reflecting: NamingConventions.default).children.count)
        let yaml = "naming:\n" + fields.keys.sorted().map { "  \(NamingFields.kebabCase($0)): [\"X\($0)*\"]" }.joined(separator: "\n")
        let parsed = NamingFields.fields(of: try parse(yaml).naming)
        #expect(parsed == Dictionary(uniqueKeysWithValues: fields.keys.map { ($0, ["X\($0)*"]) }))
    }

    // MARK: Errors

    @Test func badValuesNameTheFileLineKeyAndChoices() {
        #expect(error("rules:\n  unused-dependency:\n    severity: loud\n")
            == ".cpdi.yml:3: rules.unused-dependency.severity: 'loud' is not one of error, warning, info, off")
        #expect(error("rules:\n  stale-forward: loud\n") == ".cpdi.yml:2: rules.stale-forward: 'loud' is not one of error, warning, info, off")
        #expect(error("rules:\n  stale-forward: { enabled: maybe }\n") == ".cpdi.yml:2: rules.stale-forward.enabled: 'maybe' is not true or false")
        #expect(error("rules: [stale-forward]\n")?.hasPrefix(".cpdi.yml:1: rules: expected a mapping") == true)
        #expect(error("include: { a: b }\n") == ".cpdi.yml:1: include: expected a string or a list of strings")
        #expect(error("exclude: [[a]]\n") == ".cpdi.yml:1: exclude[0]: expected a string")
        #expect(error("- a\n- b\n")?.hasPrefix(".cpdi.yml:1: the top level must be a mapping") == true)
    }

    @Test func unknownKeysSuggestTheClosestKnownOne() {
        #expect(error("exlude: [a]\n") == ".cpdi.yml:1: exlude: unknown key; did you mean 'exclude'?")
        #expect(error("rules:\n  unused-dependancy: off\n") == ".cpdi.yml:2: rules.unused-dependancy: unknown rule; did you mean 'unused-dependency'?")
        #expect(error("rules:\n  stale-forward: { severty: error }\n")
            == ".cpdi.yml:2: rules.stale-forward.severty: unknown key; did you mean 'severity'?")
        #expect(error("naming:\n  alias-name: [X]\n") == ".cpdi.yml:2: naming.alias-name: unknown naming convention; did you mean 'alias-names'?")
        let far = error("colours: red\n")
        #expect(far?.hasPrefix(".cpdi.yml:1: colours: unknown key; expected one of include, exclude, module-roots, strict, baseline, naming, learn-naming, opt-in-rules, rules") == true)
        #expect(error("stric: true\n") == ".cpdi.yml:1: stric: unknown key; did you mean 'strict'?")
    }

    @Test func badPatternsAreErrorsThatNameTheEntry() {
        #expect(error("naming:\n  alias-names: [Ok, \"[A-Z\"]\n")
            == ".cpdi.yml:2: naming.alias-names[1]: invalid name pattern '[A-Z': '[' without a closing ']'; fix the pattern")
        #expect(error("exclude: [\"Gen/[z-a]\"]\n") == ".cpdi.yml:1: exclude[0]: invalid name pattern '[z-a]': range out of order; fix the glob")
    }

    @Test func brokenYAMLIsOneLine() throws {
        let message = try #require(error("rules:\n  a: [b\n"))
        #expect(message.hasPrefix(".cpdi.yml: line "))
        #expect(message.hasSuffix("; fix the YAML syntax"))
        #expect(!message.contains("\n"))
        #expect(error("rules: {}\nrules: {}\n")?.contains("duplicated key rules") == true)
    }

    // MARK: Finding the file

    @Test func theFileIsFoundInTheAnalysedFolderAndAMissingExplicitOneIsAnError() throws {
        try Fixtures.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try "rules: { stale-forward: error }\n".write(to: app.appendingPathComponent(".cpdi.yml"), atomically: true, encoding: .utf8)
            let found = try Configuration.load(explicitPath: nil, paths: ["App"], workingDirectory: folder)
            #expect(found.source == "App/.cpdi.yml")
            #expect(found.severity(of: "stale-forward", default: .warning) == .error)
            #expect(try Configuration.load(explicitPath: nil, paths: [], workingDirectory: folder).source == nil, "none in the working directory")
            let explicit = try Configuration.load(explicitPath: "App/.cpdi.yml", paths: [], workingDirectory: folder)
            #expect(explicit.baseDirectory?.path == app.path)
            #expect(throws: InputError("nope.yml: cannot read the configuration file; check the --config path")) {
                try Configuration.load(explicitPath: "nope.yml", paths: ["App"], workingDirectory: folder)
            }
        }
    }

    // MARK: Printing

    @Test func printedConfigurationIsCompleteAndReadsBackTheSame() throws {
        let configuration = try parse("exclude: [Mocks]\nrules: { stale-forward: error, unused-dependency: off }\nnaming: { alias-names: [\"*Deps\"] }\nlearn-naming: false\nstrict: true\nbaseline: known.json\n")
        let yaml = configuration.yaml()
        #expect(yaml.contains("\nstrict: true\nbaseline: known.json\n"))
        #expect(Configuration().yaml().contains("\nstrict: false\nbaseline: null\n"), "every key is printed, an unset baseline as null")
        #expect(try parse(Configuration().yaml()).baseline == nil)
        #expect(yaml == configuration.yaml(), "deterministic")
        #expect(yaml.hasPrefix("# cpdi configuration in effect: the defaults merged with .cpdi.yml\n"))
        for rule in RuleCatalogue.all { #expect(yaml.contains("\n  \(rule.id):\n"), "\(rule.id) is listed") }
        for key in NamingFields.keys { #expect(yaml.contains("\n  \(key):"), "naming.\(key) is listed") }
        #expect(yaml.contains("  stale-forward:\n    enabled: true\n    severity: error\n"))
        #expect(yaml.contains("  unused-dependency:\n    enabled: false\n    severity: warning\n"))
        let reread = try parse(yaml)
        #expect(reread.naming == configuration.naming)
        #expect(reread.exclude == configuration.exclude)
        #expect(reread.include == configuration.include)
        #expect(reread.moduleRoots == configuration.moduleRoots)
        #expect(reread.strict == configuration.strict)
        #expect(!reread.learnsNaming && yaml.contains("\nlearn-naming: false\n") && Configuration().yaml().contains("\nlearn-naming: true\n"))
        #expect(reread.baseline == configuration.baseline)
        for rule in RuleCatalogue.all {
            #expect(reread.isEnabled(rule.id) == configuration.isEnabled(rule.id))
            #expect(reread.severity(of: rule.id, default: rule.description.defaultSeverity)
                == configuration.severity(of: rule.id, default: rule.description.defaultSeverity))
        }
    }

    // MARK: Effect on a run

    static let unusedMember = """
        protocol LoggingDependency { var logger: Logger { get } }
        protocol TrackingDependency { var tracker: Tracker { get } }
        typealias FooDependencies = TrackingDependency & LoggingDependency
        struct Foo<Dependencies: FooDependencies> {
            let dependencies: Dependencies
            func run() { dependencies.tracker.track("x") }
        }
        """

    @Test func ruleSettingsChangeSeverityOrRemoveFindings() throws {
        let source = [(path: "Foo.swift", text: Self.unusedMember)]
        #expect(Pipeline().run(sources: source).findings.map(\.severity) == [.warning])
        let raised = Pipeline(configuration: try parse("rules: { unused-dependency: error }"))
        #expect(raised.run(sources: source).findings.map(\.severity) == [.error])
        let off = Pipeline(configuration: try parse("rules: { unused-dependency: { enabled: false } }"))
        #expect(off.run(sources: source).findings == [])
        let severityOff = Pipeline(configuration: try parse("rules: { unused-dependency: { severity: off, enabled: true } }"))
        #expect(severityOff.run(sources: source).findings == [])
    }

    /// A value typed by the component's generic parameter is its dependencies whatever its name; the
    /// configured names still say which property other types read them through (`foo.context`).
    @Test func namingChangesWhatCarriesTheDependencies() throws {
        let source = [(path: "Foo.swift", text: """
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias FooDependencies = TrackingDependency
            final class Foo<Dependencies: FooDependencies> {
                let context: Dependencies
                init(context: Dependencies) { self.context = context }
                func own() { context.tracker.track("own") }
            }
            typealias BarDependencies = TrackingDependency
            final class Bar<Dependencies: BarDependencies> {
                let context: Dependencies
                init(context: Dependencies) { self.context = context }
            }
            struct Screen {
                let bar: Bar<AppDependencies>
                func run() { bar.context.tracker.track("x") }
            }
            """)]
        let byDefault = Pipeline().run(sources: source).findings
        #expect(byDefault.map { "\($0.ruleID) \($0.component)" } == ["unused-dependency Bar"], "`bar.context` is not read through by default")
        let configured = Pipeline(configuration: try parse("naming: { dependencies-property-names: [dependencies, context] }"))
        #expect(configured.run(sources: source).findings == [])
    }
}
