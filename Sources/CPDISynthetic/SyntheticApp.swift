/// A synthetic app in the CPDI style, for benchmarks and scale tests: `Sources/Module<k>/…` with
/// one file per component (the component and its own `…Dependencies` alias), a file of leaf
/// protocols per module, and `Sources/App/` with the app container and the root component.
/// The same (components, modules, seed) always gives the same files, byte for byte.
public struct SyntheticApp: Sendable {
    public struct File: Sendable, Equatable {
        /// Relative to the app folder, `/`-separated.
        public var path: String
        public var text: String
    }

    public let plan: SyntheticPlan
    /// How many of each fixable finding to plant (see `PlantedFindings`); 0 plants none.
    public let planted: Int
    /// Also write a `Package.swift`, so the app builds with `swift build` (one executable target).
    public let package: Bool

    public init(components: Int, modules: Int, seed: UInt64 = 1, fanOut: Int = 3, planted: Int = 0, package: Bool = false) {
        plan = SyntheticPlan(components: components, modules: modules, seed: seed, fanOut: fanOut)
        self.planted = planted
        self.package = package
    }

    /// The components cpdi should find: the planned ones, the root component and the app itself.
    public var componentNames: [String] { (plan.components.map(\.name) + ["AppRoot", "SyntheticApp"]).sorted() }

    /// Every file, sorted by path.
    public var files: [File] {
        var files = plan.components.map(componentFile)
        files += (1...plan.modules).map(leafFile)
        files.append(File(path: "Sources/App/AppDependencies.swift", text: containerSource))
        files.append(File(path: "Sources/App/AppRoot.swift", text: rootSource))
        files += plantedFiles
        if package { files.append(File(path: "Package.swift", text: packageManifest)) }
        return files.sorted { $0.path < $1.path }
    }

    // MARK: Names

    func leafProtocol(_ module: Int, _ word: String) -> String { "Module\(module)\(word)Dependency" }
    func leafProperty(_ module: Int, _ word: String) -> String { "module\(module)\(word)" }
    func serviceProtocol(_ module: Int, _ word: String) -> String { "Module\(module)\(word)Service" }
    private static let legacyWord = "Legacy"

    /// Every leaf of a module; the unread legacy one last, only in modules where some alias lists it
    /// (a leaf nobody lists would be a finding of its own, against the container).
    private func leafWords(_ module: Int) -> [String] {
        let listed = plan.components.contains { $0.module == module && $0.hasUnusedLeaf }
        return plan.leafWords[module - 1] + (listed ? [Self.legacyWord] : [])
    }

    // MARK: Files

    private func componentFile(_ component: SyntheticPlan.Component) -> File {
        let folder = component.folder.isEmpty ? "" : component.folder + "/"
        return File(path: "Sources/Module\(component.module)/\(folder)\(component.name).swift", text: componentSource(component))
    }

    private func componentSource(_ component: SyntheticPlan.Component) -> String {
        let name = component.name
        let words = plan.leafWords[component.module - 1]
        var members = component.usedLeaves.map { "\(leafProtocol(component.module, words[$0])) // used here" }
        if component.hasUnusedLeaf {
            members.append("\(leafProtocol(component.module, Self.legacyWord)) // left over: nothing here reads it")
        }
        let children = component.children.map { plan.components[$0].name }
        members += children.map { "\($0)Dependencies // required by \($0)" }

        var body = component.usedLeaves.map { "        dependencies.\(leafProperty(component.module, words[$0])).perform(\"\(name)\")" }
        body += children.map { "        \($0)(dependencies: dependencies).start()" }

        var lines = ["import Foundation", "", "typealias \(name)Dependencies = " + members[0]]
        lines += members.dropFirst().map { "    & " + $0 }
        lines.append("")
        switch component.shape {
        case 1:
            lines += [
                "final class \(name)<Dependencies: \(name)Dependencies> {",
                "    private let dependencies: Dependencies",
                "",
                "    init(dependencies: Dependencies) {",
                "        self.dependencies = dependencies",
                "    }",
            ]
        case 2:
            lines += ["struct \(name)<Dependencies> where Dependencies: \(name)Dependencies {", "    let dependencies: Dependencies"]
        default:
            lines += ["struct \(name)<Dependencies: \(name)Dependencies> {", "    let dependencies: Dependencies"]
        }
        lines += ["", "    func start() {"] + body + ["    }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func leafFile(_ module: Int) -> File {
        var lines = ["import Foundation", "", "// The leaf dependencies of Module\(module): one namespaced member each."]
        for word in leafWords(module) {
            lines += [
                "",
                "public protocol \(serviceProtocol(module, word)) {",
                "    func perform(_ request: String)",
                "}",
                "",
                "public protocol \(leafProtocol(module, word)) {",
                "    var \(leafProperty(module, word)): \(serviceProtocol(module, word)) { get }",
                "}",
            ]
        }
        return File(path: "Sources/Module\(module)/Module\(module)Dependencies.swift", text: lines.joined(separator: "\n") + "\n")
    }

    /// The one concrete type that provides every leaf of every module.
    private var containerSource: String {
        let leaves = (1...plan.modules).flatMap { module in leafWords(module).map { (module, $0) } }
        var lines = ["import Foundation", "", "/// Provides every leaf; only the app knows this concrete type.", "struct AppDependencies:"]
        lines += leaves.enumerated().map { index, leaf in
            "    \(leafProtocol(leaf.0, leaf.1))" + (index == leaves.count - 1 ? " {" : ",")
        }
        lines += leaves.map { "    let \(leafProperty($0.0, $0.1)): \(serviceProtocol($0.0, $0.1))" }
        lines += ["", "    static func live() -> AppDependencies {", "        let service = NoopService()", "        return AppDependencies("]
        lines += leaves.enumerated().map { index, leaf in
            "            \(leafProperty(leaf.0, leaf.1)): service" + (index == leaves.count - 1 ? "" : ",")
        }
        lines += ["        )", "    }", "}", "", "/// Stands in for every service until real ones exist.", "struct NoopService:"]
        lines += leaves.enumerated().map { index, leaf in
            "    \(serviceProtocol(leaf.0, leaf.1))" + (index == leaves.count - 1 ? " {" : ",")
        }
        lines += ["    func perform(_ request: String) {}", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app builds the root, and the root builds every module's entry component.
    private var rootSource: String {
        let entries = (1...plan.modules).map { "Module\($0)Entry" }
        var lines = ["import Foundation", "", "typealias AppRootDependencies = \(entries[0])Dependencies"]
        lines += entries.dropFirst().map { "    & \($0)Dependencies" }
        lines += [
            "",
            "struct AppRoot<Dependencies: AppRootDependencies> {",
            "    let dependencies: Dependencies",
            "",
            "    func start() {",
        ]
        lines += entries.map { "        \($0)(dependencies: dependencies).start()" }
        lines += [
            "    }",
            "}",
            "",
            "@main",
            "struct SyntheticApp {",
            "    let dependencies: AppDependencies",
            "",
            "    static func main() {",
            "        SyntheticApp(dependencies: .live()).run()",
            "    }",
            "",
            "    func run() {",
            "        AppRoot(dependencies: dependencies).start()",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
