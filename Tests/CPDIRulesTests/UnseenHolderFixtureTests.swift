import CPDIFacts
import CPDIGraph
import CPDIPipeline
import CPDIReporters
import CPDIRules
import Testing

/// A type that holds a value of its own dependency alias under a name cpdi does not take for dependencies is no
/// component, so nothing of it is judged; the coverage names it, so "no finding" is not mistaken for "judged".
@Suite struct UnseenHolderFixtureTests {
    static let sources: [(path: String, text: String)] = [
        ("Protocols.swift", """
            protocol HasStore { var store: Store { get } }
            protocol HasLog { var log: Log { get } }
            final class Store {}
            final class Log {}
            """),
        // `env` also holds plain settings elsewhere, so it is not learnt as a dependencies value.
        ("Screen.swift", """
            final class Screen {
                typealias Dependencies = HasStore & HasLog
                let env: Dependencies
                init(env: Dependencies) { self.env = env }
            }
            final class Other {
                typealias Settings = [String: Int]
                let env: Settings
                init(env: Settings) { self.env = env }
            }
            """),
        // A test case holding a value of its alias is no component and no unseen holder either.
        ("ScreenTests.swift", """
            import XCTest
            final class ScreenTests: XCTestCase {
                typealias Engine = HasStore & HasLog
                var engine: Engine!
            }
            """),
    ]

    @Test func aTypeHoldingItsAliasUnderAnUnknownNameIsListed() {
        let coverage = Pipeline().run(sources: Self.sources).coverage
        #expect(coverage.components == 0)
        #expect(coverage.unseen == [
            Coverage.UnseenHolder(type: "Screen", value: "env", alias: "Screen.Dependencies", knownName: false, file: "Screen.swift", line: 1, column: 13),
        ])
        // The test case teaches `engine`, and is still no component, nor unseen.
        #expect(coverage.summary == "no components with names learnt from the code (aliases Engine; values engine); "
            + "1 type not seen, holding a dependency alias's value cpdi does not follow (`Screen.env`; see `cpdi why`)")
        #expect(WhyExplanation.unseenStory(of: coverage.unseen![0]).contains("add `env` to `naming.dependencies-property-names`"))
    }

    /// Named as the story says, the type is a component and judged: both its leaves and its stored value go unread.
    @Test func namingTheValueMakesItAComponent() {
        var conventions = NamingConventions.default
        conventions.dependenciesPropertyNames.append("env")
        let result = Pipeline(conventions: conventions).run(sources: Self.sources)
        #expect(result.coverage.unseen == nil)
        #expect(result.coverage.components == 1)
        #expect(result.findings.map(\.ruleID).sorted() == ["unused-dependencies-property", "unused-dependency", "unused-dependency"])
    }
}
