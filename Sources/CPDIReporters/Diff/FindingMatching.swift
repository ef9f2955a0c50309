import CPDIRules

/// Pairs findings of two runs by what they are about, never by line, so code that moved does not make a
/// finding look new. The baseline and `cpdi diff` share it.
public enum FindingMatching {
    /// What a finding is about: its rule, file, component and member.
    public struct Key: Hashable, Sendable {
        public var rule: String
        public var file: String
        public var component: String
        public var member: String?

        public init(rule: String, file: String, component: String, member: String?) {
            self.rule = rule
            self.file = file
            self.component = component
            self.member = member
        }

        public init(_ finding: Finding) {
            self.init(rule: finding.ruleID, file: finding.file, component: finding.component, member: finding.member)
        }
    }

    /// The findings that `allowance` does not account for. Each key's count is used up by the first
    /// findings with that key in order, so the same input always keeps the same findings.
    public static func unmatched<K: Hashable>(_ findings: [Finding], allowance: [K: Int], key: (Finding) -> K) -> [Finding] {
        var allowance = allowance
        var kept: [Finding] = []
        for finding in findings {
            let key = key(finding)
            if let left = allowance[key], left > 0 {
                allowance[key] = left - 1
            } else {
                kept.append(finding)
            }
        }
        return kept
    }

    /// How many findings share each key.
    public static func counts<K: Hashable>(_ findings: [Finding], key: (Finding) -> K) -> [K: Int] {
        var counts: [K: Int] = [:]
        for finding in findings { counts[key(finding), default: 0] += 1 }
        return counts
    }

    /// Findings only in `head` (introduced) and only in `base` (fixed). First by file, then, for what is
    /// left, without the file, so a finding in a renamed or moved file is neither new nor fixed.
    public static func changes(base: [Finding], head: [Finding]) -> (introduced: [Finding], fixed: [Finding]) {
        var introduced = unmatched(head, allowance: counts(base, key: Key.init), key: Key.init)
        var fixed = unmatched(base, allowance: counts(head, key: Key.init), key: Key.init)
        let withoutFile = { (finding: Finding) in Key(rule: finding.ruleID, file: "", component: finding.component, member: finding.member) }
        let stillIntroduced = unmatched(introduced, allowance: counts(fixed, key: withoutFile), key: withoutFile)
        fixed = unmatched(fixed, allowance: counts(introduced, key: withoutFile), key: withoutFile)
        introduced = stillIntroduced
        return (introduced, fixed)
    }
}
