/// How a view is drawn so that it always finishes and stays readable, chosen from its size and
/// shape unless the options say otherwise. Measured on a 2-core machine with tangled synthetic apps:
/// `dot` needs ~36 s for 1,000 nodes and ~515 s for 3,000, `sfdp` 0.4 s and 1.1 s; and beyond a
/// few hundred nodes no flat drawing is readable anyway, so large views are collapsed first.
public struct LayoutStrategy: Sendable, Equatable {
    /// Where the drawing goes: Graphviz, or a Mermaid flowchart a code review host renders.
    public enum Target: Sendable { case graphviz, mermaid }

    public var engine: String
    /// `.flat`: drawn flat.
    public var collapse: GraphOptions.Grouping
    public var cluster: GraphOptions.Grouping
    /// Graph attributes that bound the layout's work (dot's `mclimit`, `nslimit`, …).
    public var attributes: [String: String]
    /// Whether forwards are labelled with how they happen; beyond a bounded dot drawing they only crowd it.
    public var edgeLabels: Bool
    /// Nodes of the view before any collapse, and nodes actually drawn.
    public var viewNodes: Int
    public var drawnNodes: Int
    /// Nodes left out so the drawing fits (Mermaid only, when even collapsing is not enough).
    public var trimmedNodes: Int
    /// Why the view was collapsed, when it was not asked for.
    public var reason: String?
    /// Which way dot's ranks run and how fan-outs are folded, once `LayoutShape.choose` has measured;
    /// nil for Mermaid, which lays out on its own.
    public var shape: LayoutShape?

    /// Up to here dot runs unbounded, so small graphs keep their best layout.
    public static let plainDotLimit = 150
    /// Up to here dot runs with bounded crossing minimisation and network simplex; beyond, views collapse.
    public static let boundedDotLimit = 400
    /// Beyond a few dozen nodes and a few hundred edges, a Mermaid flowchart in a comment is unreadable,
    /// and Mermaid itself refuses more than 500 edges by default.
    public static let mermaidNodeLimit = 100
    public static let mermaidEdgeLimit = 400

    static func choose(_ view: ViewGraph, options: GraphOptions, target: Target) -> LayoutStrategy {
        let nodes = view.nodes.count
        let (nodeLimit, edgeLimit) = target == .mermaid ? (mermaidNodeLimit, mermaidEdgeLimit) : (boundedDotLimit, Int.max)
        let modules = GraphOptions.Grouping.module.count(view.nodes)
        let folders = GraphOptions.Grouping.folder.count(view.nodes)

        var collapse = options.collapse ?? .flat
        var reason: String?
        if options.collapse == nil, nodes > nodeLimit || view.edges.count > edgeLimit {
            collapse = modules >= 2 ? .module : folders >= 2 ? .folder : .flat
            if collapse != .flat {
                let limit = target == .mermaid ? "Mermaid's practical limit of \(nodeLimit) nodes and \(edgeLimit) edges" : "\(nodeLimit) nodes"
                reason = "\(Self.formatted(nodes)) nodes and \(Self.formatted(view.edges.count)) edges exceed \(limit)"
            }
        }
        let drawn = collapse == .flat ? nodes : collapse.count(view.nodes) + view.nodes.filter { collapse.key(of: $0) == nil }.count
        let trimmed = target == .mermaid ? max(0, drawn - nodeLimit) : 0

        var cluster = GraphOptions.Grouping.flat
        if collapse == .flat {
            cluster = options.cluster ?? (modules >= 2 ? .module : .flat)
        }
        let size = drawn - trimmed
        let engine = options.engine ?? (size <= boundedDotLimit ? "dot" : "sfdp")
        var attributes: [String: String] = [:]
        if engine == "dot", size > plainDotLimit {
            // One crossing-minimisation pass and capped network-simplex iterations: the layout gets
            // a little less tidy and the time stays bounded.
            attributes = ["mclimit": "0.3", "nslimit": "2", "nslimit1": "2", "searchsize": "10", "remincross": "false"]
        } else if engine == "sfdp" {
            attributes = ["overlap": "prism", "splines": "false", "outputorder": "edgesfirst"]
        }
        return LayoutStrategy(
            engine: engine, collapse: collapse, cluster: cluster, attributes: attributes,
            edgeLabels: size <= boundedDotLimit, viewNodes: nodes, drawnNodes: size, trimmedNodes: trimmed, reason: reason
        )
    }

    /// One line for stderr: `cpdi: 5,012 nodes — collapsed by module (51 nodes), dot, top to bottom`.
    public var summary: String {
        var parts: [String] = []
        if collapse != .flat { parts.append("collapsed by \(collapse.rawValue) (\(Self.formatted(drawnNodes + trimmedNodes)) nodes)") }
        if cluster != .flat { parts.append("clustered by \(cluster.rawValue)") }
        if trimmedNodes > 0 { parts.append("\(Self.formatted(trimmedNodes)) nodes left out") }
        if collapse == .flat, cluster == .flat { parts.append("flat") }
        let bounds = attributes["mclimit"] != nil ? " (bounded)" : ""
        let shaped = shape.map { ", " + $0.summary } ?? ""
        return "\(Self.formatted(viewNodes)) nodes — \(parts.joined(separator: ", ")), \(engine)\(bounds)\(shaped)"
    }

    /// Thousands separated by commas, independent of the locale, so output is the same everywhere.
    static func formatted(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (number < 0 ? "-" : "") + grouped
    }
}
