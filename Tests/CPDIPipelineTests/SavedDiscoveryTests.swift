@testable import CPDIPipeline
import CPDISynthetic
import Foundation
import Synchronization
import Testing

/// A saved discovery answers only while every folder, path and project file it came from answers as it did
/// (`SavedDiscovery`): after each change below, the files it gives are those a fresh discovery finds.
@Suite struct SavedDiscoveryTests {
    /// The disk, counting what is asked of it.
    final class CountingTree: SourceTree, Sendable {
        let listings = Mutex(0), reads = Mutex(0)

        func entries(of folder: String) -> [SourceTreeEntry]? {
            listings.withLock { $0 += 1 }
            return DiskTree().entries(of: folder)
        }

        func kind(of path: String) -> SourceTreeEntry.Kind? { DiskTree().kind(of: path) }

        func read(_ path: String, limit: Int) -> SourceRead {
            reads.withLock { $0 += 1 }
            return DiskTree().read(path, limit: limit)
        }

        var listed: Int { listings.withLock { $0 } }
    }

    /// One app in `root/app`, its cache in `root/cache`.
    struct Setup {
        let app: URL
        let cache: URL
        var configuration = Configuration()
        var paths = ["."]

        var saved: SavedDiscovery {
            SavedDiscovery(cacheDirectory: cache, paths: paths, workingDirectory: app, configuration: configuration)
        }

        func fresh() throws -> [SourceDiscovery.SourceFile] {
            try SourceDiscovery(workingDirectory: app, configuration: configuration).discover(paths)
        }

        /// Discovery through the saved one, with stamps trusted unless `margin` says otherwise; and how many
        /// folders it listed.
        func discover(margin: Int64 = -3_600) throws -> (files: [SourceDiscovery.SourceFile], listed: Int) {
            let tree = CountingTree()
            let configuration = configuration, app = app, paths = paths
            let files = try saved.files(base: tree, settledBefore: Int64(Date().timeIntervalSince1970), margin: margin) { tree throws(InputError) in
                try SourceDiscovery(workingDirectory: app, configuration: configuration, tree: tree).discover(paths)
            }
            return (files, tree.listed)
        }

        func write(_ text: String, to path: String) throws {
            let url = app.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        /// Dates every file and folder an hour back, so any change made next gives a newer stamp whatever the
        /// file system's clock resolution.
        func age() throws {
            let past = Date().addingTimeInterval(-3_600)
            let paths = (FileManager.default.enumerator(atPath: app.path)?.allObjects as? [String] ?? []).map { app.appendingPathComponent($0).path }
            for path in paths + [app.path] { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path) }
        }
    }

    static func withApp(_ body: (inout Setup) throws -> Void) throws {
        try Fixtures.withTemporaryFolder { root in
            var setup = Setup(app: root.appendingPathComponent("app"), cache: root.appendingPathComponent("cache"))
            try setup.write("struct A {}\n", to: "Sources/Feature/A.swift")
            try setup.write("struct B {}\n", to: "Sources/Feature/Views/B.swift")
            try setup.write("struct C {}\n", to: "Sources/Core/C.swift")
            try setup.age()
            try body(&setup)
        }
    }

    @Test func anUnchangedTreeIsNotListedAgain() throws {
        try Self.withApp { setup in
            let first = try setup.discover()
            #expect(first.listed > 0)
            #expect(first.files == (try setup.fresh()))
            let second = try setup.discover()
            #expect(second.listed == 0, "every stamp is as saved")
            #expect(second.files == first.files)
        }
    }

    @Test func aFileAddedDeepDownIsFound() throws {
        try Self.withApp { setup in
            _ = try setup.discover()
            try setup.write("struct D {}\n", to: "Sources/Feature/Views/Rows/D.swift")
            let after = try setup.discover()
            #expect(after.files == (try setup.fresh()))
            #expect(after.files.contains { $0.displayPath == "Sources/Feature/Views/Rows/D.swift" && $0.module == "Feature" })
        }
    }

    @Test func removedAndRenamedFoldersAreSeen() throws {
        try Self.withApp { setup in
            _ = try setup.discover()
            try FileManager.default.removeItem(at: setup.app.appendingPathComponent("Sources/Feature/Views"))
            #expect(try setup.discover().files == (try setup.fresh()))
            try FileManager.default.moveItem(at: setup.app.appendingPathComponent("Sources/Core"), to: setup.app.appendingPathComponent("Sources/Base"))
            let renamed = try setup.discover().files
            #expect(renamed == (try setup.fresh()))
            #expect(renamed.map(\.module).sorted() == ["Base", "Feature"])
        }
    }

    @Test func aProjectFileThatRenamesModulesIsReadAgain() throws {
        try Self.withApp { setup in
            try setup.write(Self.manifest(target: "First"), to: "Package.swift")
            try setup.age()
            let before = try setup.discover().files
            #expect(before.contains { $0.module == "First" })
            // Same size, same folder entries: only the file's own stamp tells.
            try setup.write(Self.manifest(target: "Other"), to: "Package.swift")
            let after = try setup.discover().files
            #expect(after == (try setup.fresh()))
            #expect(after.contains { $0.module == "Other" } && !after.contains { $0.module == "First" })
        }
    }

    @Test func aProjectFileAboveTheAnalysedFolderIsReadAgain() throws {
        try Self.withApp { setup in
            // Only `Sources/Feature` is walked; the manifest naming its module is found in a folder above it.
            setup.paths = ["Sources/Feature"]
            try setup.write(Self.manifest(target: "First"), to: "Package.swift")
            try setup.age()
            #expect(try setup.discover().files.map(\.module) == ["First", "First"])
            try setup.write(Self.manifest(target: "Other"), to: "Package.swift")
            let after = try setup.discover().files
            #expect(after == (try setup.fresh()))
            #expect(after.map(\.module) == ["Other", "Other"])
        }
    }

    /// A package whose one target claims `Sources/Feature`.
    static func manifest(target: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "\(target)", path: "Sources/Feature")])

        """
    }

    @Test func aFolderWhoseStampAloneChangedKeepsTheSavedFiles() throws {
        try Self.withApp { setup in
            let first = try setup.discover().files
            // An editor's save: a new file written over the old one. The folder's stamp changes, its entries do not.
            try setup.write("struct B { var x = 1 }\n", to: "Sources/Feature/Views/B.swift")
            let after = try setup.discover()
            #expect(after.files == first)
            #expect(after.listed == 1, "only the changed folder is listed again")
            let third = try setup.discover()
            #expect(third.listed == 0, "and saved with its new stamp")
            #expect(third.files == first)
        }
    }

    @Test func youngStampsAreCheckedAgainNotTrusted() throws {
        try Self.withApp { setup in
            try setup.write("struct E {}\n", to: "Sources/Feature/E.swift")
            // Written just now: with two seconds of settling, no stamp of the changed folders is trusted next time.
            let first = try setup.discover(margin: 2)
            let second = try setup.discover(margin: 2)
            let fresh = try setup.fresh()
            #expect(second.files == first.files && first.files == fresh)
            #expect(second.listed > 0, "the young folders are listed again")
        }
    }

    @Test func otherSettingsOrPathsAreDiscoveredAfresh() throws {
        try Self.withApp { setup in
            _ = try setup.discover()
            setup.configuration.exclude = ["Sources/Core/**"]
            let excluded = try setup.discover()
            #expect(excluded.listed > 0)
            let freshExcluded = try setup.fresh()
            #expect(excluded.files == freshExcluded && !excluded.files.contains { $0.module == "Core" })
            setup.configuration = Configuration()
            setup.paths = ["Sources/Feature"]
            let narrowed = try setup.discover()
            let freshNarrowed = try setup.fresh()
            #expect(narrowed.files == freshNarrowed && narrowed.files.count == 2)
        }
    }

    @Test func runsThatAlternatePathsKeepTheirOwnSavedDiscovery() throws {
        try Self.withApp { setup in
            _ = try setup.discover()
            setup.paths = ["Sources/Feature"]
            _ = try setup.discover()
            setup.paths = ["."]
            let again = try setup.discover()
            #expect(again.listed == 0, "the whole folder's discovery is still saved")
            #expect(again.files == (try setup.fresh()))
            // Only the most recently used few are kept.
            for folder in ["Sources", "Sources/Core", "Sources/Feature/Views", "Sources/Feature"] {
                setup.paths = [folder]
                _ = try setup.discover()
            }
            let kept = try FileManager.default.contentsOfDirectory(atPath: setup.saved.url.deletingLastPathComponent().path)
            #expect(kept.count == SavedDiscovery.kept)
            setup.paths = ["."]
            #expect(try setup.discover().listed > 0, "the least recently used was deleted")
        }
    }

    @Test func aDamagedSaveIsDiscoveredAfresh() throws {
        try Self.withApp { setup in
            let first = try setup.discover().files
            let url = setup.saved.url
            var bytes = try Data(contentsOf: url)
            bytes.removeLast(3)
            try bytes.write(to: url)
            let again = try setup.discover()
            #expect(again.listed > 0 && again.files == first)
        }
    }

    /// Seeded edits to a generated app (files and folders added, removed and renamed, a module's folder moved,
    /// a file rewritten), each checked against a fresh discovery.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomEditsGiveWhatAFreshDiscoveryGives(seed: UInt64) throws {
        try Fixtures.withTemporaryFolder { root in
            let setup = Setup(app: root.appendingPathComponent("app"), cache: root.appendingPathComponent("cache"))
            try SyntheticApp(components: 40, modules: 3, seed: seed).write(to: setup.app)
            try setup.age()
            var random = SeededGenerator(seed: seed)
            for step in 0..<12 {
                #expect(try setup.discover().files == (try setup.fresh()), "before edit \(step)")
                let swiftFiles = try setup.fresh().map(\.displayPath)
                let folders = Set(swiftFiles.map { ($0 as NSString).deletingLastPathComponent }).sorted()
                let file = swiftFiles[Int(random.next() % UInt64(swiftFiles.count))]
                let folder = folders[Int(random.next() % UInt64(folders.count))]
                let manager = FileManager.default
                switch random.next() % 6 {
                case 0: try setup.write("struct Added\(step) {}\n", to: "\(folder)/Added\(step).swift")
                case 1: try manager.removeItem(at: setup.app.appendingPathComponent(file))
                case 2: try manager.moveItem(at: setup.app.appendingPathComponent(file), to: setup.app.appendingPathComponent(file + ".txt"))
                case 3: try setup.write("struct Nested\(step) {}\n", to: "\(folder)/New\(step)/Nested.swift")
                case 4: try manager.moveItem(at: setup.app.appendingPathComponent(folder), to: setup.app.appendingPathComponent("Sources/Moved\(step)"))
                default: try setup.write("struct Rewritten\(step) {}\n", to: file)
                }
            }
            #expect(try setup.discover().files == (try setup.fresh()))
        }
    }
}
