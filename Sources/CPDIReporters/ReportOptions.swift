/// What a report may need beyond the result itself. Reports are pure functions of
/// (`AnalysisResult`, `ReportOptions`), so a saved result renders the same way again.
public struct ReportOptions: Sendable, Equatable {
    /// Prepended to `path#Lline` links (a repository browser URL); nil links relative paths.
    public var linkPrefix: String?
    /// Result paths are made relative to this folder in reports that want repository-relative paths (SARIF).
    public var basePath: String?
    /// An ISO 8601 time to stamp into formats that carry one; nil keeps output byte-identical across runs.
    public var timestamp: String?

    public init(linkPrefix: String? = nil, basePath: String? = nil, timestamp: String? = nil) {
        self.linkPrefix = linkPrefix
        self.basePath = basePath
        self.timestamp = timestamp
    }
}
