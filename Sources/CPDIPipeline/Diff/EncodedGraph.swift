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
    private let incoming: IncomingIndex

    /// Nil when the bytes are damaged, or their nodes or edges are not in the order `DiffGraph` asks for, each once
    /// (the caller then decodes the graph whole, which sorts it).
    init?(file: MappedFile, graphStart: Int) {
        guard graphStart < file.bytes.count, file.bytes.count - graphStart < Int(UInt32.max) else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: file.bytes[graphStart...])
        let reader = CompactReader(bytes, strings: nil)
        var nodeStarts: [UInt32] = [], edgeStarts: [UInt32] = [], identityEnds: [UInt32] = []
        var components = 0
        do {
            try reader.expect(.keyed)
            let nodeCount = try reader.listCount()
            nodeStarts.reserveCapacity(nodeCount + 1)
            var previous: Range<Int>?
            for _ in 0..<nodeCount {
                nodeStarts.append(UInt32(reader.offset))
                let node = try reader.skipNode()
                if let previous, EncodedText.order(previous, node.id, in: bytes) >= 0 { return nil }
                previous = node.id
                if EncodedText.equals(node.kind, NodeKind.component.rawValue, in: bytes)
                    || EncodedText.equals(node.kind, NodeKind.container.rawValue, in: bytes) {
                    components += 1
                }
            }
            nodeStarts.append(UInt32(reader.offset))
            let edgeCount = try reader.listCount()
            edgeStarts.reserveCapacity(edgeCount + 1)
            identityEnds.reserveCapacity(edgeCount)
            var last: EdgeIdentity?
            for _ in 0..<edgeCount {
                edgeStarts.append(UInt32(reader.offset))
                let edge = try reader.skipEdge()
                let identity = EdgeIdentity(from: edge.from, to: edge.to, kind: edge.kind, via: edge.via)
                if let last, !last.precedes(identity, in: bytes) { return nil }
                last = identity
                identityEnds.append(UInt32(edge.identityEnd))
            }
            edgeStarts.append(UInt32(reader.offset))
        } catch {
            return nil
        }
        self.file = file
        self.graphStart = graphStart
        self.nodeStarts = nodeStarts
        self.edgeStarts = edgeStarts
        self.identityEnds = identityEnds
        componentCount = components
        incoming = IncomingIndex()
    }

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
        let found = lowerBound(nodeCount) { EncodedText.order(nodeSpans($0).id, id, in: bytes) < 0 }
        return found < nodeCount && EncodedText.order(nodeSpans(found).id, id, in: bytes) == 0 ? node(at: found) : nil
    }

    public func edges(from id: String) -> [Edge] {
        var index = lowerBound(edgeCount) { EncodedText.order(edgeSpans($0).from, id, in: bytes) < 0 }
        var found: [Edge] = []
        while index < edgeCount, EncodedText.order(edgeSpans(index).from, id, in: bytes) == 0 {
            found.append(edge(at: index))
            index += 1
        }
        return found
    }

    public func edges(into id: String, kind: EdgeKind) -> [Edge] {
        precondition(kind == .requires || kind == .forwardsTo, "only requires and forwardsTo edges are indexed by their end")
        let index = incoming.sorted { self.incomingEdges() }
        var at = lowerBound(index.count) { EncodedText.order(edgeSpans(Int(index[$0])).to, id, in: bytes) < 0 }
        var found: [Edge] = []
        while at < index.count, EncodedText.order(edgeSpans(Int(index[at])).to, id, in: bytes) == 0 {
            let edge = edge(at: Int(index[at]))
            if edge.kind == kind { found.append(edge) }
            at += 1
        }
        return found
    }

    /// The `requires` and `forwardsTo` edges, by where they end, each end's in identity order.
    private func incomingEdges() -> [UInt32] {
        let kinds = [EdgeKind.requires.rawValue, EdgeKind.forwardsTo.rawValue]
        let wanted = (0..<edgeCount).filter { index in
            let kind = edgeSpans(index).kind
            return kinds.contains { EncodedText.equals(kind, $0, in: bytes) }
        }
        let ends = wanted.map { edgeSpans($0).to }
        let order = wanted.indices.sorted { left, right in
            let order = EncodedText.order(ends[left], ends[right], in: bytes)
            return order != 0 ? order < 0 : left < right
        }
        return order.map { UInt32(wanted[$0]) }
    }

    private func nodeSpans(_ index: Int) -> (id: Range<Int>, kind: Range<Int>) {
        let reader = CompactReader(bytes, strings: nil)
        reader.offset = Int(nodeStarts[index])
        return try! reader.skipNode()
    }

    private func edgeSpans(_ index: Int) -> (from: Range<Int>, to: Range<Int>, kind: Range<Int>, via: Range<Int>?, identityEnd: Int) {
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

    func precedes(_ other: EdgeIdentity, in bytes: UnsafeRawBufferPointer) -> Bool {
        for (left, right) in [(from, other.from), (to, other.to), (kind, other.kind)] {
            let order = EncodedText.order(left, right, in: bytes)
            if order != 0 { return order < 0 }
        }
        // An edge without a manner orders as one whose manner is "".
        return EncodedText.order(via ?? 0..<0, other.via ?? 0..<0, in: bytes) < 0
    }
}

/// Built the first time a diff asks: a diff with no change never does.
private final class IncomingIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [UInt32]?

    func sorted(_ build: () -> [UInt32]) -> [UInt32] {
        lock.lock()
        defer { lock.unlock() }
        if built == nil { built = build() }
        return built!
    }
}

/// Strings compared where they lie, as `String` compares them: byte for byte where both are ASCII (where the
/// order of bytes is `String`'s), through `String` otherwise.
enum EncodedText {
    static func order(_ left: Range<Int>, _ right: Range<Int>, in bytes: UnsafeRawBufferPointer) -> Int {
        order(UnsafeRawBufferPointer(rebasing: bytes[left]), UnsafeRawBufferPointer(rebasing: bytes[right]))
    }

    static func order(_ span: Range<Int>, _ text: String, in bytes: UnsafeRawBufferPointer) -> Int {
        var text = text
        return text.withUTF8 { order(UnsafeRawBufferPointer(rebasing: bytes[span]), UnsafeRawBufferPointer($0)) }
    }

    static func equals(_ span: Range<Int>, _ text: String, in bytes: UnsafeRawBufferPointer) -> Bool {
        order(span, text, in: bytes) == 0
    }

    /// The same bytes: the same value, whatever its text.
    static func same(_ left: Range<Int>, in leftBytes: UnsafeRawBufferPointer, _ right: Range<Int>, in rightBytes: UnsafeRawBufferPointer) -> Bool {
        left.count == right.count && memcmp(leftBytes.baseAddress! + left.lowerBound, rightBytes.baseAddress! + right.lowerBound, left.count) == 0
    }

    private static func order(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Int {
        if isASCII(left), isASCII(right) {
            let common = min(left.count, right.count)
            let compared = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
            if compared != 0 { return compared < 0 ? -1 : 1 }
            return left.count == right.count ? 0 : left.count < right.count ? -1 : 1
        }
        let (leftText, rightText) = (String(decoding: left, as: UTF8.self), String(decoding: right, as: UTF8.self))
        return leftText == rightText ? 0 : leftText < rightText ? -1 : 1
    }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool { bytes.allSatisfy { $0 < 0x80 } }
}
