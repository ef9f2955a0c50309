import CPDIRules
import Testing

/// Shapes a fresh held-out round (the sixteenth) met. Three were wrong findings: a stored optional read through a
/// binding of the same name, a builder's chained call taken for the surrounding type's method of the same name,
/// and a container handed where cpdi cannot follow judged as if nobody needed its leaves. One was a miss: a cell
/// dequeued by a helper that returns the type it is handed.
@Suite struct ReceiverAndBindingFixtureTests {
    /// `if let item = item, let dependencies = dependencies` binds a local from the stored property: a read.
    @Test func aStoredOptionalReadThroughABindingOfTheSameNameIsRead() {
        expectExactFindings(RuleExample(files: [
            "ForecastCell.swift": """
                protocol HasIconService { var iconService: IconService { get } }
                final class IconService { func load(_ name: String) {} }
                final class ForecastCell {
                    var dependencies: HasIconService?
                    var icon: String?
                    func fill() {
                        if let icon = icon,
                           let dependencies = dependencies {
                            dependencies.iconService.load(icon)
                        }
                    }
                }
                final class PlainCell {
                    var dependencies: HasIconService?
                    func fill() {
                        guard let dependencies = dependencies else { return }
                        dependencies.iconService.load("plain")
                    }
                }
                """,
        ]))
    }

    /// `SectionBuilder().set(title:).set(dependencies:)` calls `SectionBuilder.set`, not the surrounding
    /// builder's `set`: a receiver that is no plain name is unknown, so the dependencies may go to any `set`.
    @Test func aChainedBuilderCallIsNotTheSurroundingTypesMethod() {
        expectExactFindings(RuleExample(files: [
            "Builders.swift": """
                protocol ImageLoadingContainer { var imageLoader: ImageLoader { get } }
                final class ImageLoader {}
                final class SectionBuilder {
                    typealias Dependencies = ImageLoadingContainer
                    private var title = ""
                    private var dependencies: Dependencies!
                    func set(title: String) -> Self { self.title = title; return self }
                    func set(dependencies: Dependencies) -> Self { self.dependencies = dependencies; return self }
                    func build() -> String { _ = dependencies.imageLoader; return title }
                }
                final class StackBuilder {
                    typealias Dependencies = ImageLoadingContainer
                    private var dependencies: Dependencies!
                    func set(dependencies: Dependencies) -> Self { self.dependencies = dependencies; return self }
                    func build() -> String {
                        SectionBuilder()
                            .set(title: "More")
                            .set(dependencies: dependencies)
                            .build()
                    }
                }
                """,
        ]))
    }

    /// `environment.courses.querier(courseID:environment:)` on a receiver cpdi cannot type may run the manager's
    /// method or a test double's override of it. An override takes what the method takes, so the hand-off is a
    /// forward to the method, even where the double names the type by an alias of its own. Two unrelated types
    /// with a method of that name stay ambiguous: then nothing is said.
    @Test func anOverrideTakesWhatItsMethodTakes() {
        let sources = """
            protocol CoursesProvider { var courses: CourseManager { get } }
            protocol ConfigProvider { var config: Config { get } }
            final class Config { var flag = false }
            struct Querier {}
            class CourseManager {
                typealias Environment = ConfigProvider
                func querier(courseID: String, environment: Environment) -> Querier { _ = environment.config.flag; return Querier() }
            }
            final class CourseScreen {
                typealias Environment = CoursesProvider & 1️⃣ConfigProvider
                let environment: Environment
                init(environment: Environment) { self.environment = environment }
                func load() -> Querier { environment.courses.querier(courseID: "1", environment: environment) }
            }
            """
        let double = """
            final class MockCourseManager: CourseManager {
                typealias Environment = ConfigProvider
                var stub: Querier?
                override func querier(courseID: String, environment: Environment) -> Querier {
                    stub ?? super.querier(courseID: courseID, environment: environment)
                }
            }
            """
        expectExactFindings(RuleExample(files: ["Courses.swift": sources, "MockCourseManager.swift": double], findings: [
            "1️⃣": "[direct-child-dependency] `ConfigProvider` is in `CourseScreen.Environment` only for `CourseManager.querier`; forward `CourseManager.Environment` instead",
        ]))
        let unrelated = """
            final class ArchiveManager {
                typealias Environment = ConfigProvider
                func querier(courseID: String, environment: Environment) -> Querier { _ = environment.config.flag; return Querier() }
            }
            """
        expectExactFindings(RuleExample(files: [
            "Courses.swift": sources.replacingOccurrences(of: "1️⃣", with: ""), "ArchiveManager.swift": unrelated,
        ]))
    }

    /// `dependencies.router?.dependencies` is the router's dependencies, not the screen's: `router` is what
    /// `HasRouter` declares, a `Router`. Handing it to a call cpdi cannot resolve leaves the router unjudged,
    /// not the screen, and a read through it (`.config`) is no read of the screen's own `HasConfig`.
    @Test func aValueReachedThroughAMemberOfTheDependenciesIsThatMembers() {
        expectExactFindings(RuleExample(files: [
            "Comments.swift": """
                protocol HasRouter { var router: Router? { get } }
                protocol HasConfig { var config: Config { get } }
                final class Config { var flag = false }
                final class Router {
                    typealias Dependencies = HasConfig
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                enum API {
                    static func comments(dependencies: HasConfig?) -> Int { 0 }
                }
                final class CommentsScreen {
                    typealias Dependencies = HasRouter & 1️⃣HasConfig
                    let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() -> Int { API.comments(dependencies: self.dependencies.router?.dependencies) }
                    func isOn() -> Bool { dependencies.router?.dependencies.config.flag ?? false }
                }
                """,
        ], findings: [
            "1️⃣": "[unused-dependency] `HasConfig` in `CommentsScreen.Dependencies` is not used by `CommentsScreen` nor needed by a component it forwards to",
        ]))
    }

    /// The root holds the container and hands it to a flow cpdi cannot resolve (a subclass of a generic base
    /// class declared outside the sources, typed by a composition): the root is not judged, and no leaf of the
    /// container is called unneeded. (A base the sources declare is followed: `InheritedGenericFixtureTests`.)
    @Test func aContainerHandedWhereCpdiCannotFollowKeepsItsLeaves() {
        let example = RuleExample(files: [
            "Containers.swift": """
                protocol UserServiceContainer { var userService: UserService { get } }
                protocol FeedServiceContainer { var feedService: FeedService { get } }
                final class UserService {}
                final class FeedService { func load() {} }
                final class CompositionRoot: UserServiceContainer, FeedServiceContainer {
                    let userService = UserService()
                    let feedService = FeedService()
                    static func resolve() -> CompositionRoot { CompositionRoot() }
                }
                """,
            "Flows.swift": """
                import FlowKit
                final class AppFlow: FlowKit.BaseFlow<UserServiceContainer & FeedServiceContainer> {
                    func start() { FeedModel(dependencies: dependencies).load() }
                }
                final class FeedModel {
                    typealias Dependencies = FeedServiceContainer
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() { dependencies.feedService.load() }
                }
                final class Launcher {
                    private let dependencies: CompositionRoot = .resolve()
                    func launch() { AppFlow(dependencies: dependencies).start() }
                }
                """,
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["Launcher"]?.notJudged.isEmpty == false)
    }

    /// `let cell = view.dequeueReusableCell(for: path, cellType: SummaryCell.self)`, with the helper declared in the
    /// sources as returning the type it is handed: `cell.setup(with:dependencies:)` is `SummaryCell`'s, not any
    /// `setup` of that name. Without such a declaration the call stays open (`ShowCell.setup` too), and so silent.
    @Test(arguments: [true, false])
    func aCellDequeuedByAHelperReturningItsTypeArgumentIsThatType(helperDeclared: Bool) {
        let helper = helperDeclared
            ? "func dequeueReusableCell<T: Cell>(for row: Int, cellType: T.Type = T.self) -> T { T() }"
            : "func dequeueReusableCell(for row: Int, cellType: Cell.Type) -> Cell { cellType.init() }"
        expectExactFindings(RuleExample(files: [
            "Grid.swift": """
                class Cell { required init() {} }
                final class Grid {
                    \(helper)
                }
                """,
            "Cells.swift": """
                protocol HasMainQueue { var mainQueue: Queue { get } }
                protocol HasStorage { var storage: Storage { get } }
                final class SummaryCell: Cell {
                    typealias Dependencies = HasMainQueue
                    func setup(with title: String, dependencies: Dependencies) { _ = dependencies.mainQueue }
                }
                final class ShowCell: Cell {
                    typealias Dependencies = HasMainQueue & HasStorage
                    func setup(with title: String, dependencies: Dependencies) { _ = dependencies.mainQueue; _ = dependencies.storage }
                }
                final class EpisodeScreen {
                    typealias Dependencies = 1️⃣HasMainQueue & 2️⃣HasStorage
                    private let dependencies: Dependencies
                    private let grid = Grid()
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func cell(at row: Int) -> Cell {
                        let cell = grid.dequeueReusableCell(for: row, cellType: SummaryCell.self)
                        cell.setup(with: "Episode", dependencies: dependencies)
                        return cell
                    }
                }
                """,
        ], findings: helperDeclared ? [
            "1️⃣": "[direct-child-dependency] `HasMainQueue` is in `EpisodeScreen.Dependencies` only for `SummaryCell.setup`; forward `SummaryCell.Dependencies` instead",
            "2️⃣": "[unused-dependency] `HasStorage` in `EpisodeScreen.Dependencies` is not used by `EpisodeScreen` nor needed by a component it forwards to",
        ] : [:]))
    }

    /// `.init(dependencies:)` returned from a function, a getter or given a typed binding builds the declared type:
    /// a builder holding a leaf only for the model it builds is told to forward the model's alias. Returned from a
    /// closure, whose result type is not written there, the call stays open and the builder unjudged.
    @Test func anImplicitInitializerBuildsTheTypeItIsDeclaredAs() {
        let example = RuleExample(files: [
            "Models.swift": """
                protocol HasImageLoader { var imageLoader: ImageLoader { get } }
                protocol HasLogger { var logger: Logger { get } }
                final class ImageLoader {}
                final class Logger { func log(_ line: String) {} }
                final class ShelfModel {
                    typealias Dependencies = HasImageLoader
                    let dependencies: Dependencies
                    init(title: String, dependencies: Dependencies) { self.dependencies = dependencies }
                    func load() -> ImageLoader { dependencies.imageLoader }
                }
                """,
            "Builders.swift": """
                final class ShelfBuilder {
                    typealias Dependencies = HasLogger & 1️⃣HasImageLoader
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func build() -> ShelfModel {
                        dependencies.logger.log("build")
                        return .init(title: "Shelf", dependencies: dependencies)
                    }
                }
                final class InlineShelfBuilder {
                    typealias Dependencies = HasLogger & 2️⃣HasImageLoader
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies; dependencies.logger.log("inline") }
                    var shelf: ShelfModel { .init(title: "Inline", dependencies: dependencies) }
                }
                final class BoundShelfBuilder {
                    typealias Dependencies = HasLogger & 3️⃣HasImageLoader
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies }
                    func build() {
                        dependencies.logger.log("bound")
                        let shelf: ShelfModel = .init(title: "Bound", dependencies: dependencies)
                        _ = shelf
                    }
                }
                final class LazyShelfBuilder {
                    typealias Dependencies = HasLogger & HasImageLoader
                    private let dependencies: Dependencies
                    init(dependencies: Dependencies) { self.dependencies = dependencies; dependencies.logger.log("lazy") }
                    func build() -> () -> ShelfModel {
                        { .init(title: "Lazy", dependencies: self.dependencies) }
                    }
                }
                """,
        ], findings: [
            "1️⃣": "[direct-child-dependency] `HasImageLoader` is in `ShelfBuilder.Dependencies` only for `ShelfModel`; forward `ShelfModel.Dependencies` instead",
            "2️⃣": "[direct-child-dependency] `HasImageLoader` is in `InlineShelfBuilder.Dependencies` only for `ShelfModel`; forward `ShelfModel.Dependencies` instead",
            "3️⃣": "[direct-child-dependency] `HasImageLoader` is in `BoundShelfBuilder.Dependencies` only for `ShelfModel`; forward `ShelfModel.Dependencies` instead",
        ])
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["LazyShelfBuilder"]?.isJudged == false)
    }
}
