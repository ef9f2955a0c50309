import CPDIPipeline
import CPDIRules
import Foundation

/// Paths of the package under test.
enum Fixtures {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let samples = ["ShopApp", "HasApp", "KeyPathApp", "ModulesApp", "BuildingApp", "RuntimeApp"]

    /// As `cpdi check` analyses: with the `.cpdi.yml` of the first path, when it has one.
    static func analyse(_ paths: [String]) throws -> AnalysisResult {
        let configuration = try Configuration.load(explicitPath: nil, paths: paths, workingDirectory: packageRoot)
        return try Pipeline(configuration: configuration).run(paths: paths, workingDirectory: packageRoot)
    }

    /// A fresh folder that is removed when `body` returns.
    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }
}
