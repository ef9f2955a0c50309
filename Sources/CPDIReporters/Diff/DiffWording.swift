import CPDIGraph
import CPDIRules

/// The sentences every diff format shares, so the text, the comment and the picture say the same thing.
enum DiffWording {
    static func plural(_ kind: NodeKind) -> String {
        switch kind {
        case .component: "components"
        case .alias: "aliases"
        case .leaf: "leaves"
        case .container: "containers"
        case .registration: "registrations"
        }
    }

    /// "2 findings introduced, 1 fixed, 1 component added, …": only the counts that are not zero.
    static func counts(_ diff: ResultDiff) -> [String] {
        var parts: [String] = []
        if !diff.introduced.isEmpty || !diff.fixed.isEmpty {
            parts.append("\(count(diff.introduced.count, "finding")) introduced, \(diff.fixed.count) fixed")
        }
        for kind in NodeKind.allCases {
            let added = diff.addedNodes.filter { $0.kind == kind }.count, removed = diff.removedNodes.filter { $0.kind == kind }.count
            if added > 0 { parts.append("\(added) \(added == 1 ? kind.rawValue : plural(kind)) added") }
            if removed > 0 { parts.append("\(removed) \(removed == 1 ? kind.rawValue : plural(kind)) removed") }
        }
        if !diff.addedEdges.isEmpty || !diff.removedEdges.isEmpty {
            parts.append("\(count(diff.addedEdges.count, "edge")) added, \(diff.removedEdges.count) removed")
        }
        if !diff.leafChanges.isEmpty { parts.append("\(count(diff.leafChanges.count, "leaf set")) changed") }
        if !diff.affected.isEmpty { parts.append("\(count(diff.affected.count, "component")) affected") }
        return parts
    }

    /// `CartScreen → CartItemRow (forwardsTo, construction) at path:line`
    static func edge(_ edge: ResultDiff.EdgeChange) -> String {
        let kind = edge.via.map { "\(edge.kind.rawValue), \($0.rawValue)" } ?? edge.kind.rawValue
        let place = edge.file.isEmpty ? "" : " at \(edge.file):\(edge.line)"
        return XcodeFormat.oneLine("\(name(edge.from)) → \(name(edge.to)) (\(kind))\(place)")
    }

    /// "CheckoutView now needs AnalyticsDependency, through PaymentForm", one sentence per leaf.
    static func sentences(_ change: ResultDiff.LeafChange) -> [String] {
        change.added.map { gained in
            let through = gained.through.isEmpty ? ", listed in its own alias" : ", through \(gained.through.joined(separator: ", "))"
            return XcodeFormat.oneLine("\(change.name) now needs \(gained.leaf)\(through)")
        } + change.removed.map { XcodeFormat.oneLine("\(change.name) no longer needs \($0)") }
    }

    /// The name part of a node id (`component:CartItemRow` → `CartItemRow`).
    static func name(_ id: String) -> String {
        id.firstIndex(of: ":").map { String(id[id.index(after: $0)...]) } ?? id
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
