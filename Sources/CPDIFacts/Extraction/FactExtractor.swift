import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The extraction step of the pipeline: one file's text in, its facts out.
public enum FactExtractor {
    /// Parses `source` and walks it once. Pure: no file system, no shared state, no syntax tree kept.
    public static func extract(path: String, source: String, conventions: NamingConventions = .default) -> FileFacts {
        extract(path: path, source: source, conventions: conventions, gatedByVocabulary: true)
    }

    private static let ignoreAllMarker = ByteWords([Array("periphery:ignore:all".utf8)])

    /// `recordsRuntimeReads: false` leaves `runtime.reads` empty but for its type aliases and is otherwise the
    /// same extraction; only a caller that checks that no file of the run holds what reads judge
    /// (`RuntimeStyleFacts.holdsWhatReadsJudge`) may use it.
    public static func extract(path: String, source: String, conventions: NamingConventions, recordsRuntimeReads: Bool) -> FileFacts {
        extract(path: path, source: source, conventions: conventions, gatedByVocabulary: true, recordsRuntimeReads: recordsRuntimeReads)
    }

    static func extract(
        path: String, source: String, conventions: NamingConventions, gatedByVocabulary: Bool, recordsRuntimeReads: Bool = true
    ) -> FileFacts {
        guard ObjectiveCHeaders.isHeader(path) else {
            return extractSwift(path: path, source: source, conventions: conventions, gatedByVocabulary: gatedByVocabulary, recordsRuntimeReads: recordsRuntimeReads)
        }
        // A header gives only the protocols Swift imports from it; everything else in it is Objective-C.
        let header = ObjectiveCHeaders.read(source)
        var facts = FileFacts(path: path)
        facts.declarations.opaqueObjectiveCProtocols = header.opaqueProtocols
        facts.declarations.staticProperties = header.sharedInstances
        facts.declarations.objectiveCClasses = header.classes
        guard let swift = header.swift else { return facts }
        let read = extractSwift(path: path, source: swift, conventions: conventions, gatedByVocabulary: gatedByVocabulary, recordsRuntimeReads: true)
        guard read.syntaxError == nil else { return facts }
        facts.types = read.types.filter { $0.isProtocol }
        return facts
    }

    private static func extractSwift(
        path: String, source: String, conventions: NamingConventions, gatedByVocabulary: Bool, recordsRuntimeReads: Bool
    ) -> FileFacts {
        var text = source
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: NestingGuard.maximumParserNesting) }
        let lines = LineTable(source: source, tree: tree, fileName: path)
        let collector = FactCollector(
            path: path, conventions: conventions, lines: lines, gatedByVocabulary: gatedByVocabulary, recordsRuntimeReads: recordsRuntimeReads
        )
        collector.walk(tree)
        if !tree.hasError { collector.markDeadCopies(in: tree) }
        if tree.hasError { collector.recordEveryTypeNameAsPossible(in: tree) }
        var facts = collector.finish()
        facts.suppressions = SuppressionReading.read(tree, source: source, lines: lines)
        if path == "main.swift" || path.hasSuffix("/main.swift") { facts.runtime.isEntryPoint = true }
        // Written in the comments at the top of the file, before any code. Most files have none: one byte scan
        // says so before any comment is turned into a string (a licence header is a dozen of them).
        facts.runtime.ignoresAll = Self.ignoreAllMarker.occur(in: lines.bytes)
            && tree.firstToken(viewMode: .sourceAccurate)?.leadingTrivia.pieces.contains {
                $0.commentText?.contains("periphery:ignore:all") == true
            } ?? false
        if tree.hasError {
            facts.syntaxError = firstSyntaxError(in: tree, lines: lines)
        }
        facts.releaseSpareCapacity()
        return facts
    }

    private static func firstSyntaxError(in tree: SourceFileSyntax, lines: LineTable) -> SyntaxIssue {
        // The diagnostics generator traps on a Fix-It with no change, which control characters in the
        // middle of code produce (`values \u{11}= [2]`): such files get a plain message instead.
        // The same for whitespace other than spaces and tabs around `=` (a vertical tab, `t =\u{0B} `).
        func isOdd(_ token: TokenSyntax) -> Bool {
            token.leadingTrivia.contains(where: \.isOdd) || token.trailingTrivia.contains(where: \.isOdd)
                || token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides
        }
        if tree.tokens(viewMode: .all).contains(where: isOdd) {
            let first = tree.tokens(viewMode: .all).first { token in token.presence == .missing || isOdd(token) }
            let position = first.map { lines.position($0) } ?? SourcePosition(line: 1, column: 1)
            return SyntaxIssue(position: position, message: "unexpected characters in the code")
        }
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.min(by: { $0.position < $1.position }) else {
            return SyntaxIssue(position: SourcePosition(line: 1, column: 1), message: "the file has syntax errors")
        }
        return SyntaxIssue(position: lines.position(of: first.position), message: first.message)
    }
}

private extension TriviaPiece {
    /// Text the lexer could not place, and whitespace other than spaces, tabs and line breaks.
    var isOdd: Bool {
        switch self {
        case .unexpectedText, .verticalTabs, .formfeeds, .backslashes, .pounds: true
        default: false
        }
    }
}
