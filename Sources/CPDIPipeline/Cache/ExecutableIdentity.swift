import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running executable's path, size, modification time and inode: another build, another identity.
/// Saved results of `cpdi diff` are keyed by it, and the facts cache remembers its probe by it.
enum ExecutableIdentity {
    static let current: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
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
