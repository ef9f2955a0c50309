import Testing

@testable import CPDIFacts

@Suite("Bad and unusual input")
struct BadInputTests {
    @Test func syntaxErrorKeepsTheValidParts() {
        let (facts, m) = extract("""
            typealias 1️⃣FooDependencies = 2️⃣LoggingDependency & 3️⃣BarDependencies
            struct 4️⃣Broken {
                func f() { let x = 5️⃣}
            }
            struct 6️⃣Fine<D: 7️⃣FineDependencies> {
                let 8️⃣dependencies: 9️⃣D
            }
            """)
        var fine = typeFact(.struct, "Fine", at: m["6️⃣"],
                            generics: [GenericParameterFact(name: "D", constraints: [ref("FineDependencies", m["7️⃣"])])])
        fine.dependencyProperties = [
            DependencyPropertyFact(name: "dependencies", type: ref("D", m["9️⃣"]), isStored: true, position: m["8️⃣"]),
        ]
        #expect(facts.aliases == [
            AliasFact(name: "FooDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"],
                      members: [ref("LoggingDependency", m["2️⃣"]), ref("BarDependencies", m["3️⃣"])]),
        ])
        #expect(facts.types == [typeFact(.struct, "Broken", at: m["4️⃣"]), fine])
        #expect(facts.syntaxError == SyntaxIssue(position: m["5️⃣"], message: "expected expression in variable"))
    }

    @Test func unfinishedCompositionKeepsTheMembersWritten() {
        let (facts, m) = extract("""
            typealias 1️⃣BadDependencies = 2️⃣LoggingDependency &3️⃣
            """)
        #expect(facts.aliases == [
            AliasFact(name: "BadDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"],
                      members: [ref("LoggingDependency", m["2️⃣"])]),
        ])
        #expect(facts.syntaxError == SyntaxIssue(position: m["3️⃣"], message: "expected type in type composition"))
    }

    @Test func unclosedTypeStillYieldsItsMembers() {
        let (facts, m) = extract("""
            final class 1️⃣Screen<Dependencies: 2️⃣ScreenDependencies> {
                let 3️⃣dependencies: 4️⃣Dependencies
                func load() { dependencies.5️⃣logger.log() }6️⃣
            """)
        var screen = typeFact(.class, "Screen", at: m["1️⃣"],
                              generics: [GenericParameterFact(name: "Dependencies", constraints: [ref("ScreenDependencies", m["2️⃣"])])])
        screen.dependencyProperties = [
            DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["4️⃣"]), isStored: true, position: m["3️⃣"]),
        ]
        #expect(facts.types == [screen])
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "logger", isTypeLevel: false, enclosingType: "Screen", position: m["5️⃣"]),
        ])
        #expect(facts.syntaxError == SyntaxIssue(position: m["6️⃣"], message: "expected '}' to end class"))
    }

    @Test func emptyFile() {
        #expect(FactExtractor.extract(path: "Empty.swift", source: "") == FileFacts(path: "Empty.swift"))
    }

    @Test func fileWithOnlyComments() {
        let source = """
            // typealias FooDependencies = ADependency & BDependency
            /* struct Foo<Dependencies: FooDependencies> {
                let dependencies: Dependencies
            } */
            /// Bar(dependencies: dependencies)

            """
        #expect(FactExtractor.extract(path: "Comments.swift", source: source) == FileFacts(path: "Comments.swift"))
    }

    @Test func garbageDoesNotCrash() {
        let facts = FactExtractor.extract(path: "Garbage.swift", source: "}}} ((( <<< typealias = & & struct : where")
        #expect(facts.path == "Garbage.swift")
        #expect(facts.syntaxError != nil)
    }

    @Test func columnsCountUTF8Bytes() {
        let (facts, m) = extract("""
            struct 1️⃣Café<D: 2️⃣CaféDependencies> {
                let dependencies: D
                func f() { let s = "日本語🚀"; dependencies.3️⃣naïve; 4️⃣Tür(dependencies: dependencies) }
            }
            typealias 5️⃣ÜberDependencies = 6️⃣ÄDependency & 7️⃣ÖDependency
            """)
        // 16 bytes but 15 characters stand before `CaféDependencies`.
        #expect(m["2️⃣"] == SourcePosition(line: 1, column: 17))
        #expect(facts.types.map(\.name) == ["Café"])
        #expect(facts.types.first?.position == m["1️⃣"])
        #expect(facts.types.first?.genericParameters == [GenericParameterFact(name: "D", constraints: [ref("CaféDependencies", m["2️⃣"])])])
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "naïve", isTypeLevel: false, enclosingType: "Café", position: m["3️⃣"]),
        ])
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .call, callee: "Tür", base: nil, baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "Café", position: m["4️⃣"]),
        ])
        #expect(facts.aliases == [
            AliasFact(name: "ÜberDependencies", enclosingType: nil, access: .internal, position: m["5️⃣"],
                      members: [ref("ÄDependency", m["6️⃣"]), ref("ÖDependency", m["7️⃣"])]),
        ])
        #expect(facts.syntaxError == nil)
    }

    @Test func backtickedNamesLoseTheirBackticks() {
        let (facts, m) = extract("""
            struct `Screen`<D: `ScreenDependencies`> {
                let 1️⃣`dependencies`: 2️⃣D
                func f() { `dependencies`.3️⃣`default`.run() }
            }
            """)
        #expect(facts.types.map(\.name) == ["Screen"])
        #expect(facts.types.first?.dependencyProperties == [
            DependencyPropertyFact(name: "dependencies", type: ref("D", m["2️⃣"]), isStored: true, position: m["1️⃣"]),
        ])
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "default", isTypeLevel: false, enclosingType: "Screen", position: m["3️⃣"]),
        ])
    }

    @Test func markedSourceHelperCountsBytes() {
        let source = MarkedSource("a1️⃣b\né2️⃣x\n🚀3️⃣y")
        #expect(source.text == "ab\néx\n🚀y")
        #expect(source.markers == [
            "1️⃣": SourcePosition(line: 1, column: 2),
            "2️⃣": SourcePosition(line: 2, column: 3),
            "3️⃣": SourcePosition(line: 3, column: 5),
        ])
    }
}
