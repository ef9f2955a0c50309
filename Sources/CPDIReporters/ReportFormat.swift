import CPDIRules

/// Where a new report format of `cpdi report` goes: a case here and a file in `Formats/`.
/// Every case is a pure function of the result and the options.
public enum ReportFormat: String, CaseIterable, Sendable {
    case xcode, json

    /// Formats that only list findings, which `cpdi check --reporter` may print.
    public var isFindingsOnly: Bool {
        switch self {
        case .xcode: true
        case .json: false
        }
    }

    public func render(_ result: AnalysisResult, options: ReportOptions = ReportOptions()) throws -> [UInt8] {
        switch self {
        case .xcode: Array(XcodeFormat.findings(result).utf8)
        case .json: try JSONFormat.encode(result)
        }
    }
}
