import CPDIFacts
import CPDIFix
import CPDIRules
import Testing

/// Removing an injected property takes its attributes, the comments right above it and its line; a blank
/// line before it stays, and nothing else changes.
@Suite struct DeclarationRemoverTests {
    private func remove(_ marked: String) -> String? {
        let source = MarkedSource(marked)
        let removals = source.markers.values.map { DeclarationRemoval(file: "A.swift", line: $0.line, column: $0.column) }
        return DeclarationRemover.apply(removals, to: source.text)
    }

    @Test func removesAPropertyWithItsAttributeOnAnotherLineAndItsComment() {
        let result = remove("""
            struct Feed {
                @Dependency(\\.apiClient) var apiClient

                // Only the old screen read this.
                @Dependency(\\.uuid)
                private var 1️⃣makeID
                @Injected var 2️⃣tracker: Tracker
                func load() { apiClient.load() }
            }
            """)
        #expect(result == """
            struct Feed {
                @Dependency(\\.apiClient) var apiClient

                func load() { apiClient.load() }
            }
            """)
    }

    @Test func removesALocalAndLeavesSeveralBindingsAlone() {
        #expect(remove("""
            func run() {
                @Injected(AuthKey.self) var 1️⃣auth: Auth
                print("run")
            }
            """) == """
            func run() {
                print("run")
            }
            """)
        #expect(remove("struct A { var 1️⃣a = 1, b = 2 }") == nil)
        #expect(remove("struct A { var 1️⃣a = 1 ") == nil, "a file that does not parse is left alone")
    }
}
