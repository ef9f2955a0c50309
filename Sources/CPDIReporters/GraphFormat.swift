import CPDIRules
import GraphvizRendering

/// Where a new output format of `cpdi graph` goes: a case here and a file in `Formats/`.
public enum GraphFormat: String, CaseIterable, Sendable {
    case dot, svg, json

    /// The format a file name implies (`graph.svg` → svg).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), let format = GraphFormat(rawValue: fileName[fileName.index(after: dot)...].lowercased())
        else { return nil }
        self = format
    }

    public func render(_ result: AnalysisResult, engine: String = "dot") throws -> [UInt8] {
        switch self {
        case .dot: Array(DOTFormat.render(result).utf8)
        case .json: try JSONFormat.encode(result)
        case .svg: try GraphvizRenderer.render(dot: DOTFormat.render(result), engine: engine, format: "svg")
        }
    }
}
