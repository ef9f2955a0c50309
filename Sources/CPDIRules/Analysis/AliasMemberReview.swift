import CPDIFacts
import CPDIGraph

/// The shared analysis behind the alias rules: for every member of every alias some component is
/// constrained by, decide whether the code behind the alias uses it, a forwarded child needs it, or
/// nothing does. Computed once; `unused-dependency`, `direct-child-dependency` and `stale-forward`
/// each report one kind of verdict.
public enum AliasMemberReview {
    public enum Verdict: Sendable, Equatable {
        /// The files read it, or a forwarded child needs it through its own alias.
        case used
        /// Not read here, only needed by `child`; forward `childAlias` instead.
        case onlyNeededByChild(child: String, childAlias: String?, childAliasAlreadyListed: Bool)
        /// Neither read nor needed.
        case unused
        /// Another component's alias, but that component no longer receives these dependencies.
        case staleForward(components: [String])
        /// Declared outside the analysed sources, or not a dependency: no verdict.
        case unknown
    }

    public struct Entry: Sendable {
        public var alias: String
        public var aliasFile: String
        public var member: TypeReference
        /// The component the alias belongs to.
        public var component: String
        /// Where that component's code lives (declaration and extensions).
        public var codeFiles: [String]
        public var verdict: Verdict
    }

    public static func review(_ model: DependencyModel) -> [Entry] {
        model.owners.keys.sorted().flatMap { review(alias: $0, in: model) }
    }

    private static func review(alias name: String, in model: DependencyModel) -> [Entry] {
        guard let alias = model.symbols.aliases[name], let owners = model.owners[name] else { return [] }
        let symbols = model.symbols
        let files = Array(Set(owners.compactMap { model.components[$0] }.flatMap(model.codeFiles(of:)))).sorted()
        let usedMembers = files.reduce(into: Set<String>()) { $0.formUnion(model.usedMembers(inFile: $1)) }
        // Components sharing this alias are not children: what they need is what this alias says.
        let children = Set(files.flatMap(model.forwardedTargets(fromFile:)).map(\.target)).subtracting(owners).sorted()
        let childLeaves = children.compactMap { child in model.components[child].map { (child, $0, model.leaves(of: $0)) } }
        let listedAliases = Set(alias.fact.members.compactMap { member -> String? in
            if case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType) { return nested }
            return nil
        })

        func isUsedHere(_ leaf: String) -> Bool {
            guard let declared = symbols.protocols[leaf] else { return true }  // declared elsewhere: cannot tell
            let requirements = declared.fact.requirements
            return requirements.isEmpty || requirements.contains(where: usedMembers.contains)
        }

        func judge(leaves: Set<String>, allowChildVerdict: Bool) -> Verdict {
            guard !leaves.isEmpty else { return .unknown }
            if leaves.contains(where: isUsedHere) { return .used }
            let needing = childLeaves.filter { !$0.2.isDisjoint(with: leaves) }
            guard let first = needing.first(where: { $0.1.ownAlias != nil }) ?? needing.first else { return .unused }
            guard allowChildVerdict else { return .used }
            let childAlias = first.1.ownAlias
            return .onlyNeededByChild(
                child: first.0, childAlias: childAlias,
                childAliasAlreadyListed: childAlias.map(listedAliases.contains) ?? false
            )
        }

        let component = primaryOwner(of: alias.fact, among: owners)
        return alias.fact.members.map { member in
            let verdict: Verdict
            switch symbols.resolve(member.name, from: alias.fact.enclosingType) {
            case .alias(let nested) where nested == name:
                verdict = .unknown
            case .alias(let nested):
                let nestedOwners = (model.owners[nested] ?? []).filter { !owners.contains($0) }
                if nestedOwners.isEmpty {
                    verdict = judge(leaves: symbols.leafSets[nested] ?? [], allowChildVerdict: false)
                } else {
                    verdict = nestedOwners.contains(where: children.contains) ? .used : .staleForward(components: nestedOwners)
                }
            case .protocolType(let proto):
                verdict = judge(leaves: symbols.leafSets[proto] ?? [], allowChildVerdict: true)
            case .type, nil:
                verdict = .unknown
            }
            return Entry(alias: name, aliasFile: alias.file, member: member, component: component, codeFiles: files, verdict: verdict)
        }
    }

    /// The owner named after the alias (`FooDependencies` → `Foo`, nested `Foo.Dependencies` → `Foo`), else the first.
    private static func primaryOwner(of alias: AliasFact, among owners: [String]) -> String {
        if let enclosing = alias.enclosingType, owners.contains(enclosing) { return enclosing }
        for owner in owners {
            let simple = owner.split(separator: ".").last.map(String.init) ?? owner
            if alias.name == "\(simple)Dependencies" || alias.name == "\(owner.split(separator: ".").joined(separator: "_"))Dependencies" {
                return owner
            }
        }
        return owners[0]
    }
}
