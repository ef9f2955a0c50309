import Foundation

/// Extraction progress as one terminal line that redraws itself: files done / total, rate, and how
/// many came from the cache. Writing goes through `write`, so the rendering is tested without a terminal.
public final class ProgressLine: @unchecked Sendable {
    /// Runs shorter than this never show a line, so a quick (warm) run does not flicker.
    public static let delay = 0.25
    /// At most this many redraws per second, whatever the number of files.
    public static let interval = 0.1

    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Double
    private let started: Double
    private var lastDrawn: Double?
    private let lock = NSLock()

    public init(write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Double = ProgressLine.monotonicSeconds) {
        self.write = write
        self.now = now
        self.started = now()
    }

    /// The line for a terminal's stderr, or nil when nobody should see one: `--quiet`, or stderr is not
    /// a terminal (a log file or CI), where redrawn lines would only be noise.
    public static func forTerminal(quiet: Bool, isTerminal: Bool, write: @escaping @Sendable (String) -> Void) -> ProgressLine? {
        quiet || !isTerminal ? nil : ProgressLine(write: write)
    }

    public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }

    public var handler: ProgressHandler { { [self] progress in update(progress) } }

    public func update(_ progress: ExtractionProgress) {
        let time = now()
        let text: String? = lock.withLock {
            let elapsed = time - started
            guard elapsed >= Self.delay else { return nil }
            if let lastDrawn, time - lastDrawn < Self.interval, progress.done < progress.total { return nil }
            lastDrawn = time
            return "\r" + Self.text(progress, seconds: elapsed) + "\u{1B}[K"
        }
        if let text { write(text) }
    }

    /// Clears the line, if one was drawn, before the run prints its summary.
    public func finish() {
        let drawn = lock.withLock { lastDrawn != nil }
        if drawn { write("\r\u{1B}[K") }
    }

    static func text(_ progress: ExtractionProgress, seconds: Double) -> String {
        let percent = progress.total == 0 ? 100 : progress.done * 100 / progress.total
        let rate = seconds > 0 ? Int((Double(progress.done) / seconds).rounded()) : 0
        let cached = progress.reused > 0 ? ", \(progress.reused) from cache" : ""
        return "cpdi: \(progress.done)/\(progress.total) files (\(percent)%), \(rate) files/s\(cached)"
    }
}
