@testable import CPDIPipeline
import CPDIFacts
import CPDIRules
import CPDISynthetic
import Foundation
import Testing

/// A run extracts files without the names they read until some file holds what those names judge (an
/// injected property, a registration, a key, a container property, a module, a property wrapper); the files
/// done before that are extracted again with them (`Pipeline.extract(_:conventions:cache:tree:progress:)`).
/// Whatever the order, the result must be that of a run whose every file was extracted whole.
@Suite struct AdaptiveExtractionTests {
    /// The result of analysing `folder` with every file's reads, as before the adaptive extraction.
    static func wholeExtraction(_ folder: URL, configuration: Configuration = Configuration()) throws -> AnalysisResult {
        let pipeline = Pipeline(configuration: configuration)
        let files = try SourceDiscovery(workingDirectory: folder, configuration: configuration).discover([folder.path])
        let outcomes = try files.map { file -> Pipeline.ExtractionOutcome in
            let source = try String(contentsOfFile: file.path, encoding: .utf8)
            return .facts(FactExtractor.extract(path: file.displayPath, source: source, conventions: configuration.naming))
        }
        return pipeline.analyse(outcomes, modules: Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) }))
    }

    static func adaptive(_ folder: URL, configuration: Configuration = Configuration(), cache: URL? = nil) throws -> AnalysisResult {
        var pipeline = Pipeline(configuration: configuration)
        pipeline.reusesResults = false
        return try pipeline.run(
            paths: [folder.path], workingDirectory: folder, cache: cache.map { FactsCache(directory: $0, conventions: configuration.naming) }
        )
    }

    @Test(arguments: Fixtures.samples)
    func everySampleGivesTheResultOfAWholeExtraction(sample: String) throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)")
        let configuration = try Configuration.load(explicitPath: nil, paths: [folder.path], workingDirectory: folder)
        let expected = try Self.wholeExtraction(folder, configuration: configuration)
        #expect(try Self.adaptive(folder, configuration: configuration) == expected)
        try Fixtures.withTemporaryFolder { cache throws in
            #expect(try Self.adaptive(folder, configuration: configuration, cache: cache) == expected, "cold, with a cache")
            #expect(try Self.adaptive(folder, configuration: configuration, cache: cache) == expected, "warm")
        }
    }

    @Test func aGeneratedAppGivesTheResultOfAWholeExtraction() throws {
        try Fixtures.withTemporaryFolder { root throws in
            let app = root.appendingPathComponent("app")
            try SyntheticApp(components: 80, modules: 3, seed: 4).write(to: app)
            let expected = try Self.wholeExtraction(app)
            #expect(try Self.adaptive(app) == expected)
            let cache = root.appendingPathComponent("cache")
            #expect(try Self.adaptive(app, cache: cache) == expected)
            #expect(try Self.adaptive(app, cache: cache) == expected)
        }
    }

    /// Reads are left out where nothing needs them, and kept where something does.
    @Test func readsAreLeftOutOnlyWhereNothingIsJudgedByThem() throws {
        let pipeline = Pipeline()
        let shop = Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp")
        let facts = try pipeline.extract(paths: [shop.path], workingDirectory: shop).outcomes.compactMap { outcome -> FileFacts? in
            if case .facts(let facts) = outcome { facts } else { nil }
        }
        #expect(!facts.isEmpty && facts.allSatisfy { !$0.runtime.holdsWhatReadsJudge })
        #expect(facts.allSatisfy { $0.runtime.reads.bare.isEmpty && $0.runtime.reads.members.isEmpty })
        let runtime = Fixtures.packageRoot.appendingPathComponent("Samples/RuntimeApp")
        let runtimeFacts = try pipeline.extract(paths: [runtime.path], workingDirectory: runtime).outcomes.compactMap { outcome -> FileFacts? in
            if case .facts(let facts) = outcome { facts } else { nil }
        }
        #expect(runtimeFacts.contains { !$0.runtime.reads.bare.isEmpty || !$0.runtime.reads.members.isEmpty })
    }

    /// A getter and a setter in an extension may be a key-path container's computed property, but only another
    /// file can prove it, and that file holds what reads judge: alone, it sends no app to a second extraction.
    @Test func computedPropertiesOfAnExtensionAloneNeedNoReads() {
        let extensionOnly = FactExtractor.extract(path: "Buffer+Index.swift", source: """
            extension Buffer {
                var readerIndex: Int { get { storage.start } set { storage.start = newValue } }
            }
            """)
        #expect(extensionOnly.runtime.containerProperties.map(\.computesFromOthers) == [true])
        #expect(!extensionOnly.runtime.holdsWhatReadsJudge)
        let keyBacked = FactExtractor.extract(path: "Values.swift", source: """
            extension InjectedValues {
                var clock: Clock { get { Self[ClockKey.self] } set { Self[ClockKey.self] = newValue } }
            }
            """)
        #expect(keyBacked.runtime.holdsWhatReadsJudge)
    }

    /// The injection is declared in the last file, with a wrapper the configuration names and none of the words
    /// that send a file to the front: the first file is extracted without its reads, then again with them. Its
    /// read of `api` must count, and without that read the injection is reported.
    @Test func aFileExtractedBeforeTheNeedShowedIsExtractedAgain() throws {
        var configuration = Configuration()
        configuration.naming.injectionWrapperNames.append(NamePattern("Wired"))
        let holder = "protocol API { func load() }\nfinal class Holder {\n    @Wired var api: any API\n    func go() {}\n}\n"
        for (reader, isRead) in [("func use(_ holder: Holder) { holder.api.load() }\n", true), ("func use(_ holder: Holder) { holder.go() }\n", false)] {
            try Fixtures.withTemporaryFolder { folder throws in
                try reader.write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
                try holder.write(to: folder.appendingPathComponent("Z.swift"), atomically: true, encoding: .utf8)
                let expected = try Self.wholeExtraction(folder, configuration: configuration)
                let result = try Self.adaptive(folder, configuration: configuration)
                #expect(result == expected)
                #expect(result.findings.contains { $0.ruleID == "unused-injection" } == !isRead, "\(reader)")
                let cache = folder.appendingPathComponent(".cpdi-cache")
                #expect(try Self.adaptive(folder, configuration: configuration, cache: cache) == expected)
                #expect(try Self.adaptive(folder, configuration: configuration, cache: cache) == expected)
            }
        }
    }
}
