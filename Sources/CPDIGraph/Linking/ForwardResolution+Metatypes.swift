import CPDIFacts

/// `kind.init(appContext:)` on a metatype (`let kind = x as? DecoderProtocol.Type`, or what a function declared to return
/// one gives): the call builds one of the protocol's conformers, each taking what the protocol's initializer requirement
/// says, so it is a forward to them.
extension ForwardResolution {
    /// `kind.init(appContext:)` on `let kind = type as? DecoderProtocol.Type`: the type built is one of the protocol's
    /// conformers, each taking what the protocol's initializer requirement says; on `let kind: Screen.Type`, the
    /// class or a subclass, which inherits or overrides its required initializer.
    func metatypeConstruction(_ name: String, scope: String?) -> [(String, ForwardVia)] {
        switch symbols.resolve(name, from: scope) {
        case .protocolType(let proto)?:
            return components.keys.filter { name in
                guard case .type? = components[name]?.form else { return false }
                var visited: Set<String> = []
                return inherits(name, proto, visited: &visited)
            }.sorted().map { ($0, .construction) }
        case .type(let type)? where components[type] != nil:
            return [(type, .construction)]
        default:
            return []
        }
    }

    /// The type whose metatype a hinted call returns (`decoderManager?.jsonDecoder(for:)` declared `-> DecoderProtocol.Type?`
    /// in the protocol `decoderManager` is typed by), where the sources declare every function the call may be, on the
    /// receiver's own type, and they return one type.
    func metatypeReturned(
        by hint: MetatypeCallHint, scope: String?, sources: [String], functions: [String: [MetatypeFunctionFact]]
    ) -> String? {
        guard let candidates = functions[hint.callee] else { return nil }
        let owner: String
        var isStatic: Bool?
        switch hint.receiver {
        case .enclosingType:
            guard let scope else { return nil }
            owner = scope
        case .instance, .metatype:
            guard let subject = hint.subject, let symbol = symbols.resolve(subject, from: scope) else { return nil }
            if case .alias = symbol { return nil }
            owner = symbol.name
            isStatic = hint.receiver == .metatype
        case .dependenciesMember:
            guard let member = hint.subject, let type = dependenciesMemberType(member, sources: sources) else { return nil }
            owner = type
            isStatic = false
        }
        let matching = candidates.filter { candidate in
            guard candidate.labels == hint.labels, isStatic.map({ $0 == candidate.isStatic }) ?? true, let written = candidate.owner else { return false }
            return (symbols.resolve(written, from: nil)?.name ?? written) == owner
        }
        let returned = matching.map { symbols.resolve($0.returned, from: $0.owner)?.name }
        guard !returned.isEmpty, !returned.contains(nil), Set(returned).count == 1 else { return nil }
        return returned[0]
    }

    /// The type a property of the components' dependencies is declared with, by the leaf protocols that require it;
    /// nil unless they all say the same.
    func dependenciesMemberType(_ member: String, sources: [String]) -> String? {
        var found: Set<String> = []
        for source in sources {
            guard let component = components[source] else { return nil }
            for requirement in component.requirements {
                for leaf in symbols.leaves(ofRequirement: requirement) {
                    guard let property = symbols.protocols[leaf]?.fact.propertyRequirements.first(where: { $0.name == member }) else { continue }
                    var written = Substring(property.type)
                    while let last = written.last, last == "?" || last == "!" { written = written.dropLast() }
                    guard let symbol = symbols.resolve(String(written), from: leaf) else { return nil }
                    found.insert(symbol.name)
                }
            }
        }
        return found.count == 1 ? found.first : nil
    }

    /// Whether a type or protocol conforms to `proto`, through its superclasses and the protocols it adopts, also those
    /// that only compose others (`protocol JSONAdapterProtocol: ResponseAdapterProtocol, MD5Protocol {}`, which the
    /// symbol table keeps as an alias).
    func inherits(_ name: String, _ proto: String, visited: inout Set<String>) -> Bool {
        guard visited.insert(name).inserted else { return false }
        let inherited = (symbols.typeDeclarations[name] ?? []).flatMap(\.fact.inheritedTypes) + (symbols.protocols[name]?.fact.inheritedTypes ?? [])
        for reference in inherited {
            guard let symbol = symbols.resolve(reference.name, from: name) else { continue }
            if symbol.name == proto, case .protocolType = symbol { return true }
            if inherits(symbol.name, proto, visited: &visited) { return true }
        }
        return false
    }

    /// Several conformers built by one call (`kind.init(appContext:)` on a protocol's metatype, or on a generic
    /// parameter constrained to it) that all take the alias their protocol declares: whichever is built needs just
    /// that alias, so the call is a definite hand-off to each of them, not a guess among them.
    func isOneFamily(_ targets: [(String, ForwardVia)]) -> Bool {
        guard targets.count > 1, targets.allSatisfy({ $0.1 == .construction }),
            let alias = components[targets[0].0]?.ownAlias, let home = symbols.aliases[alias]?.fact.enclosingType,
            symbols.protocols[home] != nil
        else { return false }
        return targets.allSatisfy { target in
            var visited: Set<String> = []
            return components[target.0]?.ownAlias == alias && inherits(target.0, home, visited: &visited)
        }
    }
}
