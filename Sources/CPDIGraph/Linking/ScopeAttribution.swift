import CPDIFacts

/// What the code in one component's scope (SPEC §4a) does with the dependencies.
public struct ComponentScope: Sendable, Equatable {
    /// Member names read from the dependencies (its own, or a held value's), at value or type level.
    public var usedMembers: Set<String> = []
    /// Components it hands its dependencies to, from anywhere in its scope.
    public var children: Set<String> = []
    /// Whether something reads its stored dependencies: its scope, a subclass, or another type through an instance.
    public var storedDependenciesRead = false
    /// Its dependencies go somewhere cpdi cannot follow, so what they must provide is not fully known.
    public var hasOpaqueHandOff = false
}

/// Pass: credits every use, read and forward to the components whose scope it is in (see `Attribution`).
struct ScopeAttribution {
    let model: DependencyModel

    func run() -> [String: ComponentScope] {
        let attribution = model.attribution
        var scopes: [String: ComponentScope] = [:]
        for name in model.sortedComponentNames { scopes[name] = ComponentScope() }
        let storing = componentsStoring()

        func markRead(_ component: String?, property: String) {
            guard let component, model.components[component]?.property?.name == property else { return }
            scopes[component]?.storedDependenciesRead = true
        }
        /// The type of the value is unknown: any component storing such a property may be the one, unless
        /// what is read from it (`vault.services.isEmpty`) is nothing a dependency of that component provides.
        func markReadAnywhere(property: String, readMembers: Set<String>) {
            for component in storing[property] ?? [] {
                guard readMembers.isEmpty || !providedMembers(of: component).isDisjoint(with: readMembers) else { continue }
                scopes[component]?.storedDependenciesRead = true
            }
        }

        for path in model.sortedFilePaths {
            let file = model.files[path]!
            for use in file.uses {
                for component in attribution.components(type: use.enclosingType, function: use.enclosingFunction) {
                    scopes[component]?.usedMembers.insert(use.member)
                }
                for holder in attribution.components(holding: use.holderType, scope: use.enclosingType) {
                    scopes[holder]?.usedMembers.insert(use.member)
                    markRead(holder, property: use.base)
                }
                // `router.services.errorReporter` on a value of unknown type: any component that stores
                // `services` and whose dependencies provide `errorReporter` may be the one read.
                if use.holder != nil, use.holderType == nil {
                    for component in storing[use.base] ?? [] where providedMembers(of: component).contains(use.member) {
                        scopes[component]?.usedMembers.insert(use.member)
                    }
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
        }
        for forward in model.forwards where forward.passesOwnDependencies {
            if let source = forward.source { scopes[source]?.children.insert(forward.target) }
            // Whoever hands on a held value's dependencies reads that value's stored property.
            if forward.holder != nil, let source = forward.source, let property = model.components[source]?.property?.name {
                markRead(source, property: property)
            }
        }
        for forward in model.forwards where forward.via == .conformance {
            // A protocol extension may read what the conformer stores.
            if let source = forward.source { scopes[source]?.storedDependenciesRead = true }
        }
        for source in model.opaqueHandOffs.keys { scopes[source]?.hasOpaqueHandOff = true }
        return scopes
    }

    /// The properties and methods the leaves of a component's requirements declare.
    private func providedMembers(of component: String) -> Set<String> {
        guard let found = model.components[component] else { return [] }
        return model.leaves(of: found).reduce(into: Set<String>()) { members, leaf in
            members.formUnion(model.symbols.protocols[leaf]?.fact.requirements ?? [])
        }
    }

    /// Components by the name of the property they keep their dependencies in.
    private func componentsStoring() -> [String: [String]] {
        var found: [String: [String]] = [:]
        for name in model.sortedComponentNames {
            if let property = model.components[name]!.property, property.isStored { found[property.name, default: []].append(name) }
        }
        return found
    }
}
