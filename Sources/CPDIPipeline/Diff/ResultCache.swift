import CPDIRules
import Foundation

/// Whole results of committed revisions, next to the facts cache, so a revision `cpdi diff` has seen
/// is neither exported nor analysed again. A commit fixes the sources and the configuration in them,
/// so the key is the commit, the paths, the configuration file's name and the executable: unlike facts,
/// results also depend on linking and rules, which change with every build, not with the version.
/// A damaged or foreign entry is a miss, never an error.
struct ResultCache: Sendable {
    /// Entries kept; the least recently used beyond this are deleted.
    static let kept = 16

    let directory: URL

    init(cacheDirectory: URL) {
        directory = cacheDirectory.appendingPathComponent("results", isDirectory: true)
    }

    func key(commit: String, paths: [String], configuration: String?, switches: RuleSwitches = RuleSwitches()) -> String {
        let text = [Pipeline.version, ExecutableIdentity.current, commit, configuration ?? ""].joined(separator: "\u{0}")
            + "\u{0}" + paths.joined(separator: "\u{0}")
            + "\u{0}+" + switches.enable.joined(separator: ",") + "\u{0}-" + switches.disable.joined(separator: ",")
        return "\(ContentHash(Array(text.utf8)))"
    }

    func load(_ key: String) -> AnalysisResult? {
        let url = directory.appendingPathComponent("\(key).result")
        guard let data = try? Data(contentsOf: url),
              let result = try? data.withUnsafeBytes({ try CompactCoder.decode(AnalysisResult.self, from: $0) })
        else { return nil }
        // Touched, so pruning keeps what is in use.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return result
    }

    /// Saves `result` whole or not at all. Unlike facts, a result is not decoded again to check it: that
    /// cost as much as encoding it, for two results on every cold diff. `ResultCacheTests` round-trips
    /// the samples' results instead, which catches a field the compact coder cannot carry.
    func store(_ result: AnalysisResult, key: String) {
        guard let bytes = try? CompactCoder.encode(result) else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(bytes).write(to: directory.appendingPathComponent("\(key).result"), options: .atomic)
        } catch {
            return
        }
        prune()
    }

    private func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        let entries = names.filter { $0.hasSuffix(".result") }.map { name in
            let url = directory.appendingPathComponent(name)
            return (url, (try? manager.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (url, _) in entries.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.kept) { try? manager.removeItem(at: url) }
    }
}
