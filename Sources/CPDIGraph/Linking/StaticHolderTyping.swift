import CPDIFacts

/// Pass: types the holder of a held value reached through a static member (`AppDelegate.shared.context`)
/// by the declared type of that member (`static let shared: AppDelegateProtocol`), so its uses, forwards and
/// unfollowed flows count for the components that type holds, not for every component storing `context`.
/// A member of a type itself (`AppContext.context()`) is typed by that type.
///
/// Only what is proven is typed: the member must be declared once in the sources with a written, built or
/// cast type, and that type must be one the sources declare, whose instances can only be the type itself
/// or its conformers (a class with a component among its subclasses may hold that subclass, and stays
/// untyped). Everything else keeps its holder untyped, which the passes after this one treat as "could be
/// any component storing such a value".
struct StaticHolderTyping {
    let symbols: SymbolTable
    let attribution: Attribution
    let componentNames: Set<String>

    func run(_ files: [FileFacts]) -> [FileFacts] {
        // One look at each file; most apps have no such holder, and the rest only a few files with one.
        let holding = files.indices.filter { files[$0].holdsAny(Self.isTypeLevel, readsFrom: Self.isStatic) }
        guard !holding.isEmpty else { return files }
        let types = memberTypes(files)
        func typed(_ holder: String, scope: String?) -> String? {
            guard let dot = holder.lastIndex(of: ".") else {
                // `AppContext.context()`: a member of the type itself, no instance's dependencies. Typed by the
                // type, so a component declaring such a static member still answers for it.
                return declaredName(symbols.resolve(holder, from: scope))
            }
            guard let owner = ownerName(String(holder[..<dot]), from: scope) else { return nil }
            return types["\(owner)\(holder[dot...])"]
        }
        var typedFiles = files
        for index in holding {
            typedFiles[index] = files[index].typingHolders(Self.isTypeLevel, readsFrom: Self.isStatic) { holder, scope, _ in
                typed(holder, scope: scope)
            }
        }
        return typedFiles
    }

    /// A holder this pass or `DependencyMemberHolderTyping` typed. Whose value it holds is then told by that type
    /// alone, not by the code around.
    static func isTyped(holder: String?, holderType: String?) -> Bool {
        holderType != nil && (isTypeLevel(holder) || DependencyMemberHolderTyping.isMemberHolder(holder))
    }

    /// A read's base is a plain value name or, dotted, a type's static member (`AppDelegate.shared.context`);
    /// never a bare type: `Config.environment` is a static property of the type itself, no held value.
    private static func isStatic(_ base: String) -> Bool {
        base.contains(".")
    }

    /// The type owning a static member as written (`OEXRouter` of `OEXRouter.shared()`): its declared name, or the
    /// name as written for a class only a header declares, which the symbol table does not hold.
    private func ownerName(_ written: String, from scope: String?) -> String? {
        guard let symbol = symbols.resolve(written, from: scope) else { return written }
        return declaredName(symbol)
    }

    /// A type (`AppContext`, capitalised as types are) or a type's static member: only the latter is dotted
    /// (`AppDelegate.shared`, `App.AppDelegate.shared` once module scoping named its module); a value is a
    /// plain lower-case name, `_`, or a member of the code's own dependencies value (`environment#router`,
    /// typed by `DependencyMemberHolderTyping`).
    private static func isTypeLevel(_ holder: String?) -> Bool {
        guard let holder else { return false }
        return isTypeLevel(holder)
    }

    private static func isTypeLevel(_ holder: String) -> Bool {
        guard let first = holder.first else { return false }
        return first.isUppercase || holder.contains(".")
    }

    /// `Owner.member` → the member's value type, for members declared once with a type that proves whose
    /// value a holder of it can be.
    private func memberTypes(_ files: [FileFacts]) -> [String: String] {
        // A class some component inherits from may hold that component.
        let componentAncestors = attribution.classesComponentsInherit
        let headerMembers = files.contains { ObjectiveCHeaders.isHeader($0.path) && !$0.declarations.staticProperties.isEmpty }
        let subclasses = headerMembers ? ObjectiveCSubclasses(symbols: symbols, attribution: attribution, componentNames: componentNames) : nil
        var found: [String: String?] = [:]
        for file in files {
            let isHeader = ObjectiveCHeaders.isHeader(file.path)
            for property in file.declarations.staticProperties {
                let key: String
                let type: String?
                if isHeader {
                    // `+ (instancetype)sharedRouter` of `@interface OEXRouter`: an `OEXRouter`, unless a Swift
                    // subclass of it is a component, or Swift code declares a member of that name on it too.
                    guard let owner = ownerName(property.owner, from: nil) else { continue }
                    key = "\(owner).\(property.name)"
                    type = componentAncestors.contains(owner) || subclasses?.mayBeComponent(property.owner) == true || redeclared(property) ? nil : owner
                } else {
                    guard let owner = declaredName(symbols.resolve(property.owner, from: nil)) else { continue }
                    key = "\(owner).\(property.name)"
                    type = provenHolderType(property.type, scope: owner, componentAncestors: componentAncestors)
                }
                // Declared twice (in two modules, or `#if` branches): no one answer.
                if let earlier = found[key], earlier != type { found[key] = .some(nil) } else { found[key] = type }
            }
        }
        return found.compactMapValues { $0 }
    }

    /// A Swift extension of a header's class adding a member of the same base name (an overload the header
    /// does not show).
    private func redeclared(_ member: StaticPropertyFact) -> Bool {
        let base = member.name.hasSuffix("()") ? String(member.name.dropLast(2)) : member.name
        let hash = MemberNameHash.of(base)
        return (symbols.typeDeclarations[member.owner] ?? []).contains { $0.fact.extensionMemberHashes.contains(hash) }
    }

    private func provenHolderType(_ written: String, scope: String, componentAncestors: Set<String>) -> String? {
        switch symbols.resolve(written, from: scope) {
        case .protocolType(let name)?:
            return name
        case .type(let name)?:
            return componentAncestors.contains(name) ? nil : name
        case .alias?, nil:
            return nil
        }
    }

    private func declaredName(_ symbol: SymbolTable.Symbol?) -> String? {
        switch symbol {
        case .type(let name)?, .protocolType(let name)?: return name
        case .alias?, nil: return nil
        }
    }
}
