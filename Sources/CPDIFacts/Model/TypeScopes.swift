/// The types a name written in a type may belong to: that type and the types it is nested in.
public enum TypeScopes {
    /// `scope` and the types around it, innermost first: `A.B.C`, `A.B`, `A`; none for no scope.
    public static func around(_ scope: String?) -> [Substring] {
        var found: [Substring] = []
        var outer = scope.map { Substring($0) }
        while let current = outer, !current.isEmpty {
            found.append(current)
            outer = current.lastIndex(of: ".").map { current[..<$0] }
        }
        return found
    }
}
