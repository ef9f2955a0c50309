import Yams

/// The targets of an XcodeGen `project.yml` and the source paths each lists. Any YAML file with that
/// name may turn up in a repository, so one that does not read as an XcodeGen spec gives no targets
/// rather than an error: it is not cpdi's configuration.
struct XcodeGenSpec: Equatable {
    struct Target: Equatable {
        var name: String
        /// Folders or files relative to the spec's folder, in the order listed.
        var paths: [String]
    }

    var targets: [Target]

    /// `targets:` maps names to specs whose `sources:` is a path, a list of paths, or a list of
    /// `{path: …}` maps (their `excludes:` only narrow a folder, which still belongs to the target).
    init(text: String) {
        guard let root = try? Yams.compose(yaml: text), let targets = root["targets"]?.mapping else {
            self.targets = []
            return
        }
        self.targets = targets.compactMap { name, spec in
            guard let name = name.string, let sources = spec["sources"] else { return nil }
            let entries = sources.sequence.map(Array.init) ?? [sources]
            let paths = entries.compactMap { $0.mapping == nil ? $0.string : $0["path"]?.string }
            return paths.isEmpty ? nil : Target(name: name, paths: paths)
        }
    }
}
