import CPDIFacts
import CPDIGraph
import Testing

@Suite struct CyclesTests {
    @Test func componentsWithALoopAreFoundSortedAndOnce() {
        let graph = [
            "d": ["b"], "b": ["c"], "c": ["d", "e"], "e": ["e"],  // b-c-d loop, e loops on itself
            "a": ["b"], "f": ["g"],  // no loops
        ]
        #expect(Cycles.components(of: graph) == [["b", "c", "d"], ["e"]])
    }

    @Test func theRepresentativeCycleIsTheShortestThroughTheSmallestName() {
        // a → b → c → a and a → d → a share a component; the shorter one stands for it.
        let graph = ["a": ["b", "d"], "b": ["c"], "c": ["a"], "d": ["a"]]
        #expect(Cycles.representativeCycles(of: graph) == [["a", "d"]])
        #expect(Cycles.representativeCycles(of: ["x": ["y"], "y": ["z"], "z": ["x"]]) == [["x", "y", "z"]])
    }

    @Test func inputOrderDoesNotChangeTheResult() {
        let forward = ["n1": ["n2", "n3"], "n2": ["n1"], "n3": ["n1"]]
        let shuffled = ["n3": ["n1"], "n2": ["n1"], "n1": ["n3", "n2"]]
        #expect(Cycles.representativeCycles(of: forward) == Cycles.representativeCycles(of: shuffled))
        #expect(Cycles.representativeCycles(of: forward) == [["n1", "n2"]])
    }

    @Test func aLongChainDoesNotExhaustTheStack() {
        var graph: [String: [String]] = [:]
        for index in 0..<100_000 { graph["n\(index)"] = ["n\(index + 1)"] }
        #expect(Cycles.components(of: graph).isEmpty)
        graph["n100000"] = ["n0"]
        #expect(Cycles.components(of: graph).first?.count == 100_001)
    }

    @Test func modelCyclesPointAtTheEdgeLeavingTheSmallestName() {
        let files = [
            FactExtractor.extract(path: "A.swift", source: """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ADependencies = LoggingDependency & BDependencies
                struct A<Dependencies: ADependencies> {
                    let dependencies: Dependencies
                    func show() { B(dependencies: dependencies) }
                }
                """),
            FactExtractor.extract(path: "B.swift", source: """
                typealias BDependencies = ADependencies
                struct B<Dependencies: BDependencies> {
                    let dependencies: Dependencies
                    func show() { A(dependencies: dependencies) }
                }
                """),
        ]
        let (model, _) = Linker().link(files, modules: ["A.swift": "M", "B.swift": "M"])
        let cycles = model.dependencyCycles()
        #expect(cycles.map(\.kind) == [.aliasComposition, .componentForward])
        #expect(cycles.map(\.names) == [["ADependencies", "BDependencies"], ["A", "B"]])
        #expect(cycles[0].steps[0].file == "A.swift")
        #expect(cycles[0].steps[0].position == SourcePosition(line: 2, column: 47))
        #expect(cycles[1].steps.map(\.position) == [SourcePosition(line: 5, column: 19), SourcePosition(line: 4, column: 19)])
    }
}

extension CyclesTests {
    @Test func aCallMatchedToSeveralSameNamedHelpersClosesNoLoop() {
        let source = """
            protocol LoggingDependency { var logger: Logger { get } }
            typealias StartDependencies = LoggingDependency
            final class HomeCoordinator {
                func start<D: StartDependencies>(dependencies: D) { child.start(dependencies: dependencies) }
            }
            final class CartCoordinator {
                func start<D: StartDependencies>(dependencies: D) { child.start(dependencies: dependencies) }
            }
            """
        let (model, _) = Linker().link([FactExtractor.extract(path: "C.swift", source: source)], modules: ["C.swift": "M"])
        #expect(model.forwards.contains { $0.source == "HomeCoordinator.start" && $0.target == "CartCoordinator.start" })
        #expect(model.dependencyCycles().isEmpty)
    }
}
