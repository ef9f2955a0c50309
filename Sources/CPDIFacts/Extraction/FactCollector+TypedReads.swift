@_spi(RawSyntax) import SwiftSyntax  // bound names counted on the raw tree, without building nodes

/// Reads of `x.name` whose `x` is certainly an instance of a type written in the sources: a construction
/// (`Call(id: 1).name`), a parameter with a type annotation that nothing in its function rebinds, or a
/// property the type declares with an annotation (`self.call.name`, `call.name`). An injected property of
/// another type is not read by them. Anything less certain stays an untyped read, which counts for every
/// type (SPEC §4b: a doubt is a read).
extension FactCollector {
    /// Records `base.name` as a read on a certain type; false when the base's type is not certain.
    func recordTypedMemberRead(_ name: String, base: ExprSyntax) -> Bool {
        if let type = constructedTypeName(base) {
            guard !isGenericTypeName(type) else { return false }
            typedReadsSeen.insert("\(type)|\(name)")
            return true
        }
        if let chain = propertyChain(base) {
            propertyTypedReads.insert("\(chain.start)|\(chain.path)|\(name)")
            return true
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self), let start = valueStart(reference) else { return false }
        switch start {
        case .member(let scope): propertyTypedReads.insert("\(scope)|\(reference.baseName.identifierText)|\(name)")
        case .instance(let type): typedReadsSeen.insert("\(type)|\(name)")
        }
        return true
    }

    /// A chain of properties from a certain start: `self.call`, `Session.shared` (`.shared`: static), `call.session`
    /// and `Call().session.user` (`session.user`). The link types each step by the property's declared type.
    private func propertyChain(_ expr: ExprSyntax) -> (start: String, path: String)? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            let base = member.base?.withoutUnwrapping
        else { return nil }
        let property = member.declName.baseName.identifierText
        if base.isSelf {
            guard let scope = enclosingType else { return nil }
            return (scope, property)
        }
        if let owner = base.as(DeclReferenceExprSyntax.self) {
            guard owner.argumentNames == nil else { return nil }
            let name = owner.baseName.identifierText
            if name.first?.isUppercase == true {
                guard name != "Self", !isGenericTypeName(name) else { return nil }
                return (name, ".\(property)")
            }
            switch valueStart(owner) {
            case .member(let scope): return (scope, "\(name).\(property)")
            case .instance(let type): return (type, property)
            case nil: return nil
            }
        }
        if let type = constructedTypeName(base) {
            return isGenericTypeName(type) ? nil : (type, property)
        }
        guard let inner = propertyChain(base) else { return nil }
        return (inner.start, "\(inner.path).\(property)")
    }

    private enum ValueStart {
        /// A property of the type the read is written in (nothing in the member binds the name).
        case member(String)
        /// A parameter annotated with this type, bound once.
        case instance(String)
    }

    /// What a lowercase name read in a member is: the type's property, or a parameter of certain type.
    private func valueStart(_ reference: DeclReferenceExprSyntax) -> ValueStart? {
        guard reference.argumentNames == nil else { return nil }
        let value = reference.baseName.identifierText
        guard value.first?.isLowercase == true, let declaration = enclosingMemberDeclaration(of: ExprSyntax(reference)) else { return nil }
        let bound = boundNames(in: declaration)[value] ?? 0
        if bound == 0 { return enclosingType.map(ValueStart.member) }
        guard bound == 1, let type = annotatedParameterType(value), !isGenericTypeName(type) else { return nil }
        return .instance(type)
    }

    /// The typed reads through properties, now that every annotated property of the file is known; a
    /// property without an annotation here is left to the link (an injected one has its key's type).
    func resolvePropertyTypedReads() {
        for entry in propertyTypedReads {
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            if let type = annotatedMembers["\(parts[0])|\(parts[1])"] {
                if type.isEmpty || genericNamesInFile.contains(type) {
                    memberReadsSeen.insert(MemberNameHash.of(parts[2]))
                } else {
                    typedReadsSeen.insert("\(type)|\(parts[2])")
                }
            } else {
                // Typed by the link if another file declares the property with its type, or if it is injected
                // by a key of known type; else untyped there.
                propertyReadsSeen.insert(entry)
            }
        }
        // What the link types other files' reads through these properties with.
        for (property, type) in annotatedMembers {
            facts.runtime.reads.memberTypes.append("\(property)|\(genericNamesInFile.contains(type) ? "" : type)")
        }
        facts.runtime.reads.memberTypes.sort()
    }

    /// `var call: Call`, `let call: Call?` and `var call = Call()` of a type: the type, by `Type|name` (a
    /// static one by `Type|.name`).
    func recordAnnotatedMembers(_ node: VariableDeclSyntax) {
        guard recordsRuntimeReads else { return }
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else { return }
        for binding in node.bindings {
            // `@StateObject var model = FeedModel()`: the type built is the property's type.
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
                let type = binding.typeAnnotation?.type.nominalName ?? binding.initializer.flatMap({ constructedTypeName($0.value) })
            else { continue }
            let key = "\(enclosingType ?? "")|\(node.modifiers.isStatic ? "." : "")\(name)"
            // Two declarations of one name (in `#if` branches) may differ: then neither is certain.
            if let known = annotatedMembers[key], known != type { annotatedMembers[key] = "" } else { annotatedMembers[key] = type }
        }
    }

    /// `@dynamicMemberLookup struct Store<State>`: its `store.name` may read another type's `name`.
    func noteDynamicMemberLookup(_ attributes: AttributeListSyntax) {
        guard recordsRuntimeReads else { return }
        guard attributes.contains(named: "dynamicMemberLookup"), let type = enclosingType else { return }
        facts.runtime.reads.dynamicMemberTypes.append(type)
    }

    // MARK: Small readings

    /// `Call(…)`, `Call.init(…)`, `Box<Int>(…)`: the type built. Static factories (`Call.make()`) may return another.
    private func constructedTypeName(_ expr: ExprSyntax) -> String? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { callee = base }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        guard let reference = callee.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.identifierText
        return name.first?.isUppercase == true && name != "Self" ? name : nil
    }

    private func isGenericTypeName(_ type: String) -> Bool {
        genericScopes.contains { $0.contains(type) } || genericNamesInFile.contains(type)
    }

    /// The member (method, initializer, property, subscript) a read sits in; nil at top level.
    private func enclosingMemberDeclaration(of node: ExprSyntax) -> Syntax? {
        // The walk's own outermost member, when the node is inside its declaration (not in stray syntax beside it).
        if let decl = outermostMember?.decl, decl.position <= node.position, node.endPosition <= decl.endPosition { return decl }
        var current = Syntax(node)
        var member: Syntax?
        while let parent = current.parent {
            if parent.is(MemberBlockItemSyntax.self) { member = current }
            current = parent
            // The outermost member: nested types cannot see the locals of the function they sit in anyway.
        }
        return member
    }

    /// How many times each name is bound in a member: parameters, closure parameters and every pattern.
    private func boundNames(in declaration: Syntax) -> [String: Int] {
        if let known = boundNamesCache[declaration.id] { return known }
        let counts = Self.boundNameCounts(in: declaration.raw)
        boundNamesCache[declaration.id] = counts
        return counts
    }

    /// The count itself, over the raw tree: a member is walked once more for it, and a `SyntaxVisitor`
    /// building a node for every element of the member cost half of the typed reads on swift-nio. Every
    /// layout node is looked at, as a source-accurate walk does (it skips only missing tokens).
    static func boundNameCounts(in root: RawSyntax) -> [String: Int] {
        var counts: [String: Int] = [:]
        func count(_ token: RawTokenSyntax) {
            let text = token.tokenText
            let tick = UInt8(ascii: "`")
            let name = text.count >= 2 && text.first == tick && text.last == tick
                ? String(syntaxText: SyntaxText(rebasing: text[text.index(after: text.startIndex)..<text.index(before: text.endIndex)]))
                : String(syntaxText: text)
            counts[name, default: 0] += 1
        }
        var pending = [root]
        while let raw = pending.popLast() {
            guard let layout = raw.layoutView else { continue }
            switch raw.kind {
            case .identifierPattern: RawIdentifierPatternSyntax(raw).map { count($0.identifier) }
            case .functionParameter: RawFunctionParameterSyntax(raw).map { count($0.secondName ?? $0.firstName) }
            case .closureShorthandParameter: RawClosureShorthandParameterSyntax(raw).map { count($0.name) }
            case .closureParameter: RawClosureParameterSyntax(raw).map { count($0.secondName ?? $0.firstName) }
            case .closureCapture: RawClosureCaptureSyntax(raw).map { count($0.name) }
            default: break
            }
            for child in layout.children { if let child { pending.append(child) } }
        }
        return counts
    }

    /// The annotated type of the parameter `name` of the function or initializer around the read being
    /// walked: the nearest function, initializer or member item around it is the last of `parameterScopes`.
    private func annotatedParameterType(_ name: String) -> String? {
        guard let parameters = parameterScopes.last ?? nil else { return nil }
        return parameters.first { ($0.secondName ?? $0.firstName).identifierText == name }?.type.nominalName
    }
}
