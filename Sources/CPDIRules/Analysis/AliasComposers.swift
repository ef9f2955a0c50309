import CPDIFacts
import CPDIGraph

/// Which aliases list each alias as a member: composition read upwards. Kept as one flat table over the
/// sorted alias names (a start offset per alias into one array of composer indices), as an app has an alias
/// per component and most are composed by one parent or none.
struct AliasComposers: Sendable {
    private let names: [String]
    private let offsets: [Int32]
    private let composers: [Int32]

    init(_ symbols: SymbolTable) {
        let names = symbols.sortedAliasNames
        var pairs: [(member: Int32, composer: Int32)] = []
        for (index, name) in names.enumerated() {
            let alias = symbols.aliases[name]!
            for member in alias.fact.members {
                guard case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType),
                      let position = Self.position(of: nested, in: names)
                else { continue }
                pairs.append((Int32(position), Int32(index)))
            }
        }
        pairs.sort { ($0.member, $0.composer) < ($1.member, $1.composer) }
        var offsets = [Int32](repeating: 0, count: names.count + 1)
        for pair in pairs { offsets[Int(pair.member) + 1] += 1 }
        for index in 0..<names.count { offsets[index + 1] += offsets[index] }
        self.names = names
        self.offsets = offsets
        self.composers = pairs.map(\.composer)
    }

    /// The aliases that list `alias` as a member, in name order (one entry per listing).
    func composers(of alias: String) -> [String] {
        guard let position = Self.position(of: alias, in: names) else { return [] }
        return composers[Int(offsets[position])..<Int(offsets[position + 1])].map { names[Int($0)] }
    }

    private static func position(of name: String, in names: [String]) -> Int? {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name ? low : nil
    }

    /// The leaves of `alias` that an alias composing it (directly or through others) needs for its own
    /// components and gets from no other member: taking one out of `alias` would break those components' build
    /// (`typealias ParentDependencies = ChildDependencies` with `Parent` reading what only the child's alias
    /// lists). `owners` are the alias's own components, whose needs the review weighs already. Every leaf that
    /// a composer's components might need counts: one whose dependencies go unfollowed needs them all.
    func leavesReliedOn(of alias: String, owners: Set<String>, in model: DependencyModel) -> Set<String> {
        let symbols = model.symbols
        let leaves = symbols.leafSets[alias] ?? []
        guard !leaves.isEmpty else { return [] }
        var relied: Set<String> = []
        var visited: Set<String> = [alias]
        var pending = composers(of: alias)
        while let composer = pending.popLast() {
            guard visited.insert(composer).inserted else { continue }
            pending += composers(of: composer)
            let scopes = (model.owners[composer] ?? []).filter { !owners.contains($0) }.compactMap { model.scopes[$0] }
            guard !scopes.isEmpty, let declared = symbols.aliases[composer] else { continue }
            let candidates = leaves.subtracting(Self.leaves(of: declared.fact, without: alias, symbols: symbols)).subtracting(relied)
            guard !candidates.isEmpty else { continue }
            if scopes.contains(where: { !$0.isJudged }) {
                relied.formUnion(candidates)
                continue
            }
            let read = scopes.reduce(into: Set<String>()) { $0.formUnion($1.usedMembers) }
            let childNames = scopes.reduce(into: Set<String>()) { $0.formUnion($1.children); $0.formUnion($1.possibleChildren) }
            // A child needs of `alias` only what it would still need without it: what the child's own alias gets
            // through `alias` (the alias's own components among them) is the review's to decide.
            let neededByChildren = childNames.subtracting(owners).reduce(into: Set<String>()) { needed, child in
                guard let found = model.components[child] else { return }
                if let own = found.ownAlias, let declared = symbols.aliases[own] {
                    if own != alias { needed.formUnion(Self.leaves(of: declared.fact, without: alias, symbols: symbols)) }
                } else {
                    needed.formUnion(model.leaves(of: found))
                }
            }
            let members = model.leafMembers
            // Every declarer of a read member counts, even where another leaf could provide it: the safe side.
            let readHashes = Set(read.map { MemberNameHash.of($0) })
            relied.formUnion(candidates.filter { leaf in
                !members.isKnown(leaf) || members.members(of: leaf).isEmpty || !members.members(of: leaf).isDisjoint(with: readHashes)
                    || neededByChildren.contains(leaf)
            })
        }
        return relied
    }

    /// What an alias composes with `removed` taken out wherever it is listed, however deep.
    static func leaves(of composer: AliasFact, without removed: String, symbols: SymbolTable) -> Set<String> {
        var found: Set<String> = []
        var visited: Set<String> = [removed]
        var pending: [AliasFact] = [composer]
        while let alias = pending.popLast() {
            for member in alias.members {
                switch symbols.resolve(member.name, from: alias.enclosingType) {
                case .alias(let nested)?:
                    if visited.insert(nested).inserted, let declared = symbols.aliases[nested] { pending.append(declared.fact) }
                case let symbol?:
                    found.formUnion(symbols.leaves(of: symbol) ?? [])
                case nil:
                    found.insert(member.name)
                }
            }
        }
        return found
    }
}
