import CPDIGraph
@testable import CPDIReporters
import Testing

/// The diff walks both graphs' edges in the order of their identities (`ResultDiff.identityPrecedes`), which must
/// be the order `EdgeChange` sorts by: ends, kind, then manner, with no manner first.
@Suite struct EdgeIdentityOrderTests {
    @Test func edgesCompareAsTheirIdentitiesDo() {
        let ends = ["component:A", "component:A.b", "component:Ab", "leaf:A"]
        let vias: [ForwardVia?] = [nil] + ForwardVia.allCases
        var edges: [Edge] = []
        for from in ends.prefix(3) {
            for to in ends.suffix(2) {
                for kind in EdgeKind.allCases {
                    for via in vias { edges.append(Edge(from: from, to: to, kind: kind, via: via, file: "F.swift", line: 1, column: 1)) }
                }
            }
        }
        // Where an edge is written is not part of its identity.
        edges.append(Edge(from: "component:A", to: "leaf:A", kind: .uses, file: "Other.swift", line: 9, column: 9))
        for left in edges {
            for right in edges {
                #expect(
                    ResultDiff.identityPrecedes(left, right) == (ResultDiff.EdgeChange(left) < ResultDiff.EdgeChange(right)),
                    "\(left) against \(right)"
                )
            }
        }
    }
}
