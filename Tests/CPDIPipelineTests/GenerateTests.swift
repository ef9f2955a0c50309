import CPDIGraph
import CPDIPipeline
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// The synthetic apps behind the benchmarks must be what they claim: every planned component found,
/// in its module, with its planned forwards, clean except for the deliberate findings, and the same
/// bytes for the same seed.
@Suite struct GenerateTests {
    static func analyse(_ app: SyntheticApp) throws -> AnalysisResult {
        try Fixtures.withTemporaryFolder { folder in
            try app.write(to: folder)
            return try Pipeline().run(paths: [folder.path], workingDirectory: folder)
        }
    }

    @Test func cpdiFindsEveryPlannedComponentInItsModule() throws {
        let app = SyntheticApp(components: 300, modules: 6, seed: 7)
        let result = try Self.analyse(app)
        #expect(result.problems.isEmpty, "every generated file parses")
        let components = result.graph.nodes.filter { $0.kind == .component }
        #expect(components.map(\.name).sorted() == app.componentNames)
        #expect(components.count == 302)
        for planned in app.plan.components {
            let node = components.first { $0.name == planned.name }
            #expect(node?.module == "Module\(planned.module)", "\(planned.name)")
        }
        #expect(result.graph.nodes.filter { $0.kind == .container }.map(\.name) == ["AppDependencies"])
        #expect(result.graph.roots == ["component:SyntheticApp"])
    }

    @Test func everyPlannedForwardIsLinked() throws {
        let app = SyntheticApp(components: 120, modules: 4, seed: 3)
        let result = try Self.analyse(app)
        let linked = Set(result.graph.edges.filter { $0.kind == .forwardsTo }.map { "\($0.from) -> \($0.to)" })
        var planned: Set<String> = ["component:SyntheticApp -> component:AppRoot"]
        for module in 1...app.plan.modules { planned.insert("component:AppRoot -> component:Module\(module)Entry") }
        for component in app.plan.components {
            for child in component.children { planned.insert("component:\(component.name) -> component:\(app.plan.components[child].name)") }
        }
        #expect(linked == planned)
        #expect(app.plan.components.contains { $0.children.contains { app.plan.components[$0].module != $0 } })
        let crossModule = app.plan.components.filter { parent in parent.children.contains { app.plan.components[$0].module != parent.module } }
        #expect(!crossModule.isEmpty, "some forwards cross modules")
    }

    @Test func onlyTheDeliberateFindingsAreReported() throws {
        let app = SyntheticApp(components: 700, modules: 5, seed: 11)
        let result = try Self.analyse(app)
        #expect(!app.plan.deliberatelyFlagged.isEmpty)
        #expect(Set(result.findings.map(\.ruleID)) == ["unused-dependency"])
        #expect(result.findings.map(\.component).sorted() == app.plan.deliberatelyFlagged)
    }

    @Test func theSameSeedWritesTheSameBytesAndAnotherSeedDoesNot() {
        let first = SyntheticApp(components: 80, modules: 3, seed: 5).files
        let again = SyntheticApp(components: 80, modules: 3, seed: 5).files
        let other = SyntheticApp(components: 80, modules: 3, seed: 6).files
        #expect(first == again)
        #expect(first != other)
        #expect(first.map(\.path) == first.map(\.path).sorted())
        #expect(first.filter { $0.path.hasSuffix("Dependencies.swift") && $0.path.contains("/Module") }.count == 3, "one leaf file per module")
    }

    @Test func fanOutIsRealistic() {
        let plan = SyntheticApp(components: 1000, modules: 10, seed: 1).plan
        let parents = plan.components.filter { !$0.children.isEmpty }
        let average = Double(parents.reduce(0) { $0 + $1.children.count }) / Double(parents.count)
        #expect((2.0...5.0).contains(average), "average fan-out \(average)")
        #expect(plan.components.map(\.module).max() == 10)
    }

    /// `--fan-out 25`: the coordinator of many screens that made real apps' pictures slivers.
    @Test func aWideFanOutGivesAParentDozensOfChildren() {
        let wide = SyntheticApp(components: 70, modules: 3, seed: 1, fanOut: 25).plan
        #expect(wide.components.map(\.children.count).max()! >= 20)
        #expect(SyntheticApp(components: 70, modules: 3, seed: 1).plan.components.map(\.children.count).max()! <= 8)
    }
}
