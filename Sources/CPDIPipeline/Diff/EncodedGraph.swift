import CPDIFacts
import CPDIGraph
import CPDIReporters
import Foundation

/// A saved result's graph (`ResultCache.encode`) as one side of a diff, read where it lies. One walk notes where
/// each node and edge starts and checks the order the diff relies on; after that a node or an edge is decoded only
/// when asked for, and two sides' records are compared byte for byte. A warm `cpdi diff` of two revisions of a
/// 100,000-component app one file apart decodes a few records instead of two graphs of over a hundred megabytes.
public struct EncodedGraph: DiffGraph {
    private let file: MappedFile
    /// Where the graph starts in `file`.
    private let graphStart: Int
    private var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: file.bytes[graphStart...]) }
    /// Where node `i` starts, and after the last, where the nodes end.
    private let nodeStarts: [UInt32]
    /// Where edge `i` starts, and after the last, where the edges end.
    private let edgeStarts: [UInt32]
    /// Where edge `i`'s identity (ends, kind, manner) ends.
    private let identityEnds: [UInt32]
    public let componentCount: Int
    /// How names compare (`EncodedText`).
    private let text: EncodedText
    /// The `requires` and `forwardsTo` edges, each with a hash of where it ends (`EncodedText.hash`).
    private let incomingEnds: [(hash: UInt64, edge: UInt32)]
    private let incoming: IncomingIndex

    /// Nil when the bytes are damaged, or their nodes or edges are not in the order `DiffGraph` asks for, each once
    /// (the caller then decodes the graph whole, which sorts it).
    init?(file: MappedFile, graphStart: Int) {
        guard graphStart < file.bytes.count, file.bytes.count - graphStart < Int(UInt32.max) else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: file.bytes[graphStart...])
        let reader = CompactReader(bytes, strings: nil)
        var nodeStarts: [UInt32] = [], edgeStarts: [UInt32] = [], identityEnds: [UInt32] = []
        var components = 0
        var incomingEnds: [(hash: UInt64, edge: UInt32)] = []
        // Names compare byte for byte while every one is ASCII, as nearly all are.
        var ascii = true
        do {
            try reader.expect(.keyed)
            let nodeCount = try reader.listCount()
            nodeStarts.reserveCapacity(nodeCount + 1)
            var previous: Range<Int>?
            for _ in 0..<nodeCount {
                nodeStarts.append(UInt32(reader.offset))
                let node = try reader.skipNode()
                // What decoding a node checks beyond its shape, so that a node asked for later always decodes.
                guard Self.kinds.node.contains(where: { EncodedText.matches(node.kind, $0, in: bytes) }),
                    Self.kinds.access.contains(where: { EncodedText.matches(node.access, $0, in: bytes) })
                else { return nil }
                ascii = ascii && EncodedText.isASCII(node.id, in: bytes)
                if let previous, EncodedText(ascii: ascii).order(previous, node.id, in: bytes) >= 0 { return nil }
                previous = node.id
                if EncodedText.matches(node.kind, Self.kinds.component, in: bytes) || EncodedText.matches(node.kind, Self.kinds.container, in: bytes) {
                    components += 1
                }
            }
            nodeStarts.append(UInt32(reader.offset))
            let edgeCount = try reader.listCount()
            edgeStarts.reserveCapacity(edgeCount + 1)
            identityEnds.reserveCapacity(edgeCount)
            var last: EdgeIdentity?
            for index in 0..<edgeCount {
                edgeStarts.append(UInt32(reader.offset))
                let edge = try reader.skipEdge()
                guard Self.kinds.edge.contains(where: { EncodedText.matches(edge.kind, $0, in: bytes) }),
                    edge.via.map({ via in Self.kinds.via.contains { EncodedText.matches(via, $0, in: bytes) } }) ?? true
                else { return nil }
                let identity = EdgeIdentity(from: edge.from, to: edge.to, kind: edge.kind, via: edge.via)
                ascii = ascii && EncodedText.isASCII(edge.from, in: bytes) && EncodedText.isASCII(edge.to, in: bytes)
                    && EncodedText.isASCII(edge.kind, in: bytes) && EncodedText.isASCII(edge.via ?? 0..<0, in: bytes)
                if let last, !last.precedes(identity, in: bytes, text: EncodedText(ascii: ascii)) { return nil }
                last = identity
                if EncodedText.matches(edge.kind, Self.kinds.requires, in: bytes) || EncodedText.matches(edge.kind, Self.kinds.forwardsTo, in: bytes) {
                    incomingEnds.append((EncodedText.hash(UnsafeRawBufferPointer(rebasing: bytes[edge.to])), UInt32(index)))
                }
                identityEnds.append(UInt32(edge.identityEnd))
            }
            edgeStarts.append(UInt32(reader.offset))
            // The roots, which a diff does not read, are checked too: a graph this walk accepts always decodes.
            for _ in 0..<(try reader.listCount()) { _ = try reader.stringSpan() }
        } catch {
            return nil
        }
        self.file = file
        self.graphStart = graphStart
        self.nodeStarts = nodeStarts
        self.edgeStarts = edgeStarts
        self.identityEnds = identityEnds
        componentCount = components
        text = EncodedText(ascii: ascii)
        self.incomingEnds = incomingEnds
        incoming = IncomingIndex()
    }

    /// The kinds the walk in `init` checks, counts and indexes, as the bytes they are written in.
    private static let kinds = (
        component: Array(NodeKind.component.rawValue.utf8), container: Array(NodeKind.container.rawValue.utf8),
        requires: Array(EdgeKind.requires.rawValue.utf8), forwardsTo: Array(EdgeKind.forwardsTo.rawValue.utf8),
        node: NodeKind.allCases.map { Array($0.rawValue.utf8) }, access: AccessLevel.allCases.map { Array($0.rawValue.utf8) },
        edge: EdgeKind.allCases.map { Array($0.rawValue.utf8) }, via: ForwardVia.allCases.map { Array($0.rawValue.utf8) }
    )

    public var nodeCount: Int { nodeStarts.count - 1 }
    public var edgeCount: Int { edgeStarts.count - 1 }

    public func node(at index: Int) -> Node {
        let reader = CompactReader(bytes, strings: nil)
        reader.offset = Int(nodeStarts[index])
        // The walk in `init` read this node whole already.
        return try! reader.readNode()
    }

    public func edge(at index: Int) -> Edge {
        let reader = CompactReader(bytes, strings: nil)
        reader.offset = Int(edgeStarts[index])
        return try! reader.readEdge()
    }

    public func sameNode(_ index: Int, as otherIndex: Int, in other: EncodedGraph) -> Bool {
        EncodedText.same(
            Int(nodeStarts[index])..<Int(nodeStarts[index + 1]), in: bytes,
            Int(other.nodeStarts[otherIndex])..<Int(other.nodeStarts[otherIndex + 1]), in: other.bytes
        )
    }

    public func sameIdentity(_ index: Int, as otherIndex: Int, in other: EncodedGraph) -> Bool {
        EncodedText.same(
            Int(edgeStarts[index])..<Int(identityEnds[index]), in: bytes,
            Int(other.edgeStarts[otherIndex])..<Int(other.identityEnds[otherIndex]), in: other.bytes
        )
    }

    public func node(id: String) -> Node? {
        let found = lowerBound(nodeCount) { text.order(nodeSpans($0).id, id, in: bytes) < 0 }
        return found < nodeCount && text.order(nodeSpans(found).id, id, in: bytes) == 0 ? node(at: found) : nil
    }

    public func edges(from id: String) -> [Edge] {
        var index = lowerBound(edgeCount) { text.order(edgeSpans($0).from, id, in: bytes) < 0 }
        var found: [Edge] = []
        while index < edgeCount, text.order(edgeSpans(index).from, id, in: bytes) == 0 {
            found.append(edge(at: index))
            index += 1
        }
        return found
    }

    public func edges(into id: String, kind: EdgeKind) -> [Edge] {
        precondition(kind == .requires || kind == .forwardsTo, "only requires and forwardsTo edges are indexed by their end")
        var id = id
        let (hash, asciiKey) = id.withUTF8 { (EncodedText.hash(UnsafeRawBufferPointer($0)), EncodedText.isASCII(UnsafeRawBufferPointer($0))) }
        let candidates: [UInt32]
        if text.ascii, asciiKey {
            // Where every name is ASCII, equal names are equal bytes, and so have equal hashes.
            let sorted = incoming.sorted { incomingEnds.sorted { ($0.hash, $0.edge) < ($1.hash, $1.edge) } }
            var at = lowerBound(sorted.count) { sorted[$0].hash < hash }
            var found: [UInt32] = []
            while at < sorted.count, sorted[at].hash == hash {
                found.append(sorted[at].edge)
                at += 1
            }
            candidates = found
        } else {
            candidates = incomingEnds.map(\.edge)
        }
        return candidates.filter { text.order(edgeSpans(Int($0)).to, id, in: bytes) == 0 }.map { edge(at: Int($0)) }.filter { $0.kind == kind }
    }

    /// The graph's bytes with the places in moved files taken to where their facts are now (`MovedPositions`), as
    /// encoding the moved graph would give them: records of other files are copied as they are, those of moved files
    /// decoded, moved and written again. Nil when a place is not a position of its file's facts.
    func movingPlaces(_ moves: [String: MovedPositions]) -> [UInt8]? {
        let paths = moves.keys.map { path in (path, Array(path.utf8)) }
        func isMoved(_ file: Range<Int>) -> Bool {
            paths.contains { path, utf8 in
                utf8.withUnsafeBytes { EncodedText.same(file, in: bytes, 0..<utf8.count, in: $0) }
                    || (!EncodedText.isASCII(file, in: bytes) && String(decoding: UnsafeRawBufferPointer(rebasing: bytes[file]), as: UTF8.self) == path)
            }
        }
        let movedNodes = (0..<nodeCount).filter { isMoved(nodeSpans($0).file) }
        let movedEdges = (0..<edgeCount).filter { isMoved(edgeSpans($0).file) }
        guard let moved = DependencyGraph.movingPlaces(movedNodes.map(node(at:)), movedEdges.map(edge(at:)), moves) else { return nil }
        let writer = CompactWriter()
        writer.bytes.reserveCapacity(bytes.count)
        func copy(_ range: Range<Int>) { writer.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range])) }
        func rewrite<Record>(_ starts: [UInt32], _ indices: [Int], _ records: [Record], _ write: (Record) -> Void) {
            var next = Int(starts[0])
            for (index, record) in zip(indices, records) {
                copy(next..<Int(starts[index]))
                write(record)
                next = Int(starts[index + 1])
            }
            copy(next..<Int(starts[starts.count - 1]))
        }
        copy(0..<Int(nodeStarts[0]))
        rewrite(nodeStarts, movedNodes, moved.nodes, writer.write)
        copy(Int(nodeStarts[nodeStarts.count - 1])..<Int(edgeStarts[0]))
        rewrite(edgeStarts, movedEdges, moved.edges, writer.write)
        copy(Int(edgeStarts[edgeStarts.count - 1])..<bytes.count)
        return writer.bytes
    }

    private func nodeSpans(_ index: Int) -> (id: Range<Int>, kind: Range<Int>, file: Range<Int>, access: Range<Int>) {
        let reader = CompactReader(bytes, strings: nil)
        reader.offset = Int(nodeStarts[index])
        return try! reader.skipNode()
    }

    private func edgeSpans(_ index: Int) -> (from: Range<Int>, to: Range<Int>, kind: Range<Int>, via: Range<Int>?, identityEnd: Int, file: Range<Int>) {
        let reader = CompactReader(bytes, strings: nil)
        reader.offset = Int(edgeStarts[index])
        return try! reader.skipEdge()
    }

    /// The first index in `0..<count` for which `before` is false (`before` holds for a prefix).
    private func lowerBound(_ count: Int, _ before: (Int) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if before(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// An edge's identity as it lies in the bytes, ordered as `ResultDiff.identityPrecedes` orders edges.
private struct EdgeIdentity {
    var from, to, kind: Range<Int>
    var via: Range<Int>?

    func precedes(_ other: EdgeIdentity, in bytes: UnsafeRawBufferPointer, text: EncodedText) -> Bool {
        for (left, right) in [(from, other.from), (to, other.to), (kind, other.kind)] {
            let order = text.order(left, right, in: bytes)
            if order != 0 { return order < 0 }
        }
        // An edge without a manner orders as one whose manner is "".
        return text.order(via ?? 0..<0, other.via ?? 0..<0, in: bytes) < 0
    }
}

/// Sorted the first time a diff asks: a diff with no change never does.
private final class IncomingIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [(hash: UInt64, edge: UInt32)]?

    func sorted(_ build: () -> [(hash: UInt64, edge: UInt32)]) -> [(hash: UInt64, edge: UInt32)] {
        lock.lock()
        defer { lock.unlock() }
        if built == nil { built = build() }
        return built!
    }
}

/// Strings compared where they lie, as `String` compares them: byte for byte where both are ASCII (where the
/// order of bytes is `String`'s), through `String` otherwise.
struct EncodedText {
    /// Whether every name compared is known to be ASCII.
    let ascii: Bool

    func order(_ left: Range<Int>, _ right: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int {
        order(UnsafeRawBufferPointer(rebasing: bytes[left]), UnsafeRawBufferPointer(rebasing: bytes[right]))
    }

    func order(_ span: Range<Int>, _ text: String, in bytes: UnsafeRawBufferPointer) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            let key = UnsafeRawBufferPointer(utf8)
            return EncodedText(ascii: ascii && Self.isASCII(key)).order(UnsafeRawBufferPointer(rebasing: bytes[span]), key)
        }
    }

    func equals(_ span: Range<Int>, _ text: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        order(span, text, in: bytes) == 0
    }

    /// The same bytes: the same value, whatever its text.
    static func same(_ left: Range<Int>, in leftBytes: UnsafeRawBufferPointer, _ right: Range<Int>, in rightBytes: UnsafeRawBufferPointer) -> Bool {
        left.count == right.count && memcmp(leftBytes.baseAddress! + left.lowerBound, rightBytes.baseAddress! + right.lowerBound, left.count) == 0
    }

    /// FNV-1a of the bytes: names of a graph, each hashed once.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// Whether the span holds exactly `constant`'s bytes.
    static func matches(_ span: Range<Int>, _ constant: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        span.count == constant.count && constant.withUnsafeBytes { same(span, in: bytes, 0..<constant.count, in: $0) }
    }

    static func isASCII(_ span: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Bool {
        isASCII(UnsafeRawBufferPointer(rebasing: bytes[span]))
    }

    private func order(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        if ascii || (Self.isASCII(left) && Self.isASCII(right)) {
            let common = min(left.count, right.count)
            let compared = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            if compared != 0 { return compared < 0 ? -1 : 1 }
            return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
        }
        let (leftText, rightText) = (String(decoding: left, as: UTF8.self), String(decoding: right, as: UTF8.self))
        return leftText == rightText ? 0 : leftText < rightText ? -1 : 1
    }

    /// Eight bytes at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }
}
