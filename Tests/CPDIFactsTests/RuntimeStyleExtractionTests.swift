import Testing

@testable import CPDIFacts

@Suite("Run-time styles: injections and registrations")
struct RuntimeStyleExtractionTests {
    @Test func injectionWrappersAreKeyedByTypeOrKeyPath() {
        let (facts, m) = extract("""
            final class ViewController: UIViewController {
                @Inject private var widgetModule: 1️⃣WidgetModuleType
                @Injected var sampleModule: 2️⃣SampleModuleType?
                @Dependency(3️⃣\\.aService) var aService
                @Dependency(4️⃣\\DependencyContainer.bService.client) var client
                @State private var title = ""
                @Dependency(5️⃣AServiceKey.self) var typed
            }
            """)
        #expect(facts.runtime.injections.map(\.essentials) == [
            InjectionFact(wrapper: "Inject", key: .type("WidgetModuleType"), property: "widgetModule", enclosingType: "ViewController", position: m["1️⃣"]),
            InjectionFact(wrapper: "Injected", key: .type("SampleModuleType"), property: "sampleModule", enclosingType: "ViewController", position: m["2️⃣"]),
            InjectionFact(wrapper: "Dependency", key: .keyPath("aService"), property: "aService", enclosingType: "ViewController", position: m["3️⃣"]),
            InjectionFact(wrapper: "Dependency", key: .keyPath("bService"), property: "client", enclosingType: "ViewController", position: m["4️⃣"]),
            InjectionFact(wrapper: "Dependency", key: .keyType("AServiceKey"), property: "typed", enclosingType: "ViewController", position: m["5️⃣"]),
        ])
        #expect(facts.runtime.injections[3].keyPathRoot == "DependencyContainer")
        #expect(facts.runtime.injections[0].access == .private)
    }

    @Test func wrapperNamesComeFromTheConventions() {
        var conventions = NamingConventions.default
        conventions.injectionWrapperNames = ["Resolve"]
        let (facts, _) = extract("""
            struct Screen {
                @Inject var a: AType
                @Resolve var b: BType
            }
            """, conventions: conventions)
        #expect(facts.runtime.injections.map(\.key) == [.type("BType")])
    }

    @Test func builderRegistrationsUseTheCastTypeElseTheBuiltType() {
        let (facts, m) = extract("""
            final class AppDelegate {
                private let dependencies = Dependencies {
                    1️⃣Module { WidgetModule() as WidgetModuleType }
                    2️⃣Dependency { HTTPService() }
                    3️⃣Module {
                        let module = makeSampleModule()
                        return module
                    }
                }
            }
            """)
        #expect(facts.runtime.registrations == [
            RegistrationFact(kind: .builder, key: .type("WidgetModuleType"), implementation: "WidgetModule", enclosingType: "AppDelegate", position: m["1️⃣"]),
            RegistrationFact(kind: .builder, key: .type("HTTPService"), enclosingType: "AppDelegate", position: m["2️⃣"]),
            RegistrationFact(kind: .builder, key: nil, enclosingType: "AppDelegate", position: m["3️⃣"]),
        ])
    }

    @Test func keyRegistrationsBySetSubscriptAndCurrentValue() {
        let (facts, m) = extract("""
            func setUpDependencies() {
                DependencyContainer.1️⃣set(initialValue: BService.shared, key: BServiceDependencyKey.self)
                DependencyContainer.2️⃣set(initialValue: AService(), key: \\.aService)
                3️⃣DependencyContainer[\\.clock] = SystemClock()
                4️⃣CacheKey.currentValue = MemoryCache()
                let value = DependencyContainer[\\.clock]
            }
            """)
        #expect(facts.runtime.registrations == [
            RegistrationFact(kind: .set, key: .keyType("BServiceDependencyKey"), enclosingType: nil, position: m["1️⃣"]),
            RegistrationFact(kind: .set, key: .keyPath("aService"), enclosingType: nil, position: m["2️⃣"]),
            RegistrationFact(kind: .assignment, key: .keyPath("clock"), enclosingType: nil, position: m["3️⃣"]),
            RegistrationFact(kind: .assignment, key: .keyType("CacheKey"), enclosingType: nil, position: m["4️⃣"]),
        ])
    }

    @Test func keyTypesKnowWhetherTheyHoldAValue() {
        let (facts, m) = extract("""
            public struct 1️⃣AServiceKey: DependencyKey {
                public static var currentValue: AService = AService()
            }
            struct 2️⃣BServiceDependencyKey: LazyDependencyKey {
                static var currentValue: BService?
            }
            enum 3️⃣ClockKey: DependencyKey {
                static var currentValue: Clock { SystemClock() }
            }
            struct NotAKey: Equatable {
                static var currentValue: Int?
            }
            """)
        #expect(facts.runtime.keyTypes.map(\.essentials) == [
            DependencyKeyFact(name: "AServiceKey", protocols: ["DependencyKey"], hasDefaultValue: true, access: .public, position: m["1️⃣"]),
            DependencyKeyFact(name: "BServiceDependencyKey", protocols: ["LazyDependencyKey"], hasDefaultValue: false, access: .internal, position: m["2️⃣"]),
            DependencyKeyFact(name: "ClockKey", protocols: ["DependencyKey"], hasDefaultValue: true, access: .internal, position: m["3️⃣"]),
        ])
    }

    @Test func containerPropertiesOfABodyWithKeyBackedProperties() {
        let (facts, m) = extract("""
            extension DependencyContainer {
                public var 1️⃣bService: BService {
                    get { Self[BServiceDependencyKey.self] }
                    set { Self[BServiceDependencyKey.self] = newValue }
                }
                var 2️⃣aService: AService {
                    get { self[AServiceKey.self] }
                    set { self[AServiceKey.self] = newValue }
                }
                var 3️⃣clock: Clock { SystemClock() }
                var 4️⃣pending: Pending?
                static var shared = DependencyContainer()
            }
            extension Settings {
                var theme: Theme { .light }
            }
            """)
        // Each with the type of value it holds, as written (optionality aside).
        let expected = [
            (ContainerPropertyFact(container: "DependencyContainer", name: "bService", keyType: "BServiceDependencyKey", access: .public, position: m["1️⃣"]), "BService"),
            (ContainerPropertyFact(container: "DependencyContainer", name: "aService", keyType: "AServiceKey", access: .internal, position: m["2️⃣"]), "AService"),
            (ContainerPropertyFact(container: "DependencyContainer", name: "clock", keyType: nil, access: .internal, position: m["3️⃣"]), "Clock"),
            (ContainerPropertyFact(container: "DependencyContainer", name: "pending", keyType: nil, access: .internal, position: m["4️⃣"]), "Pending"),
        ].map { property, type in
            var typed = property
            typed.valueType = type
            return typed
        }
        #expect(facts.runtime.containerProperties == expected)
        // A container's own setter assigns `newValue`: not a registration.
        #expect(facts.runtime.registrations.isEmpty)
    }

    @Test func moduleComponents() {
        let (facts, m) = extract("""
            struct WidgetModule: WidgetModuleType {
                func 1️⃣component() -> WidgetWorkerType { WidgetWorker(store: component()) }
                func 2️⃣component() -> WidgetStore { WidgetRealmStore() }
                func component(id: Int) -> Widget { Widget(id: id) }
                func test() -> String { "" }
            }
            """)
        #expect(facts.runtime.moduleComponents == [
            ModuleComponentFact(module: "WidgetModule", type: "WidgetWorkerType", position: m["1️⃣"]),
            ModuleComponentFact(module: "WidgetModule", type: "WidgetStore", position: m["2️⃣"]),
        ])
    }

    @Test func forwardsRecordTheTypeOfAContainerBuiltOnTheSpot() {
        let (facts, _) = extract("""
            let root = RootView(dependencies: AppDependencies.live())
            let other = OtherView(dependencies: AppDependencies(logger: ConsoleLogger()))
            struct Holder { let dependencies: AppDependencies; func make() -> Child { Child(dependencies: dependencies) } }
            """)
        #expect(facts.forwards.map(\.builtType) == ["AppDependencies", "AppDependencies", nil])
    }

    @Test func compileTimeStylesHaveNoRuntimeFacts() {
        let (facts, _) = extract("""
            typealias FooDependencies = LoggingDependency
            struct Foo<Dependencies: FooDependencies> {
                let dependencies: Dependencies
                var body: some View { Bar(dependencies: dependencies).modifier(Module()) }
            }
            """)
        #expect(facts.runtime.isEmpty)
    }
}

extension InjectionFact {
    /// What the first version of these facts held: the tests of the newer fields say what those hold.
    var essentials: InjectionFact { InjectionFact(wrapper: wrapper, key: key, property: property, enclosingType: enclosingType, position: position) }
}

extension DependencyKeyFact {
    var essentials: DependencyKeyFact {
        DependencyKeyFact(name: name, protocols: protocols, hasDefaultValue: hasDefaultValue, access: access, position: position)
    }
}
