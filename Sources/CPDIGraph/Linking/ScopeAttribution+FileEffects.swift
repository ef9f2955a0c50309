import CPDIFacts

/// The scope pass's reading of one file (`ScopeAttribution.run`): what the file's code does to the scopes, as a list of
/// effects. It reads nothing the pass changes, so files are read on all cores, and the effects applied in path order.
extension ScopeAttribution {
    /// What one file's code does to the scopes, in the order the pass applies it. Files are read on all cores;
    /// their effects are applied one file after another, in path order, as a single walk would.
    enum Effect {
        /// The file's `uses[use]`, credited to the component (`credit` decides what it counts as, by what came before).
        case credit(component: String, use: Int, ownValue: Bool)
        case storedRead(component: String)
        case used(component: String, member: String)
        case usedAll(component: String, members: Set<String>)
        case notJudged(component: String, reason: NotJudgedReason)
    }

    /// What the pass reads of each file, with the indexes that reading needs: all of it fixed before the first file.
    struct FileEffects: Sendable {
        let pass: ScopeAttribution
        let storingByName: [String: [String]]
        /// The few components whose alias is a labelled tuple, with its labels.
        let tupleElements: [String: Set<String>]
        /// The names of dependencies properties any type declares: a call on such a value is a call of the holder's method.
        let declaredValueNames: Set<String>
        let staticAliases: [String: Set<String>]

        init(pass: ScopeAttribution) {
            let model = pass.model
            self.pass = pass
            // Two independent halves, one on each core: what the components hold, and what the files declare.
            let (byFiles, byComponents) = Parallel.both({
                let hasCalls = model.sortedFilePaths.contains { model.files[$0]!.unfollowedFlows.contains(where: \.isCall) }
                let declared = hasCalls
                    ? Set(model.symbols.typeDeclarations.values.joined().flatMap { $0.fact.dependencyProperties.map(\.name) }) : []
                return (declared: declared, statics: pass.staticMembersTypedByAliases())
            }, {
                var tuples: [String: Set<String>] = [:]
                for name in model.sortedComponentNames {
                    let elements = model.symbols.tupleElements(of: model.components[name]!)
                    if !elements.isEmpty { tuples[name] = elements }
                }
                return (storing: pass.componentsStoring(), tuples: tuples)
            })
            storingByName = byComponents.storing
            tupleElements = byComponents.tuples
            declaredValueNames = byFiles.declared
            staticAliases = byFiles.statics
        }

        /// The components storing a property of that name which code in `file` can reach: a `private` or
        /// `fileprivate` one only from the file declaring it.
        func storing(_ property: String, readableFrom file: String) -> [String] {
            (storingByName[property] ?? []).filter { name in
                guard let component = pass.model.components[name], let stored = component.property,
                    stored.access == .private || stored.access == .fileprivate
                else { return true }
                return component.file == file
            }
        }

        /// The component, when `property` is the one it keeps its dependencies in.
        func readingStored(_ component: String?, property: String) -> String? {
            guard let component, pass.model.components[component]?.property?.name == property else { return nil }
            return component
        }

        func effects(ofFileAt path: String) -> [Effect] {
            let model = pass.model, attribution = model.attribution
            let file = model.files[path]!
            var effects: [Effect] = []
            func markRead(_ component: String?, property: String) {
                if let component = readingStored(component, property: property) { effects.append(.storedRead(component: component)) }
            }
            /// The type of the value is unknown: any component storing such a property may be the one, unless
            /// what is read from it (`vault.services.isEmpty`) is nothing a dependency of that component provides.
            func markReadAnywhere(property: String, readMembers: Set<String>) {
                for component in storing(property, readableFrom: path) {
                    guard readMembers.isEmpty || !pass.providedMembers(of: component).isDisjoint(with: readMembers) else { continue }
                    effects.append(.storedRead(component: component))
                }
            }
            for (index, use) in file.uses.enumerated() {
                let scoped = StaticHolderTyping.isTyped(holder: use.holder, holderType: use.holderType)
                    ? [] : attribution.components(ofValue: use.value, type: use.enclosingType, function: use.enclosingFunction)
                for component in scoped {
                    effects.append(.credit(component: component, use: index, ownValue: use.holder == nil))
                }
                for holder in attribution.components(holding: use.holderType, scope: use.enclosingType) {
                    effects.append(.credit(component: holder, use: index, ownValue: true))
                    markRead(holder, property: use.base)
                }
                // `router.services.errorReporter` on a value of unknown type: any component that stores
                // `services` and whose dependencies provide `errorReporter` may be the one read.
                if use.holder != nil, use.holderType == nil {
                    for component in storing(use.base, readableFrom: path) where pass.providedMembers(of: component).contains(use.member) {
                        effects.append(.used(component: component, member: use.member))
                    }
                }
            }
            // What an alias's leaves offer, worked out once per file: files are read apart, so nothing is kept between them.
            var aliasLeafMembers: [String: [(name: String, hash: UInt32)]] = [:]
            let elsewhere = pass.readsThroughAliasWrittenElsewhere(in: file, path: path, leafMembers: &aliasLeafMembers)
            for (component, member) in elsewhere.reads { effects.append(.used(component: component, member: member)) }
            for (component, reason) in elsewhere.handOffs { effects.append(.notJudged(component: component, reason: reason)) }
            if !staticAliases.isEmpty {
                for (component, reason) in pass.staticMembersHandedOn(in: file, path: path, typed: staticAliases) {
                    effects.append(.notJudged(component: component, reason: reason))
                }
            }
            for flow in file.unfollowedFlows {
                if flow.isCall, !declaredValueNames.contains(flow.name) { continue }  // the holder's method
                if flow.kind == .cast, let type = flow.castType, pass.isConcrete(type, from: flow.enclosingType) { continue }
                let castReads = flow.kind == .cast ? flow.castType.flatMap { pass.protocolRequirements(ofCastTo: $0, from: flow.enclosingType) } : nil
                let reason = NotJudgedReason(kind: .init(flow.kind), detail: flow.detail, file: path, position: flow.position)
                // A static member's value is whoever that member's type holds, never the surrounding code's own.
                var owners = StaticHolderTyping.isTyped(holder: flow.holder, holderType: flow.holderType)
                    ? [] : attribution.components(ofValue: flow.value, type: flow.enclosingType, function: flow.enclosingFunction)
                if flow.holder != nil {
                    // A held value's dependencies (`return viewModel.dependencies`): its holder's, and when
                    // the holder's type cannot be told, those of every component storing such a property.
                    owners += flow.holderType == nil
                        ? storing(flow.name, readableFrom: path)
                        : attribution.components(holding: flow.holderType, scope: flow.enclosingType)
                }
                // Each owner's reasons are sorted in the end, so the order among owners does not matter.
                for owner in Set(owners).sorted() {
                    effects.append(castReads.map { .usedAll(component: owner, members: $0) } ?? .notJudged(component: owner, reason: reason))
                }
            }
            for read in file.dependencyReads {
                for component in attribution.components(type: read.enclosingType, function: nil) { markRead(component, property: read.name) }
                // A subclass reads the `dependencies` its base class stores.
                for ancestor in read.enclosingType.flatMap({ attribution.superclasses[$0] }) ?? [] { markRead(ancestor, property: read.name) }
            }
            for read in file.declarations.dependencyMemberReads {
                if read.baseType != nil {
                    for holder in attribution.components(holding: read.baseType, scope: read.enclosingType) { markRead(holder, property: read.member) }
                } else {
                    markReadAnywhere(property: read.member, readMembers: read.then.map { [$0] } ?? [])
                }
            }
            return effects
        }
    }
}
