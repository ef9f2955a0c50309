import CPDIFacts
import Foundation

extension FactsCache {
    /// Everything besides a file's own path and bytes that decides its facts: the pack format, cpdi's
    /// version, the facts format and the naming conventions. Nothing about the executable itself, so a
    /// CI job that restores the cache and rebuilds the same cpdi reuses it. `directory`, when given,
    /// keeps the probe's digest between runs (`FactsFormat.probeDigest`).
    static func fingerprint(conventions: NamingConventions, directory: URL? = nil) -> ContentHash {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let configuration = (try? encoder.encode(conventions)).map { [UInt8]($0) } ?? []
        let identity = Array("\(CachePack.format)|\(Pipeline.version)|\(FactsFormat.version)".utf8)
        return ContentHash(identity, FactsFormat.probeDigest(memoIn: directory).bytes, configuration)
    }
}

/// What the cached facts look like. `version` is bumped by hand when `FileFacts` or extraction changes;
/// `probe` catches a forgotten bump: it is the encoded facts of a small file that uses every construct
/// extraction records, so a change to their shape or content changes the fingerprint by itself.
enum FactsFormat {
    static let version = 46

    /// The digest of `probe`. Extracting the probe is the only parse of a warm run, and the first use of
    /// the parser costs milliseconds, so the digest is remembered in the cache folder under the
    /// executable's identity: the same build reads it back, another build (even of the same version)
    /// extracts the probe once and replaces the memo. The memo only saves time; its content is the same
    /// digest the probe gives, so a CI job with a rebuilt cpdi still gets the same fingerprint.
    static func probeDigest(memoIn directory: URL?) -> ContentHash {
        guard let directory else { return ContentHash(probe) }
        let url = directory.appendingPathComponent(memoName)
        let identity = ExecutableIdentity.current
        if let data = try? Data(contentsOf: url), let digest = digest(inMemo: data, identity: identity) { return digest }
        let digest = ContentHash(probe)
        let memo = Data("\(identity)\n\(digest)\n".utf8)
        // A folder that cannot be written only costs the next run the probe again.
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? memo.write(to: url, options: .atomic)
        return digest
    }

    static let memoName = "probe.memo"

    /// The digest a memo holds for `identity`, or nil when it was written by another build or is damaged.
    static func digest(inMemo data: Data, identity: String) -> ContentHash? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0] == identity, lines[2].isEmpty else { return nil }
        return ContentHash(hex: lines[1])
    }

    static let probe: [UInt8] = {
        let facts = FactExtractor.extract(path: "Probe.swift", source: probeSource, conventions: .default)
        return (try? CompactCoder.encode(facts)) ?? []
    }()

    private static let probeSource = """
        import SwiftUI
        protocol LoggingDependency { var logger: Logging { get } }
        protocol HasStore { var store: Store { get } }
        typealias ProbeDependencies = LoggingDependency // cpdi:disable:this unused-dependency
            & ChildDependencies
        public typealias ProbeFeatureDependencies = ProbeDependencies
        struct Probe<Dependencies: ProbeDependencies>: View {
            let dependencies: Dependencies
            @Inject private var module: ModuleType
            @Dependency(\\.service) var service
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            var body: some View {
                dependencies.logger.log("probe")
                Child(dependencies: dependencies).autoExpand(dependencies: dependencies)
            }
        }
        final class Feed: Base<LoggingDependency & HasStore> {}
        final class Screen<Dependencies: ProbeDependencies>: Base<Dependencies> {
            override init(dependencies: Dependencies) { super.init(dependencies: dependencies) }
            func load() { loader.load(dependencies: dependencies); child.dependencies = dependencies }
            func attach() { let model: Attachable<Probe> = .detached(dependencies); show(model) }
            func make(context: ProbeDependencies) -> ProbeDependencies { [context].first ?? dependencies }
            func reduce() -> Int { dependencies.reducer(1, dependencies) }
            func reset() { (dependencies as? Container)?.reset() }
        }
        protocol HasReducer { var reducer: (Int, ProbeDependencies) -> Int { get } }
        struct Inline { let dependencies: HasStore & LoggingDependency; init(dependencies: HasStore & LoggingDependency) { self.dependencies = dependencies } }
        typealias ProbeExpression = (Int, ProbeDependencies) -> Int
        typealias PairDependencies = (own: LoggingDependency, other: HasStore)
        extension LoggingDependency { var log: Log { logger.log } }
        protocol Component { associatedtype Dependencies: HasStore }
        enum Attachable<VM: Component> { case detached(VM.Dependencies) }
        extension Container: HasStore {}
        let registry = Dependencies { Module { LiveModule() as ModuleType } }
        struct ServiceKey: DependencyKey { static var currentValue: Service = LiveService() }
        struct Values {
            static let shared = Values()
            static subscript<T>(_ path: KeyPath<Self, T>) -> T { shared[keyPath: path] }
            var session = Session()
            func read() -> Int { Values[\\.session].count + Values.shared.session.count + (\\Values.session).hashValue }
        }
        """
}
