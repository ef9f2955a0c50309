@_spi(RawSyntax) import SwiftSyntax  // bound names counted on the raw tree, without building nodes

/// Reads of `x.name` whose `x` is certainly an instance of a type written in the sources: a construction
/// (`Call(id: 1).name`), a parameter with a type annotation that nothing in its function rebinds, or a
/// property the type declares with an annotation (`self.call.name`, `call.name`). An injected property of
/// another type is not read by them. Anything less certain stays an untyped read, which counts for every
/// type (SPEC §4b: a doubt is a read).
extension FactCollector {
    /// Records `base.name` as a read on a certain type; false when the base's type is not certain. With
    /// `onlyTyped`, a read the link cannot type after all is dropped rather than counted for every type
    /// (`NameReads.onlyTypedMark`).
    func recordTypedMemberRead(_ name: String, base: ExprSyntax, onlyTyped: Bool = false) -> Bool {
        if let type = constructedTypeName(base) {
            guard !isGenericTypeName(type) else { return false }
            typedReadsSeen.insert("\(type)|\(name)")
            return true
        }
        let name = onlyTyped ? NameReads.onlyTypedMark + name : name
        if let chain = propertyChain(base) {
            propertyTypedReads.insert("\(chain.start)|\(chain.path)|\(name)")
            return true
        }
        guard let reference = base.as(DeclReferenceExprSyntax.self), let start = valueStart(reference) else { return false }
        switch start {
        case .member(let scope): propertyTypedReads.insert("\(scope)|\(reference.baseName.identifierText)|\(name)")
        case .instance(let type): typedReadsSeen.insert("\(type)|\(NameReads.withoutOnlyTypedMark(name))")
        case .chain(let chainStart, let path): propertyTypedReads.insert("\(chainStart)|\(path)|\(name)")
        }
        return true
    }

    /// A chain of properties from a certain start: `self.call`, `Session.shared` (`.shared`: static), `call.session`
    /// and `Call().session.user` (`session.user`). The link types each step by the property's declared type.
    private func propertyChain(_ expr: ExprSyntax, depth: Int = 0) -> (start: String, path: String)? {
        // A chain longer than any written by hand is not followed (and does not exhaust the stack).
        guard depth < 64 else { return nil }
        // `app.staticTexts["Done"]`: a subscript given literals is a step the link follows only through a
        // library's value (it cannot tell which subscript of the sources' types is called).
        if let subscriptCall = expr.as(SubscriptCallExprSyntax.self) {
            guard subscriptCall.trailingClosure == nil, !subscriptCall.arguments.isEmpty,
                subscriptCall.arguments.allSatisfy({ $0.expression.isPlainLiteral })
            else { return nil }
            let called = subscriptCall.calledExpression.withoutUnwrapping
            let step = NameReads.subscriptStep(labels: subscriptCall.arguments.map { $0.label?.identifierText ?? "_" })
            if let inner = propertyChain(called, depth: depth + 1) { return (inner.start, "\(inner.path).\(step)") }
            guard let owner = called.as(DeclReferenceExprSyntax.self), owner.argumentNames == nil,
                owner.baseName.identifierText.first?.isLowercase == true
            else { return nil }
            switch valueStart(owner) {
            case .member(let scope): return (scope, "\(owner.baseName.identifierText).\(step)")
            case .instance(let type): return (type, step)
            case .chain(let start, let path): return (start, "\(path).\(step)")
            case nil: return nil
            }
        }
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
            case .chain(let start, let path): return (start, "\(path).\(property)")
            case nil: return nil
            }
        }
        if let type = constructedTypeName(base) {
            return isGenericTypeName(type) ? nil : (type, property)
        }
        guard let inner = propertyChain(base, depth: depth + 1) else { return nil }
        return (inner.start, "\(inner.path).\(property)")
    }

    private enum ValueStart {
        /// A property of the type the read is written in (nothing in the member binds the name).
        case member(String)
        /// A parameter annotated with this type, or a local annotated or built as one, bound once.
        case instance(String)
        /// A local bound once to a chain of properties (`guard let call = context.call`), typed by the link.
        case chain(start: String, path: String)
    }

    /// What a lowercase name read in a member is: the type's property, or a parameter of certain type.
    private func valueStart(_ reference: DeclReferenceExprSyntax) -> ValueStart? {
        guard reference.argumentNames == nil else { return nil }
        let value = reference.baseName.identifierText
        guard value.first?.isLowercase == true, let declaration = enclosingMemberDeclaration(of: ExprSyntax(reference)) else { return nil }
        let bound = boundNames(in: declaration)[value] ?? 0
        if bound == 0 { return enclosingType.map(ValueStart.member) }
        guard bound == 1 else { return nil }
        if let type = annotatedParameterType(value) { return instance(of: type) }
        return localStart(value, readAt: reference, in: declaration)
    }

    /// A value of `type`, unless `type` is a generic parameter, which may be bound to any type.
    private func instance(of type: String) -> ValueStart? { isGenericTypeName(type) ? nil : .instance(type) }

    /// The one local binding `value` in `declaration`, when the read certainly sees it: a `let`/`var` or a
    /// `guard let` earlier in a block holding the read, or an `if let` whose body holds it. Its type is its
    /// annotation, the type it builds, or the type of the chain of properties it takes.
    private func localStart(_ value: String, readAt read: DeclReferenceExprSyntax, in declaration: Syntax) -> ValueStart? {
        guard localStartDepth < 8 else { return nil }
        localStartDepth += 1
        defer { localStartDepth -= 1 }
        // The only binding of the name in the member: it is this pattern or none.
        guard let pattern = localPatterns(in: declaration)[value], let (annotation, written) = Self.localBinding(pattern, seenBy: read)
        else { return nil }
        // `let model: any Feature = …`: typed by what the annotation names, or not at all.
        if let annotation { return annotation.nominalName.flatMap(instance(of:)) }
        guard let initializer = written.map(Self.withoutEffects) else { return nil }
        if let type = constructedTypeName(initializer) { return instance(of: type) }
        guard let chain = propertyChain(initializer.withoutUnwrapping) else { return nil }
        return .chain(start: chain.start, path: chain.path)
    }

    /// The identifier patterns of a member by name (the first of each), found in one walk per member.
    private func localPatterns(in declaration: Syntax) -> [String: IdentifierPatternSyntax] {
        if let known = localPatternsCache[declaration.id] { return known }
        var found: [String: IdentifierPatternSyntax] = [:]
        for token in declaration.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, let pattern = token.parent?.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.identifierText
            if found[name] == nil { found[name] = pattern }
        }
        localPatternsCache[declaration.id] = found
        return found
    }

    /// `try await Call()` → `Call()`.
    private static func withoutEffects(_ expr: ExprSyntax) -> ExprSyntax {
        if let attempt = expr.as(TryExprSyntax.self) { return withoutEffects(attempt.expression) }
        if let wait = expr.as(AwaitExprSyntax.self) { return withoutEffects(wait.expression) }
        return expr
    }

    /// The annotation and initializer of a local binding that `read` is in the scope of, or nil.
    private static func localBinding(_ pattern: IdentifierPatternSyntax, seenBy read: DeclReferenceExprSyntax) -> (TypeSyntax?, ExprSyntax?)? {
        if let binding = pattern.parent?.as(PatternBindingSyntax.self), let decl = binding.parent?.parent?.as(VariableDeclSyntax.self),
            let item = decl.parent?.as(CodeBlockItemSyntax.self), let block = item.parent
        {
            guard block.position <= read.position, read.endPosition <= block.endPosition, decl.endPosition <= read.position else { return nil }
            return (binding.typeAnnotation?.type, binding.initializer?.value)
        }
        guard let optional = pattern.parent?.as(OptionalBindingConditionSyntax.self),
            let condition = optional.parent?.as(ConditionElementSyntax.self), let list = condition.parent?.as(ConditionElementListSyntax.self)
        else { return nil }
        let scope: Syntax?
        if let guardStatement = list.parent?.as(GuardStmtSyntax.self) {
            // The rest of the block the `guard` sits in.
            guard let item = guardStatement.parent?.as(CodeBlockItemSyntax.self), guardStatement.endPosition <= read.position else { return nil }
            scope = item.parent
        } else if let ifExpression = list.parent?.as(IfExprSyntax.self) {
            scope = Syntax(ifExpression.body)
        } else {
            scope = nil
        }
        guard let scope, scope.position <= read.position, read.endPosition <= scope.endPosition else { return nil }
        // `if let call` without an initializer unwraps a name bound elsewhere (then it is bound twice).
        guard let initializer = optional.initializer?.value else { return nil }
        return (optional.typeAnnotation?.type, initializer)
    }

    /// The typed reads through properties, now that every annotated property of the file is known; a
    /// property without an annotation here is left to the link (an injected one has its key's type).
    func resolvePropertyTypedReads() {
        for entry in propertyTypedReads {
            let parts = entry.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            if let type = annotatedMembers["\(parts[0])|\(parts[1])"] {
                let name = NameReads.withoutOnlyTypedMark(parts[2])
                if type.isEmpty || genericNamesInFile.contains(type) {
                    if name == parts[2] { memberReadsSeen.insert(MemberNameHash.of(name)) }
                } else {
                    typedReadsSeen.insert("\(type)|\(name)")
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
        guard node.parent?.is(MemberBlockItemSyntax.self) == true else {
            if enclosingType == nil, Self.isGlobal(node) { recordPlainGlobals(node) }
            return
        }
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

    /// `let app = XCUIApplication()` at the file's top level, by `|app`: a global built by a type written
    /// without generic arguments and given no argument but literals, so the type is all that is built (a
    /// generic type cannot infer its parameters from nothing). The link types reads through it where the
    /// name reaches no member, and follows a library's type through the library's own members.
    private func recordPlainGlobals(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
                let call = binding.initializer.map({ Self.withoutEffects($0.value) })?.as(FunctionCallExprSyntax.self),
                call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
                call.arguments.allSatisfy({ $0.expression.isPlainLiteral }),
                let type = call.calledExpression.as(DeclReferenceExprSyntax.self), type.argumentNames == nil
            else { continue }
            let typeName = type.baseName.identifierText
            guard typeName.first?.isUppercase == true, typeName != "Self", !isGenericTypeName(typeName) else { continue }
            if let annotation = binding.typeAnnotation?.type {
                guard let written = annotation.as(IdentifierTypeSyntax.self), written.genericArgumentClause == nil,
                    written.name.identifierText == typeName
                else { continue }
            }
            let key = "|\(name)"
            if let known = annotatedMembers[key], known != typeName { annotatedMembers[key] = "" } else { annotatedMembers[key] = typeName }
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

    /// The member (method, initializer, property, subscript) a read sits in, of the innermost type around it;
    /// nil at top level. A type nested in a function cannot see that function's locals, so the names bound
    /// around the read are all in it.
    private func enclosingMemberDeclaration(of node: ExprSyntax) -> Syntax? {
        // The walk's own innermost member, when the node is inside its declaration (not in stray syntax beside it).
        if let decl = innermostMembers.last, decl.position <= node.position, node.endPosition <= decl.endPosition { return decl }
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(MemberBlockItemSyntax.self) { return current }
            current = parent
        }
        return nil
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
            // `[call]` / `[weak call]` captures the value of the name outside: no new binding.
            case .closureCapture: RawClosureCaptureSyntax(raw).map { if $0.initializer != nil { count($0.name) } }
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
