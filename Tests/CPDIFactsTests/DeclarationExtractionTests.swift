import Testing

@testable import CPDIFacts

@Suite("Declaration facts for the style rules")
struct DeclarationExtractionTests {
    @Test func dependenciesParameterPlaceInInitializersAndFunctions() {
        let (facts, m) = extract("""
            struct Screen<Dependencies: ScreenDependencies> {
                init(sku: String, style: Style, 1️⃣dependencies: 2️⃣Dependencies) {}
                init(3️⃣dependencies: 4️⃣Dependencies) {}
                init(coder: NSCoder) {}
                func reload(_ force: Bool, 5️⃣with deps: 6️⃣Dependencies?) {}
                func plain(count: Int) {}
            }
            extension View {
                func badge(7️⃣_ dependencies: [String]) {}
            }
            """)
        #expect(facts.declarations.dependenciesParameters == [
            DependenciesParameterFact(function: "init", enclosingType: "Screen", index: 2, label: "dependencies", name: "dependencies",
                                      type: ref("Dependencies", m["2️⃣"]), precedingLabels: ["sku", "style"], position: m["1️⃣"]),
            DependenciesParameterFact(function: "init", enclosingType: "Screen", index: 0, label: "dependencies", name: "dependencies",
                                      type: ref("Dependencies", m["4️⃣"]), precedingLabels: [], position: m["3️⃣"]),
            DependenciesParameterFact(function: "reload", enclosingType: "Screen", index: 1, label: "with", name: "deps",
                                      type: ref("Dependencies", m["6️⃣"]), precedingLabels: ["_"], position: m["5️⃣"]),
            // A collection type has no nominal name: the rule can tell it is not a dependencies value.
            DependenciesParameterFact(function: "badge", enclosingType: "View", index: 0, label: "_", name: "dependencies",
                                      type: nil, precedingLabels: [], position: m["7️⃣"]),
        ])
        #expect(facts.declarations.dependenciesParameters.map(\.isInitializer) == [true, true, false, false])
    }

    @Test func dependencyMembersReadFromOtherValues() {
        let (facts, m) = extract("""
            struct Page<E: PageExternalDependencies> {
                let dependencies: SplicedPageDependencies<E>
                var tracker: Tracking { dependencies.1️⃣externalDependencies.tracker }
                func log(spliced: SplicedPageDependencies<E>) {
                    spliced.2️⃣externalDependencies.logger.log("x")
                    self.dependencies.3️⃣externalDependencies.logger.log("y")
                    _ = self.dependencies
                    child.dependencies = dependencies
                    _ = makeSpliced().4️⃣externalDependencies
                }
            }
            """)
        #expect(facts.declarations.dependencyMemberReads == [
            DependencyMemberRead(base: "dependencies", member: "externalDependencies", enclosingType: "Page", position: m["1️⃣"],
                                 baseType: "SplicedPageDependencies").then("tracker"),
            DependencyMemberRead(base: "spliced", member: "externalDependencies", enclosingType: "Page", position: m["2️⃣"],
                                 baseType: "SplicedPageDependencies").then("logger"),
            DependencyMemberRead(base: "dependencies", member: "externalDependencies", enclosingType: "Page", position: m["3️⃣"],
                                 baseType: "SplicedPageDependencies").then("logger"),
            DependencyMemberRead(base: nil, member: "externalDependencies", enclosingType: "Page", position: m["4️⃣"]),
        ])
    }

    /// A static member's type, where the declaration proves it: written, built or cast; a factory call proves nothing.
    @Test func staticPropertiesWithAProvenType() {
        let (facts, _) = extract("""
            final class Launcher {
                static let current: Launching? = Launcher()
                static var built = Session.init(id: 1)
                class var generic = Cache<String>()
                static let cast = UIApplication.shared.delegate as! AppDelegate
                static let made = Session.make()
                static let number = 3
                let instance: Session
            }
            extension Launcher { static var preview: Launcher { Launcher() } }
            """)
        #expect(facts.declarations.staticProperties == [
            StaticPropertyFact(owner: "Launcher", name: "current", type: "Launching"),
            StaticPropertyFact(owner: "Launcher", name: "built", type: "Session"),
            StaticPropertyFact(owner: "Launcher", name: "generic", type: "Cache"),
            StaticPropertyFact(owner: "Launcher", name: "cast", type: "AppDelegate"),
            StaticPropertyFact(owner: "Launcher", name: "preview", type: "Launcher"),
        ])
    }

    @Test func filesWithoutDependenciesHaveNoDeclarationFacts() {
        let (facts, _) = extract("""
            struct Package {
                init(name: String, targets: [Target]) {}
                func resolve() { graph.nodes.count }
            }
            """)
        #expect(facts.declarations == DeclarationFacts())
    }
}

private extension DependencyMemberRead {
    func then(_ member: String) -> DependencyMemberRead {
        var copy = self
        copy.then = member
        return copy
    }
}
