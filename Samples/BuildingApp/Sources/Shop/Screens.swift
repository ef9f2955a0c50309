import Services

// A superclass that stores the dependencies, and a subclass that reads them.
typealias BaseScreenDependencies = LoggingDependency

class BaseScreen<Dependencies: BaseScreenDependencies> {
    let dependencies: Dependencies
    init(dependencies: Dependencies) { self.dependencies = dependencies }
    func log(_ message: String) { dependencies.logger.log(message) }
}

typealias CheckoutScreenDependencies = BaseScreenDependencies
    & PriceTagDependencies
    & Analytics.ScreenViewDependencies

final class CheckoutScreen<Dependencies: CheckoutScreenDependencies>: BaseScreen<Dependencies> {
    override init(dependencies: Dependencies) {
        super.init(dependencies: dependencies)
        Analytics.screenView(dependencies: dependencies, "checkout")
    }

    func total() -> String { PriceTag(dependencies: dependencies).text(1_999) }
}

// A nested state type generic over the component's dependencies.
typealias ListStateDependencies = LoggingDependency

final class ListState<Dependencies: ListStateDependencies> {
    func load(dependencies: Dependencies) { dependencies.logger.log("orders") }
}

typealias OrdersDependencies = ListStateDependencies & HasClock

struct Orders<Dependencies: OrdersDependencies> {
    let dependencies: Dependencies
    let state = ListState<Dependencies>()
    func show() -> Int {
        state.load(dependencies: dependencies)
        return dependencies.now
    }
}

// A protocol refinement that constrains the dependencies in a `where` clause; its extension reads them.
protocol Screen {
    associatedtype Dependencies
    var dependencies: Dependencies { get }
}

protocol TrackedScreen: Screen where Dependencies: LoggingDependency & TrackingDependency {}

extension TrackedScreen {
    func appear(_ name: String) {
        dependencies.logger.log(name)
        dependencies.tracker.track(name)
    }
}

typealias ProfileDependencies = LoggingDependency & TrackingDependency & HasClock

struct Profile<Dependencies: ProfileDependencies>: TrackedScreen {
    let dependencies: Dependencies
    func show() -> Int {
        appear("profile")
        return dependencies.now
    }
}
