import CPDIGraph

/// The module or folder a node belongs to, for clusters and collapse. Nodes with no file (leaves
/// declared outside the sources) have no folder; they stay outside every cluster.
extension GraphOptions.Grouping {
    func key(of node: Node) -> String? {
        switch self {
        case .module: return node.module.isEmpty ? nil : node.module
        case .folder:
            guard let slash = node.file.lastIndex(of: "/") else { return node.file.isEmpty ? nil : "." }
            return String(node.file[..<slash])
        case .flat: return nil
        }
    }

    /// How many distinct groups the nodes fall into.
    func count(_ nodes: [Node]) -> Int {
        guard self != .flat else { return 0 }
        return Set(nodes.compactMap(key(of:))).count
    }
}
