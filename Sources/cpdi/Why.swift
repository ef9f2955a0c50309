import ArgumentParser
import CPDIGraph
import CPDIPipeline
import CPDIReporters
import CPDIRules

struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show how a component's dependencies are composed, or every path by which it needs LEAF.",
        discussion: """
            Without LEAF: the component's aliases as a tree down to the leaves, with file:line. With LEAF: \
            each chain of aliases and forwarded children through which the component ends up requiring it. \
            Given a run-time registration instead of a component: where it is registered, what injects or \
            resolves it, and its finding or why it is not judged.
            """
    )

    @Argument(help: "A component: a type or helper function that receives dependencies; or a run-time registration.")
    var component: String

    @Argument(help: "A dependency protocol (or alias) the component needs, or a run-time registration it reaches.")
    var leaf: String?

    @Option(name: [.short, .customLong("path")], help: "A folder or .swift file to analyse; repeat for more (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("A saved JSON result to ask instead of analysing.", valueName: "result.json"))
    var from: String?

    @OptionGroup var settings: ScanSettings

    func validate() throws {
        if from != nil, !paths.isEmpty { throw ValidationError("pass either --path to analyse or --from a saved result, not both") }
    }

    func run() throws {
        let result = from.map(Report.load) ?? Terminal.analyse(paths: paths, settings: settings)
        let explanation = WhyExplanation(result: result)
        let asked = self.component
        if leaf == nil, !result.graph.nodes.contains(where: { $0.name == asked }),
            let holder = result.coverage.unseen?.first(where: { $0.type == asked })
        {
            print(WhyExplanation.unseenStory(of: holder), terminator: "")
            return
        }
        let component = Self.find(
            component, kinds: leaf == nil ? [.component, .container, .registration] : [.component, .container], in: result.graph,
            what: leaf == nil ? "component or registration" : "component"
        )
        if component.kind == .registration {
            print(explanation.registrationStory(of: component), terminator: "")
            return
        }
        if let leaf {
            let target = Self.find(leaf, kinds: [.leaf, .alias, .registration], in: result.graph, what: "dependency protocol, alias or registration")
            if target.kind == .registration {
                print(explanation.injectionPaths(from: component, to: target), terminator: "")
                return
            }
            print(explanation.leafPaths(from: component, to: target), terminator: "")
        } else {
            print(explanation.compositionTree(of: component), terminator: "")
        }
    }

    /// Exact name first, then a unique case-insensitive match; otherwise a one-line error with the closest names.
    static func find(_ name: String, kinds: Set<NodeKind>, in graph: DependencyGraph, what: String) -> Node {
        let candidates = graph.nodes.filter { kinds.contains($0.kind) }
        if let exact = candidates.first(where: { $0.name == name }) { return exact }
        let folded = candidates.filter { $0.name.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        let suggestions = NameSuggestions.closest(to: name, among: Set(candidates.map(\.name)))
        Terminal.fail(InputError(
            "no \(what) named '\(name)' in the analysed code; "
                + (suggestions.isEmpty ? "check the name and the paths analysed" : "did you mean \(suggestions.joined(separator: ", "))?")
        ))
    }
}
