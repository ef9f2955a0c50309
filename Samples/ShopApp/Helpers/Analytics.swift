import Foundation

typealias Analytics_trackDependencies = TrackingDependency // used here
    & LoggingDependency // used here

/// Analytics calls that do more than a plain `tracker.track(_:)`.
enum Analytics {
    /// Tracks the event and mirrors it into the debug log.
    static func track<D: Analytics_trackDependencies>(dependencies: D, _ event: AnalyticsEvent) {
        dependencies.logger.log(.debug, "analytics: \(event)")
        dependencies.tracker.track(event)
    }

    /// Reports how long a screen stayed visible.
    static func reportScreenTime<D: LoggingDependency & TrackingDependency>(dependencies: D, screen: String, since start: Date) {
        let seconds = Int(Date().timeIntervalSince(start).rounded())
        guard seconds > 0 else { return }
        dependencies.tracker.track(.screenTime(screen: screen, seconds: seconds))
        dependencies.logger.log(.debug, "\(screen) was visible for \(seconds)s")
    }
}
