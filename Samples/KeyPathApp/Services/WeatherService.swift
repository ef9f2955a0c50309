import Foundation

protocol WeatherServicing {
    func forecast(latitude: Double, longitude: Double) async throws -> [DailyForecast]
}

struct DailyForecast: Decodable, Equatable {
    let date: Date
    let high: Double
    let low: Double
}

struct OpenMeteoWeatherService: WeatherServicing {
    let session: URLSession

    func forecast(latitude: Double, longitude: Double) async throws -> [DailyForecast] {
        let url = URL(string: "https://api.open-meteo.com/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&daily=temperature_2m_max,temperature_2m_min")!
        let (data, _) = try await session.data(from: url)
        return try JSONDecoder().decode([DailyForecast].self, from: data)
    }
}

/// Has a working value from the start: nothing needs to register it.
struct WeatherServiceKey: DependencyKey {
    static var currentValue: WeatherServicing = OpenMeteoWeatherService(session: .shared)
}

extension DependencyContainer {
    var weatherService: WeatherServicing {
        get { Self[WeatherServiceKey.self] }
        set { Self[WeatherServiceKey.self] = newValue }
    }
}
