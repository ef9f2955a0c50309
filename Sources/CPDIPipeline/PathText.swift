/// Paths as text, without Foundation's bridges.
public enum PathText {
    /// The folder a path is in, found in its bytes: `(path as NSString).deletingLastPathComponent` for the paths
    /// discovery makes (absolute, single slashes), and as POSIX reads any other (a run of slashes is one, trailing ones
    /// are dropped). `NSString` on Linux traps on some paths (`a`, `.`, `/a//😀`, so `cpdi graph -o b` crashed), and
    /// each bridge copies the path twice: `UncompiledFiles` asks about every file once per folder above it, which was
    /// nearly half of a warm run with nothing changed on an app of 3,000 files in a project.
    public static func folder(of path: String) -> String {
        let slash = UInt8(ascii: "/"), bytes = path.utf8
        var last: String.Index?, previous: UInt8 = 0, isPlain = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == slash {
                if previous == slash { isPlain = false }
                last = index
            }
            previous = byte
        }
        if previous == slash { isPlain = false }
        if isPlain {
            guard let last else { return "" }
            return last == bytes.startIndex ? "/" : String(path[..<last])
        }
        var parts = bytes.split(separator: slash)
        let root = bytes.first == slash ? "/" : ""
        guard !parts.isEmpty else { return root }
        parts.removeLast()
        return root + parts.map { String(Substring($0)) }.joined(separator: "/")
    }
}
