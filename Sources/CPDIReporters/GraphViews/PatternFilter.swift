import CPDIFacts
import CPDIGraph

/// `--include`, `--exclude` and `--hide-leaves`. A glob selects a node when it matches the node's
/// name, its file's path, or the end of that path from any folder on (`Features/Cart/*`).
struct PatternFilter {
    var include: [NamePattern]
    var exclude: [NamePattern]
    var hideLeaves: Bool

    func apply(_ view: ViewGraph) -> ViewGraph {
        guard !include.isEmpty || !exclude.isEmpty || hideLeaves else { return view }
        return view.restricted { node in
            if hideLeaves, node.kind == .leaf { return false }
            if !include.isEmpty, !include.contains(where: { Self.matches($0, node) }) { return false }
            return !exclude.contains { Self.matches($0, node) }
        }
    }

    static func matches(_ pattern: NamePattern, _ node: Node) -> Bool {
        if pattern.matches(node.name) { return true }
        guard !node.file.isEmpty else { return false }
        if pattern.matches(node.file) { return true }
        var rest = Substring(node.file)
        while let slash = rest.firstIndex(of: "/") {
            rest = rest[rest.index(after: slash)...]
            if pattern.matches(rest) { return true }
        }
        return false
    }
}
