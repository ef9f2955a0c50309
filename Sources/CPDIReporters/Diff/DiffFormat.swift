/// Where a new output format of `cpdi diff` goes: a case here and a file in `Diff/Formats/`.
/// Every case is a pure function of the two results and the options.
public enum DiffFormat: String, CaseIterable, Sendable {
    case text, markdown, json, sarif, dot, svg, png

    /// Extensions that name a format.
    static let extensions = ["txt": DiffFormat.text, "md": .markdown, "json": .json, "sarif": .sarif, "dot": .dot, "gv": .dot, "svg": .svg, "png": .png]

    /// The format a file name implies (`diff.md` → markdown).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        guard let format = Self.extensions[fileName[fileName.index(after: dot)...].lowercased()] else { return nil }
        self = format
    }

    /// Throws `GraphvizError` when Graphviz fails (svg, png) and encoding errors for json and sarif.
    public func render(_ report: DiffReport, options: ReportOptions = ReportOptions()) throws -> [UInt8] {
        switch self {
        case .text: Array(DiffText.render(report.diff).utf8)
        case .markdown: Array(DiffMarkdown.render(report, options: options).utf8)
        case .json: try DiffJSON.encode(report.diff)
        // Only what the change introduces, so code scanning flags new alerts on the pull request.
        case .sarif: try SARIFFormat.render(report.introducedOnly, options: options)
        case .dot: Array(DiffDOT.render(report.picture).utf8)
        case .svg, .png: try DiffDOT.render(report.picture, format: rawValue)
        }
    }
}
