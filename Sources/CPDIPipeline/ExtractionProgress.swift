import Foundation

/// How far the extraction step is: reported after each file, from whichever thread finished it.
public struct ExtractionProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    /// Of `done`, how many came from the facts cache instead of being parsed.
    public var reused: Int

    public init(done: Int, total: Int, reused: Int) {
        self.done = done
        self.total = total
        self.reused = reused
    }
}

/// Called once per file; must be cheap and thread-safe (rendering throttles itself).
public typealias ProgressHandler = @Sendable (ExtractionProgress) -> Void

/// Counts finished files across the extraction threads.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: ExtractionProgress
    private let handler: ProgressHandler

    init(total: Int, handler: @escaping ProgressHandler) {
        self.progress = ExtractionProgress(done: 0, total: total, reused: 0)
        self.handler = handler
    }

    func fileDone(reused: Bool) {
        let snapshot = lock.withLock {
            progress.done += 1
            if reused { progress.reused += 1 }
            return progress
        }
        handler(snapshot)
    }
}
