import Testing

@testable import CPDIFacts

/// Every occurrence of a dependencies value is read, handed on, stored, copied, or goes somewhere cpdi does
/// not follow (SPEC §4b). These pin down which, way by way, with the place each unfollowed flow is reported.
@Suite("Where dependencies values go")
struct ValueFlowExtractionTests {
    private func flows(_ marked: String) -> (flows: [String], markers: MarkedSource) {
        let (facts, m) = extract(marked)
        return (facts.unfollowedFlows.map { "\($0.position) \($0.kind.rawValue): \($0.detail)" }, m)
    }

    @Test func readsHandOffsStoresAndCopiesAreFollowed() {
        let (found, _) = flows("""
            final class Screen<Dependencies: ScreenDependencies> {
                let dependencies: Dependencies
                var child: Child<Dependencies>?
                init(dependencies: Dependencies) {
                    self.dependencies = dependencies
                    let copy = dependencies
                    copy.logger.log("x")
                    guard let dependencies = Optional(dependencies) else { return }
                    child = Child(dependencies: dependencies)
                    _ = dependencies
                    print("\\(dependencies)")
                    if dependencies.tracker == nil, self.dependencies != nil {}
                    let reader: (Dependencies) -> Void = { [deps = dependencies] _ in deps.logger.log("y") }
                }
            }
            """)
        #expect(found == [])
    }

    @Test func eachWayOutIsReportedWhereItHappens() {
        let (found, m) = flows("""
            final class Screen<Dependencies: ScreenDependencies> {
                let dependencies: Dependencies
                func make() -> Dependencies { return 1️⃣dependencies }
                var childDependencies: ChildDependencies { 2️⃣dependencies }
                var list: [Any] { [3️⃣dependencies] }
                func cast() { let home = 4️⃣dependencies as? HomeDependencies }
                func keep(router: Router) { router.context = 5️⃣dependencies }
                func pick(flag: Bool, other: Dependencies) -> Void { let any = flag ? 6️⃣dependencies : 🔟other }
                func lookup(path: KeyPath<Dependencies, Logger>) { _ = 7️⃣dependencies[keyPath: path] }
                var pair: (Int, Dependencies) { (1, 8️⃣dependencies) }
                func later() -> () -> Dependencies { { 9️⃣self.dependencies } }
            }
            """)
        #expect(found == [
            "\(m["1️⃣"]) returned: returned by `make`",
            "\(m["2️⃣"]) returned: returned by `childDependencies` as `ChildDependencies`",
            "\(m["3️⃣"]) collected: put into an array",
            "\(m["4️⃣"]) cast: cast with `as? HomeDependencies`",
            "\(m["5️⃣"]) assigned: assigned to `router.context`",
            "\(m["6️⃣"]) combined: one branch of `? :`",
            "\(m["🔟"]) combined: one branch of `? :`",
            "\(m["7️⃣"]) keyPath: read through a key path held elsewhere",
            "\(m["8️⃣"]) collected: put into a tuple",
            "\(m["9️⃣"]) returned: returned by a closure",
        ])
    }

    /// `var dependencies: Dependencies { viewModel.dependencies }` is the type's own dependencies property:
    /// what it returns is what readers of the property get, which they are followed for.
    @Test func aGetterOfTheOwnDependenciesPropertyExposesTheValue() {
        let (found, _) = flows("""
            struct Screen<Dependencies: ScreenDependencies> {
                let viewModel: ViewModel<Dependencies>
                var dependencies: Dependencies { viewModel.dependencies }
            }
            """)
        #expect(found == [])
    }

    /// A value is one by its type, whatever its name: `context: HomeDependencies`, a closure's
    /// `(deps: Dependencies)`, and what is copied from them.
    @Test func valuesAreKnownByTheirTypes() {
        let (facts, m) = extract("""
            struct Home<Dependencies: HomeDependencies> {
                let context: Dependencies
                func show(with profile: ProfileDependencies) {
                    context.1️⃣logger.log("x")
                    profile.2️⃣profiles.load()
                    let load: (Dependencies) -> Void = { (deps: Dependencies) in deps.3️⃣tracker.track() }
                    let kept = profile
                    kept.4️⃣images.load()
                }
                var exposed: Any { 5️⃣context }
            }
            """)
        // A value typed by the enclosing type's own generic parameter needs no identity: the code around says it.
        #expect(facts.uses.map { "\($0.position) \($0.member) \($0.value.map { "\($0.genericOwner ?? "-") \($0.declaredType ?? "-")" } ?? "where it is")" } == [
            "\(m["1️⃣"]) logger where it is",
            "\(m["2️⃣"]) profiles - ProfileDependencies",
            "\(m["3️⃣"]) tracker where it is",
            "\(m["4️⃣"]) images - ProfileDependencies",
        ])
        #expect(facts.unfollowedFlows.map(\.position) == [m["5️⃣"]])
    }

    /// `dependencies.own.imageService` in a component whose alias is `(own: A & B, nested: C)`: the read of
    /// the element says what is read next.
    @Test func tupleAliasesAndTheElementsReadFromThem() {
        let (facts, m) = extract("""
            typealias FeedDependencies = (own: ImagesDependency & LoggingDependency, nested: ListDependencies)
            struct Feed {
                let dependencies: FeedDependencies
                func show() {
                    dependencies.1️⃣own.imageService.load()
                    _ = List(dependencies: dependencies.nested)
                }
            }
            """)
        #expect(facts.aliases.first?.members.map { "\($0.element ?? "-") \($0.name)" } == [
            "own ImagesDependency", "own LoggingDependency", "nested ListDependencies",
        ])
        #expect(facts.uses.first.map { "\($0.position) \($0.member) \($0.next ?? "-")" } == "\(m["1️⃣"]) own imageService")
        #expect(facts.forwards.map { "\($0.callee) \($0.projection ?? "-")" } == ["List nested"])
    }

    /// A generic parameter of an enclosing type types the values of nested types' methods too: the type that
    /// declares it is whose they are.
    @Test func theGenericOwnerIsTheTypeDeclaringTheParameter() {
        let (facts, _) = extract("""
            enum ListState<Dependencies: ListStateDependencies> {
                struct LoaderModel {
                    func load(dependencies: Dependencies) -> [Int] { dependencies.membersService.get() }
                }
            }
            """)
        #expect(facts.uses.map { $0.value?.genericOwner } == ["ListState"])
    }

    /// Properties and methods that extensions add are members every conforming value offers; those of a
    /// constrained extension are not offered by all of them.
    @Test func extensionMembersAreRecordedUnlessConstrained() {
        let (facts, _) = extract("""
            extension LoggingDependency {
                var log: Log { logger.log }
                func debug(_ text: String) { let local = 1 }
            }
            extension TrackingDependency where Self: LoggingDependency {
                var both: Int { 1 }
            }
            """)
        #expect(facts.types.map(\.extensionMemberHashes) == [["log", "debug"].map(MemberNameHash.of).sorted(), []])
    }

    /// A protocol's instance properties are recorded with their types as written and whether they are
    /// settable; static ones and methods are not properties a dependencies value is read for.
    @Test func propertyRequirementsKeepTheirTypeAndSettability() {
        let (facts, _) = extract("""
            protocol StoreContainer {
                var store: Store<[String : Int]> { get }
                var cursor: Int { get set }
                static var shared: Self { get }
                func reset()
            }
            """)
        #expect(facts.types.map(\.propertyRequirements) == [[
            PropertyRequirementFact(name: "store", type: "Store<[String:Int]>", isSettable: false),
            PropertyRequirementFact(name: "cursor", type: "Int", isSettable: true),
        ]])
    }
}
