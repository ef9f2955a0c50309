import ArgumentParser
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a report of the findings and the graph for CI and code review.",
        discussion: """
            Analyses PATHs, or re-renders a result saved with `cpdi report --format json` (or `cpdi graph -o x.json`) \
            given with --from, without scanning again. Writes to stdout unless -o is given.
            """
    )

    @OptionGroup var scan: ScanOptions

    @Option(help: "The report format (default: from the output file's extension).")
    var format: ReportFormat?

    @Option(name: [.short, .customLong("output")], help: "File to write, '-' for stdout (default: stdout).")
    var output: String?

    @Option(help: ArgumentHelp("A saved JSON result to render instead of analysing PATHs.", valueName: "result.json"))
    var from: String?

    @Option(help: ArgumentHelp("URL that `path#Lline` is appended to for links to the code (markdown, html).", valueName: "URL"))
    var linkPrefix: String?

    @Option(help: ArgumentHelp("Folder that paths in the report are made relative to (sarif).", valueName: "DIR"))
    var basePath: String?

    @Flag(help: "Stamp the current time into formats that carry one (output then differs between runs).")
    var timestamp = false

    /// Extensions that name one format; `.xml` is left out on purpose, because it could be junit or checkstyle.
    static let formatsByExtension = ["md": "markdown", "markdown": "markdown", "sarif": "sarif", "html": "html", "json": "json"]

    func validate() throws {
        if from != nil, !scan.paths.isEmpty || !scan.facts.isEmpty {
            throw ValidationError("pass one of PATHs to analyse, --facts files or --from a saved result")
        }
        if format == nil {
            let choices = ReportFormat.allCases.map(\.rawValue).joined(separator: "|")
            guard let output, output != "-" else { throw ValidationError("which format? add --format \(choices)") }
            if Self.format(ofFile: output) == nil {
                throw ValidationError("cannot tell the format from '\(output)'; add --format \(choices)")
            }
        }
    }

    static func format(ofFile name: String) -> ReportFormat? {
        guard let dot = name.lastIndex(of: "."), let raw = formatsByExtension[name[name.index(after: dot)...].lowercased()] else { return nil }
        return ReportFormat(rawValue: raw)
    }

    func run() throws {
        let format = self.format ?? output.flatMap(Self.format(ofFile:))!
        let result = from.map(Self.load) ?? Terminal.analyse(scan)
        let options = ReportOptions(
            linkPrefix: linkPrefix, basePath: basePath,
            timestamp: timestamp ? ISO8601DateFormatter().string(from: Date()) : nil
        )
        let bytes: [UInt8]
        do {
            bytes = try format.render(result, options: options)
        } catch {
            Terminal.fail(InputError("cannot render the \(format.rawValue) report: \(error)"))
        }
        if let output, output != "-" {
            do { try OutputFile.write(bytes, to: output, workingDirectory: Terminal.workingDirectory) } catch { Terminal.fail(error) }
            Terminal.err("cpdi: wrote \(output) (\(format.rawValue), \(result.findings.count) finding\(result.findings.count == 1 ? "" : "s"))\n")
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
        // As with `check`: the report covers the files that could be read, and the status says some could not.
        if from == nil, result.problems.contains(where: { $0.severity == .error }) { throw ExitCode(2) }
    }

    /// A saved result, or a one-line error naming the file. The version is checked before the shape,
    /// so a result from another cpdi version says so instead of failing on some missing key.
    static func load(_ path: String) -> AnalysisResult {
        // A relative path resolves against the current folder, which is the working directory.
        guard let data = FileManager.default.contents(atPath: path) else {
            Terminal.fail(InputError("\(path): cannot read the saved result; check the path"))
        }
        struct Version: Decodable { var schemaVersion: Int }
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else {
            Terminal.fail(InputError("\(path): not a cpdi JSON result (no schemaVersion); save one with `cpdi report --format json -o \(path)`"))
        }
        guard version.schemaVersion == AnalysisResult.currentSchemaVersion else {
            Terminal.fail(InputError(
                "\(path): schema version \(version.schemaVersion), but this cpdi reads version \(AnalysisResult.currentSchemaVersion); analyse the sources again"
            ))
        }
        do {
            return try JSONFormat.decode(Array(data))
        } catch {
            Terminal.fail(InputError("\(path): not a valid cpdi result (\(oneLine(error))); save one again with `cpdi report --format json`"))
        }
    }

    private static func oneLine(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context): "missing '\(key.stringValue)' at \(codingPath(context))"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            "\(context.debugDescription) at \(codingPath(context))"
        default: "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }

    private static func codingPath(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top level" : context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

extension ReportFormat: ExpressibleByArgument {}
