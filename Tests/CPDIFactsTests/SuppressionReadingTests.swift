@testable import CPDIFacts
import Testing

/// `cpdi:` commands come from comment trivia only, with their positions and rule lists.
@Suite struct SuppressionReadingTests {
    @Test func lineBlockAndTrailingCommentsAreRead() {
        let (facts, markers) = extract("""
            1️⃣// cpdi:disable:next unused-dependency, stale-forward
            typealias FooDependencies = LoggingDependency 2️⃣/* cpdi:disable:this all */
            struct Foo {
                3️⃣//cpdi:disable unused-dependencies-property - reason: kept for the migration
                let x = 1
                4️⃣// cpdi:enable unused-dependencies-property
            }
            """)
        #expect(facts.suppressions == [
            SuppressionComment(command: "disable:next", rules: ["unused-dependency", "stale-forward"], position: markers.markers["1️⃣"]!),
            SuppressionComment(command: "disable:this", rules: ["all"], position: markers.markers["2️⃣"]!),
            SuppressionComment(command: "disable", rules: ["unused-dependencies-property"], position: markers.markers["3️⃣"]!),
            SuppressionComment(command: "enable", rules: ["unused-dependencies-property"], position: markers.markers["4️⃣"]!),
        ])
    }

    @Test func stringLiteralsAndProseAreNotCommands() {
        let (facts, _) = extract("""
            let a = "// cpdi:disable:next unused-dependency"
            let b = \"\"\"
                // cpdi:disable all
                \"\"\"
            // See the README for cpdi:disable comments.
            /// cpdi:disable:next all (a doc comment documents, it does not command)
            struct Foo {}
            """)
        #expect(facts.suppressions == [])
    }

    @Test func unknownCommandsAreKeptForReporting() {
        let (facts, markers) = extract("""
            1️⃣// cpdi:disabel unused-dependency
            2️⃣// cpdi:
            struct Foo {}
            """)
        #expect(facts.suppressions == [
            SuppressionComment(command: "disabel", rules: ["unused-dependency"], position: markers.markers["1️⃣"]!),
            SuppressionComment(command: "", rules: [], position: markers.markers["2️⃣"]!),
        ])
    }

    @Test func filesWithoutCommandsHaveNone() {
        #expect(extract("// a comment\nstruct Foo {}").facts.suppressions.isEmpty)
    }
}

extension SuppressionReadingTests {
    @Test func theQuickScanFindsThePrefixAnywhere() {
        #expect(SuppressionReading.mentionsPrefix("cpdi:"))
        #expect(SuppressionReading.mentionsPrefix("let x = 1 // é cpdi:disable"))
        #expect(!SuppressionReading.mentionsPrefix("cpdi"))
        #expect(!SuppressionReading.mentionsPrefix("cpdi :disable"))
        #expect(!SuppressionReading.mentionsPrefix(""))
    }
}
