@testable import CPDIPipeline
import Foundation
import Testing

/// Discovery lists files in the order of their display paths, whatever order the folders were walked in.
@Suite struct DiscoveryOrderTests {
    private func file(_ display: String, module: String = "M") -> SourceDiscovery.SourceFile {
        SourceDiscovery.SourceFile(path: "/root/" + display, displayPath: display, module: module)
    }

    @Test func asciiPathsSortAsStringsDo() {
        // '-' and '.' sort before '/', so a folder's files do not all come before a sibling that extends its name.
        let names = ["Foo/b.swift", "Foo-Bar/a.swift", "Foo.swift", "Foo/a.swift", "foo/a.swift", "Fo/z.swift", "Foo/a.swiftx", "A"]
        let files = names.map { file($0) }
        #expect(DisplayPathOrder.sortedIndices(files).map { files[$0].displayPath } == names.sorted())
    }

    @Test func equalPathsKeepTheOrderFound() {
        let files = [file("B.swift", module: "first"), file("A.swift"), file("B.swift", module: "second"), file("B.swift", module: "third")]
        #expect(DisplayPathOrder.sortedIndices(files).map { files[$0].module } == ["M", "first", "second", "third"])
        // Of equal display paths the last one found is kept.
        #expect(SourceDiscovery.sortedUnique(files).map(\.module) == ["M", "third"])
    }

    @Test func pathsBeyondASCIISortAsStringsDo() {
        // A precomposed and a decomposed "é" are one character to `String`'s order, not to an order of bytes.
        let names = ["Caf\u{E9}/b.swift", "Cafe\u{301}/a.swift", "Cafz/a.swift", "Cafe/a.swift"]
        let files = names.map { file($0) }
        #expect(DisplayPathOrder.sortedIndices(files).map { files[$0].displayPath } == names.sorted())
    }

    @Test func aWalkOfManyFoldersFindsEveryFileInOrder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-discovery-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [String] = []
        for module in ["Beta", "Alpha", "Alpha-Extra", "Alpha.Kit"] {
            for folder in ["", "Views/", "Views/Rows/", "Models/"] {
                for name in ["Z", "a", "M"] {
                    let path = "Sources/\(module)/\(folder)\(name).swift"
                    let url = root.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try "struct \(name) {}\n".write(to: url, atomically: true, encoding: .utf8)
                    expected.append(path)
                }
            }
        }
        let found = try SourceDiscovery(workingDirectory: root).discover(["."])
        #expect(found.map(\.displayPath) == expected.sorted())
        // Each file is in the module its `Sources/<Module>` folder names.
        #expect(found.allSatisfy { $0.displayPath.hasPrefix("Sources/\($0.module)/") })
    }
}
