import CPDIRules

/// The two results compared and what changed between them: everything a diff format draws from.
/// The pictures need the unchanged neighbours too, which the diff itself leaves out.
public struct DiffReport: Sendable {
    public var base: AnalysisResult
    public var head: AnalysisResult
    public var diff: ResultDiff

    public init(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String) {
        self.base = base
        self.head = head
        diff = ResultDiff(base: base, head: head, baseLabel: baseLabel, headLabel: headLabel)
    }

    var picture: DiffPicture { DiffPicture(diff, base: base.graph, head: head.graph) }

    /// Head's result with only the introduced findings, for the findings-only formats (SARIF).
    public var introducedOnly: AnalysisResult {
        var result = head
        result.findings = diff.introduced
        return result
    }
}
