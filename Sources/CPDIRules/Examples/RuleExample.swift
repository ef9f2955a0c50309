import CPDIFacts
import CPDIGraph

/// Source files for a rule example. A marker (`1️⃣` … `9️⃣`) stands right before the place a finding
/// points at, and `findings` says which message each marker expects.
public struct RuleExample: Sendable {
    public struct File: Sendable {
        public var path: String
        public var markedSource: String
    }

    public var files: [File]
    public var findings: [String: String]

    /// A one-file example (`Example.swift`).
    public init(_ markedSource: String, findings: [String: String] = [:]) {
        self.init(files: ["Example.swift": markedSource], findings: findings)
    }

    /// An example across files, in the order written.
    public init(files: KeyValuePairs<String, String>, findings: [String: String] = [:]) {
        self.files = files.map { File(path: $0.key, markedSource: $0.value) }
        self.findings = findings
    }

    /// The expected findings as (file, position, message), in source order.
    public var expectedFindings: [(file: String, position: SourcePosition, message: String)] {
        files.flatMap { file in
            MarkedSource(file.markedSource).markers.compactMap { marker, position in
                findings[marker].map { (file.path, position, $0) }
            }
        }.sorted { ($0.file, $0.position) < ($1.file, $1.position) }
    }

    /// Extracts, links and runs `rule` on the example, as the real pipeline does, but in memory.
    /// `learnsNaming: false` keeps to `conventions`, as `learn-naming: false` does.
    public func run(_ rule: any Rule, conventions: NamingConventions = .default, learnsNaming: Bool = true) -> [Finding] {
        rule.check(RuleContext(model: linkedModel(conventions: conventions, learnsNaming: learnsNaming))).filter { !$0.isInObjectiveCHeader }.sorted()
    }

    /// The example's linked model, as the rules read it.
    public func linkedModel(conventions: NamingConventions = .default, learnsNaming: Bool = true) -> DependencyModel {
        // Names the example's code teaches are learnt as a run learns them.
        let extracted = NamingInference.extractLearning(
            files.map { ($0.path, MarkedSource($0.markedSource).text) }, conventions: conventions, learns: learnsNaming
        )
        let facts = extracted.facts
        // `AppA/Store.swift` belongs to module `AppA`; a file without a folder to `Example`.
        let modules = Dictionary(uniqueKeysWithValues: files.map { file in
            (file.path, file.path.split(separator: "/").count > 1 ? String(file.path.split(separator: "/")[0]) : "Example")
        })
        return Linker(conventions: extracted.naming.applied(to: conventions), learnt: extracted.naming).model(facts, modules: modules)
    }
}
