import CPDIFacts
import CPDIFix
import CPDIRules
import Testing

/// Alias edits keep the alias's layout: comments, line breaks and indentation of what is kept.
@Suite struct AliasRewriterTests {
    /// Marks: `1️⃣` the alias name; other markers the members to remove.
    private func rewrite(_ marked: String, remove: [String] = [], add: [String] = []) -> String? {
        let source = MarkedSource(marked)
        let name = source.markers["1️⃣"]!
        let edit = AliasEdit(
            file: "A.swift", line: name.line, column: name.column,
            remove: remove.map { MemberPosition(line: source.markers[$0]!.line, column: source.markers[$0]!.column) }, add: add
        )
        return AliasRewriter.apply([edit], to: source.text)
    }

    @Test func removesAMemberFromEachPlaceOfAOneLineComposition() {
        #expect(rewrite("typealias 1️⃣X = 2️⃣A & B & C\n", remove: ["2️⃣"]) == "typealias X = B & C\n")
        #expect(rewrite("typealias 1️⃣X = A & 2️⃣B & C\n", remove: ["2️⃣"]) == "typealias X = A & C\n")
        #expect(rewrite("typealias 1️⃣X = A & B & 2️⃣C\n", remove: ["2️⃣"]) == "typealias X = A & B\n")
    }

    @Test func removesFromAMultiLineCompositionWithComments() {
        let marked = """
            typealias 1️⃣ScreenDependencies = LoggingDependency
                & 2️⃣TrackingDependency // for the banner
                & 3️⃣CartDependencies
            struct Screen {}

            """
        #expect(rewrite(marked, remove: ["2️⃣"]) == """
            typealias ScreenDependencies = LoggingDependency
                & CartDependencies
            struct Screen {}

            """)
        #expect(rewrite(marked, remove: ["3️⃣"]) == """
            typealias ScreenDependencies = LoggingDependency
                & TrackingDependency // for the banner
            struct Screen {}

            """)
    }

    @Test func addsInTheLayoutOfTheComposition() {
        #expect(rewrite("typealias 1️⃣X = A & B // shared\n", add: ["C.Dependencies"]) == "typealias X = A & B & C.Dependencies // shared\n")
        #expect(rewrite("typealias 1️⃣X = A\n    & B\n", add: ["C"]) == "typealias X = A\n    & B\n    & C\n")
        #expect(rewrite("typealias 1️⃣X = A &\n    B\n", add: ["C"]) == "typealias X = A &\n    B &\n    C\n")
        #expect(rewrite("typealias 1️⃣X = A\n", add: ["B"]) == "typealias X = A & B\n")
    }

    @Test func aCommentBeforeARemovedMemberGoesWithItAndIsNotCopiedToNewOnes() {
        let marked = """
            typealias 1️⃣HomeDependencies = CatalogDependencies
                & LoggingDependency // used here
                // the banner left the home screen
                & 2️⃣OldBannerDependencies

            """
        #expect(rewrite(marked, remove: ["2️⃣"], add: ["FooterDependencies", "Analytics.ScreenViewDependencies"]) == """
            typealias HomeDependencies = CatalogDependencies
                & LoggingDependency // used here
                & FooterDependencies
                & Analytics.ScreenViewDependencies

            """)
    }

    @Test func replacesAMemberWithoutDuplicates() {
        #expect(rewrite("typealias 1️⃣X = 2️⃣A & B\n", remove: ["2️⃣"], add: ["B", "C"]) == "typealias X = B & C\n")
    }

    @Test func anEmptiedCompositionBecomesAny() {
        #expect(rewrite("typealias 1️⃣X = 2️⃣A\n", remove: ["2️⃣"]) == "typealias X = Any\n")
        #expect(rewrite("typealias 1️⃣X = 2️⃣A & 3️⃣B // gone\n", remove: ["2️⃣", "3️⃣"]) == "typealias X = Any // gone\n")
    }

    @Test func nestedAliasesAndOtherAliasesAreFoundByPosition() {
        let marked = """
            final class Screen {
                typealias 1️⃣Dependencies = HasA & 2️⃣HasB
                typealias Other = HasA & HasB
            }

            """
        #expect(rewrite(marked, remove: ["2️⃣"]) == """
            final class Screen {
                typealias Dependencies = HasA
                typealias Other = HasA & HasB
            }

            """)
    }

    @Test func filesThatDoNotParseAndEditsThatChangeNothingGiveNil() {
        #expect(rewrite("typealias 1️⃣X = A & B\nstruct {", add: ["C"]) == nil)
        #expect(rewrite("typealias 1️⃣X = A & B\n", add: ["B"]) == nil)
    }

    /// A protocol that declares nothing and only inherits stands as an alias: its inheritance clause is edited.
    @Test func removesAndAddsParentsOfACompositionProtocolOnOneLine() {
        #expect(rewrite("protocol 1️⃣X: 2️⃣A, B, C {}\n", remove: ["2️⃣"]) == "protocol X: B, C {}\n")
        #expect(rewrite("protocol 1️⃣X: A, 2️⃣B, C {}\n", remove: ["2️⃣"]) == "protocol X: A, C {}\n")
        #expect(rewrite("protocol 1️⃣X: A, B, 2️⃣C {}\n", remove: ["2️⃣"]) == "protocol X: A, B {}\n")
        #expect(rewrite("protocol 1️⃣X: AnyObject, 2️⃣A, B {}\n", remove: ["2️⃣"], add: ["Child.Dependencies"])
            == "protocol X: AnyObject, B, Child.Dependencies {}\n")
        #expect(rewrite("protocol 1️⃣X: A & 2️⃣B, C {}\n", remove: ["2️⃣"]) == "protocol X: A, C {}\n")
        #expect(rewrite("protocol 1️⃣X: 2️⃣A & 3️⃣B, C {}\n", remove: ["2️⃣", "3️⃣"]) == "protocol X: C {}\n")
        #expect(rewrite("protocol 1️⃣X: 2️⃣A {}\n", remove: ["2️⃣"]) == "protocol X {}\n")
        #expect(rewrite("protocol 1️⃣X: A, 2️⃣B {}\n", remove: ["2️⃣"], add: ["Timer.Dependencies"]) == "protocol X: A, Timer.Dependencies {}\n")
        #expect(rewrite("protocol 1️⃣X: A {}\n", add: ["B"]) == "protocol X: A, B {}\n")
    }

    @Test func keepsAParentPerLineLayout() {
        let marked = """
            public protocol 1️⃣AppDependency: 2️⃣HasNone,
                HasAnalytics,
                HasNetwork,
                3️⃣HasDefaults {}

            """
        #expect(rewrite(marked, remove: ["2️⃣", "3️⃣"], add: ["Sync.Dependencies"]) == """
            public protocol AppDependency: HasAnalytics,
                HasNetwork,
                Sync.Dependencies {}

            """)
        #expect(rewrite(marked, remove: ["3️⃣"]) == """
            public protocol AppDependency: HasNone,
                HasAnalytics,
                HasNetwork {}

            """)
    }
}
