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
    /// The edit of an alias that resolves the finding, when one does (`cpdi fix` applies it).
    public var fix: AliasEdit?
    /// The declaration whose removal resolves the finding (an injected property nothing reads).
    public var removal: DeclarationRemoval?

    /// The file `cpdi fix` edits for this finding, if it can.
    public var editedFile: String? { fix?.file ?? removal?.file }

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

/// An edit of one alias's composition: members to drop (by where they are written) and aliases to add.
/// A composition left with no member becomes `Any`.
public struct AliasEdit: Codable, Sendable, Equatable, Hashable {
    /// The file declaring the alias, and where its name is written.
    public var file: String
    public var line: Int
    public var column: Int
    /// Where each member to drop is written.
    public var remove: [MemberPosition]
    /// Aliases to add, as they are written in the alias's file.
    public var add: [String]

    public init(file: String, line: Int, column: Int, remove: [MemberPosition], add: [String]) {
        self.file = file
        self.line = line
        self.column = column
        self.remove = remove
        self.add = add
    }
}

/// A declaration to delete, with the comments written right above it: where its name is written.
public struct DeclarationRemoval: Codable, Sendable, Equatable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

public struct MemberPosition: Codable, Sendable, Equatable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
