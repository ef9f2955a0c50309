import CPDIPipeline
import CPDIReporters
import CPDISynthetic
import Foundation

/// What the campaign mutates: the samples' sources, a small synthetic app, configuration files, and a
/// baseline and a saved result of a sample.
public enum FuzzSeeds {
    public static func campaign(packageRoot: URL) throws -> FuzzCampaign {
        var sources: [[UInt8]] = []
        let samples = packageRoot.appendingPathComponent("Samples")
        let walker = FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)
        var paths: [String] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathComponents.contains(".build") { walker?.skipDescendants(); continue }
            if url.pathExtension == "swift" { paths.append(url.path) }
        }
        for path in paths.sorted() {
            if let data = FileManager.default.contents(atPath: path) { sources.append([UInt8](data)) }
        }
        sources += SyntheticApp(components: 30, modules: 3, seed: 3).files.filter { $0.path.hasSuffix(".swift") }.map { Array($0.text.utf8) }
        sources.append(Array(shapes.utf8))

        let configurations = [
            "include: [\"Sources/**\"]\nexclude: [\"**/Generated/**\"]\nmodule-roots: [Sources]\nrules:\n  unused-dependency: error\n  dependencies-first: off\n  alias-naming: { enabled: true, severity: info }\nnaming:\n  alias-names: ['*Dependencies', Context]\n",
            "rules: {}\nnaming: { dependencies-property-names: [deps, context] }\n",
        ].map { Array($0.utf8) }

        let shop = try Pipeline().run(paths: ["Samples/ShopApp"], workingDirectory: packageRoot)
        let result = try JSONFormat.encode(shop)
        let baselineFile = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-fuzz-seed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: baselineFile) }
        try Baseline(findings: shop.findings, path: baselineFile.path, workingDirectory: packageRoot).write(to: baselineFile.path, workingDirectory: packageRoot)
        let baseline = try [UInt8](Data(contentsOf: baselineFile))
        return FuzzCampaign(sources: sources, configurations: configurations, baselines: [baseline], results: [result])
    }

    /// Shapes the samples do not write: closures held by the dependencies, casts, compositions written in place,
    /// factory functions typed by a protocol that only composes others, initializers called on metatypes, a
    /// labelled tuple of the value stored in place, casts of a global to a type's own alias, a composition only an
    /// initializer takes, conformances through compositions.
    static let shapes = """
        protocol HasLogger { var logger: Logger { get } }
        protocol HasClock { var clock: Clock { get } }
        protocol Reducing { associatedtype DependenciesType; typealias ExpressionType = (Int, DependenciesType) -> Int }
        protocol HasReducer { var reducer: Reducers.Counter.ExpressionType { get }; var log: (String, Reducers.Counter.DependenciesType) -> Void { get } }
        protocol AppContainerProtocol: HasLogger, HasClock {}
        enum Reducers { struct Counter: Reducing { typealias DependenciesType = HasLogger & HasClock
            static func reduce(count: Int, dependencies: DependenciesType) -> Int { dependencies.clock.now + count } } }
        final class Store {
            typealias Dependencies = HasReducer & HasLogger & HasClock
            private let dependencies: Dependencies
            init(dependencies: Dependencies) { self.dependencies = dependencies }
            func send() -> Int { (dependencies as? AppContainer)?.reset(); dependencies.log("x", dependencies); return dependencies.reducer(1, dependencies) }
        }
        final class Panel {
            private let dependencies: HasLogger & HasClock
            init(dependencies: HasLogger & HasClock) { self.dependencies = dependencies }
            func show() { dependencies.logger.log("panel") }
        }
        enum Factory { static func make(with dependencies: AppContainerProtocol) -> Panel { Panel(dependencies: dependencies) } }
        class BaseFlow<Dependencies> { let dependencies: Dependencies; init(dependencies: Dependencies) { self.dependencies = dependencies } }
        final class RootFlow: BaseFlow<HasLogger & HasClock> { func start() -> LeafFlow { (dependencies as? HasLogger)?.logger.log("go"); return LeafFlow(dependencies: dependencies) } }
        final class LeafFlow: BaseFlow<HasClock> {}
        protocol Decoding: AnyObject { typealias Context = HasLogger & HasClock; init(context: Context) }
        final class TextDecoding: Decoding { let context: Context; required init(context: Context) { self.context = context } }
        protocol ToolUser { associatedtype Toolbox; var toolbox: Toolbox { get } }
        protocol DecodingManager { func decodingType(for id: Int) -> Decoding.Type?; static func fallback() -> Decoding.Type }
        protocol HasDecodingManager { var manager: DecodingManager? { get } }
        final class DecodeHelper {
            typealias Context = Decoding.Context & HasDecodingManager
            private let context: Context
            init(context: Context) { self.context = context }
            func run(_ id: Int, _ any: AnyObject.Type) -> Decoding? {
                guard let kind = try context.manager?.decodingType(for: id) ?? (any as? Decoding.Type) else { return nil }
                let other: Decoding.Type = TextDecoding.self
                _ = type(of: self).self
                return kind.init(context: context) ?? other.init(context: context)
            }
        }
        protocol HasVoid {}
        final class SplitScreen {
            typealias OwnDependencies = HasLogger & HasVoid
            typealias NestedDependencies = DecodeHelper.Context & HasVoid
            typealias Dependencies = NestedDependencies & OwnDependencies
            private let dependencies: (own: OwnDependencies, nested: NestedDependencies)
            private var logger: Logger { dependencies.own.logger }
            init(dependencies: Dependencies) { self.dependencies = (own: dependencies, nested: dependencies) }
            func open() { logger.log("open"); _ = DecodeHelper(context: dependencies.nested) }
        }
        final class StoryboardScreen {
            typealias Context = HasLogger & Decoding.Context
            private lazy var helper: DecodeHelper? = { let h = DecodeHelper(context: Registry.root as! DecodeHelper.Context); return h }()
            func load() {
                guard let context = Registry.root as? StoryboardScreen.Context else { return }
                context.logger.log("load"); _ = TextDecoding(context: context)
                _ = (Registry.root as? Context)?.logger
            }
        }
        final class SongsModel: Starting {
            private let uploader: DecodeHelper
            init(dependencies: HasLogger & Decoding.Context & HasStore) {
                dependencies.logger.log("songs"); uploader = DecodeHelper(context: dependencies)
            }
            func start() {}
        }
        protocol Starting { func start() }
        protocol SongsStarting: Starting {}
        typealias SongsRunning = SongsStarting & Starting
        """
}
