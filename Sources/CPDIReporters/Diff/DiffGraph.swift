import CPDIGraph
import Foundation

/// One side's graph as a diff reads it: nodes in id order and edges in identity order
/// (`ResultDiff.identityPrecedes`), each id and identity once, the first the graph has. `ResultDiff` and the
/// diff's picture ask only these questions, so two saved results can be compared where they lie, decoding
/// only what differs (`EncodedGraph` in CPDIPipeline), as well as two graphs in memory (`SortedGraph`).
public protocol DiffGraph: Sendable {
    var nodeCount: Int { get }
    var edgeCount: Int { get }
    func node(at index: Int) -> Node
    func edge(at index: Int) -> Edge
    /// Whether node `index` equals `other`'s node `otherIndex` in every field. May answer false for equal nodes
    /// (the caller then reads and compares them), never true for different ones.
    func sameNode(_ index: Int, as otherIndex: Int, in other: Self) -> Bool
    /// Whether edge `index` has the identity of `other`'s edge `otherIndex`, by the same rule.
    func sameIdentity(_ index: Int, as otherIndex: Int, in other: Self) -> Bool
    /// Nodes of kind component or container.
    var componentCount: Int { get }
    func node(id: String) -> Node?
    /// The edges that start at `id`, in identity order.
    func edges(from id: String) -> [Edge]
    /// The `kind` edges that end at `id`, in identity order. Asked for `requires` and `forwardsTo` only.
    func edges(into id: String, kind: EdgeKind) -> [Edge]
}

/// A graph in memory as a diff side: its nodes and edges sorted, repeats dropped.
public struct SortedGraph: DiffGraph {
    let nodes: [Node]
    /// One edge per identity (ends, kind, manner): the same forward written twice is one edge of the architecture.
    let edges: [Edge]
    private let incoming: IncomingEdges

    public init(_ graph: DependencyGraph) {
        nodes = Self.unique(graph.nodes) { (left: borrowing Node, right: borrowing Node) in left.id < right.id }
        edges = Self.unique(graph.edges, by: ResultDiff.identityPrecedes)
        incoming = IncomingEdges()
    }

    public var nodeCount: Int { nodes.count }
    public var edgeCount: Int { edges.count }
    public func node(at index: Int) -> Node { nodes[index] }
    public func edge(at index: Int) -> Edge { edges[index] }

    public func sameNode(_ index: Int, as otherIndex: Int, in other: SortedGraph) -> Bool { nodes[index] == other.nodes[otherIndex] }

    public func sameIdentity(_ index: Int, as otherIndex: Int, in other: SortedGraph) -> Bool {
        let (left, right) = (edges[index], other.edges[otherIndex])
        return left.from == right.from && left.to == right.to && left.kind == right.kind && left.via == right.via
    }

    public var componentCount: Int { nodes.count { ResultDiff.isComponent($0) } }

    /// By binary search.
    public func node(id: String) -> Node? {
        var (low, high) = (0, nodes.count)
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < nodes.count && nodes[low].id == id ? nodes[low] : nil
    }

    public func edges(from id: String) -> [Edge] {
        var (low, high) = (0, edges.count)
        while low < high {
            let middle = (low + high) / 2
            if edges[middle].from < id { low = middle + 1 } else { high = middle }
        }
        var found: [Edge] = []
        while low < edges.count, edges[low].from == id {
            found.append(edges[low])
            low += 1
        }
        return found
    }

    public func edges(into id: String, kind: EdgeKind) -> [Edge] {
        incoming.edges(into: id, kind: kind, of: edges)
    }

    /// `items` in `precedes` order, keeping the first of equal items. The graphs cpdi writes are already
    /// in order without repeats and come back as they are; others are sorted stably.
    private static func unique<T>(_ items: [T], by precedes: (borrowing T, borrowing T) -> Bool) -> [T] {
        let inOrder = items.withUnsafeBufferPointer { items in
            items.indices.dropFirst().allSatisfy { precedes(items[$0 - 1], items[$0]) }
        }
        if inOrder { return items }
        let ordered = items.indices.sorted { precedes(items[$0], items[$1]) || (!precedes(items[$1], items[$0]) && $0 < $1) }.map { items[$0] }
        var unique: [T] = []
        unique.reserveCapacity(ordered.count)
        for item in ordered where unique.last.map({ precedes($0, item) }) ?? true { unique.append(item) }
        return unique
    }
}

/// The edges by the node they end at, built the first time a diff asks: a diff with no change never does.
private final class IncomingEdges: @unchecked Sendable {
    private let lock = NSLock()
    private var byEnd: [String: [Edge]]?

    func edges(into id: String, kind: EdgeKind, of edges: [Edge]) -> [Edge] {
        precondition(kind == .requires || kind == .forwardsTo, "only requires and forwardsTo edges are indexed by their end")
        lock.lock()
        defer { lock.unlock() }
        if byEnd == nil {
            var built: [String: [Edge]] = [:]
            for edge in edges where edge.kind == .requires || edge.kind == .forwardsTo { built[edge.to, default: []].append(edge) }
            byEnd = built
        }
        return byEnd![id, default: []].filter { $0.kind == kind }
    }
}
