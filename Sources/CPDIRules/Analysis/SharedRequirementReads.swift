import CPDIFacts
import CPDIGraph

/// Which leaves of an alias the reads of its components need, when several leaves require the same
/// property (`OnboardingContainer` and `PremiumContainer` both require `var store: Store { get }`).
///
/// One witness satisfies every such requirement, so a read of `store` needs one of those leaves, not all
/// of them. Which one is decided only where it is proven: a leaf the components need anyway for a member
/// no other leaf of the alias declares provides the read for all; failing that, the declaring leaves no
/// forwarded child needs provide it (the others then come with the children's aliases). Where neither
/// decides, the read keeps every declaring leaf, as a read of a member declared once does. Requirements
/// count as the same only when they are written alike (type and settability): anything else keeps all.
struct SharedRequirementReads {
    /// Leaves a read needs.
    let needed: Set<String>
    /// Leaf → the members read that it declares, each with the leaf that provides it instead.
    let providedElsewhere: [String: [(member: String, provider: String)]]

    init(reads: Set<String>, aliasLeaves: Set<String>, members: LeafMembers, neededByChildren: Set<String>) {
        let known = aliasLeaves.filter { members.isKnown($0) }.sorted()
        var needed: Set<String> = []
        var shared: [(member: String, declarers: [String])] = []
        for member in reads.sorted() {
            let hash = MemberNameHash.of(member)
            let declarers = known.filter { members.members(of: $0).contains(hash) }
            if declarers.count > 1, Self.areInterchangeable(member, in: declarers, members: members) {
                shared.append((member, declarers))
            } else {
                needed.formUnion(declarers)
            }
        }
        let neededAnyway = needed
        var providedElsewhere: [String: [(member: String, provider: String)]] = [:]
        for (member, declarers) in shared {
            var providers = declarers.filter(neededAnyway.contains)
            if providers.isEmpty {
                let ownOnly = declarers.filter { !neededByChildren.contains($0) }
                providers = ownOnly.isEmpty ? declarers : ownOnly
            }
            needed.formUnion(providers)
            guard providers.count < declarers.count else { continue }
            for declarer in declarers where !providers.contains(declarer) {
                providedElsewhere[declarer, default: []].append((member, providers[0]))
            }
        }
        self.needed = needed
        self.providedElsewhere = providedElsewhere
    }

    /// Every declaring leaf requires `member` as the same instance property.
    private static func areInterchangeable(_ member: String, in declarers: [String], members: LeafMembers) -> Bool {
        guard let first = members.property(member, of: declarers[0]) else { return false }
        return declarers.dropFirst().allSatisfy { members.property(member, of: $0) == first }
    }
}
