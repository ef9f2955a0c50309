/// A 1-based line and column (UTF-8 columns, as the compiler reports them).
public struct SourcePosition: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

public enum AccessLevel: String, Codable, Sendable, CaseIterable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`
}
