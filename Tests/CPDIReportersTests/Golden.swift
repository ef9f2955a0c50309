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

    /// The result every golden file is rendered from: `Samples/ShopApp`, paths relative to the package root.
    static func shopApp() throws -> AnalysisResult {
        try Pipeline().run(paths: ["Samples/ShopApp"], workingDirectory: packageRoot)
    }

    static func expect(_ bytes: [UInt8], matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["CPDI_RECORD_GOLDEN"] == "1" {
            try Data(bytes).write(to: url)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(Array(expected) == bytes, "\(name) differs from the golden file; rerun with CPDI_RECORD_GOLDEN=1 and review", sourceLocation: sourceLocation)
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
