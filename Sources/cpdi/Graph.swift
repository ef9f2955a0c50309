import ArgumentParser
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the dependency graph as DOT, SVG (laid out in process by libgraphviz) or JSON."
    )

    @OptionGroup var scan: ScanOptions

    @Option(name: [.short, .customLong("output")], help: "File to write, '-' for stdout (default: output/graph.<format>).")
    var output: String?

    @Option(help: "dot, svg or json (default: from the output file's extension, else svg).")
    var format: GraphFormat?

    @Option(help: "Graphviz layout engine for svg: dot, sfdp, neato, fdp, circo, twopi.")
    var engine = "dot"

    func validate() throws {
        if format == nil, let output, output != "-", GraphFormat(fileName: output) == nil {
            throw ValidationError("cannot tell the format from '\(output)'; add --format \(GraphFormat.allCases.map(\.rawValue).joined(separator: "|"))")
        }
    }

    func run() throws {
        let format = self.format ?? output.flatMap(GraphFormat.init(fileName:)) ?? .svg
        let destination = output ?? "output/graph.\(format.rawValue)"
        let result = Terminal.analyse(scan)
        let bytes: [UInt8]
        do {
            bytes = try format.render(result, engine: engine)
        } catch {
            Terminal.fail(InputError("cannot render the graph: \(error)"))
        }
        if destination == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            do { try OutputFile.write(bytes, to: destination, workingDirectory: Terminal.workingDirectory) } catch { Terminal.fail(error) }
            Terminal.err("cpdi: wrote \(destination) (\(result.graph.nodes.count) nodes, \(result.graph.edges.count) edges)\n")
        }
    }
}

extension GraphFormat: ExpressibleByArgument {}
