import CPDIPipeline
import CPDIReporters
import CPDIRules
import CPDISynthetic
import Foundation

/// Results the graph tests draw: ShopApp (one module, hand-written) and a generated app of several modules.
enum GraphFixtures {
    /// 300 components in 6 modules: large enough to need clusters and bounds, small enough for a unit test.
    static let synthetic300: Result<AnalysisResult, any Error> = Result { try synthetic(components: 300, modules: 6) }
    /// 600 components: beyond what dot draws flat, so the default collapses.
    static let synthetic600: Result<AnalysisResult, any Error> = Result { try synthetic(components: 600, modules: 8) }

    static func synthetic(components: Int, modules: Int) throws -> AnalysisResult {
        try synthetic(SyntheticApp(components: components, modules: modules, seed: 4))
    }

    static func synthetic(_ app: SyntheticApp) throws -> AnalysisResult {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-graph-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try app.write(to: folder)
        return try Pipeline().run(paths: ["."], workingDirectory: folder)
    }

    static func dot(_ result: AnalysisResult, _ options: GraphOptions = GraphOptions()) throws -> String {
        String(decoding: try GraphFormat.dot.render(result, options: options), as: UTF8.self)
    }

    static func mermaid(_ result: AnalysisResult, _ options: GraphOptions = GraphOptions()) throws -> String {
        String(decoding: try GraphFormat.mermaid.render(result, options: options), as: UTF8.self)
    }

    /// Quoted ids of the node statements in a DOT text (`"id" [` at the start of a line), legend excluded.
    static func nodeIDs(_ dot: String) -> Set<String> {
        var ids: Set<String> = []
        for line in dot.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\""), !trimmed.contains("->"), let end = trimmed.dropFirst().firstIndex(of: "\"") else { continue }
            let id = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            if id != "legend:findings" { ids.insert(id) }
        }
        return ids
    }

    /// `from -> to` pairs of the edge statements in a DOT text; the invisible ones that stack unconnected
    /// nodes (`FanOutFolding.chains`) are not edges of the graph.
    static func edges(_ dot: String) -> [(from: String, to: String, line: Substring)] {
        dot.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            guard line.contains("\" -> \""), !line.contains("style=\"invis\""), parts.count > 3 else { return nil }
            return (String(parts[1]), String(parts[3]), line)
        }
    }
}
