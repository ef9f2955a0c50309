/// A component that builds forty screens puts forty boxes side by side in one rank, and the picture
/// becomes a sliver forty boxes long. Folding spreads such a fan-out over several ranks by asking dot
/// for longer minimum edge lengths (`minlen`) on every second, third… edge, so the children form a
/// block of a few rows instead of one long row.
///
/// The idea is that of Graphviz's `unflatten` tool, which libgraphviz does not export: only edges to
/// children that end there (nothing below them, one parent) or pass straight through (one parent, one
/// child) are folded, so no other edge gets longer; the same goes for parents that only feed one hub.
/// Nodes with no edge at all (an app whose components forward nothing) would all sit in the first
/// rank; like `unflatten -c`, they are folded the same way, chained by invisible edges.
public enum FanOutFolding: Sendable, Equatable, Hashable {
    case none
    /// Each fan-out spread over this many ranks.
    case ranks(Int)
    /// Each fan-out of `n` ≥ 5 spread over about √n ranks, so a larger fan-out becomes a squarer block.
    case squareRoot

    /// How many ranks a fan-out of `count` edges is spread over.
    func ranks(forFanOut count: Int) -> Int {
        switch self {
        case .none: 1
        case .ranks(let ranks): count > 1 ? ranks : 1
        case .squareRoot: count < 5 ? 1 : Int(Double(count).squareRoot().rounded(.up))
        }
    }

    /// The minimum length of each line (1 for most), in the order given.
    func lengths(_ lines: [(from: String, to: String)]) -> [Int] {
        var lengths = Array(repeating: 1, count: lines.count)
        guard self != .none else { return lengths }
        var into: [String: Int] = [:], out: [String: Int] = [:]
        for line in lines where line.from != line.to {
            out[line.from, default: 0] += 1
            into[line.to, default: 0] += 1
        }
        // A child that ends the fan-out here, or passes it straight on; a parent that feeds only this hub.
        func foldableChild(_ id: String) -> Bool { into[id] == 1 && (out[id] ?? 0) <= 1 }
        func foldableParent(_ id: String) -> Bool { into[id] == nil && out[id] == 1 }

        var fans: [String: [Int]] = [:], fanOrder: [String] = []
        for (index, line) in lines.enumerated() where line.from != line.to {
            let key: String
            if foldableChild(line.to) {
                key = "out\u{0}" + line.from
            } else if foldableParent(line.from) {
                key = "in\u{0}" + line.to
            } else {
                continue
            }
            if fans[key] == nil { fanOrder.append(key) }
            fans[key, default: []].append(index)
        }
        for key in fanOrder {
            let members = fans[key]!
            let ranks = ranks(forFanOut: members.count)
            guard ranks > 1 else { continue }
            for (position, index) in members.enumerated() { lengths[index] = 1 + position % ranks }
        }
        return lengths
    }

    /// Invisible edges that stack each group of unconnected nodes (in the order given) over as many ranks
    /// as a fan-out of that size gets: chains of that length, one after another.
    func chains(_ groups: [[String]]) -> [(from: String, to: String)] {
        var edges: [(from: String, to: String)] = []
        for group in groups {
            let ranks = ranks(forFanOut: group.count)
            guard ranks > 1 else { continue }
            for position in 1..<group.count where position % ranks != 0 {
                edges.append((group[position - 1], group[position]))
            }
        }
        return edges
    }
}
