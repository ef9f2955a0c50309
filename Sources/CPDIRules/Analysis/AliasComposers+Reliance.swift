import CPDIFacts
import CPDIGraph

/// What composing aliases rely on, asked by the alias review before it reports a member.
extension AliasComposers {
    /// Whether an alias composing `alias` (directly or through others) needs one of `leaves` for its own
    /// components and gets it from no other member: taking it out of `alias` would break those components' build
    /// (`typealias ParentDependencies = ChildDependencies` with `Parent` reading what only the child's alias
    /// lists). `owners` are the alias's own components, whose needs the review weighs already. Every leaf that
    /// a composer's components might need counts: one whose dependencies go unfollowed needs them all. Asked
    /// only of members about to be reported, and only about their leaves, so each question walks the few
    /// aliases on the paths to those leaves.
    func isReliedOn(_ leaves: Set<String>, of alias: String, owners: Set<String>, in model: DependencyModel) -> Bool {
        let symbols = model.symbols
        guard !leaves.isEmpty else { return false }
        var visited: Set<String> = [alias]
        var pending = composers(of: alias)
        while let composer = pending.popLast() {
            guard visited.insert(composer).inserted else { continue }
            pending += composers(of: composer)
            let scopes = (model.owners[composer] ?? []).filter { !owners.contains($0) }.compactMap { model.scopes[$0] }
            guard !scopes.isEmpty, let declared = symbols.aliases[composer] else { continue }
            // A composer whose components go where cpdi does not follow may need any leaf, and gets it for sure only
            // from a member that keeps it whatever the review says: another alias it composes may be told to drop the
            // same leaf by a finding of its own, and the two findings together would break those components.
            if scopes.contains(where: { !$0.isJudged }) {
                if leaves.contains(where: { !Self.bringsForSure($0, composer: declared.fact, avoiding: alias, in: model) }) { return true }
                continue
            }
            let candidates = leaves.filter { !Self.reaches($0, from: declared.fact, avoiding: alias, symbols: symbols) }
            guard !candidates.isEmpty else { continue }
            let members = model.leafMembers
            // Every declarer of a read member counts, even where another leaf could provide it: the safe side.
            let read = Set(scopes.reduce(into: Set<String>()) { $0.formUnion($1.usedMembers) }.map { MemberNameHash.of($0) })
            if candidates.contains(where: { leaf in
                !members.isKnown(leaf) || members.members(of: leaf).isEmpty || !members.members(of: leaf).isDisjoint(with: read)
            }) { return true }
            // A child needs of `alias` only what it would still need without it: what the child's own alias gets
            // through `alias` (the alias's own components among them) is the review's to decide.
            let children = scopes.reduce(into: Set<String>()) { $0.formUnion($1.children); $0.formUnion($1.possibleChildren) }
            for child in children.subtracting(owners).sorted() {
                guard let found = model.components[child] else { continue }
                if let own = found.ownAlias, let ownDeclared = symbols.aliases[own] {
                    if own != alias, candidates.contains(where: { Self.reaches($0, from: ownDeclared.fact, avoiding: alias, symbols: symbols) }) {
                        return true
                    }
                } else if !model.leaves(of: found).isDisjoint(with: candidates) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether `composer` brings `leaf` through a member other than `avoiding` that no finding can take it out of:
    /// the leaf itself or a protocol refining it, or an alias that lists it so and whose own components read it
    /// or go where cpdi does not follow (then it keeps all it lists).
    static func bringsForSure(_ leaf: String, composer: AliasFact, avoiding: String, in model: DependencyModel) -> Bool {
        let symbols = model.symbols
        func listsItself(_ alias: AliasFact) -> Bool {
            alias.members.contains { member in
                switch symbols.resolve(member.name, from: alias.enclosingType) {
                case .alias?: false
                case let symbol?: symbols.leaves(of: symbol)?.contains(leaf) == true
                case nil: member.name == leaf
                }
            }
        }
        var visited: Set<String> = [avoiding]
        func keepsIt(_ alias: AliasFact, depth: Int) -> Bool {
            if listsItself(alias) { return true }
            guard depth < 8 else { return false }
            return alias.members.contains { member in
                guard case .alias(let nested)? = symbols.resolve(member.name, from: alias.enclosingType), visited.insert(nested).inserted,
                    symbols.leafSets[nested]?.contains(leaf) == true, let declared = symbols.aliases[nested]
                else { return false }
                return listsItself(declared.fact) ? ownersKeep(nested) : keepsIt(declared.fact, depth: depth + 1)
            }
        }
        /// Whether the components of an alias that lists the leaf itself keep it there.
        func ownersKeep(_ nested: String) -> Bool {
            let scopes = (model.owners[nested] ?? []).compactMap { model.scopes[$0] }
            if scopes.contains(where: { !$0.isJudged }) { return true }
            let members = model.leafMembers
            guard members.isKnown(leaf), !members.members(of: leaf).isEmpty else { return !scopes.isEmpty }
            let read = Set(scopes.reduce(into: Set<String>()) { $0.formUnion($1.usedMembers) }.map { MemberNameHash.of($0) })
            if !members.members(of: leaf).isDisjoint(with: read) { return true }
            // Kept for a child that needs it, which a finding of this run cannot take it from.
            let children = scopes.reduce(into: Set<String>()) { $0.formUnion($1.children) }
            return children.contains { child in model.components[child].map { model.leaves(of: $0).contains(leaf) } ?? false }
        }
        return keepsIt(composer, depth: 0)
    }

    /// Whether `composer` brings `leaf` through some member other than `avoiding`, however deep: the walk
    /// enters only aliases whose flattened leaves hold it.
    static func reaches(_ leaf: String, from composer: AliasFact, avoiding: String, symbols: SymbolTable) -> Bool {
        var visited: Set<String> = [avoiding]
        var pending: [AliasFact] = [composer]
        while let alias = pending.popLast() {
            for member in alias.members {
                switch symbols.resolve(member.name, from: alias.enclosingType) {
                case .alias(let nested)?:
                    if symbols.leafSets[nested]?.contains(leaf) == true, visited.insert(nested).inserted,
                       let declared = symbols.aliases[nested] {
                        pending.append(declared.fact)
                    }
                case let symbol?:
                    if symbols.leaves(of: symbol)?.contains(leaf) == true { return true }
                case nil:
                    if member.name == leaf { return true }
                }
            }
        }
        return false
    }
}
