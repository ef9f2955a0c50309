@testable import CPDIPipeline
import Foundation
import Testing

/// Each project file format read on its own: the targets and source paths cpdi takes from it.
@Suite struct ProjectFileReadingTests {
    @Test func xcodeGenTargetsListTheirSourcePathsInEveryForm() {
        #expect(XcodeGenSpec(text: ProjectFileFixtures.projectYML).targets == [
            .init(name: "BlogApp", paths: ["BlogApp"]),
            .init(name: "BlogWidget", paths: ["BlogWidget/Sources/"]),
            .init(name: "BlogTests", paths: ["Tests", "BlogApp/TestSupport"]),
        ])
    }

    @Test func yamlThatIsNotAnXcodeGenSpecGivesNoTargets() {
        #expect(XcodeGenSpec(text: "targets: [App\nsources: {").targets.isEmpty)
        #expect(XcodeGenSpec(text: "targets: 3").targets.isEmpty)
        #expect(XcodeGenSpec(text: "- a\n- b").targets.isEmpty)
        #expect(XcodeGenSpec(text: "").targets.isEmpty)
    }

    @Test func tuistTargetsAreTheCallsWithTargetArgumentsNotTheirDependencies() {
        #expect(TuistManifest(text: ProjectFileFixtures.projectSwift).targets == [
            .init(name: "NewsApp", paths: ["NewsApp/Sources", "Shared"]),
            .init(name: "NewsKit", paths: ["NewsKit"]),
            .init(name: "NewsWidget", paths: ["NewsWidget"]),
        ])
        #expect(TuistManifest(text: #".target(name: "\(name)", product: .app, sources: ["\(name)/**"])"#).targets.isEmpty,
                "an interpolated name is only known when the manifest runs")
        #expect(TuistManifest(text: ".target(name: \"Broken\", product: .app, sources: [\"Sources/**").targets.isEmpty)
    }

    @Test func globsReduceToTheFolderTheyStartIn() {
        #expect(TuistManifest.folderPrefix(of: "Sources/**") == "Sources")
        #expect(TuistManifest.folderPrefix(of: "./App/Sources/**/*.swift") == "App/Sources")
        #expect(TuistManifest.folderPrefix(of: "App/{Core,UI}/*.swift") == "App")
        #expect(TuistManifest.folderPrefix(of: "App/main.swift") == "App/main.swift")
        #expect(TuistManifest.folderPrefix(of: "**/*.swift") == "")
    }

    @Test func propertyListTextReadsXcodesFormat() throws {
        let text = #"""
            // !$*UTF8*$!
            { a = "x \"quoted\"\tname"; /* note */ list = (one, "two", ); nested = {key = value;}; path = ../Shared/A.swift; }
            """#
        let value = try #require(PropertyListText.parse(Data(text.utf8)))
        #expect(value["a"]?.string == "x \"quoted\"\tname")
        #expect(value["list"]?.array == [.string("one"), .string("two")])
        #expect(value["nested"]?["key"]?.string == "value")
        #expect(value["path"]?.string == "../Shared/A.swift")
    }

    @Test func damagedPropertyListsAreRejectedWithoutCrashing() {
        for text in ["{ a = b; ", "{ a = (b, c; }", "{ a b; }", "{ a = \"open; }", "{ } trailing", "", String(repeating: "(", count: 100_000)] {
            #expect(PropertyListText.parse(Data(text.utf8)) == nil, "\(text.prefix(20))")
        }
        #expect(XcodeProject(pbxproj: Data("{ objects = {}; }".utf8), folder: "/p") == nil, "no root object")
    }

    @Test func xcodeProjectTargetsFindTheirFilesThroughTheGroupTree() throws {
        let project = try #require(XcodeProject(pbxproj: Data(ProjectFileFixtures.pbxproj.utf8), folder: "/repo/Shop"))
        #expect(project.targets == [
            .init(name: "ShopApp", files: ["/repo/Shop/Shop/Store.swift", "/repo/Shop/Shop/Views/CartView.swift", "/repo/Shop/Shared/Formatter.swift"], synchronizedFolders: []),
            .init(name: "ShopWidget", files: ["/repo/Shop/Widget/Store.swift", "/repo/Shop/Shared/Formatter.swift"], synchronizedFolders: []),
            .init(name: "ShopClip", files: [], synchronizedFolders: ["/repo/Shop/Clips"]),
        ])
    }

    @Test func pathsAreJoinedAsText() {
        #expect(ProjectPath.join("/repo/App", "Sources/") == "/repo/App/Sources")
        #expect(ProjectPath.join("/repo/App", "./../Shared/./A.swift") == "/repo/Shared/A.swift")
        #expect(ProjectPath.join("/repo", "/abs/B") == "/abs/B")
        #expect(ProjectPath.join("/", "../..") == "/")
    }
}
