import CPDIFacts
import Foundation

extension FactsCache {
    /// Everything besides a file's own path and bytes that decides its facts: the pack format, cpdi's
    /// version, the facts format and the naming conventions. Nothing about the executable itself, so a
    /// CI job that restores the cache and rebuilds the same cpdi reuses it.
    static func fingerprint(conventions: NamingConventions) -> ContentHash {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let configuration = (try? encoder.encode(conventions)).map { [UInt8]($0) } ?? []
        let identity = Array("\(CachePack.format)|\(Pipeline.version)|\(FactsFormat.version)".utf8)
        return ContentHash(identity, FactsFormat.probe, configuration)
    }
}

/// What the cached facts look like. `version` is bumped by hand when `FileFacts` or extraction changes;
/// `probe` catches a forgotten bump: it is the encoded facts of a small file that uses every construct
/// extraction records, so a change to their shape or content changes the fingerprint by itself.
enum FactsFormat {
    static let version = 1

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
        final class Screen<Dependencies: ProbeDependencies>: Base<Dependencies> {
            override init(dependencies: Dependencies) { super.init(dependencies: dependencies) }
            func load() { loader.load(dependencies: dependencies); child.dependencies = dependencies }
        }
        protocol Component { associatedtype Dependencies: HasStore }
        extension Container: HasStore {}
        let registry = Dependencies { Module { LiveModule() as ModuleType } }
        struct ServiceKey: DependencyKey { static var currentValue: Service = LiveService() }
        """
}
