@testable import CPDIPipeline
import CPDIFacts
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// The facts cache: a second run parses nothing, a changed file is extracted again, and a damaged or
/// foreign cache is ignored and rewritten, never trusted.
@Suite struct CacheTests {
    static let sources: [String: String] = [
        "Sources/App/Root.swift": """
        typealias RootDependencies = LoggingDependency & ChildDependencies
        struct Root<Dependencies: RootDependencies> {
            let dependencies: Dependencies
            func start() {
                dependencies.logger.log("start")
                _ = Child(dependencies: dependencies)
            }
        }
        """,
        "Sources/App/Child.swift": """
        typealias ChildDependencies = LoggingDependency & TrackingDependency
        struct Child<Dependencies: ChildDependencies> {
            let dependencies: Dependencies
            func show() { dependencies.logger.log("show") }
        }
        """,
        "Sources/App/Leaves.swift": """
        protocol LoggingDependency { var logger: Logger { get } }
        protocol TrackingDependency { var tracker: Tracker { get } }
        """,
    ]

    /// Writes the sources into a fresh folder and hands it, with its cache folder, to `body`.
    func withProject(_ body: (URL, URL) throws -> Void) throws {
        try Fixtures.withTemporaryFolder { folder in
            for (path, text) in Self.sources {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            try body(folder, folder.appendingPathComponent(".cpdi-cache"))
        }
    }

    /// One run as a separate process would do it: a fresh cache opened on the folder, then saved.
    func run(_ folder: URL, cacheIn directory: URL, conventions: NamingConventions = .default) throws -> (AnalysisResult, FactsCache) {
        let cache = FactsCache(directory: directory, conventions: conventions)
        // The facts layer alone: a saved whole result would answer before any facts are looked up.
        var pipeline = Pipeline(conventions: conventions)
        pipeline.reusesResults = false
        let result = try pipeline.run(paths: ["."], workingDirectory: folder, cache: cache)
        return (result, cache)
    }

    func json(_ result: AnalysisResult) throws -> [UInt8] { try ReportFormat.json.render(result) }

    func packURL(in directory: URL) throws -> URL {
        let packs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pack") }
        try #require(packs.count == 1)
        return directory.appendingPathComponent(packs[0])
    }

    @Test func secondRunParsesNothingAndGivesTheSameResult() throws {
        try withProject { folder, cacheDirectory in
            let uncached = try Pipeline().run(paths: ["."], workingDirectory: folder)
            let (cold, first) = try run(folder, cacheIn: cacheDirectory)
            #expect(first.misses == 3)
            #expect(first.hits == 0)
            let (warm, second) = try run(folder, cacheIn: cacheDirectory)
            #expect(second.misses == 0, "nothing is parsed when nothing changed")
            #expect(second.hits == 3)
            #expect(try json(warm) == json(cold))
            #expect(try json(warm) == json(uncached))
            #expect(!warm.findings.isEmpty, "the sample has a finding, so equal results compare something")
        }
    }

    @Test func aChangedFileIsExtractedAgain() throws {
        try withProject { folder, cacheDirectory in
            _ = try run(folder, cacheIn: cacheDirectory)
            let before = try run(folder, cacheIn: cacheDirectory).0
            #expect(before.findings.contains { $0.member == "TrackingDependency" })
            // Child now uses the tracker, so the unused-dependency finding must go away.
            let child = folder.appendingPathComponent("Sources/App/Child.swift")
            let edited = Self.sources["Sources/App/Child.swift"]!
                .replacingOccurrences(of: "func show() { dependencies.logger.log(\"show\") }",
                                      with: "func show() { dependencies.logger.log(\"show\"); dependencies.tracker.track() }")
            try edited.write(to: child, atomically: true, encoding: .utf8)
            let (after, cache) = try run(folder, cacheIn: cacheDirectory)
            #expect(cache.misses == 1)
            #expect(cache.hits == 2)
            #expect(!after.findings.contains { $0.member == "TrackingDependency" })
            #expect(try json(after) == json(Pipeline().run(paths: ["."], workingDirectory: folder)))
        }
    }

    @Test func aCorruptPackIsIgnoredAndRewritten() throws {
        try withProject { folder, cacheDirectory in
            let reference = try json(run(folder, cacheIn: cacheDirectory).0)
            let pack = try packURL(in: cacheDirectory)
            try Data("not a pack at all".utf8).write(to: pack)
            let (result, cache) = try run(folder, cacheIn: cacheDirectory)
            #expect(cache.misses == 3)
            #expect(try json(result) == reference)
            #expect(try run(folder, cacheIn: cacheDirectory).1.hits == 3, "the pack was rewritten")
        }
    }

    @Test(arguments: [0.5, 0.9, 0.999])
    func aTruncatedPackIsIgnored(keptFraction: Double) throws {
        try withProject { folder, cacheDirectory in
            let reference = try json(run(folder, cacheIn: cacheDirectory).0)
            let pack = try packURL(in: cacheDirectory)
            let bytes = try Data(contentsOf: pack)
            try bytes.prefix(Int(Double(bytes.count) * keptFraction)).write(to: pack)
            let (result, cache) = try run(folder, cacheIn: cacheDirectory)
            #expect(cache.hits == 0)
            #expect(try json(result) == reference)
        }
    }

    @Test func aDamagedEntryIsOneMissAndIsRewritten() throws {
        try withProject { folder, cacheDirectory in
            let reference = try json(run(folder, cacheIn: cacheDirectory).0)
            let pack = try packURL(in: cacheDirectory)
            var bytes = [UInt8](try Data(contentsOf: pack))
            bytes[bytes.count - 1] ^= 0xFF  // the last byte of the last entry's payload
            try Data(bytes).write(to: pack)
            let (result, cache) = try run(folder, cacheIn: cacheDirectory)
            #expect(cache.misses == 1)
            #expect(cache.hits == 2)
            #expect(try json(result) == reference)
            #expect(try run(folder, cacheIn: cacheDirectory).1.misses == 0)
        }
    }

    @Test func otherNamingConventionsDoNotShareFacts() throws {
        try withProject { folder, cacheDirectory in
            _ = try run(folder, cacheIn: cacheDirectory)
            var conventions = NamingConventions.default
            conventions.aliasNames.append("*Needs")
            let (_, cache) = try run(folder, cacheIn: cacheDirectory, conventions: conventions)
            #expect(cache.hits == 0)
            #expect(cache.misses == 3)
            #expect(try run(folder, cacheIn: cacheDirectory).1.hits == 3, "the default configuration's pack is kept")
        }
    }

    /// The probe's digest is remembered per build, so a warm run never parses; the memo changes nothing
    /// about the fingerprint, and a memo of another build or a damaged one is replaced, never trusted.
    @Test func theProbeMemoSavesTheParseButNotTheFingerprint() throws {
        try Fixtures.withTemporaryFolder { folder in
            let memo = folder.appendingPathComponent(FactsFormat.memoName)
            let unmemoised = FactsCache.fingerprint(conventions: .default)
            #expect(FactsCache.fingerprint(conventions: .default, directory: folder) == unmemoised)
            let written = try Data(contentsOf: memo)
            #expect(FactsFormat.digest(inMemo: written, identity: ExecutableIdentity.current) == ContentHash(FactsFormat.probe))
            #expect(FactsFormat.digest(inMemo: written, identity: "another build") == nil)
            #expect(FactsCache.fingerprint(conventions: .default, directory: folder) == unmemoised, "read back from the memo")

            for foreign in ["another build\n\(ContentHash(high: 1, low: 2))\n", "\(ExecutableIdentity.current)\nnot hex\n", ""] {
                try Data(foreign.utf8).write(to: memo)
                #expect(FactsCache.fingerprint(conventions: .default, directory: folder) == unmemoised)
                #expect(try Data(contentsOf: memo) == written, "rewritten for this build")
            }
        }
    }

    @Test func entriesOfDeletedFilesArePrunedAfterSomeWrites() throws {
        try withProject { folder, cacheDirectory in
            _ = try run(folder, cacheIn: cacheDirectory)
            let leaves = folder.appendingPathComponent("Sources/App/Leaves.swift")
            let contentKey = try [UInt8](Data(contentsOf: leaves)).withUnsafeBytes {
                FactsCache.key(path: "Sources/App/Leaves.swift", contents: $0)
            }
            // Nothing in the project is judged by the names files read, so its facts are kept without them.
            let leavesKey = contentKey.withoutReads
            try FileManager.default.removeItem(at: leaves)
            func storedKeys() throws -> Set<ContentHash> {
                let pack = try #require(CachePack(parsing: Data(contentsOf: packURL(in: cacheDirectory)),
                                                  fingerprint: FactsCache(directory: cacheDirectory, conventions: .default).fingerprint))
                return Set(pack.entries.keys)
            }
            // Each run changes a file, so each writes the pack.
            for round in 1...Int(FactsCache.keepGenerations) + 1 {
                try "struct Changing\(round) {}".write(to: folder.appendingPathComponent("Changing.swift"), atomically: true, encoding: .utf8)
                _ = try run(folder, cacheIn: cacheDirectory)
                if round == 1 { #expect(try storedKeys().contains(leavesKey), "kept for a while: it may come back") }
            }
            #expect(try !storedKeys().contains(leavesKey))
            #expect(try storedKeys().count <= Int(FactsCache.keepGenerations) + 3)
        }
    }

    @Test func runsAtTheSameTimeLeaveAWholePack() throws {
        try withProject { folder, cacheDirectory in
            let reference = try json(Pipeline().run(paths: ["."], workingDirectory: folder))
            let results = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: 8)
            results.initialize(repeating: [])
            defer { results.deallocate() }
            nonisolated(unsafe) let slots = results
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                slots[index] = (try? json(run(folder, cacheIn: cacheDirectory).0)) ?? []
            }
            #expect(results.allSatisfy { $0 == reference })
            #expect(try run(folder, cacheIn: cacheDirectory).1.hits == 3, "whichever run wrote last, its pack is whole")
        }
    }

    @Test func identicalRunsWriteIdenticalPacks() throws {
        try withProject { folder, cacheDirectory in
            _ = try run(folder, cacheIn: cacheDirectory)
            let first = try Data(contentsOf: packURL(in: cacheDirectory))
            try FileManager.default.removeItem(at: cacheDirectory)
            _ = try run(folder, cacheIn: cacheDirectory)
            #expect(try Data(contentsOf: packURL(in: cacheDirectory)) == first)
        }
    }

    /// Fresh facts are encoded only when the pack is written; their digest is known from then on, and it is the
    /// checksum a later run reads back with them.
    @Test func freshFactsAreEncodedAsThePackIsWritten() throws {
        try Fixtures.withTemporaryFolder { folder in
            let facts = FactExtractor.extract(path: "Root.swift", source: Self.sources["Sources/App/Root.swift"]!)
            let key = ContentHash(Array("Root.swift".utf8))
            let cache = FactsCache(directory: folder, conventions: .default)
            cache.store(facts, for: key)
            #expect(cache.digest(of: key) == nil, "nothing is encoded before the save")
            cache.save()
            let digest = ContentHash(try CompactCoder.encode(facts))
            #expect(cache.digest(of: key) == digest)
            let next = FactsCache(directory: folder, conventions: .default)
            #expect(next.facts(for: key, path: "Root.swift") == facts)
            #expect(next.digest(of: key) == digest)
        }
    }

    @Test func anUnwritableCacheFolderIsNotAnError() throws {
        try withProject { folder, _ in
            let blocked = folder.appendingPathComponent("blocked")
            try Data().write(to: blocked)  // a file where the cache folder should go
            let (result, cache) = try run(folder, cacheIn: blocked.appendingPathComponent("cache"))
            #expect(result.problems.isEmpty)
            #expect(cache.misses == 3)
        }
    }

    @Test func theDefaultFolderIsInTheFirstAnalysedFolderElseTheCurrentOne() throws {
        try withProject { folder, _ in
            let cache = FactsCache.defaultFolderName
            #expect(FactsCache.defaultDirectory(for: [], workingDirectory: folder).path == folder.appendingPathComponent(cache).path)
            #expect(FactsCache.defaultDirectory(for: ["Sources/App", "Sources"], workingDirectory: folder).path
                == folder.appendingPathComponent("Sources/App/\(cache)").path)
            #expect(FactsCache.defaultDirectory(for: ["Sources/App/Root.swift"], workingDirectory: folder).path
                == folder.appendingPathComponent(cache).path)
        }
    }

    @Test func theCompactCoderRoundTripsEveryKindOfFact() throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Samples/ShopApp/Features/Cart/CartItemRow.swift"), encoding: .utf8)
        var facts = FactExtractor.extract(path: "Wéird <&>\n.swift", source: text + "\nstruct Broken {", conventions: .default)
        #expect(facts.syntaxError != nil, "optional fields are present in what is round-tripped")
        #expect(!facts.types.isEmpty && !facts.uses.isEmpty && !facts.forwards.isEmpty)
        let bytes = try CompactCoder.encode(facts)
        #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0) } == facts)
        #expect(try CompactCoder.encode(facts, genericOnly: true) == bytes)
        facts.syntaxError = nil
        let withoutError = try CompactCoder.encode(facts)
        #expect(try withoutError.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0) } == facts)
        // Every truncation fails to decode instead of giving a wrong value.
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try bytes.prefix(length).withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0) } }
        }
    }

    /// The probe uses every construct extraction records, so its facts must come back as they went in: a field
    /// read out of the order it is written (the coder is positional) fails here.
    @Test func theProbesFactsRoundTrip() throws {
        let facts = try FactsFormat.probe.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0) }
        #expect(facts.forwards.contains { $0.expectedType != nil } && facts.types.contains { !$0.genericCases.isEmpty })
        #expect(try CompactCoder.encode(facts) == FactsFormat.probe)
        #expect(try CompactCoder.encode(facts, genericOnly: true) == FactsFormat.probe)
        #expect(try FactsFormat.probe.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0, genericOnly: true) } == facts)
    }

    /// The cache keeps facts without decoding them again (that doubled the cost of a cold run's cache
    /// write), so every Swift file of the samples and of cpdi's own sources must make the round trip equal.
    @Test func everySampleAndSourceFileRoundTripsThroughTheCompactCoder() throws {
        var sources: [URL] = []
        for folder in ["Samples", "Sources"] {
            let enumerator = FileManager.default.enumerator(at: Fixtures.packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { sources.append(url) }
            }
        }
        #expect(sources.count > 100)
        var files = try sources.map { url in
            (url.path, FactExtractor.extract(path: url.path, source: try String(contentsOf: url, encoding: .utf8), conventions: .default))
        }
        // What no sample or source has: facts the probe alone records, and a file the parser had to recover in.
        files.append(("probe", try FactsFormat.probe.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0, genericOnly: true) }))
        files.append(("broken", FactExtractor.extract(path: "Broken.swift", source: "struct Broken {", conventions: .default)))
        // What the fast paths write field by field, so that each is compared with its `Codable` somewhere.
        var seen: Set<String> = []
        for (path, facts) in files {
            let bytes = try CompactCoder.encode(facts)
            #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0) } == facts, "\(path)")
            // The fast paths for the most numerous facts write and read the bytes their synthesized `Codable` does.
            #expect(try CompactCoder.encode(facts, genericOnly: true) == bytes, "\(path)")
            #expect(try bytes.withUnsafeBytes { try CompactCoder.decode(FileFacts.self, from: $0, genericOnly: true) } == facts, "\(path)")
            // A field left out by name turns the fast paths off; one no fact has must leave bytes and positions alike.
            let apart = try CompactCoder.encodeApart(facts), generic = try CompactCoder.encodeApart(facts, leavingOut: ["noSuchField"])
            #expect(apart.bytes == generic.bytes && apart.positions == generic.positions, "\(path)")
            seen.formUnion(Self.factsExercised(by: facts))
        }
        #expect(seen == Self.exercisedFacts, "missing: \(Self.exercisedFacts.subtracting(seen).sorted())")
    }

    static let exercisedFacts: Set<String> = [
        "forward details", "forward value", "forward expected type", "forward argument index", "dependency read", "function",
        "initializer", "parameter type", "parameter composition", "property requirement", "dependencies parameter",
        "injection", "registration", "resolution", "name reads", "entry point", "syntax error", "suppression",
    ]

    /// Which of `exercisedFacts` a file's facts hold.
    static func factsExercised(by facts: FileFacts) -> Set<String> {
        var seen: Set<String> = []
        func note(_ name: String, _ holds: Bool) { if holds { seen.insert(name) } }
        note("forward details", facts.forwards.contains { $0.holder != nil || $0.outerCallee != nil || $0.builtType != nil || $0.projection != nil })
        note("forward value", facts.forwards.contains { $0.value != nil })
        note("forward expected type", facts.forwards.contains { $0.expectedType != nil })
        note("forward argument index", facts.forwards.contains { $0.argumentIndex != nil })
        note("dependency read", !facts.dependencyReads.isEmpty)
        note("function", facts.functions.contains { !$0.parameters.isEmpty })
        let initializers = facts.types.flatMap(\.initializers)
        note("initializer", !initializers.isEmpty)
        let parameters = initializers.flatMap(\.parameters) + facts.functions.flatMap(\.parameters)
        note("parameter type", parameters.contains { $0.type != nil })
        note("parameter composition", parameters.contains { $0.composition != nil })
        note("property requirement", facts.types.contains { !$0.propertyRequirements.isEmpty })
        note("dependencies parameter", facts.declarations.dependenciesParameters.contains { $0.type != nil })
        note("injection", !facts.runtime.injections.isEmpty)
        note("registration", !facts.runtime.registrations.isEmpty)
        note("resolution", !facts.runtime.resolutions.isEmpty)
        note("name reads", !facts.runtime.reads.bare.isEmpty && !facts.runtime.reads.memberTypes.isEmpty)
        note("entry point", facts.runtime.isEntryPoint)
        note("syntax error", facts.syntaxError != nil)
        note("suppression", !facts.suppressions.isEmpty)
        return seen
    }

    @Test func theContentHashSeparatesPartsAndSeesEveryByte() {
        #expect(ContentHash(Array("ab".utf8), Array("c".utf8)) != ContentHash(Array("a".utf8), Array("bc".utf8)))
        let base = [UInt8](repeating: 7, count: 37)
        var seen: Set<ContentHash> = [ContentHash(base)]
        for index in base.indices {
            var changed = base
            changed[index] ^= 1
            seen.insert(ContentHash(changed))
        }
        #expect(seen.count == base.count + 1)
        #expect(ContentHash(base) == ContentHash(base))
        #expect(ContentHash(base).description.count == 32)
    }
}
