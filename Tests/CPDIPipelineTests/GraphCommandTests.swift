import Foundation
import Testing

/// `cpdi graph` as users run it: the strategy on stderr, views and formats by option, clean errors.
@Suite(.serialized) struct GraphCommandTests {
    let cli = CommandLineTests()

    @Test func printsTheStrategyAndWritesTheDefaultView() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp").path
            let run = try cli.cpdi("graph", sample, "-o", "g.dot", "--no-cache", in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains(" nodes — flat, dot, top to bottom"), "\(run.stderr)")
            #expect(run.stderr.contains("; drawn in "), "\(run.stderr)")
            let dot = try String(contentsOf: folder.appendingPathComponent("g.dot"), encoding: .utf8)
            #expect(dot.contains("\"component:CartScreen\""))
            #expect(!dot.contains("\"alias:"), "the default view is the components")
        }
    }

    @Test func everyFormatIsWrittenFromItsExtension() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
            let expected: [(String, [UInt8])] = [
                ("g.svg", Array("<?xml".utf8)), ("g.png", [0x89, 0x50, 0x4E, 0x47]), ("g.pdf", Array("%PDF".utf8)),
                ("g.mmd", Array("flowchart LR".utf8)), ("g.dot", Array("digraph cpdi {".utf8)), ("g.json", Array("{".utf8)),
            ]
            for (name, magic) in expected {
                let run = try cli.cpdi("graph", sample, "-o", name, "--view", "full", "--no-cache", in: folder)
                #expect(run.status == 0, "\(name): \(run.stderr)")
                let written = try Data(contentsOf: folder.appendingPathComponent(name))
                #expect(Array(written.prefix(magic.count)) == magic, "\(name)")
            }
        }
    }

    /// An output named by one character (`-o b`) once crashed: Foundation's `NSString` on Linux traps on its folder.
    @Test func anOutputOfOneCharacterIsWritten() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp").path
            let run = try cli.cpdi("graph", sample, "--format", "dot", "-o", "b", "--no-cache", in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            let dot = try String(contentsOf: folder.appendingPathComponent("b"), encoding: .utf8)
            #expect(dot.hasPrefix("digraph cpdi {"))
        }
    }

    @Test func anUnknownEngineIsOneLineListingTheEngines() throws {
        let run = try cli.cpdi("graph", "Samples/HasApp", "--engine", "nosuch", "-o", "-", "--no-cache")
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("cpdi: error: unknown layout engine \"nosuch\"; available: "))
        #expect(run.stderr.contains("dot") && run.stderr.contains("sfdp"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aLayoutFailureIsOneLineAndWritesNothing() throws {
        try Fixtures.withTemporaryFolder { folder in
            // nop only draws graphs that already carry positions, which cpdi's never do.
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/HasApp").path
            let run = try cli.cpdi("graph", sample, "--engine", "nop", "-o", "g.svg", "--no-cache", in: folder)
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("cpdi: error: cannot render the graph: layout with \"nop\" failed: "), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("g.svg").path))
        }
    }

    @Test func anUnknownFocusIsOneLineWithASuggestion() throws {
        let run = try cli.cpdi("graph", "Samples/ShopApp", "--focus", "CartScren", "-o", "-", "--format", "dot", "--no-cache")
        #expect(run.status == 2)
        #expect(run.stderr.contains("cpdi: error: --focus CartScren: no such node or module in this view; did you mean CartScreen?"))
        #expect(run.stdout.isEmpty)
    }

    @Test func focusReverseAndFiltersReachTheDrawing() throws {
        let focused = try cli.cpdi("graph", "Samples/ShopApp", "--focus", "CartScreen", "HomeView", "--depth", "0", "--format", "dot", "-o", "-", "--no-cache")
        #expect(focused.status == 0)
        let nodes = focused.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"component:") && !$0.contains("->") }
        #expect(nodes.count == 2)
        let reverse = try cli.cpdi("graph", "Samples/ShopApp", "--reverse", "ImageLoadingDependency", "--format", "mermaid", "-o", "-", "--no-cache")
        #expect(reverse.status == 0)
        #expect(reverse.stdout.contains("n_leaf_3A_ImageLoadingDependency"))
        let filtered = try cli.cpdi("graph", "Samples/ShopApp", "--view", "full", "--hide-leaves", "--exclude", "*Cart*", "--format", "dot", "-o", "-", "--no-cache")
        #expect(filtered.status == 0)
        #expect(!filtered.stdout.contains("\"leaf:"))
        #expect(!filtered.stdout.contains("Cart"))
    }

    @Test func aSavedResultIsDrawnWithoutScanning() throws {
        try Fixtures.withTemporaryFolder { folder in
            let sample = Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp").path
            #expect(try cli.cpdi("graph", sample, "-o", "r.json", "--no-cache", in: folder).status == 0)
            let fromSaved = try cli.cpdi("graph", "--from", "r.json", "--collapse", "folder", "-o", "g.dot", in: folder)
            #expect(fromSaved.status == 0, "\(fromSaved.stderr)")
            #expect(fromSaved.stderr.contains("collapsed by folder"))
        }
    }
}
