import CPDIFacts
import CPDIRules
import Foundation

/// The pipeline cut in two at the facts: `cpdi facts` runs discovery and extraction on some folders and
/// stops; `cpdi check --facts` starts at linking, with the facts of every module, and ends where a scan
/// of all the folders at once would have.
extension Pipeline {
    /// Discovers and extracts the files of `paths` (resolved against `workingDirectory`), naming each
    /// relative to `root`. `module`, when given, is every file's module instead of the one discovery
    /// finds. No facts cache: the build system that runs this caches the whole action.
    public func moduleFacts(
        paths: [String], workingDirectory: URL, root: URL, module: String? = nil, progress: ProgressHandler? = nil
    ) throws(InputError) -> FactsFile {
        var absolute: [String] = []
        for path in paths {
            let url = URL.resolving(path, against: workingDirectory)
            guard tree.kind(of: url.path) != nil else { throw InputError("\(path): no such file or directory; pass the module's folders") }
            absolute.append(url.path)
        }
        // Discovery names files relative to its working directory: the root, so names do not depend on
        // where the checkout is, and project files are looked for up to the root.
        let files = try SourceDiscovery(workingDirectory: root, configuration: configuration, tree: tree).discover(absolute)
        if let outside = files.first(where: { $0.displayPath.hasPrefix("/") }) {
            throw InputError("\(outside.displayPath): not under the root \(root.path); pass a --root that holds every module folder")
        }
        // Names are learnt from a whole app, which one module is not: facts files keep to the configured names.
        let outcomes = extract(files, progress: progress, learnsNaming: false).outcomes
        let entries = zip(files, outcomes).map { file, outcome in
            var entry = FactsFile.Entry(path: file.displayPath, module: module ?? file.module)
            switch outcome {
            case .facts(let facts): entry.facts = facts
            case .unreadable(let problem): entry.problem = problem
            }
            return entry
        }
        return FactsFile(settings: FactsFile.settings(of: configuration), entries: entries)
    }

    /// Links and judges the facts in `paths` as one run. A file that cannot be read, is not a facts file,
    /// was written by another cpdi or with another configuration, or repeats another's source file fails
    /// the run, naming it.
    public func analyse(factsFiles paths: [String], workingDirectory: URL) throws(InputError) -> AnalysisResult {
        let settings = FactsFile.settings(of: configuration)
        // Decoding is most of the work and each file stands alone.
        let read = Parallel.map(paths.count) { index -> Result<FactsFile, InputError> in
            let name = paths[index]
            guard let data = FileManager.default.contents(atPath: URL.resolving(name, against: workingDirectory).path) else {
                return .failure(InputError("\(name): cannot read the facts file; check the path"))
            }
            do throws(InputError) {
                let file = try FactsFile.parse([UInt8](data), name: name)
                guard file.settings == settings else {
                    let configuration = configuration.source.map { "the configuration \($0)" } ?? "no configuration file"
                    return .failure(InputError(
                        "\(name): extracted with other settings (naming, include, exclude, module-roots) than this run's (\(configuration)); give `cpdi facts` and `cpdi check` the same --config"
                    ))
                }
                return .success(file)
            } catch {
                return .failure(error)
            }
        }
        var owners: [String: String] = [:]
        var entries: [FactsFile.Entry] = []
        for (name, result) in zip(paths, read) {
            let file = try result.get()
            for entry in file.entries {
                if let other = owners.updateValue(name, forKey: entry.path) {
                    throw InputError("\(name): \(entry.path) is also in \(other); give each source file's facts once")
                }
                entries.append(entry)
            }
        }
        // A scan sorts files by path; linking sees them in the same order here.
        entries.sort { $0.path < $1.path }
        let outcomes = entries.map { entry -> ExtractionOutcome in
            // `FactsFile.parse` let through only entries with exactly one of the two.
            if let facts = entry.facts { return .facts(facts) }
            return .unreadable(entry.problem!)
        }
        return analyse(outcomes, modules: Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0.module) }))
    }
}
