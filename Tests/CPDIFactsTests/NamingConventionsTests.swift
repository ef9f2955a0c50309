import Foundation
import Testing

@testable import CPDIFacts

/// Parses a pattern from a `String` value. `NamePattern("...")` with a literal argument is a literal
/// conversion that goes through `init(stringLiteral:)` (which traps on a malformed pattern) rather than
/// the throwing initializer, so tests must not write it that way.
private func pattern(_ text: String) throws(PatternError) -> NamePattern {
    try NamePattern(text)
}

@Suite("Name patterns and naming conventions")
struct NamingConventionsTests {
    @Test(arguments: [
        ("*Dependencies", "FooDependencies", true),
        ("*Dependencies", "Dependencies", true),
        ("*Dependencies", "FooDependency", false),
        ("*Dependencies", "DependenciesFoo", false),
        ("Has[A-Z]*", "HasImageProvider", true),
        ("Has[A-Z]*", "HasA", true),
        ("Has[A-Z]*", "Hashable", false),
        ("Has[A-Z]*", "Has", false),
        ("?", "a", true),
        ("?", "", false),
        ("?", "ab", false),
        ("Foo?", "Foo1", true),
        ("Foo?", "Foo", false),
        ("Foo?", "Foo12", false),
        ("[!a-z]*", "Abc", true),
        ("[!a-z]*", "abc", false),
        ("[abc]x", "bx", true),
        ("[abc]x", "dx", false),
        ("*Dep*cies", "FooDependencies", true),
        ("dependencies", "dependencies", true),
        ("dependencies", "Dependencies", false),
    ])
    func patternMatching(glob: String, name: String, matches: Bool) throws {
        #expect(try pattern(glob).matches(name) == matches)
    }

    @Test func patternsMatchSubstrings() {
        let pattern: NamePattern = "*Dependencies"
        let name = "let dependencies: FooDependencies"
        #expect(pattern.matches(name.split(separator: " ").last!))
    }

    @Test func malformedPatternsThrow() {
        #expect(throws: PatternError(pattern: "[A-Z", reason: "'[' without a closing ']'")) { try pattern("[A-Z") }
        #expect(throws: PatternError(pattern: "", reason: "empty pattern")) { try pattern("") }
        #expect(throws: PatternError(pattern: "Has[]", reason: "empty '[]'")) { try pattern("Has[]") }
        #expect(throws: PatternError(pattern: "[z-a]", reason: "range out of order")) { try pattern("[z-a]") }
        #expect(PatternError(pattern: "[", reason: "'[' without a closing ']'").description
                == "invalid name pattern '[': '[' without a closing ']'")
    }

    @Test func patternsEncodeAsTheirText() throws {
        let patterns: [NamePattern] = ["*Dependencies", "Has[A-Z]*"]
        let data = try JSONEncoder().encode(patterns)
        #expect(String(decoding: data, as: UTF8.self) == #"["*Dependencies","Has[A-Z]*"]"#)
        #expect(try JSONDecoder().decode([NamePattern].self, from: data) == patterns)
        #expect(throws: PatternError.self) { try JSONDecoder().decode([NamePattern].self, from: Data(#"["[x"]"#.utf8)) }
    }

    @Test func defaultConventions() {
        let conventions = NamingConventions.default
        #expect(conventions.isAliasName("FooDependencies"))
        #expect(conventions.isAliasName("Dependencies"))
        #expect(conventions.isAliasName("Services"))
        #expect(conventions.isAliasName("AppServices"))
        #expect(!conventions.isAliasName("FooDependency"))
        #expect(conventions.isDependencyProtocolName("LoggingDependency"))
        #expect(conventions.isDependencyProtocolName("HasImageProvider"))
        #expect(conventions.isDependencyProtocolName("ServiceAContainer"))
        #expect(conventions.isDependencyProtocolName("ImageProviding"))
        #expect(!conventions.isDependencyProtocolName("Hashable"))
        #expect(!conventions.isDependencyProtocolName("Logging"))
    }

    @Test func dependenciesValueNamesStartLowercase() {
        let conventions = NamingConventions.default
        #expect(conventions.isDependenciesValueName("dependencies"))
        #expect(conventions.isDependenciesValueName("externalDependencies"))
        #expect(conventions.isDependenciesValueName("services"))
        #expect(conventions.isDependenciesValueName("deps"))
        #expect(conventions.isDependenciesName("FooDependencies"))
        #expect(!conventions.isDependenciesValueName("FooDependencies"))
        #expect(!conventions.isDependenciesValueName("Dependencies"))
        #expect(!conventions.isDependenciesValueName("dependency"))
        #expect(!conventions.isDependenciesValueName(""))
    }

    @Test func customConventionsChangeWhatIsRecorded() throws {
        let source = """
            typealias 1️⃣ScreenEnv = 2️⃣Logging
            struct Screen<E: 3️⃣ScreenEnv> {
                let 4️⃣env: 5️⃣E
                let dependencies: Dependencies
                func show() {
                    env.6️⃣logger.log()
                    7️⃣Child(env: env)
                    dependencies.tracker.track()
                }
            }
            """
        let custom = NamingConventions(aliasNames: [try pattern("*Env")],
                                       dependenciesPropertyNames: [try pattern("env")],
                                       dependencyProtocolNames: [try pattern("*Logging")])
        let (facts, m) = extract(source, conventions: custom)
        #expect(facts.aliases == [
            AliasFact(name: "ScreenEnv", enclosingType: nil, access: .internal, position: m["1️⃣"], members: [ref("Logging", m["2️⃣"])]),
        ])
        #expect(facts.types.first?.genericParameters == [GenericParameterFact(name: "E", constraints: [ref("ScreenEnv", m["3️⃣"])])])
        #expect(facts.types.first?.dependencyProperties == [
            DependencyPropertyFact(name: "env", type: ref("E", m["5️⃣"]), isStored: true, position: m["4️⃣"]),
        ])
        #expect(facts.uses.plain == [
            UseFact(base: "env", member: "logger", isTypeLevel: false, enclosingType: "Screen", position: m["6️⃣"]),
        ])
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .call, callee: "Child", base: nil, baseType: nil, label: "env",
                        passesOwnDependencies: true, enclosingType: "Screen", position: m["7️⃣"]),
        ])
        #expect(facts.dependencyReads == [DependencyRead(name: "env", enclosingType: "Screen")])

        // The defaults know nothing of `env` or `*Env`, but see `dependencies`.
        let defaults = FactExtractor.extract(path: "Test.swift", source: MarkedSource(source).text)
        #expect(defaults.aliases.isEmpty)
        #expect(defaults.types.first?.dependencyProperties.map(\.name) == ["dependencies"])
        #expect(defaults.uses.map(\.member) == ["tracker"])
        #expect(defaults.forwards.isEmpty)
        #expect(defaults.dependencyReads == [DependencyRead(name: "dependencies", enclosingType: "Screen")])
    }

    @Test func conventionsRoundTripThroughJSON() throws {
        let data = try JSONEncoder().encode(NamingConventions.default)
        #expect(try JSONDecoder().decode(NamingConventions.self, from: data) == .default)
    }

    @Test func fileFactsRoundTripThroughJSON() throws {
        let (facts, _) = extract("""
            typealias FooDependencies = LoggingDependency & BarView.Dependencies & Spliced<External>
            protocol LoggingDependency { var logger: Logging { get } }
            protocol Component { associatedtype Dependencies: ComponentDependencies }
            final class Foo<Dependencies: FooDependencies>: Base<Dependencies>, Component {
                var dependencies: Dependencies? { didSet { child.dependencies = dependencies } }
                init(sku: String, dependencies: Dependencies) {
                    super.init(dependencies: dependencies)
                    dependencies.logger.log()
                    let item: Dependencies.Cache.Item? = nil
                }
            }
            enum Analytics { static func track<D: Analytics_trackDependencies>(dependencies: D) {} }
            struct Broken { func f() { let x = } }
            """)
        #expect(facts.syntaxError != nil)
        #expect(!facts.aliases.isEmpty && !facts.types.isEmpty && !facts.functions.isEmpty)
        #expect(!facts.uses.isEmpty && !facts.forwards.isEmpty && !facts.dependencyReads.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(facts)
        let decoded = try JSONDecoder().decode(FileFacts.self, from: data)
        #expect(decoded == facts)
        #expect(try encoder.encode(decoded) == data)
    }
}
