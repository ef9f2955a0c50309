import CPDIRules

/// Where a new report format of `cpdi report` goes: a case here and a file in `Formats/`.
/// Every case is a pure function of the result and the options.
public enum ReportFormat: String, CaseIterable, Sendable {
    case xcode, json, sarif
    case markdown, github, junit, checkstyle
    case html

    /// Formats that only list findings, which `cpdi check --reporter` may print.
    public var isFindingsOnly: Bool {
        switch self {
        case .xcode: true
        case .github, .junit, .checkstyle: true
        case .markdown: false
        case .html: false
        case .json: false
        case .sarif: true
        }
    }

    public func render(_ result: AnalysisResult, options: ReportOptions = ReportOptions()) throws -> [UInt8] {
        switch self {
        case .xcode: Array(XcodeFormat.findings(result).utf8)
        case .markdown: Array(MarkdownFormat.render(result, options: options).utf8)
        case .github: Array(GitHubFormat.render(result).utf8)
        case .junit: Array(JUnitFormat.render(result, options: options).utf8)
        case .checkstyle: Array(CheckstyleFormat.render(result).utf8)
        case .html: try HTMLFormat.render(result, options: options)
        case .json: try JSONFormat.encode(result)
        case .sarif: try SARIFFormat.render(result, options: options)
        }
    }
}
