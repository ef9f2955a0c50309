import Testing

@testable import CPDIFacts

@Suite("Uses and reads of the dependencies value")
struct UseExtractionTests {
    @Test func memberAccessesOnTheDependenciesValue() {
        let (facts, m) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies> {
                let dependencies: Dependencies
                func load() {
                    dependencies.1️⃣logger.log("x")
                    self.dependencies.2️⃣tracker.track()
                    dependencies.3️⃣makeImageLoader().load()
                    let text = dependencies?.4️⃣formatter.string(from: date)
                    dependencies!.5️⃣cache.clear()
                }
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "logger", isTypeLevel: false, enclosingType: "ProductView", position: m["1️⃣"]),
            UseFact(base: "dependencies", member: "tracker", isTypeLevel: false, enclosingType: "ProductView", position: m["2️⃣"]),
            UseFact(base: "dependencies", member: "makeImageLoader", isTypeLevel: false, enclosingType: "ProductView", position: m["3️⃣"]),
            UseFact(base: "dependencies", member: "formatter", isTypeLevel: false, enclosingType: "ProductView", position: m["4️⃣"]),
            UseFact(base: "dependencies", member: "cache", isTypeLevel: false, enclosingType: "ProductView", position: m["5️⃣"]),
        ])
    }

    @Test func externalDependenciesInASplicedType() {
        let (facts, m) = extract("""
            struct SplicedFooDependencies<External: FooExternalDependencies>: FooDependencies {
                let externalDependencies: External
                var tracking: Tracking { externalDependencies.1️⃣tracking }
                var services: Services { self.externalDependencies.2️⃣services }
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "externalDependencies", member: "tracking", isTypeLevel: false,
                    enclosingType: "SplicedFooDependencies", position: m["1️⃣"]),
            UseFact(base: "externalDependencies", member: "services", isTypeLevel: false,
                    enclosingType: "SplicedFooDependencies", position: m["2️⃣"]),
        ])
    }

    @Test func typeLevelUsesThroughGenericParametersAssociatedTypesAndAliases() {
        let (facts, m) = extract("""
            struct Cache<Dependencies: CacheDependencies> {
                var items: [Dependencies.1️⃣SomeService.Item] = []
            }
            protocol Component {
                associatedtype Deps
                func item() -> Deps.2️⃣Store
            }
            func describe() -> FooDependencies.3️⃣Logger? { nil }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "Dependencies", member: "SomeService", isTypeLevel: true, enclosingType: "Cache", position: m["1️⃣"]),
            UseFact(base: "Deps", member: "Store", isTypeLevel: true, enclosingType: "Component", position: m["2️⃣"]),
            UseFact(base: "FooDependencies", member: "Logger", isTypeLevel: true, enclosingType: nil, position: m["3️⃣"]),
        ])
    }

    @Test func typeLevelUsesWrittenAsExpressions() {
        let (facts, m) = extract("""
            final class ArticleCache<Dependencies: ArticleCacheDependencies> {
                func make<D: CacheDependencies>(_ d: D.Type) {
                    let item = Dependencies.1️⃣SomeService.Item(id: 1)
                    let store = D.2️⃣Store.make()
                    let metatypes = (Dependencies.self, D.self, D.Type.self)
                    let container = AppServices.shared
                    let live = AppDependencies.live()
                }
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "Dependencies", member: "SomeService", isTypeLevel: true, enclosingType: "ArticleCache", position: m["1️⃣"]),
            UseFact(base: "D", member: "Store", isTypeLevel: true, enclosingType: "ArticleCache", position: m["2️⃣"]),
        ])
    }

    @Test func typeNamesAndOtherValuesAreNotUses() {
        let (facts, _) = extract("""
            struct Registry {
                let dependencies: Dependencies
                func register() {
                    let type = FooDependencies.self
                    let other = Dependencies.self
                    print(dependencyCount.description, type, other)
                    Swift.print(String.self)
                }
                var x: Foundation.Date
            }
            """)
        #expect(facts.uses.isEmpty)
    }

    /// SPEC §4a: reads through a held value, a cast, or a weakly captured `self` are uses too.
    @Test func usesThroughHoldersCastsAndWeakSelf() {
        let (facts, m) = extract("""
            final class Screen {
                let model: ScreenModel<Dependencies>
                func load() {
                    model.dependencies.1️⃣logger.log()
                    (delegate as? AppDelegate)?.dependencies.2️⃣tracker.track()
                    run { [weak self] in self?.dependencies.3️⃣makeClient() }
                }
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "logger", isTypeLevel: false, enclosingType: "Screen", position: m["1️⃣"],
                    holder: "model", holderType: "ScreenModel"),
            UseFact(base: "dependencies", member: "tracker", isTypeLevel: false, enclosingType: "Screen", position: m["2️⃣"],
                    holder: "_", holderType: "AppDelegate"),
            UseFact(base: "dependencies", member: "makeClient", isTypeLevel: false, enclosingType: "Screen", position: m["3️⃣"]),
        ])
        #expect(facts.dependencyReads == [DependencyRead(name: "dependencies", enclosingType: "Screen")])
        #expect(facts.declarations.dependencyMemberReads.map(\.baseType) == ["ScreenModel", "AppDelegate"])
    }

    @Test func enclosingFunctionIsTheHelperTakingDependencies() {
        let (facts, m) = extract("""
            enum Analytics {
                static func track<D: Analytics_trackDependencies>(event: String, dependencies: D) {
                    dependencies.1️⃣analytics.track(event)
                    events.forEach { _ in dependencies.2️⃣logger.log() }
                    func send() { dependencies.3️⃣analytics.flush() }
                }
                static func flush() { deps.4️⃣analytics.flush() }
            }
            extension View {
                func autoExpand<D: View_autoExpandDependencies>(dependencies: D) -> some View {
                    modifier(AutoExpand(settings: dependencies.5️⃣settings))
                }
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "dependencies", member: "analytics", isTypeLevel: false, enclosingType: "Analytics",
                    enclosingFunction: "Analytics.track", position: m["1️⃣"]),
            UseFact(base: "dependencies", member: "logger", isTypeLevel: false, enclosingType: "Analytics",
                    enclosingFunction: "Analytics.track", position: m["2️⃣"]),
            UseFact(base: "dependencies", member: "analytics", isTypeLevel: false, enclosingType: "Analytics",
                    enclosingFunction: "Analytics.track", position: m["3️⃣"]),
            UseFact(base: "deps", member: "analytics", isTypeLevel: false, enclosingType: "Analytics",
                    enclosingFunction: nil, position: m["4️⃣"]),
            UseFact(base: "dependencies", member: "settings", isTypeLevel: false, enclosingType: "View",
                    enclosingFunction: "View.autoExpand", position: m["5️⃣"]),
        ])
    }

    @Test func typeLevelUseInsideAHelperHasItsFunction() {
        let (facts, m) = extract("""
            func load<D: LoaderDependencies>(dependencies: D) -> D.1️⃣Store.Item? {
                nil
            }
            """)
        #expect(facts.uses.plain == [
            UseFact(base: "D", member: "Store", isTypeLevel: true, enclosingType: nil, enclosingFunction: "load", position: m["1️⃣"]),
        ])
    }

    @Test func typesThatReadTheirDependenciesAreRecorded() {
        let (facts, _) = extract("""
            final class ReadingView<Dependencies: ReadingDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func load() { dependencies.logger.log() }
                func again() { print(self.dependencies) }
            }
            final class StoringOnly<Dependencies: StoringDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
            }
            final class Forwarding<Dependencies: ForwardingDependencies> {
                private let services: Services
                init(services: Services) {
                    self.services = services
                    child.services = services
                }
            }
            func free(dependencies: AppDependencies) { dependencies.logger.log() }
            """)
        // `Forwarding` hands on its initializer's parameter, which hides the stored property of that name.
        #expect(facts.dependencyReads == [
            DependencyRead(name: "dependencies", enclosingType: "ReadingView"),
        ])
    }
}
