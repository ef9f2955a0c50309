import Foundation

/// A throwaway git repository with one small app and five tagged commits, one change each:
/// `base`; `added` (a component Badge, built by List); `unforwarded` (Root stops building Detail but its
/// alias still lists Detail's); `unused` (Badge's alias gains a leaf nothing uses); `renamed`
/// (Detail.swift moved to DetailScreen.swift, with its known finding).
struct DiffRepository {
    let root: URL

    static let files: [String: String] = [
        "Sources/App/Leaves.swift": """
            protocol LoggingDependency { var logger: Logger { get } }
            protocol TrackingDependency { var tracker: Tracker { get } }
            protocol NetworkDependency { var network: Network { get } }
            protocol StorageDependency { var storage: Storage { get } }

            """,
        "Sources/App/Root.swift": """
            typealias RootDependencies = LoggingDependency
                & ListDependencies
                & DetailDependencies

            struct Root<Dependencies: RootDependencies> {
                let dependencies: Dependencies

                func start() {
                    dependencies.logger.log("start")
                    List(dependencies: dependencies).show()
                    Detail(dependencies: dependencies).show()
                }
            }

            """,
        "Sources/App/List.swift": """
            typealias ListDependencies = LoggingDependency

            struct List<Dependencies: ListDependencies> {
                let dependencies: Dependencies

                func show() {
                    dependencies.logger.log("list")
                }
            }

            """,
        "Sources/App/Detail.swift": """
            typealias DetailDependencies = NetworkDependency
                & StorageDependency

            struct Detail<Dependencies: DetailDependencies> {
                let dependencies: Dependencies

                func show() {
                    dependencies.network.load()
                }
            }

            """,
    ]

    /// Makes the repository in `folder` (which must exist and be empty) and commits every step.
    init(in folder: URL) throws {
        root = folder
        try git("init", "-q", "-b", "main")
        for (path, text) in Self.files { try write(path, text) }
        try commit("base")

        try write("Sources/App/Badge.swift", """
            typealias BadgeDependencies = TrackingDependency

            struct Badge<Dependencies: BadgeDependencies> {
                let dependencies: Dependencies

                func show() {
                    dependencies.tracker.track("badge")
                }
            }

            """)
        try edit("Sources/App/List.swift", "typealias ListDependencies = LoggingDependency", "typealias ListDependencies = LoggingDependency\n    & BadgeDependencies")
        try edit("Sources/App/List.swift", "        dependencies.logger.log(\"list\")", "        dependencies.logger.log(\"list\")\n        Badge(dependencies: dependencies).show()")
        try commit("added")

        try edit("Sources/App/Root.swift", "        Detail(dependencies: dependencies).show()\n", "")
        try commit("unforwarded")

        try edit("Sources/App/Badge.swift", "typealias BadgeDependencies = TrackingDependency", "typealias BadgeDependencies = TrackingDependency\n    & StorageDependency")
        try commit("unused")

        try git("mv", "Sources/App/Detail.swift", "Sources/App/DetailScreen.swift")
        try commit("renamed")
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func edit(_ path: String, _ old: String, _ new: String) throws {
        let url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw Failure("\(path) does not contain «\(old)»") }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    private func commit(_ tag: String) throws {
        try git("add", "-A")
        try git("-c", "user.name=cpdi", "-c", "user.email=cpdi@example.invalid", "commit", "-q", "-m", tag)
        try git("tag", tag)
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let run = try Self.run(["git"] + arguments, in: root)
        guard run.status == 0 else { throw Failure("git \(arguments.joined(separator: " ")): \(run.stderr)") }
        return run.stdout
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading
        let stderrTask = Thread.detachNewThreadReadingToEnd(errors)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderrTask(), as: UTF8.self))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A fresh folder holding the repository, removed when `body` returns.
    static func with<T>(_ body: (DiffRepository) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-diff-tests-\(UUID().uuidString)/App")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        return try body(DiffRepository(in: folder))
    }
}

extension Thread {
    /// Reads `handle` to its end on another thread; the returned function waits for the bytes.
    static func detachNewThreadReadingToEnd(_ handle: FileHandle) -> () -> Data {
        let box = DataBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.data = handle.readDataToEndOfFile()
            done.signal()
        }
        return {
            done.wait()
            return box.data
        }
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }
}
