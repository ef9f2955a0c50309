import CPDIGraph

/// The one value a run produces. Every reporter is a pure function of it, so a saved result can be
/// rendered again without scanning; `schemaVersion` changes whenever its shape does.
public struct AnalysisResult: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var tool: Tool
    /// The analysed files, as displayed (relative to the working directory).
    public var files: [String]
    public var graph: DependencyGraph
    public var findings: [Finding]
    /// Files that could not be read or parsed completely.
    public var problems: [InputProblem]
    /// Which components were judged, and why the others were not.
    public var coverage: Coverage
    /// The same for the run-time styles' registrations and injections; nil when there are none.
    public var runtime: RuntimeCoverage?

    public init(
        tool: Tool, files: [String], graph: DependencyGraph, findings: [Finding], problems: [InputProblem],
        coverage: Coverage = .empty, runtime: RuntimeCoverage? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = tool
        self.files = files
        self.graph = graph
        self.findings = findings
        self.problems = problems
        self.coverage = coverage
        self.runtime = runtime
    }

    public struct Tool: Codable, Sendable, Equatable {
        public var name: String
        public var version: String

        public init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }
}

/// A file cpdi could not (fully) read.
public struct InputProblem: Codable, Sendable, Equatable, Comparable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public static func < (lhs: InputProblem, rhs: InputProblem) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.column ?? 0, lhs.message) < (rhs.file, rhs.line ?? 0, rhs.column ?? 0, rhs.message)
    }
}
