@_spi(RawSyntax) import SwiftSyntax  // `rawText`: a name's bytes without building a string

/// The names a file reads, kept for the run-time styles' question "does anything read this injected
/// property, this key, this factory?". A read that cannot be told apart from another is counted as a read:
/// a finding claims that nothing reads a name, so every doubt is a read.
extension FactCollector {
    /// Member names that, called on a factory or a key (`Container.shared.api.register { … }`), replace what
    /// it makes rather than read it.
    static let overridingMembers: Set<String> = [
        "register", "reset", "onTest", "onPreview", "onDebug", "onSimulator", "onDevice", "onArg", "onArgs", "decorator",
    ]

    /// Factory's `.reset(.registration)`, `.reset(.scope)` …: what a reset drops, which resolves nothing.
    private static func isResetOption(_ argument: LabeledExprSyntax) -> Bool {
        guard argument.label == nil, let option = argument.expression.as(MemberAccessExprSyntax.self), option.base == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "reset"
        else { return false }
        return ["all", "registration", "scope", "context", "none"].contains(option.declName.baseName.text)
    }

    /// `name`, `$name` or `_name` written alone: a read of `name` in the innermost type around it, unless
    /// a parameter or local of that name hides it.
    func recordBareRead(_ node: DeclReferenceExprSyntax) {
        guard recordsRuntimeReads else { return }
        let raw = node.baseName.rawText
        guard let key = bareReadKey(raw) else { return }
        // Most names are read many times in one type: the checks below are for the first read, looked up by
        // the bytes of the name, as building the name's string for every identifier of a file cost more.
        if bareReadsSeen.contains(key) { return }
        if let parent = node.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return }
            if parent.is(KeyPathPropertyComponentSyntax.self) { return }
        }
        let written = node.baseName.text
        var name = Substring(node.baseName.identifierText)
        if name.first == "$" || name.first == "_" { name = name.dropFirst() }
        guard let initial = name.first, initial.isLowercase, initial.isLetter else { return }
        if bareNamesByType[enclosingType ?? ""]?.contains(String(name)) != true {
            if isLocal(written), !localInjectionNames.contains(written), !isRebound(node, name: written) { return }
            insertBareRead(String(name))
        }
        // From here on every mention of the name in this type finds it read already.
        bareReadsSeen.insert(key)
    }

    /// The innermost type's position in the file mixed with a 64-bit FNV-1a hash of the name as written
    /// without backquotes, `$` or `_`; nil when the name cannot be a property's (it does not start with a
    /// lower-case letter). Two names of one file would have to collide in 64 bits to hide a read.
    private func bareReadKey(_ raw: SyntaxText) -> UInt64? {
        var start = raw.startIndex, end = raw.endIndex
        guard start < end else { return nil }
        if raw[start] == UInt8(ascii: "`") {
            guard raw.count > 2 else { return nil }
            start += 1
            end -= 1
        }
        if start < end, raw[start] == UInt8(ascii: "$") || raw[start] == UInt8(ascii: "_") { start += 1 }
        guard start < end else { return nil }
        let initial = raw[start]
        // Outside ASCII the character decides (`é`), in the slow path.
        if initial < 0x80, !(initial >= UInt8(ascii: "a") && initial <= UInt8(ascii: "z")) { return nil }
        var hash: UInt64 = 14_695_981_039_346_656_037 ^ UInt64(bitPattern: Int64(typeStack.last?.index ?? -1))
        hash = hash &* 1_099_511_628_211
        for index in start..<end {
            hash ^= UInt64(raw[index])
            hash = hash &* 1_099_511_628_211
        }
        return hash
    }

    /// `if let doh { … }` reads the property `doh` it unwraps.
    func recordShorthandBindingRead(_ node: OptionalBindingConditionSyntax) {
        guard recordsRuntimeReads else { return }
        guard node.initializer == nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
            name.first?.isLowercase == true, !isLocal(name) || localInjectionNames.contains(name)
        else { return }
        insertBareRead(name)
    }

    /// `guard let doh = doh as? X` and `let api = api`: the value read is the property the new name shadows,
    /// though the walk has already declared the new one.
    private func isRebound(_ node: DeclReferenceExprSyntax, name: String) -> Bool {
        var current = node.parent
        while let syntax = current {
            if let initializer = syntax.as(InitializerClauseSyntax.self) {
                let pattern = initializer.parent?.as(OptionalBindingConditionSyntax.self)?.pattern
                    ?? initializer.parent?.as(PatternBindingSyntax.self)?.pattern
                return pattern?.as(IdentifierPatternSyntax.self)?.identifier.identifierText == name
            }
            if syntax.is(CodeBlockItemSyntax.self) || syntax.is(MemberBlockItemSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// `x.name`: `name` is read, unless the expression is written to (`$0.apiClient = …`,
    /// `$0.apiClient.fetch = …`) or replaced (`Container.shared.api.register { … }`). `self.name` is a read
    /// in the type it is written in, also where it is assigned or assigned through.
    func recordMemberRead(_ node: MemberAccessExprSyntax, name written: String) {
        guard recordsRuntimeReads else { return }
        // `self.$appState.avatar`: the projected value of a wrapped property uses the property.
        let name = written.hasPrefix("$") ? String(written.dropFirst()) : written
        guard let initial = name.first, initial.isLetter || initial == "_" else { return }
        let isOwnMember = (node.base?.strippedOfOptionality).map { $0.isSelf || $0.as(DeclReferenceExprSyntax.self)?.baseName.text == "Self" } ?? false
        // `self.state.userId = id` and `self.state = State()` use the type's own `state`: without it they would
        // not build, as `state.userId = id` would not. Anywhere else an assignment target is written, not read.
        if let overriding = overriding(node), overriding == .call || !isOwnMember {
            // Gone through on a value of certain type, the member is read; on any other it counts as written
            // still, as an override on a value of unknown type reads no injected property.
            if overriding == .throughAssignment, let base = node.base?.withoutUnwrapping, recordTypedMemberRead(name, base: base, onlyTyped: true) {
                return
            }
            insertRead("o", name) { self.facts.runtime.reads.overridden.append($0) }
            return
        }
        if isOwnMember {
            insertBareRead(name)
            return
        }
        // `.loading`, `case .settings(let action)`: a static member or an enum case.
        guard let base = node.base else {
            typeLevelReadsSeen.insert(MemberNameHash.of(name))
            return
        }
        // `Log.settings`: static too if `Log` is a type, which the link asks the sources (a capitalised
        // property would be a value).
        if Self.isTypeReference(base) {
            // A plain name spells itself; printing the syntax back is for the rarer `Feature.State`, `Box<Int>`.
            let written = base.as(DeclReferenceExprSyntax.self).flatMap { $0.argumentNames == nil ? $0.baseName.text : nil }
            typeReadsSeen.insert("\(written ?? base.trimmedDescription)|\(name)")
            return
        }
        if let base = node.base?.withoutUnwrapping, recordTypedMemberRead(name, base: base) { return }
        memberReadsSeen.insert(MemberNameHash.of(name))
    }

    /// `Log`, `Feature.State`, `Box<Int>`: a type written as a value, by its capitalised name.
    static func isTypeReference(_ expr: ExprSyntax) -> Bool {
        if let reference = expr.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.identifierText.first?.isUppercase == true
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.identifierText.first?.isUppercase == true && isTypeReference(base)
        }
        if let specialized = expr.as(GenericSpecializationExprSyntax.self) { return isTypeReference(specialized.expression) }
        return expr.is(TypeExprSyntax.self)
    }

    /// `\.name` reads `name`, except as the key of an injection wrapper (that is the injection itself) or
    /// of an override (`.dependency(\.apiClient, …)`, `withValue(\.apiClient, …)`).
    func recordKeyPathRead(_ node: KeyPathExprSyntax) {
        guard recordsRuntimeReads else { return }
        let names = node.components.compactMap { component -> String? in
            guard case .property(let property) = component.component else { return nil }
            return property.declName.baseName.identifierText
        }
        guard !names.isEmpty else { return }
        if let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self) {
            if let attribute = list.parent?.as(AttributeSyntax.self), let wrapper = attribute.attributeName.nominalName,
                conventions.isInjectionWrapperName(wrapper) || conventions.isKeyPathWrapperName(wrapper), argument.id == list.first?.id
            {
                // `@Injected(\.featureContainer.viewModel)`: the first key is the injection; the rest are read
                // from what it gives (a nested container's `viewModel`).
                for name in names.dropFirst() { memberReadsSeen.insert(MemberNameHash.of(name)) }
                return
            }
            // `InjectedValues[\.flags] = Flags()`: a value put in place, not read.
            if let subscriptCall = list.parent?.as(SubscriptCallExprSyntax.self), ExprSyntax(subscriptCall).assignmentRole?.isTarget == true {
                insertRead("o", names[0]) { self.facts.runtime.reads.overridden.append($0) }
                return
            }
            if let call = list.parent?.as(FunctionCallExprSyntax.self), argument.id == list.first?.id,
                let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                ["dependency", "withValue"].contains(called), list.count >= 2
            {
                insertRead("o", names[0]) { self.facts.runtime.reads.overridden.append($0) }
                return
            }
            // `InjectedValues[\.flags]`: the root of `\.flags` is the one the subscript's parameter names.
            if node.root == nil, list.count == 1, argument.label == nil, let subscriptCall = list.parent?.as(SubscriptCallExprSyntax.self),
                let base = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self), base.argumentNames == nil,
                base.baseName.identifierText.first?.isUppercase == true, !isGenericName(base.baseName.identifierText)
            {
                subscriptKeyPathsSeen.insert("\(base.baseName.identifierText)|\(names[0])")
                for name in names.dropFirst() { memberReadsSeen.insert(MemberNameHash.of(name)) }
                return
            }
        }
        // `\Container.network`: the root written is the type whose `network` is read.
        if let root = node.root?.as(IdentifierTypeSyntax.self), root.genericArgumentClause == nil, node.components.first?.period != nil,
            root.name.identifierText.first?.isUppercase == true, root.name.identifierText != "Self", !isGenericName(root.name.identifierText),
            case .property = node.components.first?.component
        {
            typedReadsSeen.insert("\(root.name.identifierText)|\(names[0])")
            for name in names.dropFirst() { memberReadsSeen.insert(MemberNameHash.of(name)) }
            return
        }
        for name in names { memberReadsSeen.insert(MemberNameHash.of(name)) }
    }

    /// The roots of a subscript's key-path parameters: what `Base[\.name]` may read the `name` of, by the type declaring it.
    func recordKeyPathSubscriptRoots(_ node: SubscriptDeclSyntax) {
        guard recordsRuntimeReads else { return }
        let ownGenerics = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
        for parameter in node.parameterClause.parameters {
            guard let type = parameter.type.as(IdentifierTypeSyntax.self) else {
                // `some KeyPath<…>`, `any AnyKeyPath`, a tuple: not followed, so any root.
                if parameter.type.trimmedDescription.contains("KeyPath") { insertSubscriptRoot("?") }
                continue
            }
            let name = type.name.text
            if name == "AnyKeyPath" || ownGenerics.contains(name) || isGenericName(name) {
                insertSubscriptRoot("?")
                continue
            }
            guard Self.keyPathTypes.contains(name) else { continue }
            guard let root = type.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self)?.trimmedDescription else {
                insertSubscriptRoot("?")
                continue
            }
            if root == "Self" {
                insertSubscriptRoot(enclosingType ?? "?")
            } else {
                insertSubscriptRoot(ownGenerics.contains(root) || isGenericName(root) ? "?" : root)
            }
        }
    }

    /// Kept with the type that declares the subscript (`Cache|?`): `Base[\.name]` calls only a subscript `Base` has.
    private func insertSubscriptRoot(_ root: String) {
        keyPathSubscriptRootsSeen.insert("\(enclosingType ?? "")|\(root)")
    }

    static let keyPathTypes: Set<String> = ["KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath", "PartialKeyPath"]

    func recordTypeAlias(_ node: TypeAliasDeclSyntax) {
        // Kept without the other reads: lookups are typed through aliases whether or not anything is judged.
        // `typealias View = LoginViewController` inside `LoginAssembly` is `LoginAssembly.View`: several
        // assemblies may each declare a `View` of their own.
        let name = enclosingType.map { "\($0).\(node.name.identifierText)" } ?? node.name.identifierText
        // One naming no single type (`typealias View = Prompting & UIViewController`) stands for itself, so
        // `View` inside its type and `PromptAssembly.View` outside name one key.
        guard let target = node.initializer.value.nominalName ?? (enclosingType == nil ? nil : name) else { return }
        insertRead("t", "\(name)|\(target)") { self.facts.runtime.reads.typeAliases.append($0) }
    }

    /// Whether the member is written to, or is a factory being replaced.
    private enum Overriding {
        /// `Container.shared.api.register { … }`: a replacement registered.
        case call
        /// `$0.apiClient = …`, `$0.apiClient.fetch = …`: the whole chain is the target of an assignment.
        case assignment
        /// `parent.mapViewModel.selectedTree = tree`: a member the assignment goes through, on a named value.
        case throughAssignment
    }

    private func overriding(_ node: MemberAccessExprSyntax) -> Overriding? {
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id,
            Self.overridingMembers.contains(parent.declName.baseName.text),
            let call = parent.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == parent.id,
            call.arguments.allSatisfy({ $0.label?.text == "factory" || $0.expression.is(ClosureExprSyntax.self) || Self.isResetOption($0) })
        {
            return .call
        }
        // The whole chain `a.b.c` is the target of an assignment: `c` is written. `b` is written too when the
        // chain starts at a closure's `$0` (`withDependencies { $0.apiClient.fetch = … }` overrides a key);
        // `parent.mapViewModel.selectedTree = tree` goes through `mapViewModel` to set what it holds.
        var top = ExprSyntax(node)
        var walked: [SyntaxIdentifier] = []
        var known: Bool?
        while known == nil, let parent = top.parent {
            walked.append(top.id)
            if let cached = chainIsAssigned[parent.id] {
                known = cached
            } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == top.id {
                top = ExprSyntax(member)
            } else if let unwrapped = parent.as(ForceUnwrapExprSyntax.self) {
                top = ExprSyntax(unwrapped)
            } else if let chained = parent.as(OptionalChainingExprSyntax.self) {
                top = ExprSyntax(chained)
            } else {
                break
            }
        }
        let isAssigned = known ?? (top.assignmentRole?.isTarget == true)
        for id in walked { chainIsAssigned[id] = isAssigned }
        chainIsAssigned[top.id] = isAssigned
        guard isAssigned else { return nil }
        var upper = Syntax(node)
        while let parent = upper.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) { upper = parent }
        guard upper.parent?.as(MemberAccessExprSyntax.self)?.base?.id == upper.id else { return .assignment }
        var root = node.base
        var walkedDown: [SyntaxIdentifier] = []
        var startsAtClosureArgument: Bool?
        while startsAtClosureArgument == nil, let current = root {
            if let cached = chainStartsAtClosureArgument[current.id] { startsAtClosureArgument = cached; break }
            walkedDown.append(current.id)
            if let member = current.as(MemberAccessExprSyntax.self) { root = member.base }
            else if let unwrapped = current.as(ForceUnwrapExprSyntax.self) { root = unwrapped.expression }
            else if let chained = current.as(OptionalChainingExprSyntax.self) { root = chained.expression }
            else { break }
        }
        let answer = startsAtClosureArgument ?? (root?.as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true)
        for id in walkedDown { chainStartsAtClosureArgument[id] = answer }
        return answer ? .assignment : .throughAssignment
    }

    private func insertRead(_ kind: String, _ value: String, _ append: (String) -> Void) {
        if runtimeReadsSeen.insert(kind + value).inserted { append(value) }
    }

    /// `name` read in the enclosing type; hashed once per type and name when the file is done.
    private func insertBareRead(_ name: String) {
        bareNamesByType[enclosingType ?? "", default: []].insert(name)
    }
}
