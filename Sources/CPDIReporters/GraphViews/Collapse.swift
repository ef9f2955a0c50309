import CPDIGraph
import CPDIRules

/// `--collapse module|folder`: one node per group, labelled with what it holds, and one edge per
/// pair of groups labelled with how many edges it stands for. Edges inside a group are counted on
/// the group's node instead. Linear in nodes + edges.
struct Collapse {
    struct Group: Sendable {
        var key: String
        var members: [Node]
        /// Edges between two members of this group.
        var internalEdges: Int
        var severity: Severity?
        var findings: Int
    }

    struct Link: Sendable {
        var from: String, to: String
        var count: Int
        var kinds: Set<EdgeKind>
    }

    var grouping: GraphOptions.Grouping

    /// The id of the node drawn for a group: `module:Feature`.
    func id(ofGroup key: String) -> String { "\(grouping.rawValue):\(key)" }

    /// Groups sorted by key; nodes outside every group (no module or file) each form their own.
    func apply(_ view: ViewGraph, marks: FindingMarks) -> (groups: [Group], links: [Link]) {
        var groupOf: [String: String] = [:]
        var groups: [String: Group] = [:]
        for node in view.nodes {
            let key = grouping.key(of: node) ?? node.name
            groupOf[node.id] = key
            var group = groups[key] ?? Group(key: key, members: [], internalEdges: 0, severity: nil, findings: 0)
            group.members.append(node)
            if let severity = marks.nodeSeverity[node.id] { group.severity = max(group.severity ?? severity, severity) }
            group.findings += marks.nodeFindings[node.id]?.count ?? 0
            groups[key] = group
        }
        var links: [String: Link] = [:]
        for edge in view.edges {
            guard let from = groupOf[edge.from], let to = groupOf[edge.to] else { continue }
            if from == to {
                groups[from]!.internalEdges += 1
                continue
            }
            let pair = from + "\u{0}" + to
            var link = links[pair] ?? Link(from: from, to: to, count: 0, kinds: [])
            link.count += 1
            link.kinds.insert(edge.kind)
            links[pair] = link
        }
        return (groups.keys.sorted().map { groups[$0]! }, links.keys.sorted().map { links[$0]! })
    }
}
