import ArgumentParser
import CPDIFacts
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import GraphvizRendering

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the dependency graph as SVG, PNG, PDF (laid out in process by libgraphviz), DOT, Mermaid or JSON.",
        discussion: """
            By default the architecture: components and whom they forward dependencies to. Large views are \
            clustered or collapsed per module so they stay readable and always finish; the strategy used is \
            printed on stderr. Drill into a module or component with --focus.
            """
    )

    @OptionGroup var scan: ScanOptions

    @Option(name: [.short, .customLong("output")], help: "File to write, '-' for stdout (default: output/graph.<format>).")
    var output: String?

    @Option(help: "\(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: from the output file's extension, else svg).")
    var format: GraphFormat?

    @Option(help: "components (who forwards to whom), aliases (compositions down to leaves), or full.")
    var view: GraphOptions.View = .components

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Draw only these components, nodes or modules and their neighbourhood.", valueName: "NAME"))
    var focus: [String] = []

    @Option(help: "With --focus: how many edges away, in either direction, to draw.")
    var depth = 1

    @Option(help: ArgumentHelp("Draw only the components that end up requiring this leaf, and the way it reaches them.", valueName: "LEAF"))
    var reverse: String?

    @Option(help: ArgumentHelp("Keep only nodes whose name or file path matches this glob (repeatable).", valueName: "GLOB"))
    var include: [String] = []

    @Option(help: ArgumentHelp("Leave out nodes whose name or file path matches this glob (repeatable).", valueName: "GLOB"))
    var exclude: [String] = []

    @Flag(help: "Leave out the leaf dependency protocols.")
    var hideLeaves = false

    @Option(help: "Draw a box around each module or folder, or none (default: per module when there are several).")
    var cluster: GraphOptions.Grouping?

    @Option(help: "One node per module or folder, edges labelled with counts; none never collapses (default: only when large).")
    var collapse: GraphOptions.Grouping?

    @Option(help: "Graphviz layout engine: dot, sfdp, neato, fdp, circo, twopi (default: chosen by size).")
    var engine: String?

    @Option(help: ArgumentHelp("A saved JSON result to draw instead of analysing PATHs.", valueName: "result.json"))
    var from: String?

    @Option(help: ArgumentHelp("URL that `path#Lline` is appended to for node links (default: paths relative to the output file).", valueName: "URL"))
    var linkPrefix: String?

    func validate() throws {
        if format == nil, let output, output != "-", GraphFormat(fileName: output) == nil {
            throw ValidationError("cannot tell the format from '\(output)'; add --format \(GraphFormat.allCases.map(\.rawValue).joined(separator: "|"))")
        }
        if from != nil, !scan.paths.isEmpty || !scan.facts.isEmpty {
            throw ValidationError("pass one of PATHs to analyse, --facts files or --from a saved result")
        }
        guard depth >= 0 else { throw ValidationError("--depth must be 0 or more") }
    }

    func run() throws {
        let format = self.format ?? output.flatMap(GraphFormat.init(fileName:)) ?? .svg
        let destination = output ?? "output/graph.\(format.rawValue)"
        // Checked before the scan, so a typo costs no time.
        if let engine, !GraphvizRenderer.availableEngines().contains(engine) {
            Terminal.fail(InputError("unknown layout engine \"\(engine)\"; available: \(GraphvizRenderer.availableEngines().joined(separator: ", "))"))
        }
        let options = GraphOptions(
            view: view, focus: focus, depth: depth, reverse: reverse,
            include: patterns(include, option: "--include"), exclude: patterns(exclude, option: "--exclude"), hideLeaves: hideLeaves,
            cluster: cluster, collapse: collapse, engine: engine, linkPrefix: linkPrefix,
            linkBase: destination == "-" ? nil : PathText.folder(of: destination)
        )
        let result = from.map(Report.load) ?? Terminal.analyse(scan)
        let started = Date()
        let rendered: GraphFormat.Output
        do {
            rendered = try format.draw(result, options: options)
        } catch let error as GraphViewError {
            Terminal.fail(InputError(error.description))
        } catch {
            Terminal.fail(InputError("cannot render the graph: \(error)"))
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        if let strategy = rendered.strategy { Terminal.err("cpdi: \(strategy.summary); drawn in \(seconds) s\n") }
        if destination == "-" {
            FileHandle.standardOutput.write(Data(rendered.bytes))
        } else {
            do { try OutputFile.write(rendered.bytes, to: destination, workingDirectory: Terminal.workingDirectory) } catch { Terminal.fail(error) }
            // A drawing's size is in the strategy line; a JSON result holds the whole graph.
            let size = rendered.strategy == nil ? " (\(result.graph.nodes.count) nodes, \(result.graph.edges.count) edges)" : ""
            Terminal.err("cpdi: wrote \(destination)\(size)\n")
        }
    }

    private func patterns(_ globs: [String], option: String) -> [NamePattern] {
        globs.map { glob in
            do { return try NamePattern(glob) } catch { Terminal.fail(InputError("\(option) \(glob): \(error)")) }
        }
    }
}

extension GraphFormat: ExpressibleByArgument {}
extension GraphOptions.View: ExpressibleByArgument {}
extension GraphOptions.Grouping: ExpressibleByArgument {}
