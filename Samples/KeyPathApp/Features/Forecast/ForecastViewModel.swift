import Foundation

@MainActor
final class ForecastViewModel: ObservableObject {
    @Dependency(\.weatherService) private var weatherService
    @Dependency(\.locationService) private var locationService
    @Dependency(\.preferences) private var preferences

    @Published private(set) var days: [DailyForecast] = []
    @Published private(set) var errorMessage: String?

    func load() async {
        guard let coordinate = locationService.lastKnownCoordinate else {
            locationService.requestAuthorization()
            return
        }
        do {
            days = try await weatherService.forecast(latitude: coordinate.latitude, longitude: coordinate.longitude)
        } catch {
            errorMessage = error.localizedDescription
        }
    }

    func temperature(_ celsius: Double) -> String {
        preferences.usesCelsius ? "\(Int(celsius))°C" : "\(Int(celsius * 9 / 5 + 32))°F"
    }
}
