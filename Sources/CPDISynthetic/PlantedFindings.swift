/// Findings planted on purpose in a synthetic app, with their ground truth, so a test can check that cpdi
/// finds exactly these, that `cpdi fix` resolves them, and that the app still builds afterwards.
///
/// Each planted group sits in its own file of a module and uses that module's first two leaves:
/// - a parent that lists a child's leaf directly (`direct-child-dependency`);
/// - a parent that still forwards the alias of a child it no longer builds (`stale-forward`);
/// - a parent that builds a child without composing its alias (`missing-forward`).
/// The generator's own left-over leaves (`unused-dependency`) are planted in every app.
extension SyntheticApp {
    /// One line per planted finding, sorted: `rule component`.
    public var groundTruth: [String] {
        var lines = plan.components.filter(\.hasUnusedLeaf).map { "unused-dependency \($0.name)" }
        for index in plantedIndices {
            lines.append("direct-child-dependency PlantedDirectParent\(index)")
            lines.append("stale-forward PlantedStaleParent\(index)")
            lines.append("missing-forward PlantedMissingParent\(index)")
        }
        return lines.sorted()
    }

    private var plantedIndices: Range<Int> { 0..<planted }

    /// Round-robin over the modules, so every module's leaves are exercised.
    private func plantedModule(_ index: Int) -> Int { index % plan.modules + 1 }

    var plantedFiles: [File] {
        plantedIndices.map { index in
            let module = plantedModule(index)
            let words = plan.leafWords[module - 1]
            let first = leafProtocol(module, words[0]), second = leafProtocol(module, words[1])
            let firstUse = "dependencies.\(leafProperty(module, words[0])).perform(\"planted\")"
            let secondUse = "dependencies.\(leafProperty(module, words[1])).perform(\"planted\")"
            func component(_ name: String, alias: String, body: [String]) -> [String] {
                ["typealias \(name)Dependencies = \(alias)", "", "struct \(name)<Dependencies: \(name)Dependencies> {", "    let dependencies: Dependencies", "", "    func start() {"]
                    + body.map { "        " + $0 } + ["    }", "}", ""]
            }
            var lines = ["import Foundation", "", "// Planted findings \(index), with their ground truth in ground-truth.txt.", ""]
            // The child's leaf listed directly: forward PlantedDirectChild's alias instead.
            lines += component("PlantedDirectChild\(index)", alias: second, body: [secondUse])
            lines += component("PlantedDirectParent\(index)", alias: "\(first) & \(second)", body: [firstUse, "PlantedDirectChild\(index)(dependencies: dependencies).start()"])
            // A forwarded alias whose component is no longer built.
            lines += component("PlantedStaleChild\(index)", alias: first, body: [firstUse])
            lines += component("PlantedStaleParent\(index)", alias: "\(first) & PlantedStaleChild\(index)Dependencies", body: [firstUse])
            // A child built without its alias, while another child's alias is forwarded.
            lines += component("PlantedHelper\(index)", alias: first, body: [firstUse])
            lines += component("PlantedMissingChild\(index)", alias: second, body: [secondUse])
            lines += component("PlantedMissingParent\(index)", alias: "\(first) & \(second) & PlantedHelper\(index)Dependencies", body: [
                firstUse, secondUse, "PlantedHelper\(index)(dependencies: dependencies).start()", "PlantedMissingChild\(index)(dependencies: dependencies).start()",
            ])
            return File(path: "Sources/Module\(module)/Planted\(index).swift", text: lines.joined(separator: "\n"))
        } + (planted > 0 ? [File(path: "ground-truth.txt", text: groundTruth.joined(separator: "\n") + "\n")] : [])
    }

    /// One executable target over all of `Sources`, so the whole app is one module that builds.
    var packageManifest: String {
        """
        // swift-tools-version: 6.0
        // Written by `cpdi generate --package`: the synthetic app as one executable target.
        import PackageDescription

        let package = Package(
            name: "SyntheticApp",
            targets: [.executableTarget(name: "SyntheticApp", path: "Sources")],
            swiftLanguageModes: [.v5]
        )

        """
    }
}
