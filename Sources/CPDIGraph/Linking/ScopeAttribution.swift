import CPDIFacts

/// What the code in one component's scope (SPEC §4a) does with the dependencies.
public struct ComponentScope: Sendable, Equatable {
    /// Member names read from the dependencies (its own, or a held value's), at value or type level.
    public var usedMembers: Set<String> = []
    /// Components it hands its dependencies to, from anywhere in its scope.
    public var children: Set<String> = []
    /// Components a call may reach among several of the same name: they may need what it has, but none is
    /// its definite child (see `ResolvedForward.isAmbiguous`).
    public var possibleChildren: Set<String> = []
    /// Whether something reads its stored dependencies: its scope, a subclass, or another type through an instance.
    public var storedDependenciesRead = false
    /// Members read only to be copied into a private property nothing reads (`self.logger = dependencies.logger`),
    /// with that property: not uses, but removing the member takes the copy too.
    public var deadCopies: [String: String] = [:]
    /// Places its dependencies go that cpdi does not follow (SPEC §4b), sorted. While there is one, what its
    /// alias must provide is not known, and nothing is said about the alias's members.
    public var notJudged: [NotJudgedReason] = []

    public var isJudged: Bool { notJudged.isEmpty }
}

/// Pass: credits every use, read, forward and unfollowed flow to the components whose scope it is in (see
/// `Attribution`), then decides which components can be judged.
struct ScopeAttribution {
    let model: DependencyModel
    /// The components whose alias, in the app's own words, may be written where they cannot be seen
    /// (`TypedAliasOwnership.unprovenComponents`), with why.
    let unprovenAliasComponents: [String: [NotJudgedReason]]

    struct Place: Sendable, Equatable {
        var file: String
        var position: SourcePosition
    }

    /// Files whose effects are held at once: enough to keep both cores busy, few enough that the effects stay small.
    private static let filesPerBatch = 4096

    func run() -> [String: ComponentScope] {
        var scopes: [String: ComponentScope] = [:]
        for name in model.sortedComponentNames { scopes[name] = ComponentScope() }
        // Where each member read from a component's own dependencies value is first read: the reads that must
        // each be declared by some protocol of its alias. Needed only by this pass, so not kept in the scopes. A few
        // members each, so a list (a dictionary per component held 17 MB at 100,000 components' peak).
        var memberReads: [String: [(member: String, place: Place)]] = [:]
        let reader = FileEffects(pass: self)

        func notJudged(_ component: String, _ reason: NotJudgedReason) {
            scopes[component]?.notJudged.append(reason)
        }
        /// `dependencies.own.imageService` reads `imageService` when `own` is an element of the tuple alias.
        func credit(_ component: String, _ use: UseFact, file: String, ownValue: Bool) {
            var member = use.member
            if reader.tupleElements[component]?.contains(member) == true {
                guard let next = use.next else {
                    // The element itself: handed to a child (a forward, resolved on its own), or elsewhere.
                    if !use.isHandedOn {
                        notJudged(component, NotJudgedReason(
                            kind: .other, detail: "takes the tuple element `\(member)` where cpdi does not follow it", file: file, position: use.position
                        ))
                    }
                    return
                }
                member = next
            }
            if let copy = use.deadCopy, ownValue, use.holder == nil {
                if scopes[component]?.deadCopies[member] == nil { scopes[component]?.deadCopies[member] = copy }
            } else {
                scopes[component]?.usedMembers.insert(member)
            }
            guard ownValue, !use.isTypeLevel || use.base == model.components[component]?.genericParameter,
                scopes[component] != nil, !(memberReads[component]?.contains { $0.member == member } ?? false)
            else { return }
            memberReads[component, default: []].append((member, Place(file: file, position: use.position)))
        }
        func markRead(_ component: String?, property: String) {
            if let component = reader.readingStored(component, property: property) { scopes[component]?.storedDependenciesRead = true }
        }

        let paths = model.sortedFilePaths
        for batch in stride(from: 0, to: paths.count, by: Self.filesPerBatch) {
            let batchPaths = paths[batch..<min(batch + Self.filesPerBatch, paths.count)]
            let effects = Parallel.map(batchPaths.count) { reader.effects(ofFileAt: batchPaths[batch + $0]) }
            for (offset, fileEffects) in effects.enumerated() {
                let path = batchPaths[batch + offset]
                for effect in fileEffects {
                    switch effect {
                    case .credit(let component, let use, let ownValue): credit(component, model.files[path]!.uses[use], file: path, ownValue: ownValue)
                    case .storedRead(let component): scopes[component]?.storedDependenciesRead = true
                    case .used(let component, let member): scopes[component]?.usedMembers.insert(member)
                    case .usedAll(let component, let members): scopes[component]?.usedMembers.formUnion(members)
                    case .notJudged(let component, let reason): notJudged(component, reason)
                    }
                }
            }
        }
        for forward in model.forwards where forward.passesOwnDependencies {
            if let source = forward.source {
                if forward.isAmbiguous {
                    scopes[source]?.possibleChildren.insert(forward.target)
                } else {
                    scopes[source]?.children.insert(forward.target)
                }
            }
            // Whoever hands on a held value's dependencies reads that value's stored property.
            if forward.holder != nil, let source = forward.source, let property = model.components[source]?.property?.name {
                markRead(source, property: property)
            }
        }
        for forward in model.forwards where forward.via == .conformance {
            // A protocol extension may read what the conformer stores.
            if let source = forward.source { scopes[source]?.storedDependenciesRead = true }
        }
        for (component, reason) in inheritedValueUses() { notJudged(component, reason) }
        for (source, reasons) in model.opaqueHandOffs { for reason in reasons { notJudged(source, reason) } }
        for (component, reasons) in unprovenAliasComponents {
            for reason in reasons { notJudged(component, reason) }
        }
        // What each component's own declarations and first reads leave unknown: on all cores, each on its own.
        let names = model.sortedComponentNames, firstReads = memberReads
        let declarationReasons = Parallel.map(names.count) { index in
            let name = names[index]
            return unknownMemberReads(of: name, firstReads[name] ?? []) + [requiredInitializer(of: name)].compactMap { $0 }
        }
        for (index, name) in names.enumerated() {
            for reason in declarationReasons[index] { notJudged(name, reason) }
            scopes[name]!.notJudged.sort()
        }
        return scopes
    }

    /// `class BaseFlowController<Dependencies>` storing the value its subclasses get (`InheritedGenericDependencies`):
    /// code in the base that reads, hands on or otherwise uses a value speaks for every such subclass, and cpdi does
    /// not follow it there, so those subclasses are not judged. The base's own `self.dependencies = dependencies` is
    /// none of these.
    private func inheritedValueUses() -> [(component: String, reason: NotJudgedReason)] {
        var subclasses: [String: [String]] = [:]
        for name in model.sortedComponentNames {
            if let base = model.components[name]!.propertyOwner { subclasses[base, default: []].append(name) }
        }
        guard !subclasses.isEmpty else { return [] }
        func base(of type: String?) -> String? {
            var current = type.map { Substring($0) }
            while let name = current, !name.isEmpty {
                if subclasses[String(name)] != nil { return String(name) }
                current = name.lastIndex(of: ".").map { name[..<$0] }
            }
            return nil
        }
        var found: [(component: String, reason: NotJudgedReason)] = []
        for path in model.sortedFilePaths {
            let file = model.files[path]!
            let places = file.uses.map { ($0.enclosingType, $0.position) } + file.forwards.map { ($0.enclosingType, $0.position) }
                + file.unfollowedFlows.map { ($0.enclosingType, $0.position) }
            for (type, position) in places {
                guard let base = base(of: type) else { continue }
                let reason = NotJudgedReason(
                    kind: .other, detail: "its base class `\(base)` uses the value it stores, which cpdi does not follow for subclasses",
                    file: path, position: position
                )
                for component in subclasses[base]! { found.append((component, reason)) }
            }
        }
        return found
    }

    /// `final class BarModel: BarModeling` where `protocol BarModeling { init(dependencies: HasA & HasB) }`: the
    /// protocol fixes what the initializer takes, so nothing of the type's alias can go on its own. Not so when
    /// the requirement takes one of the protocol's associated types, which each conformer chooses, or an alias
    /// the protocol declares, which is every conformer's own.
    private func requiredInitializer(of name: String) -> NotJudgedReason? {
        guard case .type? = model.components[name]?.form else { return nil }
        let symbols = model.symbols
        for declaration in symbols.typeDeclarations[name] ?? [] {
            for inherited in declaration.fact.inheritedTypes {
                guard case .protocolType(let proto)? = symbols.resolve(inherited.name, from: name),
                    let required = symbols.protocols[proto]?.fact
                else { continue }
                let associated = Set(required.associatedTypes.map(\.name))
                for initializer in required.initializers {
                    for parameter in initializer.parameters
                    where model.conventions.isDependenciesValueName(parameter.label) || model.conventions.isDependenciesValueName(parameter.name) {
                        if let type = parameter.type?.name {
                            if associated.contains(type) || type == "Self" { continue }
                            // An alias the protocol declares is every conformer's, judged across all of them.
                            if case .alias(let alias)? = symbols.resolve(type, from: proto), alias.hasPrefix("\(proto).") { continue }
                        }
                        return NotJudgedReason(
                            kind: .unseenAliasUse,
                            detail: "its initializer is the one `\(proto)` requires, which fixes the dependencies it takes",
                            file: declaration.file, position: inherited.position
                        )
                    }
                }
            }
        }
        return nil
    }

    /// Reads of members that no protocol of the component's alias declares, nor an extension of one:
    /// a dynamic member lookup, a constrained extension, something cpdi does not see. Only asked where every
    /// protocol behind the alias is declared in the sources, so that the answer is known to be "none".
    /// A component that requires nothing (`var dependencies: AppDependency`, a concrete type) has no protocol
    /// to ask, and what it reads is whatever that type offers.
    private func unknownMemberReads(of name: String, _ memberReads: [(member: String, place: Place)]) -> [NotJudgedReason] {
        guard !memberReads.isEmpty, let component = model.components[name], !component.requirements.isEmpty,
            component.requirements.allSatisfy({ model.leafMembers.isFullyDeclared($0.name) })
        else { return [] }
        let leaves = model.leaves(of: component)
        let unknown = memberReads.filter { model.leafMembers.protocols(offering: $0.member).isDisjoint(with: leaves) }
        return unknown.sorted { $0.member < $1.member }.map { member, place in
            NotJudgedReason(
                kind: .unknownMember, detail: "reads `\(member)`, which no protocol of its dependencies declares",
                file: place.file, position: place.position
            )
        }
    }

    /// The properties and methods the leaves of a component's requirements declare.
    /// `struct Box { let content: HomeDependencies; func now() -> Int { content.clock.now } }`: an alias written as a
    /// type outside every component it reaches types a value that code reads where no component's scope is. Which
    /// of its members that code reads cpdi does not follow, but a member it reads on any value is named in the file:
    /// every leaf member of the alias named there is used, by each component the alias (or an alias composing it)
    /// belongs to. Where such a value is handed on (`Ticker(dependencies: content)`), what it reaches is not
    /// followed: those components are not judged. A composition (`typealias A = B & C`) is no such place, nor a type conforming to the alias (a
    /// container, whose own members bear the leaves' names).
    func readsThroughAliasWrittenElsewhere(
        in file: FileFacts, path: String, leafMembers: inout [String: [(name: String, hash: UInt32)]]
    ) -> (reads: [(component: String, member: String)], handOffs: [(component: String, reason: NotJudgedReason)]) {
        guard !file.aliasMentions.isEmpty, !file.memberNameHashes.isEmpty || !file.forwards.isEmpty else { return ([], []) }
        let symbols = model.symbols
        var found: [(component: String, member: String)] = []
        var handOffs: [(component: String, reason: NotJudgedReason)] = []
        var seen: Set<String> = []
        for mention in file.aliasMentions where mention.composedBy == nil {
            guard case .alias(let alias)? = symbols.resolve(mention.name, from: mention.enclosingType),
                symbols.dependencyAliases.contains(alias), !seen.contains(alias)
            else { continue }
            // Most mentions are in a component of the alias itself: settled before anything is looked up.
            let owners = model.owners[alias] ?? []
            if let type = mention.enclosingType, owners.contains(type) { continue }
            let around = model.attribution.components(type: mention.enclosingType, function: mention.enclosingFunction)
            if around.contains(where: owners.contains) { continue }
            // What the alias's leaves offer, once per alias: a file that names none of it changes nothing.
            if leafMembers[alias] == nil {
                let names = Set((symbols.leafSets[alias] ?? []).flatMap { symbols.protocols[$0]?.fact.requirements ?? [] })
                leafMembers[alias] = names.sorted().map { ($0, MemberNameHash.of($0)) }
            }
            // The hashes are sorted: a binary search each.
            let named = leafMembers[alias]!.filter { file.memberNameHashes.containsSorted($0.hash) }.map(\.name)
            let typedForwards = file.forwards.filter { forward in
                guard let declared = forward.value?.declaredType, case .alias(let typed)? = symbols.resolve(declared, from: forward.enclosingType)
                else { return false }
                return typed == alias
            }
            guard !named.isEmpty || !typedForwards.isEmpty else { continue }
            let holders = holders(of: alias)
            guard !holders.isEmpty, !around.contains(where: holders.contains), !conforms(mention.enclosingType, to: alias),
                // A mention names no function: a helper of the type around it may be the one the alias belongs to.
                !holders.contains(where: { isFunction($0, in: mention.enclosingType) })
            else { continue }
            seen.insert(alias)
            // A value declared with the alias and handed on from this file, to anything but a component of the alias
            // (`FeedCoordinator(dependencies: container)` where `FeedCoordinator` takes the same alias needs nothing new).
            let handedOn = typedForwards.first { forward in
                guard let type = builtType(of: forward) else { return true }
                return !holders.contains(type)
            }
            for holder in holders.sorted() {
                for member in named { found.append((holder, member)) }
                if let handedOn {
                    let place = handedOn.enclosingType.map { "`\($0)`" } ?? "top-level code"
                    handOffs.append((holder, NotJudgedReason(
                        kind: .unseenAliasUse, detail: "a value of its alias `\(alias)` is handed on in \(place), which is none of the components it reaches",
                        file: path, position: handedOn.position
                    )))
                }
            }
        }
        return (found, handOffs)
    }

    /// `static var shared: AllDependencies`: the dependency aliases each static member (`AppDependency.shared`, by the
    /// owner's simple name) is declared with; empty when no forward hands a static member on, as in most apps.
    func staticMembersTypedByAliases() -> [String: Set<String>] {
        let symbols = model.symbols
        guard model.sortedFilePaths.contains(where: { model.files[$0]!.forwards.contains { $0.staticMember != nil } }) else { return [:] }
        var typed: [String: Set<String>] = [:]
        for path in model.sortedFilePaths {
            for property in model.files[path]!.declarations.staticProperties {
                guard case .alias(let alias)? = symbols.resolve(property.type, from: property.owner), symbols.dependencyAliases.contains(alias)
                else { continue }
                let owner = String(property.owner.lastDottedPart)
                typed["\(owner).\(property.name)", default: []].insert(alias)
            }
        }
        return typed
    }

    /// `Repository(dependencies: AppDependency.shared)` with `static var shared: AllDependencies`: a value of the alias
    /// that no component holds goes to a child, which needs its alias met by what `AllDependencies` lists. cpdi does
    /// not follow that value, so the components of the alias, and of every alias it composes, are not judged: a leaf
    /// none of them reads may be there for that child. Not where the child is itself a component of the alias.
    func staticMembersHandedOn(
        in file: FileFacts, path: String, typed: [String: Set<String>]
    ) -> [(component: String, reason: NotJudgedReason)] {
        var found: [(component: String, reason: NotJudgedReason)] = []
        for forward in file.forwards {
            guard let member = forward.staticMember, let aliases = typed[member] else { continue }
            let place = forward.enclosingType.map { "`\($0)`" } ?? "top-level code"
            // `RootView(dependencies: AppEnvironment.live)` where `RootView` takes that alias: what it needs is judged
            // with the alias, as any of its components' needs are.
            let target = builtType(of: forward)
            for alias in aliases.sorted() {
                if let target, holders(of: alias).contains(target) { continue }
                let reason = NotJudgedReason(
                    kind: .unseenAliasUse,
                    detail: "a value of its alias `\(alias)`, `\(member)`, is handed on in \(place), which cpdi does not follow",
                    file: path, position: forward.position
                )
                let affected = model.symbols.composedAliases(of: alias).sorted()
                for component in affected.flatMap({ (model.owners[$0] ?? []).sorted() }) { found.append((component, reason)) }
            }
        }
        return found
    }

    /// The components of an alias and of every alias composing it: what a value of the alias may be handed to
    /// without needing anything the alias's own review does not see.
    private func holders(of alias: String) -> Set<String> {
        model.aliasComposers.allComposers(of: alias).reduce(into: Set(model.owners[alias] ?? [])) { $0.formUnion(model.owners[$1] ?? []) }
    }

    /// The type a forward builds (`Child(dependencies:)`, `Child.init(dependencies:)`), where the sources declare it.
    private func builtType(of forward: ForwardFact) -> String? {
        let built = forward.base == nil ? forward.callee : forward.callee == "init" ? forward.baseType : nil
        guard let built, case .type(let type)? = model.symbols.resolve(built, from: forward.enclosingType) else { return nil }
        return type
    }

    private func isFunction(_ component: String, in type: String?) -> Bool {
        guard case .function? = model.components[component]?.form else { return false }
        guard let type else { return !component.contains(".") }
        return component.hasPrefix("\(type).")
    }

    /// A container adopting the alias, whose own members bear the leaves' names.
    private func conforms(_ type: String?, to alias: String) -> Bool {
        guard let type else { return false }
        return model.containers[type]?.conformances.contains { $0.name == alias } ?? false
    }

    /// `dependencies as? AppContainer`, or `as! Services` with `typealias Services = AppServices`: a struct, class,
    /// enum or actor the sources declare. Whatever the code does with it then goes through that type's own
    /// declarations, and a dynamic cast compiles whatever the alias lists, so nothing of the alias is asked for.
    /// Not a protocol, an alias of protocols or a generic parameter: the value may then be read through them.
    func isConcrete(_ type: String, from scope: String?) -> Bool {
        switch model.symbols.resolve(type, from: scope) {
        case .type(let name)?:
            return model.symbols.isDeclaredType(name)
        case .alias(let alias)?:
            guard let declared = model.symbols.aliases[alias], declared.fact.members.count == 1,
                case .type(let name)? = model.symbols.resolve(declared.fact.members[0].name, from: declared.fact.enclosingType)
            else { return false }
            return model.symbols.isDeclaredType(name)
        case .protocolType?, nil:
            return false
        }
    }

    /// `serviceProvider as? NavigatorProvider`, where the protocol and all it inherits are declared in the sources and
    /// require something: the cast value offers what they require and nothing else, so the cast reads those members,
    /// as `serviceProvider.navigator` would. Also through an alias of such protocols. A protocol requiring nothing, or
    /// inheriting one declared elsewhere, leaves the flow unfollowed: nothing would say its leaf is used.
    func protocolRequirements(ofCastTo type: String, from scope: String?) -> Set<String>? {
        let symbols = model.symbols
        var protocols: [String] = []
        switch symbols.resolve(type, from: scope) {
        case .protocolType(let name)?:
            protocols = [name]
        case .alias(let alias)?:
            guard let declared = symbols.aliases[alias], !declared.fact.members.isEmpty else { return nil }
            for member in declared.fact.members {
                guard member.genericArguments.isEmpty, member.element == nil,
                    case .protocolType(let name)? = symbols.resolve(member.name, from: declared.fact.enclosingType)
                else { return nil }
                protocols.append(name)
            }
        case .type?, nil:
            return nil
        }
        // Each protocol named, with all it inherits, must require something.
        var members: Set<String> = []
        for named in protocols {
            var own: Set<String> = [], seen: Set<String> = [], pending = [named]
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                guard let declared = symbols.protocols[next] else { return nil }
                own.formUnion(declared.fact.requirements)
                for inherited in declared.fact.inheritedTypes where !CompositionProtocols.harmlessExternalParents.contains(inherited.name) {
                    guard case .protocolType(let name)? = symbols.resolve(inherited.name, from: next) else { return nil }
                    pending.append(name)
                }
            }
            guard !own.isEmpty else { return nil }
            members.formUnion(own)
        }
        return members
    }

    func providedMembers(of component: String) -> Set<String> {
        guard let found = model.components[component] else { return [] }
        return model.leaves(of: found).reduce(into: Set<String>()) { members, leaf in
            members.formUnion(model.symbols.protocols[leaf]?.fact.requirements ?? [])
        }
    }

    /// Components by the name of the property they keep their dependencies in.
    func componentsStoring() -> [String: [String]] {
        var found: [String: [String]] = [:]
        for name in model.sortedComponentNames {
            if let property = model.components[name]!.property, property.isStored { found[property.name, default: []].append(name) }
        }
        return found
    }
}

private extension Array where Element == UInt32 {
    /// Membership in an ascending array, by binary search.
    func containsSorted(_ value: UInt32) -> Bool {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value
    }
}
