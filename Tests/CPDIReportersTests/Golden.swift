import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// Golden files: `Tests/CPDIReportersTests/Golden/<name>` holds the expected bytes of a report.
/// Run the tests with `CPDI_RECORD_GOLDEN=1` to rewrite them after an intended change, then review the diff.
enum Golden {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = packageRoot.appendingPathComponent("Tests/CPDIReportersTests/Golden")

    /// The result every golden file is rendered from: `Samples/ShopApp` with its `.cpdi.yml` (which turns on
    /// every opt-in rule), paths relative to the package root.
    static func shopApp() throws -> AnalysisResult {
        let configuration = try Configuration.load(explicitPath: nil, paths: ["Samples/ShopApp"], workingDirectory: packageRoot)
        return try Pipeline(configuration: configuration).run(paths: ["Samples/ShopApp"], workingDirectory: packageRoot)
    }

    static func expect(_ bytes: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["CPDI_RECORD_GOLDEN"] == "1" {
            try Data(bytes).write(to: url)
            return
        }
        let expected = try Data(contentsOf: url)
        guard Array(expected) != bytes else { return }
        Issue.record(
            "\(name) differs from the golden file at \(firstDifference(Array(expected), bytes)); rerun with CPDI_RECORD_GOLDEN=1 and review the diff",
            sourceLocation: sourceLocation
        )
    }

    /// The first line that differs, shown both ways, instead of two arrays of thousands of bytes.
    static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? String(old[index]) : "<end of file>"
            let now = index < new.count ? String(new[index]) : "<end of file>"
            if was != now { return "line \(index + 1): expected «\(was.prefix(200))», got «\(now.prefix(200))»" }
        }
        return "the bytes (same lines)"
    }

    /// A result whose names, messages and paths hold every character some format must escape.
    static func hostile() -> AnalysisResult {
        let path = "Sources/Wéird <&> \"%\"\nDir/Fïle.swift"
        let source = """
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            typealias ÜberViewDependencies = TrackingDependency
                & LoggingDependency
            struct ÜberView<Dependencies: ÜberViewDependencies> {
                let dependencies: Dependencies
                func show() { dependencies.tracker.track("<&>\\"%") }
            }
            """
        return Pipeline().run(sources: [(path: path, text: source)], module: "Wéird<&>")
    }
}
