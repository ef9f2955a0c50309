// swift-tools-version: 6.0
// cpdi — the targets follow the pipeline:
//   discover files → extract facts per file → link into a graph → analyse with rules → render / report
import PackageDescription

let package = Package(
    name: "cpdi",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cpdi", targets: ["cpdi"]),
        .library(name: "CPDIKit", targets: ["CPDIPipeline"]),
        // `swift package cpdi check|graph|report|diff …` in packages that depend on cpdi.
        .plugin(name: "CPDIPlugin", targets: ["CPDIPlugin"]),
        // cpdi's findings as warnings and errors of `swift build` (and Xcode) in targets that adopt it.
        .plugin(name: "CPDIBuildPlugin", targets: ["CPDIBuildPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
    ],
    targets: [
        // 1+2. The per-file facts model and the syntax walk that produces it (the only target that sees syntax trees).
        .target(
            name: "CPDIFacts",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        // 3. Linking every file's facts into one dependency graph.
        .target(name: "CPDIGraph", dependencies: ["CPDIFacts"]),
        // 4. Rules: one file per rule under Sources/CPDIRules/Rules.
        .target(name: "CPDIRules", dependencies: ["CPDIFacts", "CPDIGraph"]),
        // 5. Output formats: one file per format under Sources/CPDIReporters/Formats.
        .target(name: "CPDIReporters", dependencies: ["CPDIGraph", "CPDIRules", "GraphvizRendering"], exclude: ["Schema"]),
        // The only code that talks to libgraphviz.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        .target(name: "GraphvizRendering", dependencies: ["CGraphviz"]),
        // 6. Fixes: alias edits applied through the syntax tree (`cpdi fix`).
        .target(
            name: "CPDIFix",
            dependencies: [
                "CPDIRules",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // Discovery, parallel extraction and the whole run, as a library for the CLI and tests.
        .target(
            name: "CPDIPipeline",
            dependencies: ["CPDIFacts", "CPDIGraph", "CPDIRules", "CPDIReporters", "CPDIFix", .product(name: "Yams", package: "Yams")]
        ),
        // Synthetic CPDI apps of any size, for benchmarks and scale tests (`cpdi generate`).
        .target(name: "CPDISynthetic"),
        // Mutation fuzzing of every input cpdi reads (`cpdi fuzz`, `make fuzz`).
        .target(name: "CPDIFuzzing", dependencies: ["CPDIFacts", "CPDIPipeline", "CPDIReporters", "CPDISynthetic"]),
        // The command line.
        .executableTarget(
            name: "cpdi",
            dependencies: [
                "CPDIPipeline",
                "CPDISynthetic",
                "CPDIFuzzing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Runs the executable above for `swift package cpdi …`.
        .plugin(
            name: "CPDIPlugin",
            capability: .command(intent: .custom(verb: "cpdi", description: "Check, draw and diff the dependency-injection graph with cpdi.")),
            dependencies: ["cpdi"],
            path: "Plugins/CPDIPlugin"
        ),
        // Runs `cpdi check` as a build command of each adopting target (and of Xcode targets, in Xcode).
        .plugin(
            name: "CPDIBuildPlugin",
            capability: .buildTool(),
            dependencies: ["cpdi"],
            path: "Plugins/CPDIBuildPlugin"
        ),
        .testTarget(name: "CPDIFactsTests", dependencies: ["CPDIFacts"]),
        .testTarget(name: "CPDIRulesTests", dependencies: ["CPDIPipeline", "CPDIFacts", "CPDIRules"]),
        .testTarget(name: "CPDIFixTests", dependencies: ["CPDIFix", "CPDIRules", "CPDIPipeline"]),
        .testTarget(name: "CPDIGraphTests", dependencies: ["CPDIPipeline"]),
        .testTarget(name: "GraphvizRenderingTests", dependencies: ["GraphvizRendering"]),
        .testTarget(name: "CPDIReportersTests", dependencies: ["CPDIPipeline", "CPDIReporters", "CPDIRules", "CPDISynthetic"], exclude: ["Golden"]),
        .testTarget(name: "CPDIPipelineTests", dependencies: ["CPDIPipeline", "CPDISynthetic", "CPDIFuzzing"], exclude: ["FuzzRegressions"]),
    ],
    swiftLanguageModes: [.v6]
)
