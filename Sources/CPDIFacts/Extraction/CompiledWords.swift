import Synchronization

/// Word lists compiled into `ByteWords` once per run rather than once per file.
///
/// Every file of a run is asked about the same few lists: the naming conventions' dependency vocabulary (and a
/// second one once names are learnt from the code) and a header's two markers. Compiling a list fills an 8 KB
/// table, which cost a generated app of small files about 1 % of its cold scan. Lists are compared whole, so
/// any list still gets exactly its own table.
enum CompiledWords {
    /// The lists compiled so far, most recent last; a handful at most, so a list is found by comparing.
    private static let compiled = Mutex<[(words: [[UInt8]], table: ByteWords)]>([])
    /// Enough for every list one run asks about; a library user's many conventions only compile more often.
    private static let capacity = 8

    static func words(for list: [[UInt8]]) -> ByteWords {
        if let known = compiled.withLock({ $0.last(where: { $0.words == list })?.table }) { return known }
        let table = ByteWords(list)
        compiled.withLock { entries in
            if entries.count == capacity { entries.removeFirst() }
            entries.append((list, table))
        }
        return table
    }
}
