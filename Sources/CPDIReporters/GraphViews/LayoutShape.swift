import GraphvizRendering

/// Which way dot's ranks run and how far long fan-outs are folded. No single choice suits every app:
/// top to bottom draws a component tree compactly until one component builds forty screens, left to
/// right suits alias compositions, and folding helps long fan-outs but only lengthens a tidy tree. So
/// `choose` lays out a few candidates (a few milliseconds each, in process) and keeps the one that fills
/// a landscape frame best, i.e. the one whose labels stay largest when the whole picture is fitted to a
/// screen, a page or the report's graph panel. Measurements are in the README (Graph views, filters
/// and large apps).
public struct LayoutShape: Sendable, Equatable {
    public enum Direction: String, Sendable {
        case topToBottom = "TB", leftToRight = "LR"
    }

    public var direction: Direction
    public var folding: FanOutFolding

    public init(direction: Direction, folding: FanOutFolding = .none) {
        self.direction = direction
        self.folding = folding
    }

    /// The frame pictures are fitted into: the report's graph panel, about 1200 × 880 in a 1600 × 1000
    /// window and 880 × 680 in a 1280 × 800 one, which is also a shape that reads well on a page.
    static let frame = (width: 1200.0, height: 800.0)
    /// A later candidate must fill the frame this much better to beat an earlier one, so a tidy
    /// drawing is not traded for a marginally larger one.
    static let margin = 1.05

    /// What a drawing gets unless measured otherwise: forwards run down, compositions to the right.
    static func preferred(for drawing: GraphDrawing) -> LayoutShape {
        LayoutShape(direction: drawing.view == .components || drawing.strategy.collapse != .flat ? .topToBottom : .leftToRight)
    }

    /// Candidates in order of preference: the preferred direction first, unfolded first. Larger drawings,
    /// where each layout costs more, try fewer foldings.
    static func candidates(for drawing: GraphDrawing) -> [LayoutShape] {
        let first = preferred(for: drawing).direction
        let directions = [first, first == .topToBottom ? .leftToRight : .topToBottom]
        let foldings: [FanOutFolding] = drawing.items.count <= LayoutStrategy.plainDotLimit
            ? [.none, .ranks(2), .ranks(3), .ranks(5), .squareRoot]
            : [.none, .ranks(3), .squareRoot]
        return directions.flatMap { direction in foldings.map { LayoutShape(direction: direction, folding: $0) } }
    }

    /// The candidate whose layout fills `frame` best, or the first that fits it at full size; nil for
    /// engines other than dot, which do not rank nodes. A candidate Graphviz cannot lay out is skipped;
    /// the render then reports the failure.
    static func choose(for drawing: GraphDrawing) -> LayoutShape? {
        guard drawing.strategy.engine == "dot" else { return nil }
        guard drawing.items.count > 1 else { return preferred(for: drawing) }
        var best: (shape: LayoutShape, fill: Double)?
        for shape in candidates(for: drawing) {
            var candidate = drawing
            candidate.strategy.shape = shape
            guard let size = measure(candidate) else { continue }
            let fill = min(frame.width / size.width, frame.height / size.height)
            if best == nil || fill > best!.fill * margin { best = (shape, fill) }
            // The first candidate (the preferred direction, unfolded) already fits the frame at full size:
            // another could only be drawn larger than that, and small drawings cost one layout, not ten.
            if best!.fill >= 1 { break }
        }
        return best?.shape ?? preferred(for: drawing)
    }

    /// The size in points of the drawing dot makes of it, nil when Graphviz cannot lay it out.
    static func measure(_ drawing: GraphDrawing) -> (width: Double, height: Double)? {
        guard let size = try? GraphvizRenderer.layoutSize(dot: DOTFormat.render(drawing), engine: "dot"),
              size.width > 0, size.height > 0 else { return nil }
        return size
    }

    /// For the strategy line on stderr: "top to bottom, fan-outs folded over 3 ranks".
    var summary: String {
        var text = direction == .topToBottom ? "top to bottom" : "left to right"
        switch folding {
        case .none: break
        case .ranks(let ranks): text += ", fan-outs folded over \(ranks) ranks"
        case .squareRoot: text += ", fan-outs folded over √n ranks"
        }
        return text
    }
}
