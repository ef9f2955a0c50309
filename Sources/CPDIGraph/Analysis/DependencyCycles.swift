import CPDIFacts

/// A loop in the dependency structure: aliases that compose each other, or components that hand
/// their dependencies round in a circle.
public struct DependencyGraphCycle: Sendable, Equatable {
    public enum Kind: String, Sendable { case aliasComposition, componentForward }

    /// One edge of the loop and where it is written.
    public struct Step: Sendable, Equatable {
        public var from: String
        public var to: String
        public var file: String
        public var position: SourcePosition
    }

    public var kind: Kind
    /// The loop from its smallest name onwards; each step goes to the next, the last back to the first.
    public var steps: [Step]

    public var names: [String] { steps.map(\.from) }
}

extension DependencyModel {
    /// Every loop once, in a stable order: alias loops first, then forward loops, each by smallest name.
    /// A component handing its dependencies to itself (recursive views) is not a loop here.
    public func dependencyCycles() -> [DependencyGraphCycle] {
        aliasCompositionCycles() + componentForwardCycles()
    }

    private func aliasCompositionCycles() -> [DependencyGraphCycle] {
        var edges: [String: [String: (file: String, position: SourcePosition)]] = [:]
        for name in symbols.dependencyAliases.sorted() {
            guard let alias = symbols.aliases[name] else { continue }
            for member in alias.fact.members {
                guard case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType),
                    edges[name]?[nested] == nil
                else { continue }
                edges[name, default: [:]][nested] = (alias.file, member.position)
            }
        }
        return Self.cycles(edges, kind: .aliasComposition)
    }

    private func componentForwardCycles() -> [DependencyGraphCycle] {
        var edges: [String: [String: (file: String, position: SourcePosition)]] = [:]
        // The first place a hand-over is written stands for it, so the finding does not move with the input order.
        let ordered = forwards.sorted { ($0.file, $0.position) < ($1.file, $1.position) }
        // Only helper and method forwards can be guesses; only their files' calls are looked up.
        var calls: [CallSite: ForwardFact] = [:]
        for path in Set(forwards.lazy.filter { $0.via == .method || $0.via == .helper }.map(\.file)) {
            for fact in files[path]?.forwards ?? [] where fact.kind == .call { calls[CallSite(file: path, position: fact.position)] = fact }
        }
        for forward in ordered {
            guard let source = forward.source, source != forward.target, edges[source]?[forward.target] == nil,
                !isNameOnlyGuess(forward, call: calls[CallSite(file: forward.file, position: forward.position)])
            else { continue }
            edges[source, default: [:]][forward.target] = (forward.file, forward.position)
        }
        return Self.cycles(edges, kind: .componentForward)
    }

    /// A call matched by its name alone to one of several same-named helpers (`child.start(dependencies:)`
    /// with `child` of unknown type) goes to one of them at run time, not to each; such a guess must not
    /// close a loop.
    private func isNameOnlyGuess(_ forward: ResolvedForward, call: ForwardFact?) -> Bool {
        guard forward.via == .method || forward.via == .helper, let call, call.baseType == nil else { return false }
        if let scope = call.enclosingType, forward.target == "\(scope).\(call.callee)" { return false }
        if let base = call.base, base != "self", base.first?.isUppercase == true { return false }
        return (symbols.functionsByName[call.callee] ?? []).filter { components[$0] != nil }.count > 1
    }

    private static func cycles(
        _ edges: [String: [String: (file: String, position: SourcePosition)]], kind: DependencyGraphCycle.Kind
    ) -> [DependencyGraphCycle] {
        let successors = edges.mapValues { Array($0.keys) }
        return Cycles.representativeCycles(of: successors).map { names in
            DependencyGraphCycle(kind: kind, steps: names.indices.map { index in
                let from = names[index]
                let to = names[(index + 1) % names.count]
                let place = edges[from]![to]!
                return DependencyGraphCycle.Step(from: from, to: to, file: place.file, position: place.position)
            })
        }
    }
}

private struct CallSite: Hashable {
    let file: String
    let position: SourcePosition
}
