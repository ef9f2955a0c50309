import CPDIFacts

/// What every protocol offers to a value of it: its requirements and the properties and methods its
/// unconstrained extensions add, as `MemberNameHash`es (extensions carry only those). Worked out once per
/// link; the passes and rules that ask whether a read uses a leaf, or whether a member is declared anywhere
/// behind an alias, share it. Two names with one hash would only make a read count for more protocols than
/// it should: silence, never a wrong finding.
public struct LeafMembers: Sendable {
    /// Protocol → what it offers.
    private let offered: [String: Set<UInt32>]
    /// Member → the protocols offering it.
    private let offering: [UInt32: Set<String>]
    /// Aliases and protocols whose every member, all the way down, is a protocol declared in the sources.
    private let declared: [String: Bool]
    /// Protocol → the instance properties it requires, by name.
    private let properties: [String: [String: PropertyRequirementFact]]
    /// Protocols that require nothing, inherit nothing and are extended nowhere (`protocol QRScannerContainer {}`):
    /// a value of one offers nothing to read, so only something that asks for the conformance itself needs it.
    private let bare: Set<String>

    /// Protocols that offer nothing a dependencies value is read for, declared or not.
    private static let neutral: Set<String> = ["AnyObject", "Sendable", "Actor", "Hashable", "Equatable", "Identifiable"]

    init(symbols: SymbolTable) {
        var offered: [String: Set<UInt32>] = [:]
        var offering: [UInt32: Set<String>] = [:]
        var properties: [String: [String: PropertyRequirementFact]] = [:]
        var bare: Set<String> = []
        for name in symbols.sortedProtocolNames {
            let fact = symbols.protocols[name]!.fact
            if fact.requirements.isEmpty, fact.inheritedTypes.isEmpty, fact.associatedTypes.isEmpty, symbols.typeDeclarations[name] == nil {
                bare.insert(name)
            }
            if !fact.propertyRequirements.isEmpty {
                properties[name] = Dictionary(fact.propertyRequirements.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            }
            var members = Set(fact.requirements.map(MemberNameHash.of))
            for declaration in symbols.typeDeclarations[name] ?? [] { members.formUnion(declaration.fact.extensionMemberHashes) }
            offered[name] = members
            for member in members { offering[member, default: []].insert(name) }
        }
        self.offered = offered
        self.offering = offering
        self.properties = properties
        self.bare = bare
        var declared: [String: Bool] = [:]
        func isDeclared(_ name: String) -> Bool {
            if let known = declared[name] { return known }
            declared[name] = false  // a cycle ends here, as "cannot tell"
            let answer: Bool
            if let alias = symbols.aliases[name] {
                answer = alias.fact.members.allSatisfy { member in
                    Self.neutral.contains(member.name)
                        || symbols.resolve(member.name, from: alias.fact.enclosingType).map { isDeclared($0.name) } ?? false
                }
            } else if let proto = symbols.protocols[name] {
                answer = proto.fact.inheritedTypes.allSatisfy { inherited in
                    Self.neutral.contains(inherited.name) || symbols.resolve(inherited.name, from: name).map { isDeclared($0.name) } ?? false
                }
            } else {
                answer = false  // a concrete type, or declared outside the sources
            }
            declared[name] = answer
            return answer
        }
        for name in symbols.sortedAliasNames { _ = isDeclared(name) }
        for name in symbols.sortedProtocolNames { _ = isDeclared(name) }
        self.declared = declared
    }

    /// What a protocol offers; empty for one declared elsewhere.
    public func members(of proto: String) -> Set<UInt32> { offered[proto] ?? [] }

    /// Every member some protocol offers, sorted: the only member names whose reads anywhere can answer a question
    /// (`ContainerCoverage`'s "is a member of this leaf read anywhere by name").
    public var offeredMembers: [UInt32] { offering.keys.sorted() }

    /// Whether a protocol requires nothing, inherits nothing and is extended nowhere.
    public func isBare(_ proto: String) -> Bool { bare.contains(proto) }

    /// The instance property `name` as `proto` requires it, if it does.
    public func property(_ name: String, of proto: String) -> PropertyRequirementFact? { properties[proto]?[name] }

    /// Whether a protocol is declared in the sources (and so what it offers is known).
    public func isKnown(_ proto: String) -> Bool { offered[proto] != nil }

    /// The protocols that offer a member.
    public func protocols(offering member: String) -> Set<String> { offering[MemberNameHash.of(member)] ?? [] }

    /// Whether every protocol behind an alias or protocol is declared in the sources.
    public func isFullyDeclared(_ name: String) -> Bool { declared[name] ?? false }
}
