import Dispatch
import Foundation

/// Independent pieces of work spread over all cores, with results in a stable order. Every step of
/// the pipeline that fans out (files, rules, graph and rules side by side) goes through here.
public enum Parallel {
    /// `body(0) … body(count - 1)`, run concurrently; each result lands in its own slot, so the array is
    /// in index order whatever order the threads finish in.
    public static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        map(count, indexAt: { $0 }, body)
    }

    /// `map`, started in `order` (a permutation of the indices): work whose outcome steers the rest goes
    /// first. Results are still in index order.
    public static func map<Result>(_ count: Int, order: [Int], _ body: (Int) -> Result) -> [Result] {
        precondition(order.count == count)
        return map(count, indexAt: { order[$0] }, body)
    }

    /// `map` for many small pieces: run in chunks of `chunk` indices, so each costs one slot, not a thread hand-off.
    public static func map<Result>(_ count: Int, chunk: Int, _ body: (Int) -> Result) -> [Result] {
        let chunks = map(ranges: count, chunk: chunk) { $0.map(body) }
        var results: [Result] = []
        results.reserveCapacity(count)
        for part in chunks { results += part }
        return results
    }

    /// `0..<count` cut into ranges of `chunk` indices (the last may be shorter), each given to `body` on all
    /// cores; the results in range order.
    public static func map<Result>(ranges count: Int, chunk: Int, _ body: (Range<Int>) -> Result) -> [Result] {
        precondition(chunk >= 1)
        return map((count + chunk - 1) / chunk) { index in body(index * chunk..<min(count, (index + 1) * chunk)) }
    }

    /// The work of both: the `position`-th piece started is `body(indexAt(position))`.
    private static func map<Result>(_ count: Int, indexAt: (Int) -> Int, _ body: (Int) -> Result) -> [Result] {
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let slots = results
        withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(indexAt) { indexAt in
                nonisolated(unsafe) let body = body, indexAt = indexAt
                DispatchQueue.concurrentPerform(iterations: count) { position in
                    let index = indexAt(position)
                    slots[index] = body(index)
                }
            }
        }
        return results.map { $0! }
    }

    /// Two independent results, computed at the same time: `first` on a worker thread, `second` on this one.
    /// (`concurrentPerform` with two iterations often runs both on the calling thread, one after the other.)
    public static func both<First, Second>(
        _ first: @escaping @Sendable () -> First, _ second: () -> Second
    ) -> (First, Second) {
        let slot = Slot<First>()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { slot.value = first() }
        let secondResult = second()
        group.wait()
        return (slot.value!, secondResult)
    }
}

/// A result handed from a worker thread; `DispatchGroup.wait` orders the write before the read.
private final class Slot<Value>: @unchecked Sendable {
    var value: Value?
}

/// Work handed to one worker thread, done in the order it was handed over, while the caller goes on: with
/// two cores, the caller's thread and this one. `Pending.value` waits for a piece's result.
public final class Background: @unchecked Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func start<Value>(_ work: @escaping @Sendable () -> Value) -> Pending<Value> {
        let pending = Pending<Value>()
        queue.async { pending.fulfil(work()) }
        return pending
    }
}

/// A result a `Background` worker is computing.
public final class Pending<Value>: @unchecked Sendable {
    private var result: Value?
    private var received = false
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()

    fileprivate init() {}

    fileprivate func fulfil(_ value: Value) {
        result = value
        done.signal()
    }

    /// The result, once the worker has it; waits until then. Asked again, answers at once.
    public var value: Value {
        // The semaphore orders the worker's write before the first read; the lock, every later read after it.
        lock.lock()
        defer { lock.unlock() }
        if !received {
            done.wait()
            received = true
        }
        return result!
    }
}
