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

// A saved graph walked without decoding it (`EncodedGraph`): where each node's and edge's fields lie.
extension CompactReader {
    /// The bytes of the string that comes next, skipped.
    func stringSpan() throws -> Range<Int> {
        try expect(.string)
        let length = Int(try varint())
        guard length <= bytes.count - offset else { throw corrupt("string past the end") }
        offset += length
        return offset - length..<offset
    }

    private func skipSigned() throws {
        try expect(.signed)
        _ = try varint()
    }

    /// Where a node's id, kind, file and access lie; the reader is left after the node.
    func skipNode() throws -> (id: Range<Int>, kind: Range<Int>, file: Range<Int>, access: Range<Int>) {
        try expect(.keyed)
        let id = try stringSpan(), kind = try stringSpan()
        for _ in 0..<2 { _ = try stringSpan() }
        let file = try stringSpan()
        try skipSigned()
        try skipSigned()
        let access = try stringSpan()
        if !takeAbsent() {
            try expect(.present)
            for _ in 0..<(try listCount()) { _ = try stringSpan() }
        }
        return (id, kind, file, access)
    }

    /// Where an edge's identity (ends, kind, manner) and file lie, and where the identity ends; the reader is left
    /// after the edge.
    func skipEdge() throws -> (from: Range<Int>, to: Range<Int>, kind: Range<Int>, via: Range<Int>?, identityEnd: Int, file: Range<Int>) {
        try expect(.keyed)
        let from = try stringSpan(), to = try stringSpan(), kind = try stringSpan()
        var via: Range<Int>?
        if !takeAbsent() {
            try expect(.present)
            via = try stringSpan()
        }
        let identityEnd = offset
        let file = try stringSpan()
        try skipSigned()
        try skipSigned()
        return (from, to, kind, via, identityEnd, file)
    }

    /// The count of the list that comes next; the reader is left at its first element.
    func listCount() throws -> Int {
        try expect(.unkeyed)
        guard offset + 4 <= bytes.count else { throw corrupt("unexpected end") }
        var count = 0
        for index in 0..<4 { count |= Int(bytes[offset + index]) << (8 * index) }
        offset += 4
        guard count <= bytes.count - offset else { throw corrupt("list past the end") }
        return count
    }
}
