import CPDIFacts
import CPDIRules
import Testing

/// Shapes behind unused or directly added dependencies cpdi used to miss: reads that several leaves of
/// an alias could serve, leaves that offer nothing to read, aliases several related components share,
/// reads through a property wrapper's projection. Each is judged where the code proves the verdict and
/// silent where it does not.
@Suite struct RecallShapeFixtureTests {
    /// Two leaves require the same property; the component needs one of them anyway for a member only it
    /// declares, so the other is there for nothing.
    @Test func aSharedPropertyComesWithTheLeafNeededAnyway() {
        expectExactFindings(RuleExample("""
            protocol GardenContainer {
                var weather: WeatherService { get }
                var seeds: SeedCatalogue { get }
            }
            protocol GreenhouseContainer {
                var weather: WeatherService { get }
            }
            final class GardenPlanner<Dependencies: GardenPlannerDependencies> {
                typealias GardenPlannerDependencies = GardenContainer & 1️⃣GreenhouseContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func plan() { dependencies.weather.forecast(); dependencies.seeds.list() }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `GreenhouseContainer` in `GardenPlanner.GardenPlannerDependencies` is not used by `GardenPlanner` nor needed by a component it forwards to (`weather`, which it also declares, comes with `GardenContainer`)",
            ]))
    }

    /// The same shape where nothing proves which leaf the read needs: requirements written differently,
    /// a settable one beside a read-only one, or no leaf needed for anything else.
    @Test(arguments: [
        ("var weather: WeatherService { get }", "var weather: LocalWeather { get }", "dependencies.seeds.list()"),
        ("var weather: WeatherService { get }", "var weather: WeatherService { get set }", "dependencies.seeds.list()"),
        ("var weather: WeatherService { get }", "var weather: WeatherService { get }", "print(1)"),
    ])
    func aSharedPropertyNothingDecidesKeepsBothLeaves(garden: String, greenhouse: String, more: String) {
        expectExactFindings(RuleExample("""
            protocol GardenContainer {
                \(garden)
                var seeds: SeedCatalogue { get }
            }
            protocol GreenhouseContainer {
                \(greenhouse)
            }
            final class GardenPlanner<Dependencies: GardenPlannerDependencies> {
                typealias GardenPlannerDependencies = GardenContainer & GreenhouseContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func plan() { dependencies.weather.forecast(); \(more) }
            }
            """))
    }

    /// A read both the component's own leaf and a child's leaf could serve: the own leaf serves it, the
    /// child's leaf is there only for the child. When the child needs both, nothing is said about either.
    @Test func aSharedPropertyIsServedByTheLeafNoChildNeeds() {
        expectExactFindings(RuleExample("""
            protocol HarvestContainer { var baskets: BasketStore { get } }
            protocol MarketContainer {
                var baskets: BasketStore { get }
                var prices: PriceList { get }
            }
            final class Harvest<Dependencies: HarvestDependencies> {
                typealias HarvestDependencies = HarvestContainer & 1️⃣MarketContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func gather() {
                    dependencies.baskets.fill()
                    _ = Market(dependencies: dependencies)
                }
            }
            final class Market<Dependencies: MarketDependencies> {
                typealias MarketDependencies = MarketContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func open() { dependencies.prices.show(); dependencies.baskets.count() }
            }
            """, findings: [
                "1️⃣": "[direct-child-dependency] `MarketContainer` is in `Harvest.HarvestDependencies` only for `Market`; forward `Market.MarketDependencies` instead (`baskets`, which it also declares, comes with `HarvestContainer`)",
            ]))
        expectExactFindings(RuleExample("""
            protocol HarvestContainer {
                var baskets: BasketStore { get }
                var season: Season { get }
            }
            protocol MarketContainer {
                var baskets: BasketStore { get }
                var prices: PriceList { get }
            }
            final class Harvest<Dependencies: HarvestDependencies> {
                typealias HarvestDependencies = HarvestContainer & MarketContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func gather() {
                    dependencies.baskets.fill()
                    _ = Market(dependencies: dependencies)
                }
            }
            final class Market<Dependencies: MarketDependencies> {
                typealias MarketDependencies = HarvestContainer & MarketContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func open() { dependencies.prices.show(); dependencies.baskets.count(); dependencies.season.name() }
            }
            """))
    }

    /// A protocol that requires nothing, inherits nothing and is extended nowhere offers nothing to read:
    /// only a child asking for the conformance needs it.
    @Test func aLeafThatOffersNothingIsNeededOnlyWhereAChildAsksForIt() {
        expectExactFindings(RuleExample("""
            protocol CameraContainer {}
            protocol GalleryContainer { var photos: PhotoStore { get } }
            final class Album<Dependencies: AlbumDependencies> {
                typealias AlbumDependencies = GalleryContainer & 1️⃣CameraContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.photos.load(); _ = Camera(dependencies: dependencies) }
            }
            final class Camera<Dependencies: CameraDependencies> {
                typealias CameraDependencies = GalleryContainer & 2️⃣CameraContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func shoot() { dependencies.photos.add() }
            }
            """, findings: [
                "1️⃣": "[direct-child-dependency] `CameraContainer` is in `Album.AlbumDependencies` only for `Camera`; forward `Camera.CameraDependencies` instead",
                "2️⃣": "[unused-dependency] `CameraContainer` in `Camera.CameraDependencies` is not used by `Camera` nor needed by a component it forwards to",
            ]))
    }

    /// An alias of nothing but empty protocols says on purpose that the component needs nothing.
    @Test func anAliasOfEmptyProtocolsOnlyIsLeftAlone() {
        expectExactFindings(RuleExample("""
            protocol HasNothing {}
            final class Clock<Dependencies: ClockDependencies> {
                typealias ClockDependencies = HasNothing
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func tick() { _ = Hand(dependencies: dependencies) }
            }
            struct Hand<Dependencies: HandDependencies> {
                typealias HandDependencies = HasNothing
                let dependencies: Dependencies
                func move() { dependencies.tick() }
            }
            """))
    }

    /// The same protocol once it inherits something (`AnyObject` lets `weak` hold the value) or is extended:
    /// what it brings cannot be told from its requirements, so it stays.
    @Test(arguments: ["protocol CameraContainer: AnyObject {}", "protocol CameraContainer {}\nextension CameraContainer where Self: Sendable { var flash: Bool { true } }"])
    func aLeafThatMayOfferSomethingStays(declaration: String) {
        expectExactFindings(RuleExample("""
            \(declaration)
            protocol GalleryContainer { var photos: PhotoStore { get } }
            final class Camera<Dependencies: CameraDependencies> {
                typealias CameraDependencies = GalleryContainer & CameraContainer
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func shoot() { dependencies.photos.add() }
            }
            """))
    }

    /// An alias a view and the view model it builds share belongs to the view: what only a child of either
    /// needs is advised to come with the child's alias. Two sharers that hand nothing to each other get no
    /// such advice. (The alias is named after neither, which alias-naming says.)
    @Test func anAliasSharedAlongAForwardBelongsToTheForwardingOwner() {
        let naming = "[alias-naming] `KitchenDependencies` constrains `KitchenModel` and `KitchenView` but is named after none of them; name it after the component it belongs to (`KitchenModelDependencies`)"
        expectExactFindings(RuleExample("""
            protocol HasRecipes { var recipes: RecipeBook { get } }
            protocol HasPantry { var pantry: Pantry { get } }
            typealias 2️⃣KitchenDependencies = HasRecipes & 1️⃣HasPantry
            struct KitchenView<Dependencies: KitchenDependencies> {
                let model: KitchenModel<Dependencies>
                init(dependencies: Dependencies) { model = KitchenModel(dependencies: dependencies) }
                var shelf: ShelfView<Dependencies> { ShelfView(dependencies: model.dependencies) }
            }
            final class KitchenModel<Dependencies: KitchenDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func cook() { dependencies.recipes.pick() }
            }
            typealias ShelfViewDependencies = HasPantry
            struct ShelfView<Dependencies: ShelfViewDependencies> {
                let dependencies: Dependencies
                func stock() { dependencies.pantry.fill() }
            }
            """, findings: [
                "1️⃣": "[direct-child-dependency] `HasPantry` is in `KitchenDependencies` only for `ShelfView`; forward `ShelfViewDependencies` instead",
                "2️⃣": naming,
            ]))
        expectExactFindings(RuleExample("""
            protocol HasRecipes { var recipes: RecipeBook { get } }
            protocol HasPantry { var pantry: Pantry { get } }
            typealias 1️⃣KitchenDependencies = HasRecipes & HasPantry
            struct KitchenView<Dependencies: KitchenDependencies> {
                let dependencies: Dependencies
                var shelf: ShelfView<Dependencies> { ShelfView(dependencies: dependencies) }
            }
            final class KitchenModel<Dependencies: KitchenDependencies> {
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func cook() { dependencies.recipes.pick() }
            }
            typealias ShelfViewDependencies = HasPantry
            struct ShelfView<Dependencies: ShelfViewDependencies> {
                let dependencies: Dependencies
                func stock() { dependencies.pantry.fill() }
            }
            """, findings: ["1️⃣": naming]))
    }

    /// `$model.dependencies.pantry` (SwiftUI's `@Bindable` projection) reads the wrapped model's
    /// dependencies: a read for that model's alias, not for every component that stores dependencies.
    @Test func aReadThroughAPropertyWrappersProjectionIsTheWrappedValues() {
        expectExactFindings(RuleExample("""
            protocol HasRecipes { var recipes: RecipeBook { get } }
            protocol HasPantry { var pantry: Pantry { get } }
            final class PantryModel<Dependencies: PantryModelDependencies> {
                typealias PantryModelDependencies = 1️⃣HasRecipes & HasPantry
                var dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
            }
            struct PantryView<Dependencies: PantryViewDependencies> {
                typealias PantryViewDependencies = PantryModel<Dependencies>.PantryModelDependencies
                @Bindable var model: PantryModel<Dependencies>
                var body: some View { Toggle(isOn: $model.dependencies.pantry.isStocked) }
            }
            final class RecipeModel<Dependencies: RecipeModelDependencies> {
                typealias RecipeModelDependencies = HasRecipes & 2️⃣HasPantry
                var dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func cook() { dependencies.recipes.pick() }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `HasRecipes` in `PantryModel.PantryModelDependencies` is not used by `PantryModel` nor needed by a component it forwards to",
                "2️⃣": "[unused-dependency] `HasPantry` in `RecipeModel.RecipeModelDependencies` is not used by `RecipeModel` nor needed by a component it forwards to",
            ]))
    }

    /// A base class asks every screen to wire itself: `wired.wireDependencies()` calls the holder's method,
    /// named like a dependencies value but declared as a function, so the screens stay judged.
    @Test(arguments: [false, true])
    func aHoldersMethodNamedLikeAValueIsACall(aPropertyHasThatName: Bool) {
        let source = """
            protocol HasWeather { var weather: WeatherService { get } }
            protocol HasAtlas { var atlas: AtlasService { get } }
            protocol Wiring: AnyObject { func wireDependencies() }
            protocol 2️⃣Wired: Wiring {
                associatedtype Dependencies
                var dependencies: Dependencies! { get set }
            }
            extension Wired {
                func wireDependencies() { dependencies = SharedContainer.shared as? Dependencies }
            }
            class Screen {
                init() {
                    if let wired = self as? Wiring { wired.wireDependencies() }
                }
            }
            final class ForecastScreen: Screen, Wired {
                typealias Dependencies = HasWeather & 1️⃣HasAtlas
                var dependencies: Dependencies!
                func show() { dependencies.weather.today() }
            }
            """
        // Where some type stores a closure of that name, the call may hand a value out: not judged.
        let plug = aPropertyHasThatName ? "\nfinal class Plug { var wireDependencies: () -> Void = {} }" : ""
        let marked = aPropertyHasThatName ? source.replacingOccurrences(of: "1️⃣", with: "") : source
        var findings = [
            "2️⃣": "[associatedtype-dependencies] `Wired` declares `associatedtype Dependencies`; give its behaviour to a type built with the dependencies, or make every conformer forward what `Dependencies` must satisfy",
        ]
        if !aPropertyHasThatName {
            findings["1️⃣"] = "[unused-dependency] `HasAtlas` in `ForecastScreen.Dependencies` is not used by `ForecastScreen` nor needed by a component it forwards to"
        }
        let example = RuleExample(marked + plug, findings: findings)
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["ForecastScreen"]?.notJudged.map(\.detail) == (aPropertyHasThatName ? ["called as a function"] : []))
    }

    /// A leaf that refines another listed leaf brings the inherited property too, but so does the other
    /// leaf: a read of it needs the refined leaf only, and the refining one is judged by what it adds.
    @Test(arguments: [
        ("dependencies.shows.reload()", "2️⃣", "[unused-dependency] `ShowListDependency` in `AddShowScreen.Dependencies` is not used by `AddShowScreen` nor needed by a component it forwards to"),
        ("dependencies.listBuilder.build()", "1️⃣", "[unused-dependency] `ShowDependency` in `AddShowScreen.Dependencies` is not used by `AddShowScreen` nor needed by a component it forwards to"),
        ("dependencies.shows.reload(); dependencies.listBuilder.build()", nil, ""),
    ] as [(String, String?, String)])
    func aRefiningLeafIsJudgedByWhatItAdds(reads: String, marker: String?, finding: String) {
        let source = """
            protocol ShowDependency { var shows: ShowStore { get } }
            protocol ShowListDependency: ShowDependency { var listBuilder: ListBuilder { get } }
            final class AddShowScreen {
                typealias Dependencies = 1️⃣ShowDependency & 2️⃣ShowListDependency
                let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { \(reads) }
            }
            """
        let marked = ["1️⃣", "2️⃣"].filter { $0 != marker }.reduce(source) { $0.replacingOccurrences(of: $1, with: "") }
        expectExactFindings(RuleExample(marked, findings: marker.map { [$0: finding] } ?? [:]))
    }

    /// `Bar(dependencies:)` with `Bar` a generic parameter constrained to a protocol builds one of the protocol's
    /// conformers: with one, it is the child; with several, each may be. The conformers themselves are not
    /// judged, as the protocol's initializer fixes what they take.
    @Test(arguments: [false, true])
    func aGenericParametersInitializerBuildsAConformer(withMock: Bool) {
        let mock = withMock ? """

            final class BarModelMock: BarModeling {
                typealias Dependencies = HasLogger & HasStore
                required init(dependencies: Dependencies) {}
            }
            """ : ""
        var findings = [
            "1️⃣": "[unused-dependency] `HasClock` in `ScreenModel.Dependencies` is not used by `ScreenModel` nor needed by a component it forwards to",
        ]
        if !withMock { findings["2️⃣"] = "[direct-child-dependency] `HasStore` is in `ScreenModel.Dependencies` only for `BarModel`; forward `BarModel.Dependencies` instead" }
        let source = """
            protocol HasLogger { var logger: Logger { get } }
            protocol HasClock { var clock: Clock { get } }
            protocol HasStore { var store: Store { get } }
            protocol BarModeling: AnyObject { init(dependencies: HasLogger & HasStore) }
            final class BarModel: BarModeling {
                typealias Dependencies = HasLogger & HasStore
                private let dependencies: Dependencies
                required init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log() }
            }
            final class ScreenModel<Bar: BarModeling> {
                typealias Dependencies = 1️⃣HasClock & HasLogger & 2️⃣HasStore
                let bar: Bar
                init(dependencies: Dependencies) {
                    dependencies.logger.log()
                    bar = Bar(dependencies: dependencies)
                }
            }
            """
        let example = RuleExample((withMock ? source.replacingOccurrences(of: "2️⃣", with: "") : source) + mock, findings: findings)
        expectExactFindings(example)
        #expect(example.linkedModel().scopes["BarModel"]?.notJudged.map(\.detail) == [
            "its initializer is the one `BarModeling` requires, which fixes the dependencies it takes",
        ])
    }

    /// An initializer requirement that takes an alias the protocol declares leaves the conformers judged: the
    /// alias is theirs, and trimming it trims the requirement with it.
    @Test func aProtocolsOwnAliasInItsInitializerStaysJudged() {
        expectExactFindings(RuleExample("""
            protocol HasLogger { var logger: Logger { get } }
            protocol HasStore { var store: Store { get } }
            protocol Screen {
                typealias Dependencies = HasLogger & 1️⃣HasStore
                init(dependencies: Dependencies)
            }
            final class HomeScreen: Screen {
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func show() { dependencies.logger.log() }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `HasStore` in `Screen.Dependencies` is not used by `HomeScreen` nor needed by a component it forwards to",
            ]))
    }

    /// `.detached(dependencies)` received by a written `Attachable<HomeViewModel>`, whose case takes
    /// `VM.Dependency`: the dependencies go to `HomeViewModel`, so a leaf only it reads is there for a child.
    @Test func aGenericEnumCaseHandsTheValueToItsTypeArgument() {
        expectExactFindings(RuleExample("""
            protocol HasDataManager { var dataManager: DataManager { get } }
            protocol HasClock { var clock: Clock { get } }
            protocol AttachableViewModel {
                associatedtype Dependency
                init(dependency: Dependency)
            }
            enum Attachable<VM: AttachableViewModel> {
                case detached(VM.Dependency)
                case attached(VM.Dependency, VM)
            }
            final class HomeViewModel: AttachableViewModel {
                typealias Dependency = HasDataManager
                private let dataManager: DataManager
                init(dependency: Dependency) { dataManager = dependency.dataManager }
                func refresh() { dataManager.reload() }
            }
            final class HomeCoordinator {
                typealias Dependencies = HasClock & 1️⃣HasDataManager
                private let dependencies: Dependencies
                init(dependencies: Dependencies) { self.dependencies = dependencies }
                func start() {
                    dependencies.clock.tick()
                    let model: Attachable<HomeViewModel> = .detached(dependencies)
                    show(model)
                }
            }
            """, findings: [
                "1️⃣": "[direct-child-dependency] `HasDataManager` is in `HomeCoordinator.Dependencies` only for `HomeViewModel`; forward `HomeViewModel.Dependency` instead",
            ]))
    }

    /// An alias named in the app's own words whose composition is written in parentheses, over several lines,
    /// is a dependencies alias all the same: the private value typed by it is followed.
    @Test func aParenthesizedCompositionInTheAppsOwnWordsIsFollowed() {
        expectExactFindings(RuleExample("""
            public protocol HasLoggerService { var logger: Logger { get } }
            public protocol HasUnitService { var unitService: UnitService { get } }
            public final class DrinkService {
                public typealias Engine = (
                    HasLoggerService &
                    1️⃣HasUnitService
                )
                private let engine: Engine
                public init(engine: Engine) { self.engine = engine }
                func add() { engine.logger.log("added") }
            }
            """, findings: [
                "1️⃣": "[unused-dependency] `HasUnitService` in `DrinkService.Engine` is not used by `DrinkService` nor needed by a component it forwards to",
            ]))
    }
}
