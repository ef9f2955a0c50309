import Testing

@testable import CPDIFacts

@Suite("Type aliases")
struct AliasExtractionTests {
    @Test func topLevelCompositionKeepsMembersInOrder() {
        let (facts, m) = extract("""
            typealias 1️⃣FooDependencies = 2️⃣LoggingDependency & 3️⃣BarDependencies & 4️⃣HasImageProvider
            """)
        #expect(facts.aliases == [
            AliasFact(name: "FooDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"], members: [
                ref("LoggingDependency", m["2️⃣"]), ref("BarDependencies", m["3️⃣"]), ref("HasImageProvider", m["4️⃣"]),
            ]),
        ])
        #expect(facts.types.isEmpty)
        #expect(facts.uses.isEmpty)
    }

    @Test func singleProtocolOrExistentialOnTheRightSide() {
        let (facts, m) = extract("""
            typealias 1️⃣ImageDependencies = 2️⃣HasImageProvider
            typealias 3️⃣Services = 4️⃣ErrorReporting
            typealias 5️⃣AnyDependencies = any 6️⃣ADependency & 7️⃣BDependency
            """)
        #expect(facts.aliases == [
            AliasFact(name: "ImageDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"],
                      members: [ref("HasImageProvider", m["2️⃣"])]),
            AliasFact(name: "Services", enclosingType: nil, access: .internal, position: m["3️⃣"],
                      members: [ref("ErrorReporting", m["4️⃣"])]),
            AliasFact(name: "AnyDependencies", enclosingType: nil, access: .internal, position: m["5️⃣"],
                      members: [ref("ADependency", m["6️⃣"]), ref("BDependency", m["7️⃣"])]),
        ])
    }

    @Test func multiLineCompositionWithCommentsAndMemberTypes() {
        let (facts, m) = extract("""
            typealias 1️⃣ProductDependencies =
                // What the list needs
                2️⃣ProductsView.Dependencies
                & 3️⃣CartView.Dependencies /* the cart */
                // & OldDependency
                & /* analytics */ 4️⃣AnalyticsDependency
            """)
        #expect(facts.aliases == [
            AliasFact(name: "ProductDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"], members: [
                ref("ProductsView.Dependencies", m["2️⃣"]), ref("CartView.Dependencies", m["3️⃣"]),
                ref("AnalyticsDependency", m["4️⃣"]),
            ]),
        ])
        #expect(facts.aliases.first?.members.map(\.lastComponent) == ["Dependencies", "Dependencies", "AnalyticsDependency"])
    }

    @Test func nestedAliasesRecordTheirEnclosingType() {
        let (facts, m) = extract("""
            final class ArticleViewController: UIViewController {
                typealias 1️⃣Dependencies = 2️⃣HasImageProvider & 3️⃣HasArticleProvider
            }
            struct Outer {
                struct Inner {
                    typealias 4️⃣Dependencies = 5️⃣Outer.Dependencies
                }
            }
            extension ProductsView {
                typealias 6️⃣Dependencies = 7️⃣LoggingDependency
            }
            """)
        #expect(facts.aliases == [
            AliasFact(name: "Dependencies", enclosingType: "ArticleViewController", access: .internal, position: m["1️⃣"],
                      members: [ref("HasImageProvider", m["2️⃣"]), ref("HasArticleProvider", m["3️⃣"])]),
            AliasFact(name: "Dependencies", enclosingType: "Outer.Inner", access: .internal, position: m["4️⃣"],
                      members: [ref("Outer.Dependencies", m["5️⃣"])]),
            AliasFact(name: "Dependencies", enclosingType: "ProductsView", access: .internal, position: m["6️⃣"],
                      members: [ref("LoggingDependency", m["7️⃣"])]),
        ])
        #expect(facts.aliases.map(\.qualifiedName) == [
            "ArticleViewController.Dependencies", "Outer.Inner.Dependencies", "ProductsView.Dependencies",
        ])
    }

    @Test func accessLevelIsRecorded() {
        let (facts, m) = extract("""
            public typealias 1️⃣CheckoutFeatureDependencies = 2️⃣PaymentDependency & 3️⃣CartDependency
            private typealias 4️⃣LocalDependencies = 5️⃣LoggingDependency
            """)
        #expect(facts.aliases == [
            AliasFact(name: "CheckoutFeatureDependencies", enclosingType: nil, access: .public, position: m["1️⃣"],
                      members: [ref("PaymentDependency", m["2️⃣"]), ref("CartDependency", m["3️⃣"])]),
            AliasFact(name: "LocalDependencies", enclosingType: nil, access: .private, position: m["4️⃣"],
                      members: [ref("LoggingDependency", m["5️⃣"])]),
        ])
    }

    @Test func commentedOutAliasesAreIgnored() {
        let (facts, m) = extract("""
            // typealias OldDependencies = ADependency & BDependency
            /* typealias BlockDependencies = ADependency & BDependency */
            /// typealias DocDependencies = ADependency
            /*
             typealias MultiLineDependencies = ADependency
                 & BDependency
             */
            typealias 1️⃣NewDependencies = 2️⃣ADependency // & BDependency
            """)
        #expect(facts.aliases == [
            AliasFact(name: "NewDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"],
                      members: [ref("ADependency", m["2️⃣"])]),
        ])
    }

    @Test func nonDependencyAliasesAreNotRecorded() {
        let (facts, _) = extract("""
            typealias Count = Int
            typealias Handler = () -> Void
            typealias Pair = (Int, String)
            typealias Lookup = [String: Int]
            typealias Codec = Codable
            struct Cache<Dependencies: CacheDependencies> {
                typealias Item = String
            }
            """)
        #expect(facts.aliases.isEmpty)
    }

    @Test func genericArgumentsOfMembersAreKept() {
        let (facts, m) = extract("""
            typealias 1️⃣RootDependencies = 2️⃣SplicedFooDependencies<AppExternalDependencies> & 3️⃣LoggingDependency
            """)
        #expect(facts.aliases == [
            AliasFact(name: "RootDependencies", enclosingType: nil, access: .internal, position: m["1️⃣"], members: [
                ref("SplicedFooDependencies", m["2️⃣"], arguments: ["AppExternalDependencies"]),
                ref("LoggingDependency", m["3️⃣"]),
            ]),
        ])
    }

    @Test func aliasInsideAProtocolIsARequirement() {
        let (facts, m) = extract("""
            protocol 1️⃣FeatureComponent {
                typealias 2️⃣Dependencies = 3️⃣LoggingDependency & 4️⃣HasImageProvider
            }
            """)
        #expect(facts.aliases == [
            AliasFact(name: "Dependencies", enclosingType: "FeatureComponent", access: .internal, position: m["2️⃣"],
                      members: [ref("LoggingDependency", m["3️⃣"]), ref("HasImageProvider", m["4️⃣"])]),
        ])
        #expect(facts.types == [typeFact(.protocol, "FeatureComponent", at: m["1️⃣"], requirements: ["Dependencies"])])
    }
}
