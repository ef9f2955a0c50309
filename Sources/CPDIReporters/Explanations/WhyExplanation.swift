import CPDIGraph
import CPDIRules

/// The text of `cpdi why`: a component's composition as a tree, or every path by which it needs a leaf.
/// A pure function of the graph, like every report, so a saved result can be asked as well.
public struct WhyExplanation {
    let paths: DependencyPaths
    let coverage: Coverage
    /// `injects` edges by the node they start at: the run-time styles' injections and lookups.
    let injections: [String: [Edge]]
    /// `injects` edges by the registration they reach.
    let injectedBy: [String: [Edge]]
    /// Run-time registrations and injections left unjudged, with their reasons.
    let runtime: RuntimeCoverage
    let findings: [Finding]

    public init(graph: DependencyGraph, coverage: Coverage = .empty, runtime: RuntimeCoverage = .empty, findings: [Finding] = []) {
        self.paths = DependencyPaths(graph: graph)
        self.coverage = coverage
        let injects = graph.edges.filter { $0.kind == .injects }
        self.injections = Dictionary(grouping: injects, by: \.from)
        self.injectedBy = Dictionary(grouping: injects, by: \.to)
        self.runtime = runtime
        self.findings = findings
    }

    public init(result: AnalysisResult) {
        self.init(graph: result.graph, coverage: result.coverage, runtime: result.runtime ?? .empty, findings: result.findings)
    }

    /// The component as a tree: alias → members → leaves, each with file:line; then its leaves and forwards.
    public func compositionTree(of component: Node) -> String {
        var lines = ["\(component.name) — \(describe(component))"]
        var expanded: Set<String> = []
        func walk(_ id: String, owner: Node, prefix: String) {
            let edges = paths.requirements(of: id)
            for (index, edge) in edges.enumerated() {
                guard let node = paths.node(id: edge.to) else { continue }
                let last = index == edges.count - 1
                var text = "\(prefix)\(last ? "└─ " : "├─ ")\(node.name) — \(describe(node, seenFrom: owner, at: edge))"
                let children = paths.requirements(of: node.id)
                let repeated = !children.isEmpty && expanded.contains(node.id)
                if repeated { text += " (members shown above)" }
                lines.append(text)
                guard !children.isEmpty, !repeated else { continue }
                expanded.insert(node.id)
                let nextOwner = node.kind == .alias ? (paths.owner(ofAlias: node.id) ?? owner) : owner
                walk(node.id, owner: nextOwner, prefix: prefix + (last ? "   " : "│  "))
            }
        }
        walk(component.id, owner: component, prefix: "")
        let injected = injectionLines(of: component)
        if paths.requirements(of: component.id).isEmpty, injected.isEmpty { lines.append("(requires no dependencies)") }
        let leaves = component.leaves ?? []
        lines.append("")
        lines.append("\(leaves.count) lea\(leaves.count == 1 ? "f" : "ves")\(leaves.isEmpty ? "" : ": " + leaves.joined(separator: ", "))")
        let forwards = paths.forwards(of: component.id)
        if !forwards.isEmpty {
            lines.append("forwards to:")
            for edge in forwards {
                let name = paths.node(id: edge.to)?.name ?? edge.to
                lines.append("  \(name) (\(edge.via?.rawValue ?? "forward"), \(edge.file):\(edge.line))")
            }
        }
        lines += injected
        if let learnt = coverage.learntNaming {
            // A reader who configured nothing should see why a name of their own is followed.
            let aliases = paths.requirements(of: component.id).compactMap { paths.node(id: $0.to) }.filter { $0.kind == .alias }
                .map { String($0.name.split(separator: ".").last ?? Substring($0.name)) }.filter(learnt.aliases.contains)
            if !aliases.isEmpty {
                lines.append("names learnt from the code: \(Set(aliases).sorted().map { "`\($0)`" }.joined(separator: ", ")) (turn off with `learn-naming: false`)")
            }
        }
        if let unjudged = coverage.notJudged.first(where: { $0.component == component.name }) {
            lines.append("not judged: cpdi cannot follow all that is done with its dependencies, so nothing is said about the members of its alias:")
            lines += unjudged.reasons.map { "  \($0.description)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every path from the component to the leaf, shortest first, one numbered block each.
    /// A type that holds a value of a dependency alias cpdi does not follow (`Coverage.unseen`): why it is no component,
    /// and the setting that makes it one where the value's name is the reason.
    public static func unseenStory(of holder: Coverage.UnseenHolder) -> String {
        let heading = "\(holder.type) — not seen as a component · \(holder.file):\(holder.line)\n"
        guard !holder.knownName else {
            return heading + """
                It holds or takes `\(holder.value)`, a value of `\(holder.alias)`, but is no component cpdi sees (a protocol it \
                adopts may require `\(holder.value)`, or its value may come from where cpdi does not look), so nothing of it is \
                judged.

                """
        }
        return heading + """
            It holds or takes `\(holder.value)`, a value of `\(holder.alias)`, under a name cpdi does not take for dependencies, so \
            nothing of it is judged. To have it judged, add `\(holder.value)` to `naming.dependencies-property-names` in .cpdi.yml \
            (the key replaces the default names; keep those the app uses too, `cpdi config --print` lists them).

            """
    }

    public func leafPaths(from component: Node, to leaf: Node) -> String {
        let (found, truncated) = paths.paths(from: component.id, to: leaf.id)
        guard !found.isEmpty else {
            return "\(component.name) does not need \(leaf.name): no alias it requires composes it.\n"
        }
        var lines = ["\(component.name) needs \(leaf.name) by \(found.count)\(truncated ? "+" : "") path\(found.count == 1 ? "" : "s"):"]
        for (number, path) in found.enumerated() {
            lines.append("")
            lines.append("\(number + 1). \(path.map(\.node.name).joined(separator: " → "))")
            var owner = component
            for step in path {
                guard let edge = step.via else {
                    lines.append("   \(step.node.name) — \(describe(step.node))")
                    continue
                }
                lines.append("   \(edge.kind == .requires ? "requires" : "composes") \(step.node.name) — \(describe(step.node, seenFrom: owner, at: edge))")
                if let next = step.owner { owner = next }
            }
        }
        if truncated { lines += ["", "(more paths exist; only the first \(found.count) are shown)"] }
        // What cpdi says of the leaf in this component: the answer to "why is this flagged?".
        let said = findings.filter { $0.component == component.name && $0.member == leaf.name }
        if !said.isEmpty {
            lines.append("")
            lines += said.map { "\($0.file):\($0.line): \($0.message) [\($0.ruleID)]" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "alias of ProductThumbnail, forwarded at List.swift:22 · listed at List.swift:3"
    private func describe(_ node: Node, seenFrom owner: Node? = nil, at edge: Edge? = nil) -> String {
        var parts: [String] = []
        if node.kind == .alias, let owner, let aliasOwner = paths.owner(ofAlias: node.id), aliasOwner.id != owner.id {
            var part = "alias of \(aliasOwner.name)"
            if let forward = paths.forward(from: owner.id, to: aliasOwner.id) {
                part += ", forwarded at \(forward.file):\(forward.line)"
            } else if let (child, forward) = paths.forwardedRequirer(of: node.id, from: owner.id) {
                part += ", which \(child.name) also requires, forwarded at \(forward.file):\(forward.line)"
            } else {
                part += ", not forwarded by \(owner.name)"
            }
            parts.append(part)
        } else {
            parts.append(node.kind.rawValue)
        }
        // Under an alias, where the member is listed is what one edits; elsewhere, where the node is declared.
        if let edge, edge.kind == .composes {
            parts.append("listed at \(edge.file):\(edge.line)")
        } else {
            parts.append(node.file.isEmpty ? "declared outside the analysed code" : "\(node.file):\(node.line)")
        }
        return parts.joined(separator: " · ")
    }
}
