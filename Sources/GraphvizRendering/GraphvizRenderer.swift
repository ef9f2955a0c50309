internal import CGraphviz

public enum GraphvizRenderer {
    /// Lays out DOT text with the given engine and renders it in process (gvLayout + gvRenderData),
    /// never by running `dot`. `format` is a Graphviz output format such as "svg", "png", "pdf",
    /// "xdot" or "plain" (optionally with a renderer, e.g. "png:cairo"). Graphviz diagnostics are
    /// captured into the thrown error, never printed.
    public static func render(dot: String, engine: String = "dot", format: String) throws(GraphvizError) -> [UInt8] {
        try GraphvizSession.shared.run { (gv) throws(GraphvizError) -> [UInt8] in
            let session = GraphvizSession.shared
            try checkEngine(engine, gv)
            let device = pluginType(format)
            let formats = usable(gv.formats)
            guard formats.contains(device) else {
                throw GraphvizError(.unknownFormat, "unknown output format \"\(format)\"; available: \(formats.joined(separator: ", "))")
            }
            return try withLayout(dot, engine: engine, gv) { (graph) throws(GraphvizError) -> [UInt8] in
                var data: UnsafeMutablePointer<CChar>?
                var length: UInt32 = 0
                let status = cgv_render_data(gv.gvc, graph, format, &data, &length)
                defer { if let data { gvFreeRenderData(data) } }
                guard status == 0, !session.failed, let data else {
                    throw GraphvizError(.renderFailed, "rendering as \"\(format)\" failed: \(session.errorText ?? "unknown error")")
                }
                var bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(length)))
                Timestamps.scrub(&bytes, device: device)
                return bytes
            }
        }
    }

    /// The width and height, in points, of the drawing `render` would make, without rendering it:
    /// for choosing between candidate layouts of one graph. Margins and the `size` attribute are a
    /// renderer's business and are not included.
    public static func layoutSize(dot: String, engine: String = "dot") throws(GraphvizError) -> (width: Double, height: Double) {
        try GraphvizSession.shared.run { (gv) throws(GraphvizError) -> (width: Double, height: Double) in
            try withLayout(dot, engine: engine, gv) { (graph) throws(GraphvizError) -> (width: Double, height: Double) in
                let box = cgv_bounding_box(graph).map { String(cString: $0) } ?? ""
                // "llx lly urx ury" after gvLayout; commas where a renderer wrote it back.
                let corners = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
                guard corners.count == 4 else {
                    throw GraphvizError(.layoutFailed, "layout with \"\(engine)\" gave no bounding box")
                }
                return (corners[2] - corners[0], corners[3] - corners[1])
            }
        }
    }

    /// Reads `dot`, lays it out with `engine` and hands the laid-out graph to `body`; frees both after.
    /// Call only inside `GraphvizSession.run`.
    private static func withLayout<R>(
        _ dot: String, engine: String, _ gv: GraphvizSession.Context, _ body: (UnsafeMutablePointer<Agraph_t>) throws(GraphvizError) -> R
    ) throws(GraphvizError) -> R {
        let session = GraphvizSession.shared
        try checkEngine(engine, gv)
        guard let graph = cgv_memread(dot) else {
            throw GraphvizError(.malformedDOT, "malformed DOT: \(session.errorText ?? "no graph found")")
        }
        defer { agclose(graph) }
        if session.failed {
            throw GraphvizError(.malformedDOT, "malformed DOT: \(session.errorText ?? "unknown error")")
        }

        // Safe even when layout never ran; must come before agclose, hence declared after it.
        defer { gvFreeLayout(gv.gvc, graph) }
        // Some engines report a failure (e.g. nop without positions) yet return 0, so the error count decides.
        if cgv_layout(gv.gvc, graph, engine) != 0 || session.failed {
            throw GraphvizError(.layoutFailed, "layout with \"\(engine)\" failed: \(session.errorText ?? "unknown error")")
        }
        return try body(graph)
    }

    private static func checkEngine(_ engine: String, _ gv: GraphvizSession.Context) throws(GraphvizError) {
        guard gv.engines.contains(pluginType(engine)) else {
            throw GraphvizError(.unknownEngine, "unknown layout engine \"\(engine)\"; available: \(gv.engines.joined(separator: ", "))")
        }
    }

    /// Layout engines the installed Graphviz offers (dot, neato, fdp, sfdp, circo, twopi, ...).
    public static func availableEngines() -> [String] {
        (try? GraphvizSession.shared.run { $0.engines }) ?? []
    }

    /// Output formats the installed Graphviz can render to memory (svg, png, pdf, xdot, plain, ...).
    public static func availableFormats() -> [String] {
        (try? GraphvizSession.shared.run { usable($0.formats) }) ?? []
    }

    /// "png:cairo" names the device "png"; the rest is left for Graphviz to check.
    private static func pluginType(_ name: String) -> String {
        String(name.prefix { $0 != ":" })
    }

    /// Graphviz lists more devices than can be trusted here, so only formats checked to render
    /// to memory byte-identically across calls and processes are offered. Left out on purpose:
    /// tk (pointer addresses in tags), fig/pic/pov (state kept between renders), bmp/tif/tiff
    /// (varying bytes from gdk-pixbuf), vdx (segfaults on URL attributes, in `dot` too), vrml
    /// (writes a PNG per node into the working directory), gd/gd2 (compiled out of Debian's
    /// libgd, which then prints to stderr and returns nothing), gtk/x11/xlib (open windows).
    private static let verifiedFormats: Set<String> = [
        "svg", "svgz", "png", "pdf", "ps", "ps2", "eps", "jpg", "jpeg", "jpe", "gif", "webp",
        "dot", "gv", "canon", "xdot", "xdot1.2", "xdot1.4", "plain", "plain-ext",
        "json", "json0", "dot_json", "xdot_json", "cmap", "cmapx", "cmapx_np", "imap", "imap_np", "ismap",
    ]

    private static func usable(_ formats: [String]) -> [String] {
        formats.filter(verifiedFormats.contains)
    }
}
