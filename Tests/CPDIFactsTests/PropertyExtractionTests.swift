import Testing

@testable import CPDIFacts

@Suite("Dependencies properties and initializers")
struct PropertyExtractionTests {
    /// The dependencies properties of the only (or first) type in the snippet.
    private func properties(_ facts: FileFacts) -> [DependencyPropertyFact] {
        facts.types.first?.dependencyProperties ?? []
    }

    @Test func genericStoredProperty() {
        let (facts, m) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies> {
                let 1️⃣dependencies: 2️⃣Dependencies
                let title: String
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["2️⃣"]), isStored: true, position: m["1️⃣"]),
        ])
    }

    @Test func existentialStoredProperty() {
        let (facts, m) = extract("""
            final class ProductViewModel {
                let 1️⃣dependencies: 2️⃣ProductViewModelDependencies
                var 3️⃣deps: any 4️⃣LoggingDependency
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("ProductViewModelDependencies", m["2️⃣"]), isStored: true, position: m["1️⃣"]),
            DependencyPropertyFact(name: "deps", type: ref("LoggingDependency", m["4️⃣"]), isStored: true, position: m["3️⃣"]),
        ])
    }

    @Test func optionalAndImplicitlyUnwrappedProperties() {
        let (facts, m) = extract("""
            final class ProductCell<Dependencies: ProductCellDependencies>: UICollectionViewCell {
                var 1️⃣dependencies: 2️⃣Dependencies?
            }
            final class ProductViewController<Dependencies: ProductDependencies>: UIViewController {
                var 3️⃣dependencies: 4️⃣Dependencies!
            }
            """)
        #expect(facts.types.map(\.dependencyProperties) == [
            [DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["2️⃣"]), isStored: true, position: m["1️⃣"])],
            [DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["4️⃣"]), isStored: true, position: m["3️⃣"])],
        ])
    }

    @Test func splicedConcreteTypeKeepsItsGenericArguments() {
        let (facts, m) = extract("""
            struct FooView {
                let 1️⃣dependencies: 2️⃣SplicedFooDependencies<ExternalDependencies>
                let 3️⃣services: 4️⃣Feature.Services<Int, [String]>
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("SplicedFooDependencies", m["2️⃣"], arguments: ["ExternalDependencies"]),
                                   isStored: true, position: m["1️⃣"]),
            // An array argument has no nominal name and is left out.
            DependencyPropertyFact(name: "services", type: ref("Feature.Services", m["4️⃣"], arguments: ["Int"]),
                                   isStored: true, position: m["3️⃣"]),
        ])
    }

    @Test func otherDependenciesLikeNames() {
        let (facts, m) = extract("""
            struct SplicedFooDependencies<External: FooExternalDependencies>: FooDependencies {
                private let 1️⃣externalDependencies: 2️⃣External
            }
            final class StateController {
                let 3️⃣services: 4️⃣Services
                let Dependencies: Int
                let dependencyCount: Int
            }
            """)
        #expect(facts.types.map(\.dependencyProperties) == [
            [DependencyPropertyFact(name: "externalDependencies", type: ref("External", m["2️⃣"]), isStored: true, position: m["1️⃣"], access: .private)],
            [DependencyPropertyFact(name: "services", type: ref("Services", m["4️⃣"]), isStored: true, position: m["3️⃣"])],
        ])
    }

    @Test func computedPropertiesAreNotStoredButObservedOnesAre() {
        let (facts, m) = extract("""
            final class Host<D: HostDependencies> {
                var 1️⃣dependencies: 2️⃣D { storage }
                var 3️⃣externalDependencies: 4️⃣D {
                    get { storage }
                    set { storage = newValue }
                }
                var 5️⃣services: 6️⃣D {
                    willSet { print(newValue) }
                    didSet { print(oldValue) }
                }
                var 7️⃣deps: 8️⃣D { didSet {} }
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("D", m["2️⃣"]), isStored: false, position: m["1️⃣"]),
            DependencyPropertyFact(name: "externalDependencies", type: ref("D", m["4️⃣"]), isStored: false, position: m["3️⃣"]),
            DependencyPropertyFact(name: "services", type: ref("D", m["6️⃣"]), isStored: true, position: m["5️⃣"]),
            DependencyPropertyFact(name: "deps", type: ref("D", m["8️⃣"]), isStored: true, position: m["7️⃣"]),
        ])
    }

    @Test func protocolRequirementsAreNotStored() {
        let (facts, m) = extract("""
            protocol DependenciesHolder {
                var 1️⃣dependencies: 2️⃣Dependencies { get }
                var 3️⃣services: 4️⃣Services { get set }
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["2️⃣"]), isStored: false, position: m["1️⃣"]),
            DependencyPropertyFact(name: "services", type: ref("Services", m["4️⃣"]), isStored: false, position: m["3️⃣"]),
        ])
    }

    @Test func propertyTypeInferredFromAnInitializer() {
        let (facts, m) = extract("""
            final class AppDelegate {
                let 1️⃣dependencies = 2️⃣AppDependencies()
                let 3️⃣services = 4️⃣Services.init(api: api)
                let 5️⃣deps = makeDependencies()
                let 6️⃣externalDependencies = 7️⃣SplicedFooDependencies<AppExternalDependencies>(app: app)
                let 8️⃣featureDependencies = app as! 9️⃣FeatureDependencies
            }
            """)
        #expect(properties(facts) == [
            DependencyPropertyFact(name: "dependencies", type: ref("AppDependencies", m["2️⃣"]), isStored: true, position: m["1️⃣"]),
            DependencyPropertyFact(name: "services", type: ref("Services", m["4️⃣"]), isStored: true, position: m["3️⃣"]),
            DependencyPropertyFact(name: "deps", type: nil, isStored: true, position: m["5️⃣"]),
            DependencyPropertyFact(name: "externalDependencies",
                                   type: ref("SplicedFooDependencies", m["7️⃣"], arguments: ["AppExternalDependencies"]),
                                   isStored: true, position: m["6️⃣"]),
            DependencyPropertyFact(name: "featureDependencies", type: ref("FeatureDependencies", m["9️⃣"]), isStored: true, position: m["8️⃣"]),
        ])
    }

    @Test func localVariablesAreNotProperties() {
        let (facts, _) = extract("""
            struct Screen {
                init() {
                    let dependencies: ScreenDependencies = AppDependencies()
                    _ = dependencies
                }
                func run() {
                    let dependencies = makeDependencies()
                    var services: Services? = nil
                    _ = (dependencies, services)
                }
                var body: some View {
                    let deps = AppDependencies()
                    return Child(deps: deps)
                }
            }
            let dependencies = AppDependencies()
            """)
        #expect(facts.types.map(\.dependencyProperties) == [[]])
    }

    @Test func initializerParametersInOrder() {
        let (facts, m) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies> {
                1️⃣init(sku: 2️⃣String, dependencies: 3️⃣Dependencies) {}
                4️⃣init(_ sku: 5️⃣String, with deps: 6️⃣Dependencies?, completion: @escaping () -> Void) {}
            }
            extension ProductView {
                convenience 7️⃣init?(dependencies: 8️⃣Swift.Optional<Dependencies>) { nil }
            }
            """)
        #expect(facts.types.map(\.initializers) == [
            [
                InitializerFact(parameters: [
                    ParameterFact(label: "sku", name: "sku", type: ref("String", m["2️⃣"])),
                    ParameterFact(label: "dependencies", name: "dependencies", type: ref("Dependencies", m["3️⃣"])),
                ], position: m["1️⃣"]),
                InitializerFact(parameters: [
                    ParameterFact(label: "_", name: "sku", type: ref("String", m["5️⃣"])),
                    ParameterFact(label: "with", name: "deps", type: ref("Dependencies", m["6️⃣"])),
                    ParameterFact(label: "completion", name: "completion", type: nil),
                ], position: m["4️⃣"]),
            ],
            [
                InitializerFact(parameters: [
                    ParameterFact(label: "dependencies", name: "dependencies",
                                  type: ref("Swift.Optional", m["8️⃣"], arguments: ["Dependencies"])),
                ], position: m["7️⃣"]),
            ],
        ])
        // Initializers are not helper functions.
        #expect(facts.functions.isEmpty)
    }
}
