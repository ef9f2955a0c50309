import CPDIGraph
import CPDIRules

extension AnalysisResult {
    /// This result as a run on moved facts gives it (`MovedPositions`): every place in a moved file taken to
    /// where its fact is now. Nil when a place of such a file is not one of its facts' positions, or when a
    /// text names a line of it (a suppression repeating the one "on line 12", a lookup "App.swift:40: …"):
    /// then the run links instead.
    func movingPositions(_ moves: [String: MovedPositions]) -> AnalysisResult? {
        guard !moves.isEmpty else { return self }
        var result = self
        var mover = PlaceMover(moves: moves)
        mover.move(&result.graph.nodes, &result.graph.edges)
        for index in result.findings.indices {
            mover.move(&result.findings[index])
        }
        for index in result.problems.indices where result.problems[index].line != nil {
            var line = result.problems[index].line!, column = result.problems[index].column ?? 0
            mover.move(result.problems[index].file, &line, &column)
            result.problems[index].line = line
            if result.problems[index].column != nil { result.problems[index].column = column }
        }
        for component in result.coverage.notJudged.indices {
            for index in result.coverage.notJudged[component].reasons.indices {
                var reason = result.coverage.notJudged[component].reasons[index]
                mover.check(reason.detail)
                mover.move(reason.file, &reason.line, &reason.column)
                result.coverage.notJudged[component].reasons[index] = reason
            }
        }
        if var runtime = result.runtime {
            for index in runtime.notJudged.indices {
                var item = runtime.notJudged[index]
                mover.check(item.name)
                mover.check(item.reason)
                mover.move(item.file, &item.line, &item.column)
                runtime.notJudged[index] = item
            }
            result.runtime = runtime
        }
        return mover.failed ? nil : result
    }
}

extension DependencyGraph {
    /// These nodes' and edges' places in moved files taken to where their facts are now (a saved graph moved where it
    /// lies, `EncodedGraph.movingPlaces`); nil when one is not a position of its file's facts.
    static func movingPlaces(_ nodes: [Node], _ edges: [Edge], _ moves: [String: MovedPositions]) -> (nodes: [Node], edges: [Edge])? {
        var (nodes, edges) = (nodes, edges)
        var mover = PlaceMover(moves: moves)
        mover.move(&nodes, &edges)
        return mover.failed ? nil : (nodes, edges)
    }
}

/// Moves places of moved files, and notes the first one it cannot move.
private struct PlaceMover {
    let moves: [String: MovedPositions]
    /// `App.swift:` for every moved file: a text naming one of its places names it so.
    private let placeMentions: [String]
    private(set) var failed = false

    init(moves: [String: MovedPositions]) {
        self.moves = moves
        placeMentions = moves.keys.map { "\($0.split(separator: "/").last.map(String.init) ?? $0):" }
    }

    mutating func move(_ file: String, _ line: inout Int, _ column: inout Int) {
        guard let moved = moves[file] else { return }
        guard let place = moved.moved(line: line, column: column) else { return failed = true }
        (line, column) = place
    }

    mutating func move(_ nodes: inout [Node], _ edges: inout [Edge]) {
        for index in nodes.indices where moves[nodes[index].file] != nil {
            var node = nodes[index]
            move(node.file, &node.line, &node.column)
            nodes[index] = node
        }
        for index in edges.indices where moves[edges[index].file] != nil {
            var edge = edges[index]
            move(edge.file, &edge.line, &edge.column)
            edges[index] = edge
        }
    }

    mutating func move(_ finding: inout Finding) {
        check(finding.message)
        finding.suggestion.map { check($0) }
        move(finding.file, &finding.line, &finding.column)
        if var fix = finding.fix {
            move(fix.file, &fix.line, &fix.column)
            fix.remove = fix.remove.map { member in
                var member = member
                move(fix.file, &member.line, &member.column)
                return member
            }
            finding.fix = fix
        }
        if var removal = finding.removal {
            move(removal.file, &removal.line, &removal.column)
            finding.removal = removal
        }
    }

    /// Notes a text that may name a place of a moved file: `App.swift:40`, or "line 12" of any file (which
    /// file is not said, so any may be a moved one).
    mutating func check(_ text: String) {
        if mentionsLine(text) || placeMentions.contains(where: { text.contains($0) }) { failed = true }
    }

    private func mentionsLine(_ text: String) -> Bool {
        var rest = Substring(text)
        while let found = rest.range(of: "line ") {
            rest = rest[found.upperBound...]
            if rest.first?.isNumber == true { return true }
        }
        return false
    }
}
