import Foundation

/// Large values a command-line run never frees: at 100,000 components, releasing the facts, the model and
/// the read files one by one took most of a second after the answer was ready, and the process's exit
/// returns all of it at once (clang's `-disable-free`, for the same reason). Only the `cpdi` command asks
/// for it (`Pipeline.holdsWorkUntilExit`, and `cpdi diff` for its two results); a library caller's runs free
/// their memory as usual.
public enum HeldUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var values: [Any] = []

    public static func hold(_ value: Any) {
        lock.withLock { values.append(value) }
    }
}
