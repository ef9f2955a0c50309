import Synchronization

/// Names read from the syntax, stored once while many files are extracted together.
///
/// A name longer than 15 bytes does not fit in a `String` itself, so each copy read from a token is an
/// allocation of its own, and the facts of every file stay in memory for the whole run. The same alias,
/// protocol and member names recur in the file that declares them and in every file that composes or
/// reads them: at 100,000 components they were 61 MB of the facts, and linking compares them a great
/// deal (equal strings that share storage compare at once). Only the storage is shared, never a value, so
/// what any fact says is the same with or without it.
public enum NameSharing {
    /// How many extractions are sharing names now: tests and library users may run several in one process.
    private static let sessions = Atomic<Int>(0)

    private final class Shard: Sendable {
        let names = Mutex<Set<String>>([])
    }

    /// Split by hash so that the extraction threads seldom wait for each other.
    private static let shards: [Shard] = (0..<16).map { _ in Shard() }

    /// Runs `body` with names shared; when the last extraction sharing them ends, the table is let go of
    /// (the facts keep their names).
    public static func during<Result>(_ body: () throws -> Result) rethrows -> Result {
        sessions.add(1, ordering: .acquiringAndReleasing)
        defer {
            // A session starting while the table is emptied only shares less: sharing never changes a value.
            if sessions.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
                for shard in shards { shard.names.withLock { $0 = [] } }
            }
        }
        return try body()
    }

    /// The stored copy of `name` when names are being shared, else `name` itself.
    static func shared(_ name: String) -> String {
        let utf8 = name.utf8
        guard utf8.count > 15, sessions.load(ordering: .relaxed) > 0 else { return name }
        // The set hashes the name anyway; a second hash only to pick the shard cost as much as the insert. The
        // length and the last byte spread names well enough for two threads to seldom meet.
        let shard = shards[(utf8.count &* 31 &+ Int(utf8.last!)) & (shards.count - 1)]
        return shard.names.withLock { $0.insert(name).memberAfterInsert }
    }
}
