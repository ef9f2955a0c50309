import CPDIRules
import GraphvizRendering

/// Where a new output format of `cpdi graph` goes: a case here and a file in `Formats/`.
public enum GraphFormat: String, CaseIterable, Sendable {
    case dot, svg, png, pdf, json, mermaid

    /// Extensions that name a format besides the format's own name.
    static let extensions = ["gv": GraphFormat.dot, "mmd": .mermaid]

    /// The format a file name implies (`graph.svg` → svg, `graph.mmd` → mermaid).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let suffix = fileName[fileName.index(after: dot)...].lowercased()
        guard let format = GraphFormat(rawValue: suffix) ?? Self.extensions[suffix] else { return nil }
        self = format
    }

    /// What a render produced, and how it was drawn (nil for JSON, which is the whole result).
    public struct Output: Sendable {
        public var bytes: [UInt8]
        public var strategy: LayoutStrategy?
    }

    public func render(_ result: AnalysisResult, options: GraphOptions = GraphOptions()) throws -> [UInt8] {
        try draw(result, options: options).bytes
    }

    /// Throws `GraphViewError` for a view that cannot be drawn and `GraphvizError` when Graphviz fails;
    /// both carry a one-line message.
    public func draw(_ result: AnalysisResult, options: GraphOptions = GraphOptions()) throws -> Output {
        switch self {
        case .json:
            return Output(bytes: try JSONFormat.encode(result), strategy: nil)
        case .mermaid:
            let drawing = try GraphDrawing.make(result, options: options, target: .mermaid)
            return Output(bytes: Array(MermaidDiagram.flowchart(drawing).utf8), strategy: drawing.strategy)
        case .dot, .svg, .png, .pdf:
            var drawing = try GraphDrawing.make(result, options: options)
            drawing.strategy.shape = LayoutShape.choose(for: drawing)
            let dot = DOTFormat.render(drawing)
            if self == .dot { return Output(bytes: Array(dot.utf8), strategy: drawing.strategy) }
            return Output(bytes: try GraphvizRenderer.render(dot: dot, engine: drawing.strategy.engine, format: rawValue), strategy: drawing.strategy)
        }
    }
}
