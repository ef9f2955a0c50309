import CPDIFacts

/// Which aliases list each alias as a member: composition read upwards. Kept as one flat table over the
/// sorted alias names (a start offset per alias into one array of composer indices), as an app has an alias
/// per component and most are composed by one parent or none. Built once by the linker (`DependencyModel.aliasComposers`).
public struct AliasComposers: Sendable {
    private let names: [String]
    private let offsets: [Int32]
    private let composers: [Int32]

    public init(_ symbols: SymbolTable) {
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
    public func composers(of alias: String) -> [String] {
        guard let position = Self.position(of: alias, in: names) else { return [] }
        return composers[Int(offsets[position])..<Int(offsets[position + 1])].map { names[Int($0)] }
    }

    /// Every alias composing `alias`, however far up (`alias` itself only where composition loops back to it).
    public func allComposers(of alias: String) -> Set<String> {
        var found: Set<String> = []
        var pending = [alias]
        while let current = pending.popLast() {
            for composer in composers(of: current) where found.insert(composer).inserted { pending.append(composer) }
        }
        return found
    }

    private static func position(of name: String, in names: [String]) -> Int? {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name ? low : nil
    }
}
