import CPDIGraph
import CPDIRules

/// The part of the architecture a change touched, for the diff's DOT/SVG/PNG and Mermaid pictures:
/// the changed components with their forwards, and the components one forward away, for context.
/// Components only; alias and leaf changes show as the leaf sets they grow or shrink.
struct DiffPicture {
    /// More than this and a picture in a comment or a review turns into a hairball.
    static let maximumNodes = 60

    enum Status: String, CaseIterable {
        case added, removed, grown, shrunk, changed, neighbour
    }

    struct Item {
        var id: String
        var name: String
        var status: Status
        /// Leaves gained (+) and lost (−), shown under the name.
        var notes: [String]
        var tooltip: String
    }

    struct Arrow {
        var from: String
        var to: String
        var status: Status
        var label: String
    }

    private(set) var items: [Item] = []
    private(set) var arrows: [Arrow] = []
    /// Components that belonged in the picture but were left out to keep it readable.
    private(set) var leftOut = 0

    init(_ diff: ResultDiff, base: DependencyGraph, head: DependencyGraph, maximumNodes: Int = Self.maximumNodes) {
        var nodes: [String: Node] = [:]
        for node in base.nodes + head.nodes where ResultDiff.isComponent(node) { nodes[node.id] = node }
        var status: [String: Status] = [:]
        for node in diff.addedNodes where ResultDiff.isComponent(node) { status[node.id] = .added }
        for node in diff.removedNodes where ResultDiff.isComponent(node) { status[node.id] = .removed }
        var notes: [String: [String]] = [:]
        for change in diff.leafChanges {
            status[change.id] = change.added.isEmpty ? .shrunk : .grown
            notes[change.id] = change.added.map { "+ \($0.leaf)" } + change.removed.map { "− \($0)" }
        }
        // A component whose alias now composes something else changed too, even when its leaves did not.
        let changedAliases = Set((diff.addedEdges + diff.removedEdges).filter { $0.kind == .composes }.map(\.from))
        for edge in base.edges + head.edges where edge.kind == .requires && changedAliases.contains(edge.to) && nodes[edge.from] != nil {
            if status[edge.from] == nil { status[edge.from] = .changed }
        }
        let forwards = Self.forwards(base: base, head: head)
        for arrow in forwards.values where arrow.status != .neighbour {
            for end in [arrow.from, arrow.to] where status[end] == nil && nodes[end] != nil { status[end] = .changed }
        }

        let focus = status.keys.sorted()
        var neighbours: [String: Set<String>] = [:]
        for arrow in forwards.values {
            neighbours[arrow.from, default: []].insert(arrow.to)
            neighbours[arrow.to, default: []].insert(arrow.from)
        }
        var candidates = focus
        var seen = Set(focus)
        for id in focus {
            for next in (neighbours[id] ?? []).sorted() where nodes[next] != nil && seen.insert(next).inserted { candidates.append(next) }
        }
        let shown = Set(candidates.prefix(maximumNodes))
        leftOut = candidates.count - shown.count
        items = shown.sorted().map { id in
            let node = nodes[id]!
            let place = node.file.isEmpty ? node.kind.rawValue : "\(node.kind.rawValue) · \(node.file):\(node.line)"
            return Item(id: id, name: node.name, status: status[id] ?? .neighbour, notes: notes[id] ?? [], tooltip: place)
        }
        arrows = forwards.keys.sorted().compactMap { key in
            let arrow = forwards[key]!
            return shown.contains(arrow.from) && shown.contains(arrow.to) ? arrow : nil
        }
    }

    var isEmpty: Bool { items.isEmpty }

    /// One arrow per pair of components, labelled with how the forwards happen unless it is the usual way
    /// (`ForwardLabels`); added when only head
    /// has it, removed when only base has it, else `neighbour` (unchanged).
    private static func forwards(base: DependencyGraph, head: DependencyGraph) -> [String: Arrow] {
        func pairs(_ graph: DependencyGraph) -> [String: (from: String, to: String, vias: [ForwardVia?])] {
            var pairs: [String: (from: String, to: String, vias: [ForwardVia?])] = [:]
            for edge in graph.edges where edge.kind == .forwardsTo {
                let key = "\(edge.from)\u{0}\(edge.to)"
                pairs[key, default: (edge.from, edge.to, [])].vias.append(edge.via)
            }
            return pairs
        }
        let before = pairs(base), after = pairs(head)
        var arrows: [String: Arrow] = [:]
        for (key, pair) in before.merging(after, uniquingKeysWith: { _, head in head }) {
            let status: Status = before[key] == nil ? .added : after[key] == nil ? .removed : .neighbour
            arrows[key] = Arrow(from: pair.from, to: pair.to, status: status, label: ForwardLabels.label(pair.vias) ?? "")
        }
        return arrows
    }
}
