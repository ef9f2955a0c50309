import CPDIFacts
import CPDIFix
import CPDIRules
import Foundation

/// What `cpdi fix` did: the files it rewrote (before and after), the findings it resolved, and the
/// analysis of the fixed code.
public struct FixOutcome: Sendable {
    public struct ChangedFile: Sendable, Equatable {
        /// As shown to the user, and where it is on disk.
        public var path: String
        public var url: URL
        public var original: String
        public var fixed: String
    }

    public var changedFiles: [ChangedFile]
    /// Findings an edit resolved, in the round they were fixed.
    public var fixed: [Finding]
    /// The analysis of the code as fixed (of the edited texts, with `--dry-run`).
    public var result: AnalysisResult
}

extension Pipeline {
    /// The rules whose findings carry an alias edit or a declaration to remove.
    public static let fixableRules: Set<String> = [
        "unused-dependency", "direct-child-dependency", "stale-forward", "missing-forward", "unused-injection",
    ]

    /// Applies the edits of every fixable finding, analyses again, and repeats until nothing fixable is
    /// left (an edit may make another member removable), so a second run changes nothing. Nothing is
    /// written here: the caller writes `changedFiles` or prints their diff.
    ///
    /// - Parameters:
    ///   - rules: only findings of these rules are fixed (all fixable rules when nil).
    ///   - keep: drops findings the user chose to keep (a baseline); suppressed findings never reach it.
    public func fix(
        paths: [String], workingDirectory: URL, cache: FactsCache? = nil, rules: Set<String>? = nil,
        keep: @Sendable ([Finding]) -> [Finding] = { $0 }, maximumRounds: Int = 8
    ) throws(InputError) -> FixOutcome {
        let files = try SourceDiscovery(workingDirectory: workingDirectory, configuration: configuration).discover(paths)
        let urls = Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.url) })
        let modules = Dictionary(uniqueKeysWithValues: files.map { ($0.displayPath, $0.module) })
        var texts: [String: String] = [:]
        var originals: [String: String] = [:]
        var fixed: [Finding] = []
        var result = analyse(files, overriding: texts, cache: cache, modules: modules)
        for _ in 0..<maximumRounds {
            let unparsable = Set(result.problems.map(\.file))
            let candidates = keep(result.findings).filter { finding in
                guard let file = finding.editedFile, !unparsable.contains(file), urls[file] != nil else { return false }
                return rules?.contains(finding.ruleID) ?? Self.fixableRules.contains(finding.ruleID)
            }
            var progressed = false
            for (file, group) in Dictionary(grouping: candidates, by: { $0.editedFile! }).sorted(by: { $0.key < $1.key }) {
                guard let current = texts[file] ?? Self.readText(urls[file]!) else { continue }
                // Each edit's positions are those of the analysed text: alias edits first, removals in the
                // next round, once the file has been analysed again.
                let aliasEdits = group.filter { $0.fix != nil }
                let applied = aliasEdits.isEmpty ? group : aliasEdits
                let edited = aliasEdits.isEmpty
                    ? DeclarationRemover.apply(group.compactMap(\.removal), to: current)
                    : AliasRewriter.apply(aliasEdits.compactMap(\.fix), to: current)
                guard let edited else { continue }
                originals[file] = originals[file] ?? current
                texts[file] = edited
                fixed += applied
                progressed = true
            }
            guard progressed else { break }
            result = analyse(files, overriding: texts, cache: cache, modules: modules)
        }
        cache?.save()
        let changed = texts.keys.sorted().compactMap { path -> FixOutcome.ChangedFile? in
            guard let original = originals[path], let text = texts[path], original != text else { return nil }
            return FixOutcome.ChangedFile(path: path, url: urls[path]!, original: original, fixed: text)
        }
        return FixOutcome(changedFiles: changed, fixed: fixed, result: result)
    }

    /// Analyses the discovered files, reading edited ones from `overriding` (display path → text).
    private func analyse(
        _ files: [SourceDiscovery.SourceFile], overriding texts: [String: String], cache: FactsCache?, modules: [String: String]
    ) -> AnalysisResult {
        let base = self.conventions, tree = self.tree
        /// Under the learnt names, only the files they change: nil for the others.
        func outcomes(learnt: LearntNaming? = nil) -> [ExtractionOutcome?] {
            let conventions = learnt?.conventions ?? base
            return Parallel.map(files.count) { index -> ExtractionOutcome? in
                let file = files[index]
                if let text = texts[file.displayPath], NestingGuard.refusal(text.utf8) == nil {
                    if let learnt, !learnt.affects(Array(text.utf8)) { return nil }
                    return .facts(FactExtractor.extract(path: file.displayPath, source: text, conventions: conventions))
                }
                guard let learnt else { return Self.extract(file, conventions: conventions, tree: tree, cache: cache).0 }
                return learnt.reextracted(Self.read(file, tree: tree, keyed: cache != nil), cache: cache, tree: tree, withReads: true)?.outcome
            }
        }
        // As a run learns names (`LearntNaming`), so that a fix is judged by the findings `check` gives.
        var found = outcomes().map { $0! }
        let naming = learnsNaming ? NamingInference.infer(from: found.compactMap(\.facts), conventions: base) : InferredNaming()
        if !naming.isEmpty {
            let learnt = LearntNaming(naming, over: base)
            for (index, again) in outcomes(learnt: learnt).enumerated() { if let again { found[index] = again } }
        }
        return analyse(found, modules: modules, naming: naming)
    }

    private static func readText(_ url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(validating: [UInt8](data), as: UTF8.self)
    }
}
