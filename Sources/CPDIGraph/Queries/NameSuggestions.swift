/// "Did you mean …?" for names typed on the command line or in configuration.
public enum NameSuggestions {
    /// Up to `limit` known names closest to `name`: case-insensitive prefix and substring matches
    /// first, then small edit distances, so `prodlist` finds `ProductListView` and `Prodct` finds `Product`.
    public static func closest(to name: String, among known: some Sequence<String>, limit: Int = 3) -> [String] {
        let wanted = name.lowercased()
        let scored: [(score: Int, name: String)] = known.compactMap { candidate in
            let lowered = candidate.lowercased()
            if lowered.hasPrefix(wanted) || wanted.hasPrefix(lowered) { return (0, candidate) }
            if lowered.contains(wanted) { return (1, candidate) }
            let distance = editDistance(wanted, lowered)
            // Allow about one typo in three letters; beyond that the suggestion is noise.
            return distance <= max(2, wanted.count / 3) ? (1 + distance, candidate) : nil
        }
        return scored.sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }.prefix(limit).map(\.name)
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
