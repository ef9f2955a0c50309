import Testing

@testable import CPDIFacts

@Suite("Forwards of the dependencies value")
struct ForwardExtractionTests {
    @Test func constructorsInTheirSpellings() {
        let (facts, m) = extract("""
            struct ParentView<Dependencies: ParentViewDependencies>: View {
                let dependencies: Dependencies
                var body: some View {
                    VStack {
                        1️⃣ChildView(dependencies: dependencies)
                        2️⃣GenericChild<Dependencies>(title: "x", dependencies: self.dependencies)
                        3️⃣OtherChild.init(dependencies: dependencies)
                        4️⃣Wrapper<Dependencies>.init(dependencies: dependencies)
                    }
                }
            }
            """)
        func call(_ callee: String, _ position: SourcePosition) -> ForwardFact {
            ForwardFact(kind: .call, callee: callee, base: nil, baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "ParentView", position: position)
        }
        #expect(facts.forwards.plain == [
            call("ChildView", m["1️⃣"]), call("GenericChild", m["2️⃣"]), call("OtherChild", m["3️⃣"]), call("Wrapper", m["4️⃣"]),
        ])
    }

    @Test func superInitializer() {
        let (facts, m) = extract("""
            final class ProductCell<Dependencies: ProductCellDependencies>: BaseCell<Dependencies> {
                override init(dependencies: Dependencies) {
                    1️⃣super.init(dependencies: dependencies)
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .superInit, callee: "init", base: "super", baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "ProductCell", position: m["1️⃣"]),
        ])
    }

    @Test func staticHelperAndViewModifier() {
        let (facts, m) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies>: View {
                let dependencies: Dependencies
                var body: some View {
                    Text("x")
                        .1️⃣autoExpand(dependencies: dependencies)
                        .onAppear { Analytics.2️⃣track(event: "shown", dependencies: dependencies) }
                }
                func modifier() -> some View {
                    .3️⃣autoExpand(dependencies: dependencies)
                }
            }
            """)
        #expect(facts.forwards.plain == [
            // A chained modifier is placed at the start of the chain it is called on; its receiver is no plain
            // name (`_`), which is not the surrounding type either.
            ForwardFact(kind: .call, callee: "autoExpand", base: "_", baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "ProductView", position: m["1️⃣"]),
            ForwardFact(kind: .call, callee: "track", base: "Analytics", baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "ProductView", position: m["2️⃣"]),
            ForwardFact(kind: .call, callee: "autoExpand", base: nil, baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "ProductView", position: m["3️⃣"]),
        ])
    }

    @Test func instanceMethodResolvesTheTypeOfItsReceiver() {
        let (facts, m) = extract("""
            struct ProductView<Dependencies: ProductViewDependencies> {
                let dependencies: Dependencies
                let loader: ProductLoader
                func reload() {
                    loader.1️⃣load(dependencies: dependencies)
                    self.loader.2️⃣load(dependencies: dependencies)
                    cache.3️⃣store(dependencies: dependencies)
                }
                // Declared after its use: resolved once the whole file is read.
                let cache: ImageCache
            }
            struct OtherView<Dependencies: OtherViewDependencies> {
                let dependencies: Dependencies
                func reload() {
                    let loader = ProductLoader()
                    let fetcher = ImageFetcher<Dependencies>.init()
                    loader.4️⃣load(dependencies: dependencies)
                    fetcher.5️⃣fetch(dependencies: dependencies)
                    self.6️⃣present(dependencies: dependencies)
                    unknown.7️⃣call(dependencies: dependencies)
                }
            }
            """)
        func call(_ callee: String, base: String?, baseType: String?, in type: String, _ position: SourcePosition) -> ForwardFact {
            ForwardFact(kind: .call, callee: callee, base: base, baseType: baseType, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: type, position: position)
        }
        #expect(facts.forwards.plain == [
            call("load", base: "loader", baseType: "ProductLoader", in: "ProductView", m["1️⃣"]),
            call("load", base: "loader", baseType: "ProductLoader", in: "ProductView", m["2️⃣"]),
            call("store", base: "cache", baseType: "ImageCache", in: "ProductView", m["3️⃣"]),
            call("load", base: "loader", baseType: "ProductLoader", in: "OtherView", m["4️⃣"]),
            call("fetch", base: "fetcher", baseType: "ImageFetcher", in: "OtherView", m["5️⃣"]),
            call("present", base: "self", baseType: nil, in: "OtherView", m["6️⃣"]),
            call("call", base: "unknown", baseType: nil, in: "OtherView", m["7️⃣"]),
        ])
    }

    @Test func forwardInsideAHelperHasItsFunction() {
        let (facts, m) = extract("""
            enum Analytics {
                static func track<D: Analytics_trackDependencies>(event: String, dependencies: D) {
                    Logger.1️⃣log(event, dependencies: dependencies)
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .call, callee: "log", base: "Logger", baseType: nil, label: "dependencies",
                        passesOwnDependencies: true, enclosingType: "Analytics", enclosingFunction: "Analytics.track",
                        position: m["1️⃣"]),
        ])
    }

    @Test func assignmentToAChildProperty() {
        let (facts, m) = extract("""
            final class ListViewController<Dependencies: ListDependencies>: UIViewController {
                let dependencies: Dependencies
                var header: HeaderView<Dependencies>?
                func showDetail() {
                    let detail: DetailViewController<Dependencies> = makeDetail()
                    1️⃣detail.dependencies = dependencies
                    2️⃣header?.dependencies = self.dependencies
                    self.dependencies = dependencies
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .assignment, callee: "dependencies", base: "detail", baseType: "DetailViewController",
                        label: "dependencies", passesOwnDependencies: true, enclosingType: "ListViewController",
                        position: m["1️⃣"]),
            ForwardFact(kind: .assignment, callee: "dependencies", base: "header", baseType: "HeaderView",
                        label: "dependencies", passesOwnDependencies: true, enclosingType: "ListViewController",
                        position: m["2️⃣"]),
        ])
    }

    @Test func computedPropertySetterAndObserverForward() {
        let (facts, m) = extract("""
            final class ProductCell<Dependencies: CellDependencies>: UICollectionViewCell {
                private let imageView = ProductImageView<Dependencies>()
                var dependencies: Dependencies? {
                    get { imageView.dependencies }
                    set { 1️⃣imageView.dependencies = newValue }
                }
            }
            final class HostCell<Dependencies: HostCellDependencies>: UITableViewCell {
                var cell: ProductCell<Dependencies>!
                var dependencies: Dependencies? {
                    didSet { 2️⃣cell.dependencies = dependencies }
                }
                var title: String? {
                    didSet { 3️⃣cell.dependencies = newValue }
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .assignment, callee: "dependencies", base: "imageView", baseType: "ProductImageView",
                        label: "dependencies", passesOwnDependencies: true, enclosingType: "ProductCell", position: m["1️⃣"]),
            ForwardFact(kind: .assignment, callee: "dependencies", base: "cell", baseType: "ProductCell",
                        label: "dependencies", passesOwnDependencies: true, enclosingType: "HostCell", position: m["2️⃣"]),
            // `newValue` of another property is not the dependencies value.
            ForwardFact(kind: .assignment, callee: "dependencies", base: "cell", baseType: "ProductCell",
                        label: "dependencies", passesOwnDependencies: false, enclosingType: "HostCell", position: m["3️⃣"]),
        ])
        #expect(facts.types.map { $0.dependencyProperties.map(\.isStored) } == [[false], [true]])
    }

    @Test func constructedArgumentGivesAnOuterAndAnInnerForward() {
        let (facts, m) = extract("""
            struct ProductList<Dependencies: ProductListDependencies> {
                let dependencies: Dependencies
                func detail() -> some View {
                    1️⃣ProductDetailView(dependencies: 2️⃣SplicedProductDetailDependencies(externalDependencies: dependencies))
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .call, callee: "ProductDetailView", base: nil, baseType: nil, label: "dependencies",
                        passesOwnDependencies: false, builtType: "SplicedProductDetailDependencies", enclosingType: "ProductList",
                        position: m["1️⃣"]),
            ForwardFact(kind: .call, callee: "SplicedProductDetailDependencies", base: nil, baseType: nil,
                        label: "externalDependencies", passesOwnDependencies: true, enclosingType: "ProductList",
                        position: m["2️⃣"]),
        ])
    }

    /// Storing the value is no forward; handing it on under any label is one, which linking resolves by
    /// the receiver's parameter of that label.
    @Test func storingOwnDependenciesIsNoForwardButEveryHandOffIs() {
        let (facts, m) = extract("""
            final class Screen<Dependencies: ScreenDependencies> {
                var dependencies: Dependencies
                init(dependencies: Dependencies) {
                    self.dependencies = dependencies
                    self.dependencies! = dependencies
                    1️⃣configure(dependencies)
                    2️⃣Child(context: dependencies)
                    let dependencies = dependencies
                }
            }
            """)
        #expect(facts.forwards.plain == [
            ForwardFact(kind: .call, callee: "configure", base: nil, baseType: nil, label: "_", passesOwnDependencies: true,
                        enclosingType: "Screen", position: m["1️⃣"]),
            ForwardFact(kind: .call, callee: "Child", base: nil, baseType: nil, label: "context", passesOwnDependencies: true,
                        enclosingType: "Screen", position: m["2️⃣"]),
        ])
        #expect(facts.unfollowedFlows.isEmpty)
    }

    /// A local the caller built says which type it hands on, as a construction on the spot does; one declared with a
    /// type or bound to a call that builds nothing says nothing (`ContainerCoverage` needs a concrete container).
    @Test func aLocalBuiltAndHandedOnSaysWhichTypeItIs() {
        let (facts, _) = extract("""
            func start() {
                let dependencies = AppContainer()
                let container = Outer.Container(mode: 1)
                let given: AppContainer = make()
                Root(dependencies: dependencies)
                Child(dependencies: container)
                Leaf(dependencies: given)
                Other(dependencies: AppContainer())
            }
            """)
        #expect(facts.forwards.map(\.builtType) == ["AppContainer", "Outer.Container", nil, "AppContainer"])
    }
}
