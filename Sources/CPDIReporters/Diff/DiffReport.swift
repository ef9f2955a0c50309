import CPDIFacts
import CPDIGraph
import CPDIRules

/// The two results compared and what changed between them: everything a diff format draws from.
/// The pictures need the unchanged neighbours too, which the diff itself leaves out.
public struct DiffReport: Sendable {
    /// The results; their graphs are left empty when the sides were given apart.
    public var base: AnalysisResult
    public var head: AnalysisResult
    public var diff: ResultDiff
    /// The part of each graph the pictures read (`DiffPictureGraphs`).
    let pictureGraphs: (base: DependencyGraph, head: DependencyGraph)

    public init(base: AnalysisResult, head: AnalysisResult, baseLabel: String, headLabel: String) {
        let (baseGraph, headGraph) = Parallel.both({ SortedGraph(base.graph) }, { SortedGraph(head.graph) })
        self.init(base: base, head: head, baseGraph: baseGraph, headGraph: headGraph, baseLabel: baseLabel, headLabel: headLabel)
    }

    /// `base` and `head` with their graphs given apart, as `ResultDiff` takes them.
    public init<Graph: DiffGraph>(
        base: AnalysisResult, head: AnalysisResult, baseGraph: Graph, headGraph: Graph, baseLabel: String, headLabel: String
    ) {
        self.base = base
        self.head = head
        diff = ResultDiff(base: base, head: head, baseGraph: baseGraph, headGraph: headGraph, baseLabel: baseLabel, headLabel: headLabel)
        pictureGraphs = DiffPictureGraphs.around(diff, base: baseGraph, head: headGraph)
    }

    var picture: DiffPicture { DiffPicture(diff, base: pictureGraphs.base, head: pictureGraphs.head) }

    /// Head's result with only the introduced findings, for the findings-only formats (SARIF).
    public var introducedOnly: AnalysisResult {
        var result = head
        result.findings = diff.introduced
        return result
    }
}
