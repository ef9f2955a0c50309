import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GraphvizRendering
import Testing

// Serialized so failures stay attributable; the concurrency test brings its own parallelism.
@Suite(.serialized)
struct GraphvizRendererTests {
    static let sample = #"digraph deps { App -> Service [label="uses"]; Service -> Store; }"#
    // Anonymous root and subgraph: Graphviz would name these from a process-wide counter.
    static let anonymous = #"digraph { { rank=same; a; b } a -> b; b -> c; subgraph cluster_x { c } }"#

    @Test func svgIsWellFormedXML() throws {
        let svg = try GraphvizRenderer.render(dot: Self.sample, format: "svg")
        let document = try XMLDocument(data: Data(svg))
        #expect(document.rootElement()?.name == "svg")
        let titles = try document.nodes(forXPath: "//*[local-name()='title']").compactMap(\.stringValue)
        #expect(titles.contains("App"))
        #expect(titles.contains("Store"))
    }

    @Test(arguments: [
        ("png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("pdf", Array("%PDF-".utf8)),
    ] as [(String, [UInt8])])
    func binaryFormatsStartWithTheirMagic(format: String, magic: [UInt8]) throws {
        let bytes = try GraphvizRenderer.render(dot: Self.sample, format: format)
        #expect(bytes.starts(with: magic))
    }

    @Test(arguments: ["svg", "png", "pdf", "ps", "dot", "xdot", "plain", "json"])
    func renderingTwiceGivesIdenticalBytes(format: String) throws {
        let first = try GraphvizRenderer.render(dot: Self.anonymous, format: format)
        let second = try GraphvizRenderer.render(dot: Self.anonymous, format: format)
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    @Test func pdfCreationDateIsPinned() throws {
        let pdf = try GraphvizRenderer.render(dot: Self.sample, format: "pdf")
        #expect(String(decoding: pdf, as: UTF8.self).contains("/CreationDate (D:19700101000000"))
    }

    @Test(arguments: ["dot", "neato", "fdp", "sfdp", "circo", "twopi"])
    func everyRequiredEngineLaysOut(engine: String) throws {
        let plain = try GraphvizRenderer.render(dot: Self.sample, engine: engine, format: "plain")
        let text = String(decoding: plain, as: UTF8.self)
        #expect(text.hasPrefix("graph "))
        #expect(text.contains("node Service"))
    }

    @Test func requiredEnginesAndFormatsAreListed() {
        let engines = Set(GraphvizRenderer.availableEngines())
        let formats = Set(GraphvizRenderer.availableFormats())
        #expect(engines.isSuperset(of: ["dot", "neato", "fdp", "sfdp", "circo", "twopi"]))
        #expect(formats.isSuperset(of: ["svg", "png", "pdf", "dot", "xdot", "plain"]))
    }

    @Test func quotesAndNonASCIILabelsRender() throws {
        let label = #"say "hi" — naïve ✓ 日本"#
        let dot = #"digraph { "Ünïcode \"node\"" [label="say \"hi\" — naïve ✓ 日本"]; "Ünïcode \"node\"" -> b }"#
        let svg = try GraphvizRenderer.render(dot: dot, format: "svg")
        let document = try XMLDocument(data: Data(svg))
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains(label))
        #expect(try GraphvizRenderer.render(dot: dot, format: "png").count > 100)
    }

    @Test func malformedDOTIsAnError() {
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a -> ; }", format: "svg")
        }
        #expect(error?.kind == .malformedDOT)
        #expect(error?.message.contains("syntax error in line 1") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func syntaxErrorLineCountsFromThisGraphOnly() throws {
        // A previous graph ending in blank lines must not shift the next one's line numbers.
        _ = try GraphvizRenderer.render(dot: "digraph {\n a -> b\n}\n\n\n", format: "svg")
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a -> ; }", format: "svg")
        }
        #expect(error?.message == "malformed DOT: syntax error in line 1 near ';'")
    }

    @Test func emptyInputIsAnError() {
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "", format: "svg")
        }
        #expect(error?.kind == .malformedDOT)
    }

    @Test func unknownEngineListsTheAvailableOnes() {
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: Self.sample, engine: "nosuchengine", format: "svg")
        }
        #expect(error?.kind == .unknownEngine)
        #expect(error?.message.contains("nosuchengine") == true)
        #expect(error?.message.contains("dot") == true)
        #expect(error?.message.contains("neato") == true)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func unknownFormatListsTheAvailableOnes() {
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: Self.sample, format: "nosuchformat")
        }
        #expect(error?.kind == .unknownFormat)
        #expect(error?.message.contains("svg") == true)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func layoutFailureIsAnError() {
        // nop expects every node to carry a pos attribute already.
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: Self.sample, engine: "nop", format: "svg")
        }
        #expect(error?.kind == .layoutFailed)
        #expect(error?.message.contains("no position") == true)
    }

    /// The size a layout measures is the drawing the SVG shows: its viewBox adds Graphviz's 4-point pad on
    /// each side. A chain laid out top to bottom is tall, left to right wide.
    @Test func layoutSizeIsTheDrawingsSize() throws {
        let chain = #"digraph { a -> b -> c -> d; }"#
        let down = try GraphvizRenderer.layoutSize(dot: chain)
        let across = try GraphvizRenderer.layoutSize(dot: chain.replacingOccurrences(of: "{", with: "{ rankdir=LR;"))
        #expect(down.height > 2 * down.width && across.width > 2 * across.height, "down \(down), across \(across)")
        let svg = String(decoding: try GraphvizRenderer.render(dot: chain, format: "svg"), as: UTF8.self)
        let viewBox = try #require(svg.firstMatch(of: /viewBox="0\.00 0\.00 ([0-9.]+) ([0-9.]+)"/))
        #expect(abs(Double(viewBox.1)! - down.width - 8) < 1 && abs(Double(viewBox.2)! - down.height - 8) < 1, "viewBox \(viewBox.0) for \(down)")
        let error = #expect(throws: GraphvizError.self) { try GraphvizRenderer.layoutSize(dot: "digraph {") }
        #expect(error?.kind == .malformedDOT)
    }

    /// Clusters come out in the order the DOT names them, however the heap looks: Graphviz keeps
    /// subgraphs in id order, and ids of named objects were the addresses of their interned names.
    @Test func clustersKeepTheirOrderWhateverRendersBefore() throws {
        let clusters = (0..<8).map { "  subgraph cluster_\($0) { label=\"M\($0)\"; n\($0)a -> n\($0)b; }" }.joined(separator: "\n")
        let dot = "digraph {\n\(clusters)\n  n0a -> n7b; n3b -> n5a;\n}"
        let first = String(decoding: try GraphvizRenderer.render(dot: dot, format: "svg"), as: UTF8.self)
        let order = first.matches(of: /<title>(cluster_\d)<\/title>/).map { String($0.1) }
        #expect(order == (0..<8).map { "cluster_\($0)" })
        for round in 1...12 {
            // Other graphs intern and free names of their own in between.
            let noise = (0..<(round * 7)).map { "  x\(round)_\($0) -> y\($0 % 5); subgraph cluster_n\($0) { z\(round)_\($0) }" }.joined(separator: "\n")
            _ = try GraphvizRenderer.render(dot: "digraph {\n\(noise)\n}", format: "svg")
            _ = try GraphvizRenderer.layoutSize(dot: dot)
            #expect(String(decoding: try GraphvizRenderer.render(dot: dot, format: "svg"), as: UTF8.self) == first, "round \(round)")
        }
    }

    @Test func failuresDoNotLeakIntoLaterRenders() throws {
        let before = try GraphvizRenderer.render(dot: Self.sample, format: "svg")
        let error = #expect(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: Self.sample, format: "png:nosuchrenderer")
        }
        #expect(error?.kind == .renderFailed)
        _ = try? GraphvizRenderer.render(dot: "digraph {", format: "svg")
        _ = try? GraphvizRenderer.render(dot: Self.sample, engine: "nop", format: "svg")
        #expect(try GraphvizRenderer.render(dot: Self.sample, format: "svg") == before)
    }

    @Test func concurrentRendersAreSerialisedSafely() async throws {
        let expected = try GraphvizRenderer.render(dot: Self.anonymous, format: "svg")
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for task in 0..<16 {
                group.addTask {
                    // Mix in work that touches other Graphviz state (plugins, errors) meanwhile.
                    _ = try? GraphvizRenderer.render(dot: "digraph {", format: "svg")
                    _ = try GraphvizRenderer.render(dot: Self.sample, engine: task.isMultiple(of: 2) ? "neato" : "dot", format: "png")
                    return try GraphvizRenderer.render(dot: Self.anonymous, format: "svg")
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// Hostile graphs render or fail with an error, never a crash: a 10,000-node cycle (with `sfdp`, as
    /// cpdi draws large flat views), an empty graph, and names made of the characters DOT gives a meaning to.
    @Test func hostileGraphsRenderOrFailCleanly() throws {
        let edges = (0..<10_000).map { index in "n\(index) -> n\((index + 1) % 10_000);" }
        let drawn = try GraphvizRenderer.render(dot: "digraph G {\n" + edges.joined(separator: "\n") + "\n}\n", engine: "sfdp", format: "svg")
        #expect(String(decoding: drawn, as: UTF8.self).contains("n9999"))
        #expect(!(try GraphvizRenderer.render(dot: "digraph G {}\n", engine: "dot", format: "svg")).isEmpty)
        let hostile = #"<>{}[]|;:,=&#%@!$^*()'`~ \n \l é"#
        let names = #"digraph G { "a\"b" -> "c"; "x" [label="\#(hostile)", tooltip="\#(hostile)"] }"#
        do {
            _ = try GraphvizRenderer.render(dot: names, engine: "dot", format: "svg")
        } catch {
            #expect(!error.message.isEmpty)
        }
    }
}
