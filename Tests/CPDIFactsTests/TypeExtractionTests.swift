import Testing

@testable import CPDIFacts

@Suite("Types and generic parameters")
struct TypeExtractionTests {
    @Test func inlineGenericConstraintAndConformance() {
        let (facts, m) = extract("""
            struct 1️⃣ProductView<Dependencies: 2️⃣ProductViewDependencies>: 3️⃣View {}
            """)
        #expect(facts.types == [
            typeFact(.struct, "ProductView", at: m["1️⃣"],
                     generics: [GenericParameterFact(name: "Dependencies", constraints: [ref("ProductViewDependencies", m["2️⃣"])])],
                     inherits: [ref("View", m["3️⃣"])]),
        ])
    }

    @Test func inlineCompositionIsSplitIntoMembers() {
        let (facts, m) = extract("""
            final class 1️⃣ImageLoader<D: 2️⃣LoggingDependency & 3️⃣HasImageProvider, Key> {}
            """)
        #expect(facts.types == [
            typeFact(.class, "ImageLoader", at: m["1️⃣"], generics: [
                GenericParameterFact(name: "D", constraints: [ref("LoggingDependency", m["2️⃣"]), ref("HasImageProvider", m["3️⃣"])]),
                GenericParameterFact(name: "Key", constraints: []),
            ]),
        ])
    }

    @Test func whereClauseIsMergedIntoTheParameter() {
        let (facts, m) = extract("""
            public final class 1️⃣Loader<D, E: 2️⃣Equatable>: 3️⃣NSObject, 4️⃣LoaderProtocol
            where D: 5️⃣LoaderDependencies, E: 6️⃣Hashable & 7️⃣Sendable, D.Item == Int, D: 8️⃣Sendable {}
            """)
        #expect(facts.types == [
            typeFact(.class, "Loader", access: .public, at: m["1️⃣"], generics: [
                GenericParameterFact(name: "D", constraints: [ref("LoaderDependencies", m["5️⃣"]), ref("Sendable", m["8️⃣"])]),
                GenericParameterFact(name: "E", constraints: [
                    ref("Equatable", m["2️⃣"]), ref("Hashable", m["6️⃣"]), ref("Sendable", m["7️⃣"]),
                ]),
            ], inherits: [ref("NSObject", m["3️⃣"]), ref("LoaderProtocol", m["4️⃣"])]),
        ])
    }

    @Test func superclassWithGenericArgumentsComesFirst() {
        let (facts, m) = extract("""
            class 1️⃣ProductCell<Dependencies: 2️⃣ProductCellDependencies>: 3️⃣BaseCell<5️⃣Dependencies>, 4️⃣Reusable {}
            final class 6️⃣Feed: 7️⃣Flow<8️⃣HasStore & 9️⃣HasClock, [Int]> {}
            """)
        var cell = typeFact(.class, "ProductCell", at: m["1️⃣"],
                            generics: [GenericParameterFact(name: "Dependencies", constraints: [ref("ProductCellDependencies", m["2️⃣"])])],
                            inherits: [ref("BaseCell", m["3️⃣"], arguments: ["Dependencies"]), ref("Reusable", m["4️⃣"])])
        cell.superclassArguments = [[ref("Dependencies", m["5️⃣"])]]
        // Each argument as the names it composes; none for one that is neither a name nor a composition.
        var feed = typeFact(.class, "Feed", at: m["6️⃣"], inherits: [ref("Flow", m["7️⃣"])])
        feed.superclassArguments = [[ref("HasStore", m["8️⃣"]), ref("HasClock", m["9️⃣"])], []]
        #expect(facts.types == [cell, feed])
    }

    @Test func everyKindOfTypeWithQualifiedNestedNames() {
        let (facts, m) = extract("""
            enum 1️⃣Feature {
                struct 2️⃣Screen {
                    actor 3️⃣Store<D: 4️⃣StoreDependencies> {}
                }
                fileprivate class 5️⃣Coordinator {}
            }
            protocol 6️⃣Presenting {}
            """)
        #expect(facts.types == [
            typeFact(.enum, "Feature", at: m["1️⃣"]),
            typeFact(.struct, "Feature.Screen", at: m["2️⃣"]),
            typeFact(.actor, "Feature.Screen.Store", at: m["3️⃣"],
                     generics: [GenericParameterFact(name: "D", constraints: [ref("StoreDependencies", m["4️⃣"])])]),
            typeFact(.class, "Feature.Coordinator", access: .fileprivate, at: m["5️⃣"]),
            typeFact(.protocol, "Presenting", at: m["6️⃣"]),
        ])
    }

    @Test func extensionsAreNamedAfterTheExtendedTypeWithTheirConformances() {
        let (facts, m) = extract("""
            struct 1️⃣Services {}
            extension 2️⃣Services: 3️⃣HasOpenService, 4️⃣HasInfoService {}
            public extension 5️⃣ProductsView.Model {
                struct 6️⃣Row {}
            }
            extension 7️⃣Array: 8️⃣LoggingDependency where Element: Logging {}
            """)
        #expect(facts.types == [
            typeFact(.struct, "Services", at: m["1️⃣"]),
            typeFact(.extension, "Services", at: m["2️⃣"], inherits: [ref("HasOpenService", m["3️⃣"]), ref("HasInfoService", m["4️⃣"])]),
            typeFact(.extension, "ProductsView.Model", access: .public, at: m["5️⃣"]),
            typeFact(.struct, "ProductsView.Model.Row", at: m["6️⃣"]),
            typeFact(.extension, "Array", at: m["7️⃣"], inherits: [ref("LoggingDependency", m["8️⃣"])]),
        ])
    }

    @Test func containerConformingToACompositionAlias() {
        let (facts, m) = extract("""
            struct 1️⃣AppDependency: 2️⃣HasImageProvider, 3️⃣HasArticleProvider {
                let imageProvider: ImageProvider
                let articleProvider: ArticleProvider
            }
            final class 4️⃣DependencyContainer: 5️⃣DependencyContainers & 6️⃣Sendable {}
            """)
        #expect(facts.types == [
            typeFact(.struct, "AppDependency", at: m["1️⃣"], inherits: [ref("HasImageProvider", m["2️⃣"]), ref("HasArticleProvider", m["3️⃣"])]),
            typeFact(.class, "DependencyContainer", at: m["4️⃣"], inherits: [ref("DependencyContainers", m["5️⃣"]), ref("Sendable", m["6️⃣"])]),
        ])
    }

    @Test func leafProtocolListsItsRequirements() {
        let (facts, m) = extract("""
            protocol 1️⃣LoggingDependency {
                var logger: Logging { get }
            }
            protocol 2️⃣NotificationProviding: 3️⃣AnyObject {
                func makeNotificationManager() -> NotificationManager
                static var shared: Self { get }
                var a: Int { get }, b: Int { get }
            }
            """)
        var logging = typeFact(.protocol, "LoggingDependency", at: m["1️⃣"], requirements: ["logger"])
        logging.propertyRequirements = [PropertyRequirementFact(name: "logger", type: "Logging", isSettable: false)]
        var notifications = typeFact(.protocol, "NotificationProviding", at: m["2️⃣"], inherits: [ref("AnyObject", m["3️⃣"])],
                                     requirements: ["makeNotificationManager", "shared", "a", "b"])
        // A static property is no member of a dependencies value.
        notifications.propertyRequirements = [
            PropertyRequirementFact(name: "a", type: "Int", isSettable: false), PropertyRequirementFact(name: "b", type: "Int", isSettable: false),
        ]
        #expect(facts.types == [logging, notifications])
    }

    @Test func protocolWithAssociatedTypes() {
        let (facts, m) = extract("""
            protocol 1️⃣ProductComponent {
                associatedtype Dependencies: 2️⃣ProductComponentDependencies
                associatedtype Output where Output: 3️⃣Sendable
                var 4️⃣dependencies: 5️⃣Dependencies { get }
                var title: String { get set }
                func makeView() -> Output
            }
            """)
        var expected = typeFact(.protocol, "ProductComponent", at: m["1️⃣"],
                                properties: [DependencyPropertyFact(name: "dependencies", type: ref("Dependencies", m["5️⃣"]), isStored: false, position: m["4️⃣"])],
                                requirements: ["Dependencies", "Output", "dependencies", "title", "makeView"],
                                associatedTypes: [
                                    GenericParameterFact(name: "Dependencies", constraints: [ref("ProductComponentDependencies", m["2️⃣"])]),
                                    GenericParameterFact(name: "Output", constraints: [ref("Sendable", m["3️⃣"])]),
                                ])
        expected.propertyRequirements = [
            PropertyRequirementFact(name: "dependencies", type: "Dependencies", isSettable: false),
            PropertyRequirementFact(name: "title", type: "String", isSettable: true),
        ]
        #expect(facts.types == [expected])
        #expect(facts.types.first?.isProtocol == true)
    }

    @Test func protocolWhereClauseConstrainsItsAssociatedType() {
        let (facts, m) = extract("""
            protocol 1️⃣Component where Dependencies: 2️⃣ComponentDependencies {
                associatedtype Dependencies
            }
            """)
        #expect(facts.types == [
            typeFact(.protocol, "Component", at: m["1️⃣"], requirements: ["Dependencies"], associatedTypes: [
                GenericParameterFact(name: "Dependencies", constraints: [ref("ComponentDependencies", m["2️⃣"])]),
            ]),
        ])
    }

    /// What generic code asks of associated types: constraints and ties name them; a tie to a generic parameter
    /// of the code around leaves them free, and bare names count only in extensions and protocols.
    @Test func associatedTypesGenericCodeConstrainsOrTies() {
        let (facts, _) = extract("""
            protocol Reducer<State> { associatedtype State; associatedtype Dependency; associatedtype Action }
            final class Store<Dependency> {
                init<R: Reducer>(reducer: R) where R.Dependency == Dependency {}
                func pin<R: Reducer>(_ reducer: R) where R.Action == AppAction {}
                func ask<R: Reducer>(_ reducer: R) where R.Effect: Sendable {}
                func free<T>(_ value: T) where T: Sendable {}
            }
            extension Reducer where Output: HasLogger {}
            """)
        #expect(facts.declarations.associatedTypeTies == ["State", "Action", "Effect", "Output"])
    }
}
