import CPDIFacts
import CPDIGraph

/// Applies the `// cpdi:disable…` comments of the analysed files to findings: hides the findings they
/// cover, and reports every comment (or rule named in one) that covered nothing or cannot be understood.
///
/// - `disable:next R` covers the line after the comment, `disable:this R` the comment's own line;
/// - `disable R` covers from its line to the line of the next `enable R` (or the end of the file);
///   `enable all` ends every open region, but only `enable all` ends `disable all`;
/// - `all` stands for every rule.
public struct SuppressionFilter: Sendable {
    public struct Outcome: Sendable, Equatable {
        /// The findings no comment covers.
        public var kept: [Finding]
        /// One finding per comment or named rule that suppressed nothing or is not understood, at the
        /// `unused-suppression` rule's default severity.
        public var unused: [Finding]
    }

    /// One rule (or `all`) turned off for a range of lines by one comment.
    private struct Scope {
        var rule: String
        var lines: ClosedRange<Int>
        var comment: SuppressionComment
        /// False for rules that did not run (turned off in the configuration): nothing to suppress, nothing to report.
        var isChecked: Bool
    }

    private let commentsByFile: [String: [SuppressionComment]]

    public init(files: some Sequence<FileFacts>) {
        var comments: [String: [SuppressionComment]] = [:]
        for file in files where !file.suppressions.isEmpty { comments[file.path] = file.suppressions }
        commentsByFile = comments
    }

    public var isEmpty: Bool { commentsByFile.isEmpty }

    /// - Parameters:
    ///   - knownRuleIDs: every rule id cpdi has (a comment naming another is a mistake);
    ///   - checkedRuleIDs: the rules that ran, whose suppressions must each hide something.
    public func apply(to findings: [Finding], knownRuleIDs: Set<String>, checkedRuleIDs: Set<String>) -> Outcome {
        guard !commentsByFile.isEmpty else { return Outcome(kept: findings, unused: []) }
        var scopesByFile: [String: [Scope]] = [:]
        var reports: [Finding] = []
        for (file, comments) in commentsByFile {
            let (scopes, problems) = Self.scopes(of: comments, file: file, knownRuleIDs: knownRuleIDs, checkedRuleIDs: checkedRuleIDs)
            scopesByFile[file] = scopes
            reports += problems
        }
        var used = Set<ScopeKey>()
        var kept: [Finding] = []
        for finding in findings {
            let covering = (scopesByFile[finding.file] ?? []).filter {
                ($0.rule == finding.ruleID || $0.rule == "all") && $0.lines.contains(finding.line)
            }
            if covering.isEmpty {
                kept.append(finding)
            } else {
                used.formUnion(covering.map(ScopeKey.init))
            }
        }
        for (file, scopes) in scopesByFile {
            for scope in scopes where scope.isChecked && !used.contains(ScopeKey(scope)) {
                reports.append(Self.report(
                    file: file, scope.comment, "`cpdi:\(scope.comment.command) \(scope.rule)` suppresses no finding; remove it",
                    member: "\(scope.comment.command) \(scope.rule)"
                ))
            }
        }
        return Outcome(kept: kept, unused: reports.sorted())
    }

    private struct ScopeKey: Hashable {
        var rule: String
        var line: Int
        var column: Int

        init(_ scope: Scope) {
            rule = scope.rule
            line = scope.comment.position.line
            column = scope.comment.position.column
        }
    }

    private static func scopes(
        of comments: [SuppressionComment], file: String, knownRuleIDs: Set<String>, checkedRuleIDs: Set<String>
    ) -> (scopes: [Scope], problems: [Finding]) {
        var scopes: [Scope] = []
        var problems: [Finding] = []
        /// Regions opened by `disable`, by rule, waiting for their `enable`.
        var open: [String: Scope] = [:]
        let commands = ["disable:next", "disable:this", "disable", "enable"]
        for comment in comments.sorted(by: { $0.position < $1.position }) {
            let line = comment.position.line
            guard commands.contains(comment.command) else {
                let hint = NameSuggestions.closest(to: comment.command, among: commands).first.map { "did you mean `cpdi:\($0)`?" }
                    ?? "use cpdi:disable:next, cpdi:disable:this, cpdi:disable or cpdi:enable"
                problems.append(report(file: file, comment, "`cpdi:\(comment.command)` is not a cpdi command; \(hint)", member: comment.command))
                continue
            }
            if comment.rules.isEmpty {
                problems.append(report(
                    file: file, comment, "`cpdi:\(comment.command)` names no rule; add a rule id, or `all`", member: comment.command
                ))
            }
            for rule in comment.rules {
                guard rule == "all" || knownRuleIDs.contains(rule) else {
                    let hint = NameSuggestions.closest(to: rule, among: knownRuleIDs.sorted()).first.map { "did you mean `\($0)`?" } ?? "see `cpdi rules`"
                    problems.append(report(
                        file: file, comment, "`cpdi:\(comment.command) \(rule)` names no cpdi rule; \(hint)", member: "\(comment.command) \(rule)"
                    ))
                    continue
                }
                let isChecked = rule == "all" || checkedRuleIDs.contains(rule)
                switch comment.command {
                case "disable:next": scopes.append(Scope(rule: rule, lines: (line + 1)...(line + 1), comment: comment, isChecked: isChecked))
                case "disable:this": scopes.append(Scope(rule: rule, lines: line...line, comment: comment, isChecked: isChecked))
                case "disable":
                    if let earlier = open[rule] {
                        problems.append(report(
                            file: file, comment,
                            "`cpdi:disable \(rule)` repeats the one on line \(earlier.comment.position.line), which is still in effect; remove it",
                            member: "disable \(rule)"
                        ))
                    } else {
                        open[rule] = Scope(rule: rule, lines: line...Int.max, comment: comment, isChecked: isChecked)
                    }
                default:
                    let ending = rule == "all" ? Array(open.keys) : (open[rule] == nil ? [] : [rule])
                    guard !ending.isEmpty else {
                        let why = open["all"] != nil ? "only `cpdi:enable all` ends `cpdi:disable all`" : "no `cpdi:disable \(rule)` above it is in effect"
                        problems.append(report(file: file, comment, "`cpdi:enable \(rule)` enables nothing: \(why); remove it", member: "enable \(rule)"))
                        continue
                    }
                    for key in ending.sorted() {
                        var scope = open.removeValue(forKey: key)!
                        scope.lines = scope.lines.lowerBound...line
                        scopes.append(scope)
                    }
                }
            }
        }
        scopes += open.values
        return (scopes, problems)
    }

    private static func report(file: String, _ comment: SuppressionComment, _ message: String, member: String) -> Finding {
        let rule = UnusedSuppression().description
        // A comment belongs to no component; the file name stands in, so the finding still has an owner.
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        return Finding(
            ruleID: rule.id, severity: rule.defaultSeverity, file: file, line: comment.position.line, column: comment.position.column,
            message: message, component: fileName, member: member
        )
    }
}
