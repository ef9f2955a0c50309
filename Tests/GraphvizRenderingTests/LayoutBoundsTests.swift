import Foundation
import Testing
import GraphvizRendering

/// The graph attributes cpdi's layout strategy sets must be ones Graphviz accepts without complaint,
/// so a bounded or sfdp layout renders instead of failing.
@Suite struct LayoutBoundsTests {
    /// A small tangle: every node forwards to the next three.
    static func tangle(_ attributes: String, nodes: Int = 40) -> String {
        var dot = "digraph g {\n  graph [\(attributes)];\n"
        for index in 0..<nodes {
            for step in 1...3 where index + step < nodes { dot += "  n\(index) -> n\(index + step) [label=\"x\"];\n" }
        }
        return dot + "}\n"
    }

    @Test func boundedDotAttributesRender() throws {
        let svg = try GraphvizRenderer.render(
            dot: Self.tangle("mclimit=\"0.3\", nslimit=\"2\", nslimit1=\"2\", searchsize=\"10\", remincross=\"false\""),
            engine: "dot", format: "svg"
        )
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>n39</title>"))
    }

    @Test func sfdpAttributesRender() throws {
        let svg = try GraphvizRenderer.render(
            dot: Self.tangle("overlap=\"prism\", splines=\"false\", outputorder=\"edgesfirst\""), engine: "sfdp", format: "svg"
        )
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>n39</title>"))
    }

    @Test func clustersRenderWithBoundedDot() throws {
        let dot = """
            digraph g {
              graph [mclimit="0.3", nslimit="2"];
              subgraph "cluster_0" { graph [label="A"]; a1; a2; }
              subgraph "cluster_1" { graph [label="B"]; b1; }
              a1 -> b1; a2 -> b1; a1 -> a2;
            }
            """
        let svg = String(decoding: try GraphvizRenderer.render(dot: dot, engine: "dot", format: "svg"), as: UTF8.self)
        #expect(svg.contains("class=\"cluster\""))
    }
}
