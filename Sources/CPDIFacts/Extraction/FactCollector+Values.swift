import SwiftSyntax

/// An open function body or closure: the declared types of its names, and which names hold a
/// dependencies value (typed as one, or copied from one).
struct LocalScope {
    var types: [String: String] = [:]
    var values: [String: ValueIdentity] = [:]
    /// Locals bound from a call handed a type (`cellType: SummaryCell.self`), whose type linking may tell.
    var typeHints: [String: TypeArgumentHint] = [:]
    /// Locals bound from a call that may return a metatype (`manager.jsonDecoder(for:)`), which linking may tell.
    var metatypeCalls: [String: MetatypeCallHint] = [:]
    /// Locals bound to a construction (`let dependencies = AppContainer()`), by the type built: what they hand on is that.
    var constructed: [String: String] = [:]
}

/// A name that holds a dependencies value here, and what its declared type says about whose it is (nil
/// when only its name says it is one).
struct KnownValue {
    var identity: ValueIdentity?

    static let byName = KnownValue(identity: nil)
}

/// Dependencies values (SPEC §4b): a name holds one when its declared type says so (a generic parameter
/// that stands for dependencies, an alias-like name, a composition of dependency protocols) or, as a hint,
/// when it is named like one. Every occurrence of such a value is sorted by `ValueFlowReading`; the ways
/// cpdi does not follow become `UnfollowedFlow` facts.
extension FactCollector {
    /// What a declared type says about a value of that type; nil when it is no dependencies type.
    func dependencyIdentity(of type: TypeSyntax) -> ValueIdentity? {
        let unwrapped = type.unwrapped
        if unwrapped.isComposition {
            let members = unwrapped.compositionMembers.compactMap(\.nominalName)
            let isDependencies = members.contains {
                let simple = $0.lastDottedPart
                return conventions.namesDependency(simple)
            }
            return isDependencies ? ValueIdentity() : nil
        }
        guard let name = unwrapped.nominalName else { return nil }
        if let index = dependencyGenerics.lastIndex(where: { $0.contains(name) }) {
            return ValueIdentity(genericOwner: genericOwners[index])
        }
        if isGenericName(name) { return nil }  // a generic parameter that stands for something else
        guard isAliasLikeName(name) || isFileDependencyAlias(unwrapped) else { return nil }
        return ValueIdentity(declaredType: name)
    }

    /// Whether a value of this name was declared with a dependencies type; most files declare none, and an
    /// empty set answers without hashing the name.
    func isTypedValueName(_ name: String) -> Bool {
        !typedValueNames.isEmpty && typedValueNames.contains(name)
    }

    /// Whether `name` holds a dependencies value here.
    func knownValue(named name: String) -> KnownValue? {
        let hinted = isDependenciesValueName(name)
        guard hinted || isTypedValueName(name) else { return nil }
        for scope in localScopes.reversed() {
            if let identity = scope.values[name] { return KnownValue(identity: hinted ? identity.droppingDeclaredType : identity) }
            // A local of another type hides a property of the same name.
            if scope.types[name] != nil { return hinted ? .byName : nil }
        }
        if let identity = memberValueIdentity(name) { return KnownValue(identity: hinted ? identity.droppingDeclaredType : identity) }
        return hinted ? .byName : nil
    }

    /// A property of the enclosing type typed as dependencies.
    func memberValueIdentity(_ name: String) -> ValueIdentity? {
        guard isTypedValueName(name), let scope = enclosingType else { return nil }
        return memberValues[scope]?[name]
    }

    /// `dependencies`, `self.context`, `self?.dependencies!`: the own value an expression stands for.
    func knownValue(of expr: ExprSyntax) -> KnownValue? {
        let stripped = expr.strippedOfOptionality
        if stripped.is(SequenceExprSyntax.self), let alias = ownAliasCast(stripped) {
            return KnownValue(identity: ValueIdentity(declaredType: alias))  // `delegate as? Context`, the type's own alias
        }
        if let reference = stripped.as(DeclReferenceExprSyntax.self) { return knownValue(named: reference.baseName.identifierText) }
        guard let member = stripped.as(MemberAccessExprSyntax.self), member.base?.strippedOfOptionality.isSelf == true else { return nil }
        let name = member.declName.baseName.identifierText
        let hinted = isDependenciesValueName(name)
        if let identity = memberValueIdentity(name) { return KnownValue(identity: hinted ? identity.droppingDeclaredType : identity) }
        return hinted ? .byName : nil
    }

    /// Remembers that `name` holds a dependencies value from here on: a local, or a property of the type.
    func registerValue(_ name: String, identity: ValueIdentity?, isMember: Bool) {
        let identity = identity ?? ValueIdentity()
        typedValueNames.insert(name)
        if isMember || localScopes.isEmpty {
            if let scope = enclosingType { memberValues[scope, default: [:]][name] = identity }
        } else {
            localScopes[localScopes.count - 1].values[name] = identity
        }
    }

    /// Parameters typed as dependencies (`deps: Dependencies`, `context: HomeDependencies`) hold a value.
    func registerParameterValues(_ parameters: [(name: String, type: TypeSyntax?)]) {
        for parameter in parameters {
            guard let type = parameter.type, let identity = dependencyIdentity(of: type) else { continue }
            registerValue(parameter.name, identity: identity, isMember: false)
        }
    }

    /// The stored and computed properties of a type body typed as dependencies, before anything reads them.
    func registerMemberValues(_ block: MemberBlockSyntax) {
        for item in block.members {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
                    let type = binding.typeAnnotation?.type
                else { continue }
                if let identity = dependencyIdentity(of: type) {
                    registerValue(name, identity: identity, isMember: true)
                } else if !isDependenciesValueName(name), isPrivateTypedDependencies(variable, type: type), let declared = type.unwrapped.nominalName {
                    // Typed by another type's alias: whose it is, linking tells from the declared type.
                    registerValue(name, identity: ValueIdentity(declaredType: declared), isMember: true)
                }
            }
        }
    }

    /// `\.network`, `\AppContainer.network`: members read through a key path. `\Dependencies.logger` on
    /// the dependencies type is a read of `logger` like `dependencies.logger`.
    func recordKeyPath(_ node: KeyPathExprSyntax) {
        let properties = node.components.compactMap { component -> String? in
            guard case .property(let property) = component.component else { return nil }
            return property.declName.baseName.identifierText
        }
        for name in properties { recordMemberName(name) }
        guard let root = node.root, let first = properties.first, let identity = dependencyIdentity(of: root) else { return }
        var use = UseFact(
            base: root.trimmedDescription, member: first, isTypeLevel: false, enclosingType: enclosingType,
            enclosingFunction: enclosingFunction, position: position(node)
        )
        use.value = recorded(identity)
        facts.uses.append(use)
    }

    /// Sorts one occurrence of a name that may be a dependencies value (own, or a held value's
    /// `viewModel.dependencies`) by what the code around it does with it.
    func recordValueOccurrence(_ node: DeclReferenceExprSyntax) {
        let name = node.baseName.identifierText
        var value = ExprSyntax(node)
        var identity: ValueIdentity?
        var holder: (name: String, type: String?)?
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            guard let base = member.base, !base.is(SuperExprSyntax.self) else { return }
            if base.strippedOfOptionality.isSelf {
                guard let found = knownValue(of: ExprSyntax(member)) else { return }
                identity = found.identity
            } else {
                guard isDependenciesValueName(name) else { return }
                holder = (holderName(of: base), castTypeName(base) ?? localType(of: base.referencedName))
            }
            value = ExprSyntax(member)
        } else {
            guard !(node.parent?.is(KeyPathPropertyComponentSyntax.self) ?? false), let found = knownValue(named: name) else { return }
            identity = found.identity
        }
        let (_, use) = ValueFlowReading.use(of: value)
        func unfollowed(_ kind: UnfollowedFlowKind, _ detail: String) {
            var flow = UnfollowedFlow(
                kind: kind, name: name, detail: detail, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
                position: position(value), holder: holder?.name, holderType: holder?.type, value: recorded(identity)
            )
            flow.isCall = holder != nil && value.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == value.id
            if kind == .cast { flow.castType = ValueFlowReading.conditionalCastType(of: value) }
            facts.unfollowedFlows.append(flow)
        }
        switch use {
        case .memberRead, .argument, .harmless:
            break  // reads and hand-offs are recorded by the member-access and call visits
        case .keyPathRead(let member):
            var use = UseFact(
                base: name, member: member, isTypeLevel: false, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
                position: position(value), holder: holder?.name, holderType: holder?.type
            )
            use.value = identity
            facts.uses.append(use)
        case .assigned(let target):
            if !isStore(into: target) { unfollowed(.assigned, "assigned to `\(abbreviated(target))`") }
        case .bound(let bound, let declaredType, let isMember):
            if let declaredType, dependencyIdentity(of: declaredType) == nil, !isDependenciesValueName(bound ?? "") {
                unfollowed(.assigned, "stored as `\(abbreviated(declaredType))`")
            } else if let bound {
                registerValue(bound, identity: identity, isMember: isMember)
            }
        case .returned(let site):
            switch site {
            case .property(let binding) where exposesOwnValue(binding, valueType: declaredTypeName(of: value)):
                break  // `var dependencies: Dependencies { viewModel.dependencies }` is the property itself
            case .property(let binding):
                let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText ?? "a property"
                let type = binding.typeAnnotation.map { " as `\(abbreviated($0.type))`" } ?? ""
                unfollowed(.returned, "returned by `\(property)`\(type)")
            case .function(let function):
                unfollowed(.returned, "returned by `\(function)`")
            case .closure:
                unfollowed(.returned, "returned by a closure")
            }
        case .unfollowed(let kind, let detail):
            unfollowed(kind, detail)
        }
    }

    /// `self.dependencies = …`, `context = …` into a property or local that holds dependencies, and
    /// `child.dependencies = …` (a forward by assignment, read by the sequence visit), keep the value known.
    private func isStore(into target: ExprSyntax) -> Bool {
        let stripped = target.strippedOfOptionality
        if stripped.is(DiscardAssignmentExprSyntax.self) { return true }
        if knownValue(of: stripped) != nil { return true }
        if let member = stripped.as(MemberAccessExprSyntax.self), member.base != nil {
            return isDependenciesValueName(member.declName.baseName.identifierText)
        }
        return false
    }

    /// A getter of the type's own dependencies property hands out the value it stands for, when the
    /// property is declared with the type the value has.
    private func exposesOwnValue(_ binding: PatternBindingSyntax, valueType: String?) -> Bool {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.is(MemberBlockItemSyntax.self) == true,
            isDependenciesValueName(name) || memberValueIdentity(name) != nil
        else { return false }
        guard let declared = binding.typeAnnotation?.type.nominalName else { return true }
        return valueType == nil || valueType == declared
    }

    /// The declared type of the value an expression stands for, when a local or property says it.
    private func declaredTypeName(of value: ExprSyntax) -> String? {
        guard let name = value.referencedName else { return nil }
        return localType(of: name) ?? memberBindings["\(enclosingType ?? "")|\(name)"]
    }

    /// A type name whose last component looks like a dependency alias; asked for most declared types of a
    /// file, so the cheap byte test and the cache come first.
    func isAliasLikeName(_ name: String) -> Bool {
        guard couldBeAliasName(name) else { return false }
        if let known = aliasNameCache[name] { return known }
        let answer = conventions.isAliasName(name.lastDottedPart)
        aliasNameCache[name] = answer
        return answer
    }

    func recordMemberName(_ name: String) {
        // Properties and methods a container offers start lower-case; `Foo.Bar` and enum-like members are neither.
        guard let first = name.utf8.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") || first == UInt8(ascii: "_") else { return }
        memberNamesSeen.insert(MemberNameHash.of(name))
    }

    /// What a fact keeps of an identity: nothing when it says what the code around it says already (the
    /// value is typed by the enclosing type's own generic parameter, outside any helper), which is most
    /// of the time; facts are cached and read on every warm run.
    func recorded(_ identity: ValueIdentity?) -> ValueIdentity? {
        guard let identity = identity?.nilIfEmpty else { return nil }
        if identity.declaredType == nil, identity.genericOwner == enclosingType, enclosingFunction == nil { return nil }
        return identity
    }

    /// Source text short enough for a one-line reason.
    func abbreviated(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

extension ValueIdentity {
    /// A value named like dependencies keeps its place however it is typed: only the generic owner counts.
    var droppingDeclaredType: ValueIdentity? {
        genericOwner.map { ValueIdentity(genericOwner: $0) }
    }
}

extension ValueIdentity {
    /// A value typed by a composition says nothing a name would not.
    var nilIfEmpty: ValueIdentity? { genericOwner == nil && declaredType == nil ? nil : self }
}
