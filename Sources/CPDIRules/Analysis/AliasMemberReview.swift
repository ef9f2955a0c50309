import CPDIFacts
import CPDIGraph

/// The shared analysis behind the alias rules: for every member of every alias some component is
/// constrained by, decide whether the scopes of the components behind the alias (SPEC §4a) use it, a
/// forwarded child needs it, or nothing does. Computed once; `unused-dependency`,
/// `direct-child-dependency` and `stale-forward` each report one kind of verdict, so only members with
/// a verdict to report are kept (not `used`, not `unknown`).
public enum AliasMemberReview {
    /// A child that needs a leaf, and the alias it is constrained by (nil when it has none of its own).
    public struct Need: Sendable, Equatable {
        public var child: String
        public var alias: String?
    }

    public enum Verdict: Sendable, Equatable {
        /// Read in a scope behind the alias, or a forwarded child needs it through its own alias.
        case used
        /// Not read, only needed by these children (every one that needs it, in name order); forward
        /// their aliases instead. `aliasesAlreadyListed` when all of those aliases are members already.
        case onlyNeededByChildren([Need], aliasesAlreadyListed: Bool)
        /// Neither read nor needed.
        case unused
        /// Another component's alias, but none of `components` receives these dependencies any more;
        /// `replacements` are the aliases of children that are built instead and need what it brought.
        case staleForward(components: [String], replacements: [String])
        /// Declared outside the analysed sources, not a dependency, or handed somewhere cpdi cannot follow.
        case unknown
    }

    public struct Entry: Sendable {
        public var alias: String
        public var aliasFile: String
        public var member: TypeReference
        /// The component the alias belongs to; for an alias shared by unrelated types, the alias itself.
        public var component: String
        /// Every component constrained by the alias, sorted.
        public var owners: [String]
        public var verdict: Verdict
        /// Members read that this leaf declares but another leaf of the alias provides (`SharedRequirementReads`).
        public var providedElsewhere: [(member: String, provider: String)] = []
    }

    static func review(_ model: DependencyModel, ownership: AliasOwnership) -> [Entry] {
        // Aliases are reviewed independently, on all cores; results stay in name order.
        let names = model.owners.keys.sorted()
        let composers = model.aliasComposers
        let private_ = privateSubAliases(model, composers: composers)
        let shared = sharedSubAliases(model, composers: composers)
        let containers = ContainerReliance(model)
        return Parallel.map(names.count) {
            review(
                alias: names[$0], in: model, ownership: ownership, privateSubAliases: private_, sharedSubAliases: shared, composers: composers,
                containers: containers
            )
        }.flatMap { $0 }
    }

    /// The component an alias speaks for: the one it is nested in or named after, else its only user.
    static func owningComponent(of alias: AliasFact, owners: [String], ownership: AliasOwnership) -> String? {
        if let owner = ownership.owner(of: alias), owners.contains(owner) { return owner }
        return owners.count == 1 ? owners[0] : nil
    }

    /// The type or protocol an alias is nested in, where every component constrained by it belongs to that family:
    /// the functions and nested types of the type (`WebRequests.Context` taken by two of its static factories), or
    /// the conformers of the protocol (`Decoding.Context` taken by every decoder's `init(context:)`).
    static func familyOwner(of alias: AliasFact, owners: [String], in model: DependencyModel) -> String? {
        guard let home = alias.enclosingType, owners.count > 1 else { return nil }
        if model.symbols.protocols[home] != nil {
            return owners.allSatisfy({ (model.attribution.conformances[$0] ?? []).contains(home) }) ? home : nil
        }
        return owners.allSatisfy({ $0.hasPrefix("\(home).") }) ? home : nil
    }

    /// Whether `start` hands its dependencies on, directly or through others, to one of `targets`: an ancestor of
    /// them, whose alias they may compose as their own without having forwarded anything for it.
    static func handsOn(from start: String, reaching targets: Set<String>, in model: DependencyModel) -> Bool {
        var reached: Set<String> = [start]
        var pending = [start]
        while let current = pending.popLast() {
            for child in model.scopes[current]?.children ?? [] {
                if targets.contains(child) { return true }
                if reached.insert(child).inserted { pending.append(child) }
            }
        }
        return false
    }

    /// The one owner that hands its dependencies on to all the others, directly or through one another (a
    /// view that builds its view model with the same alias): the alias is that owner's, as if named after it.
    static func forwardingRoot(of owners: [String], in model: DependencyModel) -> String? {
        guard owners.count > 1 else { return nil }
        let ownerSet = Set(owners)
        let roots = owners.filter { start in
            var reached: Set<String> = [start]
            var pending = [start]
            while let current = pending.popLast() {
                for child in model.scopes[current]?.children ?? [] where ownerSet.contains(child) && reached.insert(child).inserted {
                    pending.append(child)
                }
            }
            return reached.count == ownerSet.count
        }
        return roots.count == 1 ? roots[0] : nil
    }

    private static func review(
        alias name: String, in model: DependencyModel, ownership: AliasOwnership, privateSubAliases: [String: String],
        sharedSubAliases: [String: String], composers: AliasComposers, containers: ContainerReliance
    ) -> [Entry] {
        guard let alias = model.symbols.aliases[name], let owners = model.owners[name] else { return [] }
        let symbols = model.symbols
        let scopes = owners.compactMap { model.scopes[$0] }
        let usedMembers = scopes.reduce(into: Set<String>()) { $0.formUnion($1.usedMembers) }
        // Dependencies that go somewhere cpdi does not follow may be needed there, all of them (SPEC §4b).
        let isOpaque = scopes.contains { !$0.isJudged }
        // Components sharing this alias are not children: what they need is what this alias says.
        let children = scopes.reduce(into: Set<String>()) { $0.formUnion($1.children) }.subtracting(owners).sorted()
        let childLeaves = children.compactMap { child in model.components[child].map { (child, $0, model.leaves(of: $0)) } }
        // What a call to one of several same-named helpers may reach: needed, perhaps, but by no definite child.
        let possibleChildren = scopes.reduce(into: Set<String>()) { $0.formUnion($1.possibleChildren) }.subtracting(owners).subtracting(children)
        let possiblyNeeded = possibleChildren.reduce(into: Set<String>()) { needed, child in
            if let found = model.components[child] { needed.formUnion(model.leaves(of: found)) }
        }
        let owning = owningComponent(of: alias.fact, owners: owners, ownership: ownership) ?? forwardingRoot(of: owners, in: model)
        let family = owning == nil ? familyOwner(of: alias.fact, owners: owners, in: model) : nil
        // An alias that many unrelated types share (an app-wide `Services` a container conforms to) is no
        // one component's alias: it cannot be told to forward some child's alias instead of a leaf. One its
        // owners share as the type or protocol they belong to is that family's own.
        let isComponentAlias = (owning != nil || family != nil) && !isAppWide(name, in: model)
        let neededByChildren = childLeaves.reduce(into: Set<String>()) { $0.formUnion($1.2) }
        let aliasLeaves = symbols.leafSets[name] ?? []
        // `let dependencies: (own: OwnDependencies, nested: NestedDependencies)` filled from the alias: storing the
        // value there needs every element's type, whatever is read through the elements (reviewed inside them).
        let storedTupleTypes: Set<String> = Set(owners.flatMap { owner -> [String] in
            guard let elements = model.components[owner]?.property?.tuple else { return [] }
            return elements.compactMap { symbols.resolve($0.type, from: owner)?.name }
        })
        let neededByStoredTuple = storedTupleTypes.reduce(into: Set<String>()) { needed, type in
            needed.formUnion(symbols.leafSets[type] ?? (symbols.protocols[type] != nil ? [type] : []))
        }
        let reads = SharedRequirementReads(
            reads: usedMembers, aliasLeaves: aliasLeaves, members: model.leafMembers, neededByChildren: neededByChildren
        )
        // An alias of nothing but empty protocols (`typealias Dependencies = HasNoDependency`) says on purpose
        // that the component needs nothing; there is nothing to remove them in favour of.
        let saysItNeedsNothing = aliasLeaves.allSatisfy(model.leafMembers.isBare)
        func isUsedHere(_ leaf: String) -> Bool {
            guard model.leafMembers.isKnown(leaf) else { return true }  // declared elsewhere: cannot tell
            // Nothing to read on it: needed only where something asks for the conformance (a child, or a
            // flow cpdi does not follow, which leaves the alias unjudged).
            if model.leafMembers.isBare(leaf) { return saysItNeedsNothing }
            return model.leafMembers.members(of: leaf).isEmpty || reads.needed.contains(leaf)
        }
        let component = owning ?? family ?? name
        func reachesOwner(from start: String) -> Bool { handsOn(from: start, reaching: Set(owners), in: model) }
        // Asked only of members about to be reported: most aliases are composed by none that needs them, and most
        // containers conform to what they provide by no component's alias (`ContainerReliance`). The
        // alias edited is `reviewed`, the owned alias or a sub-alias of it, whose other composers may need it.
        func isReliedOnByComposersOrContainers(_ leaves: Set<String>, editing reviewed: String) -> Bool {
            composers.isReliedOn(leaves, of: reviewed, owners: Set(owners), in: model)
                || containers.isReliedOn(leaves, of: reviewed, owners: owners, in: model)
        }
        // A child's alias the owned alias composes anywhere down its sub-aliases is listed already: a leaf only that
        // child needs can go, with nothing to add (`OwnDependencies` beside `NestedDependencies = Child.Dependencies`).
        // Worked out only when a member is about to be reported, which most aliases never have.
        var composedCache: Set<String>?
        func composedByOwned() -> Set<String> {
            if let known = composedCache { return known }
            let found = symbols.composedAliases(of: name).subtracting([name])
            composedCache = found
            return found
        }
        // Sub-aliases composed by this one alone and required by nobody (`typealias NestedDependencies =
        // Banner.Dependencies & Promo.Dependencies` inside `Home`) are reviewed in the same scope.
        /// The members of `reviewed` (the owned alias, or a sub-alias of it), judged in the owners' scope.
        /// `outerLeaves` is what the rest of the owned alias brings besides `reviewed`.
        func review(_ reviewed: String, outerLeaves: Set<String>, outerListed: Set<String>, depth: Int) -> [Entry] {
            guard let declared = symbols.aliases[reviewed] else { return [] }
            var memberAliases: [String: String] = [:]
            var memberLeaves: [Set<String>] = []
            for member in declared.fact.members {
                let symbol = symbols.resolve(member.name, from: declared.fact.enclosingType)
                if case .alias(let nested)? = symbol { memberAliases[member.name] = nested }
                memberLeaves.append(symbol.flatMap(symbols.leaves(of:)) ?? [])
            }
            let listedAliases = outerListed.union(memberAliases.values)
            func isListed(_ alias: String) -> Bool { listedAliases.contains(alias) || composedByOwned().contains(alias) }
            func others(than index: Int) -> Set<String> {
                memberLeaves.enumerated().reduce(into: outerLeaves) { if $1.offset != index { $0.formUnion($1.element) } }
            }

            // A sub-alias of nothing but empty protocols (`typealias NestedDependencies = HasVoid`) says on purpose,
            // as a whole alias can, that this part needs nothing.
            let reviewedSaysNothing = depth > 0 && (symbols.leafSets[reviewed] ?? []).allSatisfy(model.leafMembers.isBare)
            func judge(leaves: Set<String>, allowChildVerdict: Bool) -> Verdict {
                guard !leaves.isEmpty else { return .unknown }
                if depth == 0, !leaves.isDisjoint(with: neededByStoredTuple) { return .used }
                if reviewedSaysNothing { return .used }
                if leaves.contains(where: isUsedHere) || !leaves.isDisjoint(with: possiblyNeeded) { return .used }
                let needing = childLeaves.filter { !$0.2.isDisjoint(with: leaves) }
                if needing.isEmpty { return isOpaque ? .unknown : isReliedOnByComposersOrContainers(leaves, editing: reviewed) ? .used : .unused }
                guard allowChildVerdict, isComponentAlias, !isOpaque else { return .used }
                // A child whose alias composes this one needs it through this very alias: forwarding the child's
                // alias instead would make the alias refer to itself.
                if needing.contains(where: { $0.1.ownAlias.map { symbols.composedAliases(of: $0).contains(name) } ?? false }) { return .used }
                let needs = needing.map { Need(child: $0.0, alias: $0.1.ownAlias) }
                let listed = needs.allSatisfy { $0.alias.map(isListed) ?? false }
                return .onlyNeededByChildren(needs, aliasesAlreadyListed: listed)
            }

            /// A forwarded alias nobody receives any more: safe to drop when what it alone brings is neither
            /// read nor needed; else swap it for the aliases of the children built instead, when they cover it.
            func judgeStale(index: Int, nestedOwners: [String]) -> Verdict {
                if isOpaque { return .unknown }
                let brought = memberLeaves[index].subtracting(others(than: index))
                if isReliedOnByComposersOrContainers(brought, editing: reviewed) { return .used }
                let needed = brought.filter { isUsedHere($0) || neededByChildren.contains($0) || possiblyNeeded.contains($0) }
                guard !needed.isEmpty else { return .staleForward(components: nestedOwners, replacements: []) }
                var replacements: [String] = []
                var covered: Set<String> = []
                for (_, child, leaves) in childLeaves {
                    guard let childAlias = child.ownAlias, !listedAliases.contains(childAlias), !leaves.isDisjoint(with: needed) else { continue }
                    replacements.append(childAlias)
                    covered.formUnion(leaves)
                }
                guard needed.isSubset(of: covered) else { return .used }
                return .staleForward(components: nestedOwners, replacements: Array(Set(replacements)).sorted())
            }

            var entries: [Entry] = []
            for (index, member) in declared.fact.members.enumerated() {
                let verdict: Verdict
                var subReview: [Entry] = []
                var memberLeaf: String?
                switch symbols.resolve(member.name, from: declared.fact.enclosingType) {
                case .alias(let nested) where nested == name || nested == reviewed:
                    verdict = .unknown
                case .alias(let nested) where depth == 0 && storedTupleTypes.contains(nested):
                    // An element of the stored tuple: kept whole, what it lists reviewed as the component's own.
                    verdict = .used
                    if depth < 8, privateSubAliases[nested] == reviewed || sharedSubAliases[nested] == reviewed {
                        subReview = review(nested, outerLeaves: others(than: index), outerListed: listedAliases, depth: depth + 1)
                    }
                case .alias(let nested):
                    // `typealias Dependency = SettingsDependency` for a protocol's associated type: a store built on
                    // the protocol may spell `SettingsDependency` for the same type, so the witness keeps it; what
                    // `SettingsDependency` lists is reviewed as the witness's own.
                    let isKeptByWitness = declared.fact.members.count == 1 && model.freeAssociatedTypeWitnesses.contains(reviewed)
                    let nestedOwners = (model.owners[nested] ?? []).filter { !owners.contains($0) }
                    // A parent's alias its child composes (`typealias Dependencies = AppDependencies` in a
                    // coordinator the scene delegate builds) was never forwarded for the parent: it is reviewed as
                    // the child's own sub-alias.
                    let isForwarded = nestedOwners.contains(where: { children.contains($0) || possibleChildren.contains($0) })
                    if isKeptByWitness || nestedOwners.isEmpty || !isForwarded && nestedOwners.contains(where: { reachesOwner(from: $0) }) {
                        verdict = isKeptByWitness ? .used : judge(leaves: symbols.leafSets[nested] ?? [], allowChildVerdict: false)
                        if verdict == .used, depth < 8, privateSubAliases[nested] == reviewed || sharedSubAliases[nested] == reviewed {
                            subReview = review(nested, outerLeaves: others(than: index), outerListed: listedAliases, depth: depth + 1)
                        }
                    } else if isForwarded {
                        verdict = .used
                    } else {
                        verdict = judgeStale(index: index, nestedOwners: nestedOwners)
                    }
                case .protocolType(let proto):
                    memberLeaf = proto
                    // What the protocol inherits from a leaf another member lists comes with that member as well
                    // (`ShowDependency & ShowListDependency`, the second refining the first): a read of the
                    // inherited property needs the other member, not this one. A member that brings nothing of
                    // its own is judged whole, as before.
                    let leaves = symbols.leafSets[proto] ?? []
                    let brought = leaves.subtracting(others(than: index))
                    verdict = judge(leaves: brought.isEmpty ? leaves : brought, allowChildVerdict: true)
                case .type, nil:
                    verdict = .unknown
                }
                // No rule reports a used or unknown member: keeping them would hold an entry for nearly every
                // member of every alias while the rules run.
                if verdict != .used && verdict != .unknown {
                    var entry = Entry(alias: reviewed, aliasFile: declared.file, member: member, component: component, owners: owners, verdict: verdict)
                    if let leaf = memberLeaf { entry.providedElsewhere = reads.providedElsewhere[leaf] ?? [] }
                    entries.append(entry)
                }
                entries += subReview
            }
            return entries
        }
        return review(name, outerLeaves: [], outerListed: [], depth: 0)
    }

    /// Sub-aliases that exist only to group members of one other alias, by that alias: listed by it
    /// alone, required by no component, conformed to by no container, named like an alias (so every place
    /// it is written is known) and written nowhere but in the scope that declares their parent. Editing
    /// one changes nothing else; any other alias may be needed as it is somewhere cpdi cannot tell.
    static func privateSubAliases(_ model: DependencyModel, composers: AliasComposers) -> [String: String] {
        let symbols = model.symbols
        var candidates: [String: String] = [:]
        for nested in symbols.sortedAliasNames where model.owners[nested] == nil {
            let composing = Set(composers.composers(of: nested))
            guard composing.count == 1, let alias = symbols.aliases[nested], model.conventions.isAliasName(alias.fact.name) else { continue }
            candidates[nested] = composing.first!
        }
        guard !candidates.isEmpty else { return [:] }
        for container in model.containers.values { for conformance in container.conformances { candidates[conformance.name] = nil } }
        for path in model.sortedFilePaths {
            for mention in model.files[path]!.aliasMentions {
                guard case .alias(let nested)? = symbols.resolve(mention.name, from: mention.enclosingType),
                    let parent = candidates[nested], let parentAlias = symbols.aliases[parent]
                else { continue }
                let home = parentAlias.fact.enclosingType
                if path != parentAlias.file || mention.enclosingType != home { candidates[nested] = nil }
            }
        }
        return candidates
    }

    /// Sub-aliases several aliases compose and no component requires, each with the one component alias that is
    /// just another name for it (`HomeBuilder.Context = HomeContext`, while the app-wide `MainContext` composes
    /// `HomeContext` too): that alias's owner reviews their members in its own scope. Only where one alias renames
    /// it, and only sub-aliases named like an alias, conformed to by no container and written nowhere but in
    /// alias declarations. A member is reported only where no other composer relies on it
    /// (`AliasComposers.isReliedOn`), and a child's alias forwarded in place of a leaf brings no leaf the
    /// sub-alias lacks (the value handed to the child already holds them all), so what composes it still builds.
    static func sharedSubAliases(_ model: DependencyModel, composers: AliasComposers) -> [String: String] {
        let symbols = model.symbols
        var candidates: [String: String] = [:]
        for nested in symbols.sortedAliasNames where model.owners[nested] == nil {
            let composing = Set(composers.composers(of: nested))
            guard composing.count > 1, let alias = symbols.aliases[nested], model.conventions.isAliasName(alias.fact.name) else { continue }
            let renames = composing.filter { composer in
                guard model.owners[composer] != nil, let declared = symbols.aliases[composer], declared.fact.members.count == 1,
                    case .alias(let member)? = symbols.resolve(declared.fact.members[0].name, from: declared.fact.enclosingType)
                else { return false }
                return member == nested
            }
            if renames.count == 1 { candidates[nested] = renames.first! }
        }
        guard !candidates.isEmpty else { return [:] }
        for container in model.containers.values { for conformance in container.conformances { candidates[conformance.name] = nil } }
        for path in model.sortedFilePaths {
            for mention in model.files[path]!.aliasMentions where mention.composedBy == nil {
                guard case .alias(let nested)? = symbols.resolve(mention.name, from: mention.enclosingType) else { continue }
                candidates[nested] = nil
            }
        }
        return candidates
    }
}

/// An alias several components require and a container conforms to: the app's, not one component's.
/// (A test double conforming to one component's alias does not make it the app's.)
func isAppWide(_ alias: String, in model: DependencyModel) -> Bool {
    (model.owners[alias]?.count ?? 0) > 1 && model.containers.values.contains { $0.conformances.contains { $0.name == alias } }
}

/// What a reader of the message needs to see that a leaf whose member is read can still go: `` (`store`,
/// which it also declares, comes with `HomeContainer`)``; empty when no read was provided elsewhere.
func providedElsewhereNote(_ entry: AliasMemberReview.Entry) -> String {
    guard !entry.providedElsewhere.isEmpty else { return "" }
    let members = listed(entry.providedElsewhere.map(\.member))
    let providers = Array(Set(entry.providedElsewhere.map(\.provider))).sorted()
    let verb = entry.providedElsewhere.count == 1 ? "comes" : "come"
    return " (\(members), which it also declares, \(verb) with \(listed(providers)))"
}

/// `A`, `A` and `B`, `A`, `B` and `C`; past `limit` names, "and N more".
func listed(_ names: [String], limit: Int = 3) -> String {
    let quoted = names.prefix(limit).map { "`\($0)`" }
    let rest = names.count - quoted.count
    if rest > 0 { return quoted.joined(separator: ", ") + " and \(rest) more" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
}
