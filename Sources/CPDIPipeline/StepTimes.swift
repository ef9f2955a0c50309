import Dispatch
import Foundation

/// The wall-clock time of each step of a run, on standard error when `CPDI_TIMINGS` is set: for finding
/// where a large app's time goes without a profiler. Never part of any output otherwise.
enum StepTimes {
    static let enabled = ProcessInfo.processInfo.environment["CPDI_TIMINGS"] != nil

    static func measure<T, E: Error>(_ step: String, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            FileHandle.standardError.write(Data("cpdi timing: \(step) \(String(format: "%.1f", milliseconds)) ms\n".utf8))
        }
        return try body()
    }
}
