import ArgumentParser
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a change did to the dependency graph and the findings.",
        discussion: """
            Compares git revision BASE with HEAD (default: the work tree), or two saved results given with \
            --from and --to (`cpdi graph -o result.json`). Prints new and fixed findings, components, aliases \
            and edges added and removed, leaf sets that grew or shrank, and the components affected. \
            Exit status: 1 when the change introduces a finding at or above --fail-on, 2 for usage or input errors.
            """
    )

    @Argument(help: "The git revision to compare against (a branch, tag or commit).")
    var base: String?

    @Argument(help: "The git revision with the change (default: the work tree).")
    var head: String?

    @Option(name: [.short, .customLong("path")], help: "A folder or .swift file to analyse in both; repeat for more (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("A saved JSON result to compare from, instead of BASE.", valueName: "base.json"))
    var from: String?

    @Option(help: ArgumentHelp("A saved JSON result to compare to, with --from.", valueName: "head.json"))
    var to: String?

    @Option(help: "Output format: \(DiffFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: from -o's extension, else text).")
    var format: DiffFormat?

    @Option(name: [.short, .customLong("output")], help: "File to write, '-' for stdout (default: stdout).")
    var output: String?

    @Flag(help: "Print only the names of the affected components, one per line: the changed ones and all that forward to them.")
    var affected = false

    @Option(help: "Exit 1 when the change introduces a finding at or above this severity: info, warning or error.")
    var failOn: Severity = .error

    @Option(help: ArgumentHelp("URL that `path#Lline` is appended to for links to the code (markdown).", valueName: "URL"))
    var linkPrefix: String?

    @Option(help: ArgumentHelp("Folder that paths are made relative to (sarif).", valueName: "DIR"))
    var basePath: String?

    @OptionGroup var settings: ScanSettings

    func validate() throws {
        if from != nil || to != nil {
            guard from != nil, to != nil else { throw ValidationError("--from and --to go together: pass both saved results") }
            guard base == nil, paths.isEmpty else { throw ValidationError("pass either revisions to scan or --from/--to saved results, not both") }
        } else if base == nil {
            throw ValidationError("name a BASE revision to compare with (e.g. `cpdi diff main`), or pass --from base.json --to head.json")
        }
        if format == nil, let output, output != "-", DiffFormat(fileName: output) == nil {
            throw ValidationError("cannot tell the format from '\(output)'; add --format \(DiffFormat.allCases.map(\.rawValue).joined(separator: "|"))")
        }
    }

    func run() throws {
        let (report, saving) = makeReport()
        // Results of committed revisions are saved while the diff is written, but never cut short. The two
        // results are left for the exit to free (a large app's take a tenth of a second to free).
        defer {
            saving?.wait()
            HeldUntilExit.hold(report)
        }
        err(XcodeFormat.problems(report.head))
        if affected {
            write(Array(report.diff.affected.map { $0 + "\n" }.joined().utf8), format: nil)
        } else {
            let format = self.format ?? output.flatMap { $0 == "-" ? nil : DiffFormat(fileName: $0) } ?? .text
            let options = ReportOptions(linkPrefix: linkPrefix, basePath: basePath)
            do {
                write(try format.render(report, options: options), format: format)
            } catch {
                Terminal.fail(InputError("cannot render the \(format.rawValue) diff: \(error)"))
            }
        }
        if report.diff.introduced.contains(where: { $0.severity >= failOn }) { throw ExitCode(1) }
    }

    private func makeReport() -> (DiffReport, RevisionScan.Saving?) {
        if let from, let to {
            return (DiffReport(base: Report.load(from), head: Report.load(to), baseLabel: from, headLabel: to), nil)
        }
        let base = base!
        do {
            let repository = try GitRepository.containing(Terminal.workingDirectory)
            let relative = try (paths.isEmpty ? ["."] : paths).map { (path) throws(InputError) in try repositoryPath(path, in: repository) }
            let cache = settings.noCache ? nil : settings.cachePath.map { URL.resolvingPath($0) }
                ?? FactsCache.defaultDirectory(for: relative, workingDirectory: repository.root)
            let scan = RevisionScan(
                repository: repository, paths: relative,
                configuration: try settings.config.map { (path) throws(InputError) in try repositoryPath(path, in: repository) },
                cacheDirectory: cache, switches: settings.switches
            )
            let (report, saving) = try scan.report(base: base, head: head)
            return (report, saving)
        } catch {
            Terminal.fail(error)
        }
    }

    /// `path` (relative to the current folder) relative to the repository root, as both scans use it.
    private func repositoryPath(_ path: String, in repository: GitRepository) throws(InputError) -> String {
        let absolute = URL.resolvingPath(path).pathComponents
        let root = repository.root.pathComponents
        guard absolute.starts(with: root) else {
            throw InputError("\(path): outside the git repository at \(repository.root.path); cpdi diff analyses paths inside it")
        }
        let relative = absolute.dropFirst(root.count).joined(separator: "/")
        return relative.isEmpty ? "." : relative
    }

    private func write(_ bytes: [UInt8], format: DiffFormat?) {
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do { try OutputFile.write(bytes, to: output, workingDirectory: Terminal.workingDirectory) } catch { Terminal.fail(error) }
        err("cpdi: wrote \(output)\(format.map { " (\($0.rawValue))" } ?? "")\n")
    }

    private func err(_ text: String) { Terminal.err(text) }
}

extension URL {
    /// A command-line path, relative to the current folder unless absolute.
    static func resolvingPath(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : Terminal.workingDirectory.appendingPathComponent(path)).standardizedFileURL
    }
}

extension DiffFormat: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}
