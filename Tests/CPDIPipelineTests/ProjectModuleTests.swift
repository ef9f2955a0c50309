@testable import CPDIPipeline
import Foundation
import Testing

/// Modules named by the project files real apps use, in a repository where several apps declare a
/// `Store.swift` of their own.
@Suite struct ProjectModuleTests {
    func write(_ files: [String: String], in folder: URL) throws {
        for (file, text) in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func modules(_ paths: [String] = [], in folder: URL) throws -> [String: String] {
        let files = try SourceDiscovery(workingDirectory: folder).discover(paths)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) })
    }

    static let store = "final class Store {}\n"

    /// Three apps, one per generator, plus a folder no project file covers.
    func writeRepository(in folder: URL) throws {
        try write([
            "Apps/Shop/Shop.xcodeproj/project.pbxproj": ProjectFileFixtures.pbxproj,
            "Apps/Shop/Shop.xcodeproj/xcuserdata/Never.swift": "// inside the project folder: never a source\n",
            "Apps/Shop/Shop/Store.swift": Self.store,
            "Apps/Shop/Shop/Views/CartView.swift": "",
            "Apps/Shop/Shop/Views/NewView.swift": "",
            "Apps/Shop/Shop/Onboarding/Intro.swift": "",
            "Apps/Shop/Widget/Store.swift": Self.store,
            "Apps/Shop/Widget/NewWidget.swift": "",
            "Apps/Shop/Shared/Formatter.swift": "",
            "Apps/Shop/Clips/Store.swift": Self.store,
            "Apps/Shop/Clips/Deep/Thing.swift": "",
            "Apps/Shop/Scripts/Tool.swift": "",
            "Apps/Blog/project.yml": ProjectFileFixtures.projectYML,
            "Apps/Blog/BlogApp/Store.swift": Self.store,
            "Apps/Blog/BlogApp/TestSupport/FakeStore.swift": "",
            "Apps/Blog/BlogWidget/Sources/Store.swift": Self.store,
            "Apps/Blog/Tests/StoreTests.swift": "",
            "Apps/News/Project.swift": ProjectFileFixtures.projectSwift,
            "Apps/News/NewsApp/Sources/Store.swift": Self.store,
            "Apps/News/Shared/Legacy/Old.swift": "",
            "Apps/News/NewsKit/Store.swift": Self.store,
            "Apps/News/NewsWidget/Sources/Store.swift": Self.store,
            "Sources/Core/Store.swift": Self.store,
        ], in: folder)
    }

    @Test func eachAppsFilesBelongToTheTargetThatBuildsThem() throws {
        try Fixtures.withTemporaryFolder { folder in
            try writeRepository(in: folder)
            #expect(try modules(in: folder) == [
                // Xcode project: compiled files and a synchronized folder. Files no target compiles
                // (`NewView`, `Intro`, `NewWidget`, `Scripts/Tool`) are not part of the app: left out.
                "Apps/Shop/Shop/Store.swift": "ShopApp",
                "Apps/Shop/Shop/Views/CartView.swift": "ShopApp",
                "Apps/Shop/Widget/Store.swift": "ShopWidget",
                "Apps/Shop/Shared/Formatter.swift": "ShopApp",
                "Apps/Shop/Clips/Store.swift": "ShopClip",
                "Apps/Shop/Clips/Deep/Thing.swift": "ShopClip",
                // XcodeGen: the deepest source path wins.
                "Apps/Blog/BlogApp/Store.swift": "BlogApp",
                "Apps/Blog/BlogApp/TestSupport/FakeStore.swift": "BlogTests",
                "Apps/Blog/BlogWidget/Sources/Store.swift": "BlogWidget",
                "Apps/Blog/Tests/StoreTests.swift": "BlogTests",
                // Tuist: globs reduced to their folders; a target without sources gets its name's folder.
                "Apps/News/Project.swift": folder.lastPathComponent,
                "Apps/News/NewsApp/Sources/Store.swift": "NewsApp",
                "Apps/News/Shared/Legacy/Old.swift": "NewsApp",
                "Apps/News/NewsKit/Store.swift": "NewsKit",
                "Apps/News/NewsWidget/Sources/Store.swift": "NewsWidget",
                // No project file: the module root.
                "Sources/Core/Store.swift": "Core",
            ])
        }
    }

    /// A file no target compiles is analysed still when named on the command line, and when cpdi cannot
    /// place every file the project lists (it would rather read too much than drop a compiled file): one the
    /// project lists in `Shared/` lies elsewhere.
    @Test func uncompiledFilesAreLeftOutOnlyWhenTheProjectIsReadWhole() throws {
        try Fixtures.withTemporaryFolder { folder in
            try writeRepository(in: folder)
            #expect(try modules(["Apps/Shop/Scripts/Tool.swift"], in: folder) == ["Apps/Shop/Scripts/Tool.swift": "Shop"])
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Apps/Shop/Moved"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(
                at: folder.appendingPathComponent("Apps/Shop/Shared/Formatter.swift"),
                to: folder.appendingPathComponent("Apps/Shop/Moved/Formatter.swift")
            )
            #expect(try modules(["Apps/Shop"], in: folder)["Apps/Shop/Scripts/Tool.swift"] == "Shop")
        }
    }

    /// A listed file that exists nowhere in the tree (deleted with its reference left, which Xcode shows in
    /// red, or generated at build time) says nothing against how the project was read: the file no target
    /// compiles is still left out.
    @Test func aReferenceToAFileNowhereOnDiskStillLeavesUncompiledFilesOut() throws {
        try Fixtures.withTemporaryFolder { folder in
            try writeRepository(in: folder)
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Apps/Shop/Shared/Formatter.swift"))
            let found = try modules(["Apps/Shop"], in: folder)
            #expect(found["Apps/Shop/Scripts/Tool.swift"] == nil)
            #expect(found["Apps/Shop/Shop/Store.swift"] == "ShopApp")
        }
    }

    /// A project kept in a subfolder (an older one, a demo's) does not own the files beneath it: the root's
    /// project compiles `Shop/Views/CartView.swift`, so the file stays; one that neither lists is left out.
    @Test func aFileAnyProjectAboveItCompilesIsPartOfTheApp() throws {
        try Fixtures.withTemporaryFolder { folder in
            try write([
                "Root.xcodeproj/project.pbxproj": ProjectFileFixtures.pbxproj,
                "Shop/Store.swift": Self.store,
                "Shop/Views/CartView.swift": "",
                "Shop/Draft.swift": "",
                "Widget/Store.swift": Self.store,
                "Shared/Formatter.swift": "",
                // The older project in `Shop/` lists its own copies, all on disk, so it is read whole.
                "Shop/Old.xcodeproj/project.pbxproj": ProjectFileFixtures.pbxproj,
                "Shop/Shop/Store.swift": Self.store,
                "Shop/Shop/Views/CartView.swift": "",
                "Shop/Widget/Store.swift": Self.store,
                "Shop/Shared/Formatter.swift": "",
            ], in: folder)
            let found = try modules(in: folder)
            #expect(found["Shop/Views/CartView.swift"] != nil)
            #expect(found["Shop/Store.swift"] != nil)
            #expect(found["Shop/Shop/Views/CartView.swift"] != nil)
            #expect(found["Shop/Draft.swift"] == nil)
        }
    }

    @Test func projectFilesAboveAnAnalysedFolderOrFileStillNameItsModule() throws {
        try Fixtures.withTemporaryFolder { folder in
            try writeRepository(in: folder)
            #expect(try modules(["Apps/Blog/BlogApp"], in: folder) == [
                "Apps/Blog/BlogApp/Store.swift": "BlogApp", "Apps/Blog/BlogApp/TestSupport/FakeStore.swift": "BlogTests",
            ])
            #expect(try modules(["Apps/Shop/Widget/Store.swift", "Apps/News/NewsKit"], in: folder) == [
                "Apps/Shop/Widget/Store.swift": "ShopWidget", "Apps/News/NewsKit/Store.swift": "NewsKit",
            ])
        }
    }

    @Test func atTheSameFolderAGeneratorsSpecOutranksTheProjectItGenerates() throws {
        try Fixtures.withTemporaryFolder { folder in
            // XcodeGen and Tuist both claim `App`; the generated project names it differently and
            // claims a deeper folder, which still wins.
            try write([
                "project.yml": "targets:\n  FromYML:\n    sources: App\n",
                "Project.swift": #"let p = Project(name: "P", targets: [.target(name: "FromTuist", product: .app, sources: "App/**")])"#,
                "Generated.xcodeproj/project.pbxproj": ProjectFileFixtures.pbxproj,
                "App/A.swift": "",
                "Shop/Views/CartView.swift": "",
                "Elsewhere/B.swift": "",
            ], in: folder)
            #expect(try modules(in: folder) == [
                "App/A.swift": "FromYML",
                "Shop/Views/CartView.swift": "ShopApp",
                "Elsewhere/B.swift": "Generated",
                "Project.swift": "Generated",
            ])
        }
    }

    @Test func damagedProjectFilesFallBackWithoutFailingTheRun() throws {
        try Fixtures.withTemporaryFolder { folder in
            try write([
                "Blog/project.yml": "targets:\n  BlogApp:\n    sources: [BlogApp\n  : {\n",
                "Blog/BlogApp/Store.swift": Self.store,
                "Other/project.yml": "settings: {}\n",
                "Other/Sources/Feed/Store.swift": Self.store,
                "News/Project.swift": ".target(name: \"NewsApp\", product: .app, sources: [\"NewsApp/**\"",
                "News/NewsApp/Store.swift": Self.store,
                "Shop/Shop.xcodeproj/project.pbxproj": String(ProjectFileFixtures.pbxproj.prefix(600)),
                "Shop/Shop/Store.swift": Self.store,
                "Empty/Empty.xcodeproj/.keep": "",
                "Empty/Store.swift": Self.store,
            ], in: folder)
            #expect(try modules(in: folder) == [
                "Blog/BlogApp/Store.swift": folder.lastPathComponent,
                "Other/Sources/Feed/Store.swift": "Feed",
                "News/Project.swift": folder.lastPathComponent,
                "News/NewsApp/Store.swift": folder.lastPathComponent,
                "Shop/Shop/Store.swift": "Shop",
                "Empty/Store.swift": "Empty",
            ])
        }
    }
}
