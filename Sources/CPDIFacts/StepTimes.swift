import Dispatch
import Foundation

/// The wall-clock time of each step of a run, on standard error when `CPDI_TIMINGS` is set: for finding
/// where a large app's time goes without a profiler. Never part of any output otherwise.
public enum StepTimes {
    public static let enabled = ProcessInfo.processInfo.environment["CPDI_TIMINGS"] != nil

    public static func measure<T, E: Error>(_ step: String, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            FileHandle.standardError.write(Data("cpdi timing: \(step) \(String(format: "%.1f", milliseconds)) ms, \(residentMegabytes()) MB resident\n".utf8))
        }
        return try body()
    }

    /// The process's resident memory now (Linux: the second field of /proc/self/statm, in pages).
    private static func residentMegabytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
