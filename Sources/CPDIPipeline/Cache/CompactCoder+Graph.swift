import CPDIFacts
import CPDIGraph

// A saved result's graph: a hundred thousand nodes and more edges at 100,000 components, each read through a
// keyed container by the generic path, which was most of a warm `cpdi diff` there. Written and read field by
// field in the order their synthesized `encode(to:)` writes their keys, `encodeIfPresent` for the optionals;
// `ResultCacheTests` require the bytes the generic path gives.

extension CompactWriter {
    func write(_ node: Node) {
        bytes.append(CompactTag.keyed.rawValue)
        write(node.id)
        write(node.kind.rawValue)
        write(node.name)
        write(node.module)
        write(node.file)
        write(signed: Int64(node.line))
        write(signed: Int64(node.column))
        write(node.access.rawValue)
        write(optional: node.leaves) { write(list: $0, element: write) }
    }

    func write(_ edge: Edge) {
        bytes.append(CompactTag.keyed.rawValue)
        write(edge.from)
        write(edge.to)
        write(edge.kind.rawValue)
        write(optional: edge.via?.rawValue)
        write(edge.file)
        write(signed: Int64(edge.line))
        write(signed: Int64(edge.column))
    }
}

extension CompactReader {
    func readNode() throws -> Node {
        try expect(.keyed)
        let id = try readString(), kind = try readRaw(NodeKind.self), name = try readString(), module = try readString()
        let file = try readString(), line = try readSigned(Int.self), column = try readSigned(Int.self)
        let access = try readRaw(AccessLevel.self)
        let leaves = try readOptional { try readList(readString) }
        return Node(id: id, kind: kind, name: name, module: module, file: file, line: line, column: column, access: access, leaves: leaves)
    }

    func readEdge() throws -> Edge {
        try expect(.keyed)
        let from = try readString(), to = try readString(), kind = try readRaw(EdgeKind.self)
        let via = try readOptional { try readRaw(ForwardVia.self) }
        let file = try readString(), line = try readSigned(Int.self)
        return Edge(from: from, to: to, kind: kind, via: via, file: file, line: line, column: try readSigned(Int.self))
    }
}
