import CPDIFacts

/// A glob over relative paths, as written in `.cpdi.yml`: `*`, `?` and `[…]` within one name, `**` for any
/// number of folders. A glob with a `/` is matched from the configuration's folder; one without is matched
/// against every name in the path (`Generated` leaves out every folder called so).
/// A glob selects a file when it matches the file's path or the path of a folder the file is in.
public struct PathGlob: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let pattern: String
    private let segments: [Segment]
    private let isAnchored: Bool

    private enum Segment: Hashable {
        case anyFolders
        case name(NamePattern)
    }

    public init(_ pattern: String) throws(PatternError) {
        self.pattern = pattern
        var body = Substring(pattern)
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        isAnchored = body.contains("/")
        var segments: [Segment] = []
        for part in body.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            segments.append(part == "**" ? .anyFolders : .name(try NamePattern(String(part))))
        }
        guard !segments.isEmpty else { throw PatternError(pattern: pattern, reason: "empty path") }
        self.segments = segments
    }

    public init(stringLiteral value: String) {
        // Literals are the built-in defaults; a malformed one is a programming error.
        // swiftlint:disable:next force_try
        try! self.init(value)
    }

    public var description: String { pattern }

    public static func == (lhs: PathGlob, rhs: PathGlob) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// `relativePath` uses `/` between names and no leading `./`.
    public func matches(_ relativePath: some StringProtocol) -> Bool {
        let names = relativePath.split(separator: "/" as Character).map { String($0) }
        return (1...max(names.count, 1)).contains { matchesExactly(names[..<min($0, names.count)]) }
    }

    /// Whether the glob matches exactly the path made of `names` (not a folder above it).
    func matchesExactly(_ names: ArraySlice<String>) -> Bool {
        guard isAnchored else {
            // Unanchored globs are one name (no `/`), checked against the last one.
            guard let name = names.last, case .name(let pattern) = segments[0] else { return segments == [.anyFolders] }
            return pattern.matches(name)
        }
        return Self.match(segments[...], names)
    }

    private static func match(_ segments: ArraySlice<Segment>, _ names: ArraySlice<String>) -> Bool {
        guard let segment = segments.first else { return names.isEmpty }
        switch segment {
        case .anyFolders:
            var tail = names
            while true {
                if match(segments.dropFirst(), tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case .name(let pattern):
            guard let name = names.first, pattern.matches(name) else { return false }
            return match(segments.dropFirst(), names.dropFirst())
        }
    }
}
