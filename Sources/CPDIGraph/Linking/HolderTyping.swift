import CPDIFacts

/// The walk both holder-typing passes make (`StaticHolderTyping`, `DependencyMemberHolderTyping`): every fact about
/// a held value (a use, a forward, an unfollowed flow, each with its holder) and every dependencies member read from
/// another value (with its base), given a type where it has none yet.
extension FileFacts {
    /// Whether the file has a holder `holds` picks, or a read base `readsFrom` picks.
    func holdsAny(_ holds: (String) -> Bool, readsFrom: (String) -> Bool) -> Bool {
        uses.contains { $0.holder.map(holds) == true } || forwards.contains { $0.holder.map(holds) == true }
            || unfollowedFlows.contains { $0.holder.map(holds) == true }
            || declarations.dependencyMemberReads.contains { $0.base.map(readsFrom) == true }
    }

    /// The file with `type(holder, enclosingType, enclosingFunction)` given to every untyped holder `holds` picks and
    /// every untyped read base `readsFrom` picks (a read records no function).
    func typingHolders(
        _ holds: (String) -> Bool, readsFrom: (String) -> Bool, _ type: (String, String?, String?) -> String?
    ) -> FileFacts {
        var file = self
        for index in file.uses.indices {
            let use = file.uses[index]
            guard use.holderType == nil, let holder = use.holder, holds(holder) else { continue }
            file.uses[index].holderType = type(holder, use.enclosingType, use.enclosingFunction)
        }
        for index in file.forwards.indices {
            let forward = file.forwards[index]
            guard forward.holderType == nil, let holder = forward.holder, holds(holder) else { continue }
            file.forwards[index].holderType = type(holder, forward.enclosingType, forward.enclosingFunction)
        }
        for index in file.unfollowedFlows.indices {
            let flow = file.unfollowedFlows[index]
            guard flow.holderType == nil, let holder = flow.holder, holds(holder) else { continue }
            file.unfollowedFlows[index].holderType = type(holder, flow.enclosingType, flow.enclosingFunction)
        }
        for index in file.declarations.dependencyMemberReads.indices {
            let read = file.declarations.dependencyMemberReads[index]
            guard read.baseType == nil, let base = read.base, readsFrom(base) else { continue }
            file.declarations.dependencyMemberReads[index].baseType = type(base, read.enclosingType, nil)
        }
        return file
    }
}
