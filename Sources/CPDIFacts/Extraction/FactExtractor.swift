import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The extraction step of the pipeline: one file's text in, its facts out.
public enum FactExtractor {
    /// Parses `source` and walks it once. Pure: no file system, no shared state, no syntax tree kept.
    public static func extract(path: String, source: String, conventions: NamingConventions = .default) -> FileFacts {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let collector = FactCollector(path: path, conventions: conventions, converter: converter)
        collector.walk(tree)
        var facts = collector.finish()
        facts.suppressions = SuppressionReading.read(tree, source: source, converter: converter)
        if tree.hasError {
            facts.syntaxError = firstSyntaxError(in: tree, converter: converter)
        }
        return facts
    }

    private static func firstSyntaxError(in tree: SourceFileSyntax, converter: SourceLocationConverter) -> SyntaxIssue {
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.min(by: { $0.position < $1.position }) else {
            return SyntaxIssue(position: SourcePosition(line: 1, column: 1), message: "the file has syntax errors")
        }
        let location = converter.location(for: first.position)
        return SyntaxIssue(position: SourcePosition(line: location.line, column: location.column), message: first.message)
    }
}
