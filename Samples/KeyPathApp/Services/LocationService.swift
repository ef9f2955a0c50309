import CoreLocation

protocol LocationProviding {
    var lastKnownCoordinate: CLLocationCoordinate2D? { get }
    func requestAuthorization()
}

final class CoreLocationService: NSObject, LocationProviding {
    private let manager = CLLocationManager()

    var lastKnownCoordinate: CLLocationCoordinate2D? { manager.location?.coordinate }

    func requestAuthorization() {
        manager.requestWhenInUseAuthorization()
    }
}

/// Needs the app to be launched (permissions, delegate): set in `AppDelegate.setUpDependencies()`.
struct LocationServiceKey: LazyDependencyKey {
    static var currentValue: LocationProviding?
}

extension DependencyContainer {
    var locationService: LocationProviding {
        get { Self[LocationServiceKey.self] }
        set { Self[LocationServiceKey.self] = newValue }
    }
}
