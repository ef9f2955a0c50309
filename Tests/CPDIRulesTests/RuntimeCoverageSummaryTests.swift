import CPDIRules
import Testing

/// The run-time part of the summary line: whether a registration or injection is used and whether a lookup is
/// provided are two questions, and one injection may leave both open, so each is counted on its own.
@Suite struct RuntimeCoverageSummaryTests {
    private func item(_ kind: String) -> RuntimeCoverage.Item {
        RuntimeCoverage.Item(kind: kind, name: "Resolver.parent", reason: "r", file: "F.swift", line: 4, column: 19)
    }

    @Test func usedAndProvidedAreCountedApart() {
        let both = RuntimeCoverage(registrations: 0, injections: 1, notJudged: [item("injection"), item("lookup")])
        #expect(both.summary == "0 run-time registrations and 1 injection, 1 not judged, 1 lookup not judged as provided")
        let lookups = RuntimeCoverage(registrations: 2, injections: 3, notJudged: [item("lookup"), item("lookup")])
        #expect(lookups.summary == "2 run-time registrations and 3 injections, 2 lookups not judged as provided")
        let unused = RuntimeCoverage(registrations: 1, injections: 0, notJudged: [item("registration")])
        #expect(unused.summary == "1 run-time registration and 0 injections, 1 not judged")
        #expect(RuntimeCoverage(registrations: 1, injections: 1, notJudged: []).summary == "1 run-time registration and 1 injection, all judged")
        #expect(RuntimeCoverage.empty.summary == nil)
    }
}
