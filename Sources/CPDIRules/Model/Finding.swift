public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
    case info, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem a rule found, pointing at the exact place to change.
public struct Finding: Codable, Sendable, Equatable, Comparable {
    public var ruleID: String
    public var severity: Severity
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The component the finding is about.
    public var component: String
    /// The alias member or property concerned, so a finding can be recognised after lines move.
    public var member: String?
    /// What to change, in a sentence, when there is one obvious fix.
    public var suggestion: String?

    public init(
        ruleID: String, severity: Severity, file: String, line: Int, column: Int, message: String,
        component: String, member: String? = nil, suggestion: String? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.component = component
        self.member = member
        self.suggestion = suggestion
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.ruleID, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.ruleID, rhs.message)
    }
}
