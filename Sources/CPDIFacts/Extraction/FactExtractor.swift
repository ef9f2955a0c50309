import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The extraction step of the pipeline: one file's text in, its facts out.
public enum FactExtractor {
    /// Parses `source` and walks it once. Pure: no file system, no shared state, no syntax tree kept.
    public static func extract(path: String, source: String, conventions: NamingConventions = .default) -> FileFacts {
        let tree = Parser.parse(source: source)
        let lines = LineTable(source: source, tree: tree, fileName: path)
        let collector = FactCollector(path: path, conventions: conventions, lines: lines)
        collector.walk(tree)
        var facts = collector.finish()
        facts.suppressions = SuppressionReading.read(tree, source: source, lines: lines)
        if tree.hasError {
            facts.syntaxError = firstSyntaxError(in: tree, lines: lines)
        }
        return facts
    }

    private static func firstSyntaxError(in tree: SourceFileSyntax, lines: LineTable) -> SyntaxIssue {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.min(by: { $0.position < $1.position }) else {
            return SyntaxIssue(position: SourcePosition(line: 1, column: 1), message: "the file has syntax errors")
        }
        return SyntaxIssue(position: lines.position(of: first.position), message: first.message)
    }
}
