import CPDIFacts
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FactsCache {
    /// Everything besides a file's own path and bytes that decides its facts. Nobody has to remember to
    /// bump anything: the running executable's identity changes with every build, so facts written by a
    /// build with another `FileFacts` shape or other extraction code are never read back.
    static func fingerprint(conventions: NamingConventions) -> ContentHash {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let configuration = (try? encoder.encode(conventions)).map { [UInt8]($0) } ?? []
        let identity = Array("\(CachePack.format)|\(Pipeline.version)|\(executableIdentity)".utf8)
        return ContentHash(identity, configuration)
    }

    /// The running executable's path, size and modification time (the test runner's, under tests). A
    /// fresh build or install starts a fresh cache, which is cheaper than ever reading stale facts.
    static let executableIdentity: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        // `stat` rather than `attributesOfItem`, which also looks up the owner's name.
        var status = stat()
        guard stat(path, &status) == 0 else { return path }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return "\(path)|\(status.st_size)|\(modified.tv_sec).\(modified.tv_nsec)|\(status.st_ino)"
    }()
}
