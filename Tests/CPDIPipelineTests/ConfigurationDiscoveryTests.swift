@testable import CPDIPipeline
import CPDIFacts
import Foundation
import Testing

/// Which files a configuration selects and which module each belongs to.
@Suite struct ConfigurationDiscoveryTests {
    @Test func globsMatchNamesAnywhereOrPathsFromTheConfigurationFolder() throws {
        let name: PathGlob = "Generated"
        #expect(name.matches("App/Generated/Foo.swift"))
        #expect(!name.matches("App/GeneratedCode/Foo.swift"))
        let suffix: PathGlob = "*.generated.swift"
        #expect(suffix.matches("App/Foo.generated.swift"))
        let anchored: PathGlob = "Sources/*/Mocks"
        #expect(anchored.matches("Sources/App/Mocks/Foo.swift"))
        #expect(!anchored.matches("Other/Sources/App/Mocks/Foo.swift"))
        let deep: PathGlob = "**/Tests/**/*Spec.swift"
        #expect(deep.matches("Tests/FooSpec.swift"))
        #expect(deep.matches("Modules/A/Tests/Unit/FooSpec.swift"))
        #expect(!deep.matches("Modules/A/Tests/Unit/Foo.swift"))
        #expect(try PathGlob("./Sources/").matches("Sources/A.swift"))
        #expect(throws: PatternError.self) { try PathGlob(String("/")) }
    }

    func write(_ files: [String], in folder: URL, text: String = "struct X {}\n") throws {
        for file in files {
            let url = folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func includeAndExcludeSelectFilesFoundInFolders() throws {
        try Fixtures.withTemporaryFolder { folder in
            try write(["Sources/App/A.swift", "Sources/App/Generated/G.swift", "Sources/App/B.mock.swift", "Tests/T.swift", "Scripts/S.swift"], in: folder)
            var configuration = Configuration()
            configuration.baseDirectory = folder
            configuration.include = ["Sources", "Tests"]
            configuration.exclude = ["Generated", "*.mock.swift"]
            let discovery = SourceDiscovery(workingDirectory: folder, configuration: configuration)
            #expect(try discovery.discover([]).map(\.displayPath) == ["Sources/App/A.swift", "Tests/T.swift"])
            #expect(try discovery.discover(["Sources/App/Generated/G.swift"]).map(\.displayPath) == ["Sources/App/Generated/G.swift"],
                    "a file named on the command line is analysed")
        }
    }

    @Test func modulesComeFromModuleRootsThenTheAnalysedFolder() throws {
        try Fixtures.withTemporaryFolder { folder in
            try write(["Sources/Core/A.swift", "Packages/Kit/Lib/Net/B.swift", "Loose.swift"], in: folder)
            var configuration = Configuration()
            configuration.baseDirectory = folder
            configuration.moduleRoots = ["Sources", "Packages/*/Lib"]
            let files = try SourceDiscovery(workingDirectory: folder, configuration: configuration).discover([folder.path])
            #expect(Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) }) == [
                "Sources/Core/A.swift": "Core", "Packages/Kit/Lib/Net/B.swift": "Net", "Loose.swift": folder.lastPathComponent,
            ])
        }
    }

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Core", dependencies: [.product(name: "Yams", package: "Yams")], path: "Code/Core/"),
                .executableTarget(
                    name: "ShopCLI",   // "name: Fake" in a comment is ignored
                    dependencies: ["Core"]
                ),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
                /* .target(name: "Old", path: "Old") */
            ]
        )
        """

    @Test func packageManifestTargetsAreReadWithoutRunningThem() {
        #expect(PackageManifest(text: Self.manifest).targets == [
            .init(name: "Core", path: "Code/Core"),
            .init(name: "ShopCLI", path: "Sources/ShopCLI"),
            .init(name: "CoreTests", path: "Tests/CoreTests"),
        ])
    }

    @Test func manifestTokensAreReadByteByByte() {
        let text = "let é1 = \"Café\\\"s\" // note\r\n.target(name: \"K\\(x)\", path: [\"a/b\"]) /* gone */ ∞_x2"
        #expect(ManifestTokens.tokens(text) == [
            .identifier("let"), .identifier("é1"), .string("Café\"s"),
            .punctuation("."), .identifier("target"), .punctuation("("), .identifier("name"), .punctuation(":"),
            .interpolatedString, .punctuation(","), .identifier("path"), .punctuation(":"), .punctuation("["),
            .string("a/b"), .punctuation("]"), .punctuation(")"), .identifier("∞_x2"),
        ])
    }

    @Test func packageTargetsNameTheModulesOfTheirFiles() throws {
        try Fixtures.withTemporaryFolder { folder in
            try write(["Code/Core/Net/A.swift", "Sources/ShopCLI/Main.swift", "Tests/CoreTests/T.swift"], in: folder)
            try Self.manifest.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            let files = try SourceDiscovery(workingDirectory: folder).discover([])
            #expect(Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) }) == [
                "Code/Core/Net/A.swift": "Core", "Sources/ShopCLI/Main.swift": "ShopCLI", "Tests/CoreTests/T.swift": "CoreTests",
                "Package.swift": folder.lastPathComponent,
            ])
            // Analysing a target's folder still finds the manifest above it.
            #expect(try SourceDiscovery(workingDirectory: folder).discover(["Code/Core"]).map(\.module) == ["Core"])
        }
    }
}
