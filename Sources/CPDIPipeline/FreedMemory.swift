#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the process has freed back to the system. Extraction frees the sources and every syntax
/// tree, but glibc keeps the pages of its arenas, which then count against the run's peak for the whole of
/// linking. `malloc_trim` is glibc's own and not in Swift's view of it, so it is looked up by name.
enum FreedMemory {
    static func returnToSystem() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
