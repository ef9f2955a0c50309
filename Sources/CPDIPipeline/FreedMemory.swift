#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process has freed back to the system. Extraction frees the sources and every syntax
/// tree, but glibc keeps the pages of its arenas, which then count against the run's peak for the whole of
/// linking. `malloc_trim` and `mallopt` are glibc's own and not in Swift's view of it, so they are looked up
/// by name.
public enum FreedMemory {
    /// For a process that runs one analysis, called before it starts (the command line does): blocks of 128 KB
    /// and more (the tables of large dictionaries and sets, which linking grows by doubling and frees as it
    /// goes) are mapped on their own and unmapped when freed. glibc otherwise raises that threshold to the size
    /// of each such block freed, so later ones come from its arenas, whose freed holes stay resident: at
    /// 100,000 components that was 30 MB of the peak, at the same speed. A library user's process keeps its own
    /// settings.
    public static func returnLargeBlocksWhenFreed() {
        #if canImport(Glibc)
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
        _ = unsafeBitCast(symbol, to: Option.self)(mmapThreshold, 128 * 1024)
        #endif
    }

    static func returnToSystem() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
