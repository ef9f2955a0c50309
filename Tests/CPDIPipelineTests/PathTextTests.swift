@testable import CPDIPipeline
import Foundation
import Testing

/// The folder of a path, found in its bytes. For the paths discovery makes (absolute, single slashes) it is the one
/// `NSString.deletingLastPathComponent` gives; other paths are read as POSIX reads them. (`NSString` on Linux traps on
/// some of those, `a` or `/a//😀`, so they are checked against what they must be.)
@Suite struct PathTextTests {
    @Test func foldersOfDiscoveredPathsAreThoseNSStringGives() {
        let pieces = ["a", "Bé", ".", "..", "x.swift", "😀", "a b"]
        var paths: Set<String> = ["/", "/tmp/app/Sources/Feature/View.swift"]
        for first in pieces {
            paths.insert("/" + first)
            for second in pieces {
                paths.insert("/" + first + "/" + second)
                for third in pieces { paths.insert("/" + first + "/" + second + "/" + third) }
            }
        }
        for path in paths.sorted() {
            #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    @Test func otherPathsAreReadAsPOSIXReadsThem() {
        let expected = [
            "/a//b": "/a", "///x": "/", "/tmp/app//x.swift": "/tmp/app", "/a/b//": "/a", "/x/": "/", "//": "/",
            "/a//😀": "/a", "//😀": "/", "Sources/App.swift": "Sources", "a/b/c": "a/b", "a": "", ".": "", "a//b/": "a",
            "😀/é": "😀", "": "",
        ]
        for (path, folder) in expected { #expect(PathText.folder(of: path) == folder, "\(path)") }
    }
}
