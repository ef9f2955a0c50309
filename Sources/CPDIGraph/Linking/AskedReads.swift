import CPDIFacts

/// What the run-time read review asked the files' reads (`NameReads`), by key. The questions it asks depend on
/// the model and on the answers so far, so a file whose reads change only in keys never asked changes no
/// answer, and none of the questions after it: the review judges exactly as before (`MovedPositions` relies
/// on it to answer a run without linking).
public struct AskedReads: Sendable, Equatable {
    /// `MemberNameHash.bare(name, in: type)` of every name asked for written alone in a type.
    public var bare: Set<UInt32> = []
    /// `MemberNameHash.of(name)` of every name asked for as a member, typed, static or on a type.
    public var names: Set<UInt32> = []

    public init(bare: Set<UInt32> = [], names: Set<UInt32> = []) {
        self.bare = bare
        self.names = names
    }

    /// Whether the reads `old` and `new` of one file give the same answer to every question asked: they differ
    /// only in keys never asked, and not at all in what is read as a whole (`@dynamicMemberLookup` types,
    /// overrides, type aliases, subscripts' key-path roots, properties' types, the members declared).
    public func answersAlike(_ old: NameReads, _ new: NameReads) -> Bool {
        guard old.dynamicMemberTypes == new.dynamicMemberTypes, old.overridden == new.overridden, old.typeAliases == new.typeAliases,
            old.keyPathSubscriptRoots == new.keyPathSubscriptRoots, old.memberTypes == new.memberTypes,
            old.memberKeys == new.memberKeys
        else { return false }
        func changed<T: Hashable>(_ before: [T], _ after: [T]) -> Set<T> { Set(before).symmetricDifference(after) }
        // `Type|name`, `Base|name`, `Type|property|name`: the name read is the last part.
        func name(_ entry: String) -> UInt32 {
            MemberNameHash.of(NameReads.withoutOnlyTypedMark(String(entry.split(separator: "|", omittingEmptySubsequences: false).last ?? "")))
        }
        return changed(old.bare, new.bare).isDisjoint(with: bare)
            && changed(old.members, new.members).isDisjoint(with: names)
            && changed(old.typeLevelMembers, new.typeLevelMembers).isDisjoint(with: names)
            && changed(old.onTypes, new.onTypes).allSatisfy { !names.contains(name($0)) }
            && changed(old.typedMembers, new.typedMembers).allSatisfy { !names.contains(name($0)) }
            && changed(old.propertyMembers, new.propertyMembers).allSatisfy { !names.contains(name($0)) }
            && changed(old.subscriptKeyPaths, new.subscriptKeyPaths).allSatisfy { !names.contains(name($0)) }
            && changed(old.typeMentions, new.typeMentions).isDisjoint(with: names)
            && changed(old.registrableTypeMentions, new.registrableTypeMentions).isDisjoint(with: names)
    }
}

/// Where `ReadIndex` notes its questions; the review runs on one thread.
final class AskedReadsLog: @unchecked Sendable {
    var reads = AskedReads()

    func note(_ name: String) { reads.names.insert(MemberNameHash.of(name)) }
}
