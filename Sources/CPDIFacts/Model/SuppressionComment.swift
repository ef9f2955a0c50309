/// A `// cpdi:…` comment that turns rules off for some lines (`cpdi:disable:next unused-dependency`).
/// Kept as written; what it means and whether it is valid is decided when findings are filtered.
public struct SuppressionComment: Codable, Sendable, Equatable {
    /// What follows `cpdi:` up to the first space: `disable:next`, `disable:this`, `disable`, `enable`, or a typo.
    public var command: String
    /// The rule ids (or `all`) after the command, in order.
    public var rules: [String]
    /// Where the comment starts.
    public var position: SourcePosition

    public init(command: String, rules: [String], position: SourcePosition) {
        self.command = command
        self.rules = rules
        self.position = position
    }
}
