extension String {
    /// The parts between `|`, exactly as `split(separator: "|", maxSplits:omittingEmptySubsequences:)` gives them,
    /// found byte by byte. Facts join names with `|` (`Type|property`), and linking splits them for every read of
    /// every file; searching a string by `Character` measures each grapheme on the way, two to four times slower.
    /// `|` is one byte and a Swift name cannot start with a combining mark, so no grapheme of a fact starts with it.
    @inlinable public func barSeparated(maxSplits: Int = .max, omittingEmptySubsequences: Bool = true) -> [String] {
        utf8.split(separator: UInt8(ascii: "|"), maxSplits: maxSplits, omittingEmptySubsequences: omittingEmptySubsequences)
            .map { String(Substring($0)) }
    }

    /// What comes before the first `|`, and after it (nil without one), found byte by byte (see `barSeparated`).
    @inlinable public var firstBarSplit: (before: Substring, after: Substring?) {
        guard let bar = utf8.firstIndex(of: UInt8(ascii: "|")) else { return (self[...], nil) }
        return (self[..<bar], self[utf8.index(after: bar)...])
    }

    /// What comes before the last `|`, and after it, found byte by byte (see `barSeparated`); nil without one.
    @inlinable public var lastBarSplit: (before: Substring, after: Substring)? {
        guard let bar = utf8.lastIndex(of: UInt8(ascii: "|")) else { return nil }
        return (self[..<bar], self[utf8.index(after: bar)...])
    }
}

extension String {
    /// The last part between dots (`Home.Dependencies` → `Dependencies`), exactly as
    /// `split(separator: ".").last ?? self[...]` finds it (empty parts skipped; none left: the whole name), found byte
    /// by byte without an array of parts. Linking asks it of most names it meets, several times over.
    @inlinable public var lastDottedPart: Substring {
        let bytes = utf8, dot = UInt8(ascii: ".")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == dot { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return self[...] }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != dot { start = bytes.index(before: start) }
        return self[start..<end]
    }
}
