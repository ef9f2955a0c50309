import CPDIGraph
import CPDIRules

/// `cpdi why` for the run-time styles: what a type injects or resolves, down through what each
/// registration's factory resolves; and every chain by which a type reaches a registration.
extension WhyExplanation {
    /// "injects:" and a tree of registrations, each with where it is injected; empty for a type that injects nothing.
    func injectionLines(of component: Node) -> [String] {
        guard let edges = injections[component.id], !edges.isEmpty else { return [] }
        var lines = ["injects:"]
        var shown: Set<String> = []
        func walk(_ edges: [Edge], prefix: String) {
            for (index, edge) in edges.enumerated() {
                guard let registration = paths.node(id: edge.to) else { continue }
                let last = index == edges.count - 1
                let place = registration.file.isEmpty ? "registered by a library" : "registered at \(registration.file):\(registration.line)"
                let repeated = shown.contains(registration.id)
                lines.append("\(prefix)\(last ? "└─ " : "├─ ")\(registration.name) — injected at \(edge.file):\(edge.line) · \(place)\(repeated ? " (shown above)" : "")")
                guard !repeated else { continue }
                shown.insert(registration.id)
                walk(injections[registration.id] ?? [], prefix: prefix + (last ? "   " : "│  "))
            }
        }
        walk(edges, prefix: "  ")
        return lines
    }

    /// A registration: where it is registered, what injects or resolves it, and what cpdi concluded: a finding
    /// on it, or why it is not judged (`RuntimeCoverage`), so "no finding" and "not judged" read apart.
    public func registrationStory(of registration: Node) -> String {
        let place = registration.file.isEmpty ? "registered by a library" : "registered at \(registration.file):\(registration.line)"
        var lines = ["\(registration.name) — registration · \(place)"]
        let readers = (injectedBy[registration.id] ?? []).sorted { ($0.file, $0.line, $0.from) < ($1.file, $1.line, $1.from) }
        if readers.isEmpty {
            lines.append("injected or resolved by nothing cpdi reads")
        } else {
            lines.append("injected or resolved by:")
            for edge in readers {
                lines.append("  \(paths.node(id: edge.from)?.name ?? edge.from) at \(edge.file):\(edge.line)")
            }
        }
        let own = findings.filter { $0.member == registration.name && ["unused-registration", "unprovided-dependency"].contains($0.ruleID) }
        for finding in own {
            lines.append("finding [\(finding.ruleID)] at \(finding.file):\(finding.line): \(finding.message)")
        }
        for item in runtime.notJudged where item.kind == "registration" && item.name == registration.name {
            lines.append("not judged: \(item.reason)")
        }
        if own.isEmpty, readers.isEmpty, !runtime.notJudged.contains(where: { $0.kind == "registration" && $0.name == registration.name }) {
            lines.append("no finding: `unused-registration` is turned off here (`--disable-rule` or `enabled: false` in `.cpdi.yml`), or something reads it by a type it `implements` or by its key")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every chain of injections from the type to the registration, shortest first.
    public func injectionPaths(from component: Node, to registration: Node, limit: Int = 50) -> String {
        var found: [[Edge]] = []
        var queue: [[Edge]] = (injections[component.id] ?? []).map { [$0] }
        while !queue.isEmpty, found.count < limit {
            let path = queue.removeFirst()
            let end = path.last!.to
            if end == registration.id {
                found.append(path)
                continue
            }
            for next in injections[end] ?? [] where !path.contains(where: { $0.from == next.to }) && next.to != component.id {
                queue.append(path + [next])
            }
        }
        guard !found.isEmpty else {
            return "\(component.name) does not reach \(registration.name): nothing it injects or resolves leads there.\n"
        }
        var lines = ["\(component.name) reaches \(registration.name) by \(found.count) path\(found.count == 1 ? "" : "s"):"]
        for (number, path) in found.enumerated() {
            lines.append("")
            let names = [component.name] + path.compactMap { paths.node(id: $0.to)?.name }
            lines.append("\(number + 1). \(names.joined(separator: " → "))")
            for edge in path {
                lines.append("   injects \(paths.node(id: edge.to)?.name ?? edge.to) at \(edge.file):\(edge.line)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
