/// A 1-based line and column (UTF-8 columns, as the compiler reports them).
///
/// Kept in 32 bits each: nearly every fact and every model entry holds one, and no file cpdi reads has two
/// billion lines (`Pipeline.maximumFileSize` refuses far smaller files).
public struct SourcePosition: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    private enum CodingKeys: String, CodingKey { case line, column }

    // The coding of the two `Int` properties it had before, so cached facts and saved results keep their bytes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

public enum AccessLevel: String, Codable, Sendable, CaseIterable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`
}
