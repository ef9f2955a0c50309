import SwiftSyntax

/// What the code around one occurrence of a dependencies value does with it (SPEC §4b). Every occurrence
/// gets exactly one answer: the value is read, handed to a call, stored, copied, exposed, left alone, or it
/// goes somewhere cpdi does not follow. The walk (`FactCollector`) acts on the answer; this file only reads
/// syntax, so each way a value can go is written down once.
enum ValueUse {
    /// `value.member`: recorded by the walk's member-access visit.
    case memberRead
    /// `value[keyPath: \.member]` or `\Alias.member`: a read of `member`, written another way.
    case keyPathRead(member: String)
    /// `call(label: value)`: recorded by the walk's call visit, resolved when linking.
    case argument
    /// `target = value`: a store, a forward by assignment or somewhere unknown, depending on `target`.
    case assigned(to: ExprSyntax)
    /// `let name = value`, `if let name = value`, `[name = value]`: a copy under another name, unless the
    /// declared type says it is something else.
    case bound(name: String?, declaredType: TypeSyntax?, isMember: Bool)
    /// `return value`, or the single expression a getter, function or closure ends with.
    case returned(ReturnSite)
    /// Nothing reaches anyone: `value == nil`, `"\(value)"`, `_ = value`, `value is T`, `value = other`.
    case harmless
    case unfollowed(UnfollowedFlowKind, detail: String)
}

/// Where a returned value goes.
enum ReturnSite {
    /// The getter of a property (its binding), whose reader receives the value.
    case property(PatternBindingSyntax)
    /// A function or subscript, whose caller receives the value.
    case function(name: String)
    case closure
}

enum ValueFlowReading {
    /// The whole expression that stands for the value (`self?.dependencies!` rather than its name), and
    /// what is done with it.
    static func use(of value: ExprSyntax) -> (outer: ExprSyntax, use: ValueUse) {
        let outer = widened(value)
        return (outer, use(ofWidened: outer))
    }

    /// The type `value as? T` or `value as! T` asks for, when it has a plain name.
    static func conditionalCastType(of value: ExprSyntax) -> String? {
        let outer = widened(value)
        guard let list = outer.parent?.as(ExprListSyntax.self) else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == outer.id }), index + 2 < elements.count,
            let cast = elements[index + 1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark != nil
        else { return nil }
        return elements[index + 2].as(TypeExprSyntax.self)?.type.nominalName
    }

    /// Grows an expression over what keeps the same value: `!`, `?`, parentheses, `try`, `await`.
    static func widened(_ value: ExprSyntax) -> ExprSyntax {
        var current = value
        while let parent = current.parent {
            if let wrapped = parent.as(ForceUnwrapExprSyntax.self) { current = ExprSyntax(wrapped); continue }
            if let wrapped = parent.as(OptionalChainingExprSyntax.self) { current = ExprSyntax(wrapped); continue }
            if let wrapped = parent.as(TryExprSyntax.self) { current = ExprSyntax(wrapped); continue }
            if let wrapped = parent.as(AwaitExprSyntax.self) { current = ExprSyntax(wrapped); continue }
            if let element = parent.as(LabeledExprSyntax.self), element.label == nil,
                let tuple = element.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1
            {
                current = ExprSyntax(tuple)
                continue
            }
            break
        }
        return current
    }

    private static func use(ofWidened outer: ExprSyntax) -> ValueUse {
        guard let parent = outer.parent else { return .harmless }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == outer.id {
            return member.declName.baseName.tokenKind == .keyword(.self) ? .harmless : .memberRead
        }
        if let element = parent.as(LabeledExprSyntax.self) { return argumentUse(element) }
        if parent.is(ArrayElementSyntax.self) { return .unfollowed(.collected, detail: "put into an array") }
        if parent.is(DictionaryElementSyntax.self) { return .unfollowed(.collected, detail: "put into a dictionary") }
        if let list = parent.as(ExprListSyntax.self) { return sequenceUse(outer, in: list) }
        if let clause = parent.as(InitializerClauseSyntax.self) { return bindingUse(clause) }
        if parent.is(ReturnStmtSyntax.self) { return returnUse(from: parent) }
        if let item = parent.as(CodeBlockItemSyntax.self) { return statementUse(item) }
        if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == outer.id {
            return subscriptUse(subscriptCall)
        }
        if parent.is(InOutExprSyntax.self) { return .unfollowed(.other, detail: "passed inout") }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == outer.id {
            return .unfollowed(.other, detail: "called as a function")
        }
        if parent.is(ExpressionSegmentSyntax.self) || parent.is(DiscardAssignmentExprSyntax.self) { return .harmless }
        if parent.is(UnresolvedTernaryExprSyntax.self) || parent.is(TernaryExprSyntax.self) {
            return .unfollowed(.combined, detail: "one branch of `? :`")
        }
        if parent.is(SwitchExprSyntax.self) { return .unfollowed(.other, detail: "switched over") }
        if parent.is(ForStmtSyntax.self) { return .unfollowed(.other, detail: "iterated") }
        if parent.is(SequenceExprSyntax.self) { return .harmless }
        return .unfollowed(.other, detail: "used as \(Syntax(parent).kind.readableName)")
    }

    /// In a call's arguments the call visit decides; in a subscript, macro or tuple nobody receives it by name.
    private static func argumentUse(_ element: LabeledExprSyntax) -> ValueUse {
        let container = element.parent?.parent
        if container?.is(FunctionCallExprSyntax.self) == true { return .argument }
        if let tuple = container?.as(TupleExprSyntax.self) {
            // `self.dependencies = (own: dependencies, nested: dependencies)`: the value under each label of a tuple
            // stored whole, a store of the value (whose tuple labels linking knows from the property).
            if let name = element.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, tuple.elements.count >= 2,
                tuple.elements.allSatisfy({ $0.label != nil && $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name }),
                case .assigned(let target) = use(ofWidened: widened(ExprSyntax(tuple))), isOwnProperty(target)
            {
                return .assigned(to: target)
            }
            return .unfollowed(.collected, detail: "put into a tuple")
        }
        if container?.is(SubscriptCallExprSyntax.self) == true { return .unfollowed(.keyPath, detail: "used as a subscript index") }
        if container?.is(MacroExpansionExprSyntax.self) == true { return .unfollowed(.other, detail: "passed to a macro") }
        if container?.is(ExpressionSegmentSyntax.self) == true { return .harmless }  // `"\(dependencies)"` prints it
        return .unfollowed(.other, detail: "passed somewhere cpdi cannot read")
    }

    /// `self.dependencies` or `dependencies`: a property of the type around, not another value's.
    private static func isOwnProperty(_ target: ExprSyntax) -> Bool {
        let stripped = target.strippedOfOptionality
        if stripped.is(DeclReferenceExprSyntax.self) { return true }
        guard let member = stripped.as(MemberAccessExprSyntax.self) else { return false }
        return member.base?.strippedOfOptionality.isSelf == true
    }

    /// The unfolded `a op b …` the parser leaves: assignments, casts, comparisons and other operators.
    private static func sequenceUse(_ outer: ExprSyntax, in list: ExprListSyntax) -> ValueUse {
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == outer.id }) else { return .harmless }
        let next = index + 1 < elements.count ? elements[index + 1] : nil
        let previous = index > 0 ? elements[index - 1] : nil
        if let cast = next?.as(UnresolvedAsExprSyntax.self) {
            let type = index + 2 < elements.count ? elements[index + 2].as(TypeExprSyntax.self)?.type.trimmedDescription : nil
            return .unfollowed(.cast, detail: "cast with `\(cast.asKeyword.text)\(cast.questionOrExclamationMark?.text ?? "")\(type.map { " \($0)" } ?? "")`")
        }
        if next?.is(UnresolvedIsExprSyntax.self) == true { return .harmless }
        if next?.is(AssignmentExprSyntax.self) == true { return .harmless }  // a write to the value itself
        if previous?.is(AssignmentExprSyntax.self) == true, index == 2, elements.count == 3 {
            return .assigned(to: elements[0])
        }
        if previous?.is(UnresolvedTernaryExprSyntax.self) == true { return .unfollowed(.combined, detail: "one branch of `? :`") }
        for neighbour in [previous, next] {
            guard let name = neighbour?.as(BinaryOperatorExprSyntax.self)?.operator.text else { continue }
            if ["==", "!=", "===", "!=="].contains(name) { return .harmless }
            return .unfollowed(.combined, detail: "combined with `\(name)`")
        }
        if previous?.is(AssignmentExprSyntax.self) == true {
            return .unfollowed(.assigned, detail: "assigned within a longer expression")
        }
        return .unfollowed(.other, detail: "part of an expression cpdi does not read")
    }

    private static func bindingUse(_ clause: InitializerClauseSyntax) -> ValueUse {
        guard let owner = clause.parent else { return .harmless }
        if let binding = owner.as(PatternBindingSyntax.self) {
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText
            guard name != nil || binding.pattern.is(WildcardPatternSyntax.self) else {
                return .unfollowed(.collected, detail: "taken apart by a pattern")
            }
            if name == nil { return .harmless }  // `let _ = dependencies`
            let isMember = binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.is(MemberBlockItemSyntax.self) == true
            return .bound(name: name, declaredType: binding.typeAnnotation?.type, isMember: isMember)
        }
        if let condition = owner.as(OptionalBindingConditionSyntax.self) {
            return .bound(
                name: condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
                declaredType: condition.typeAnnotation?.type, isMember: false
            )
        }
        if let capture = owner.as(ClosureCaptureSyntax.self) {
            return .bound(name: capture.name.identifierText, declaredType: nil, isMember: false)
        }
        if owner.is(FunctionParameterSyntax.self) || owner.is(EnumCaseParameterSyntax.self) {
            return .unfollowed(.other, detail: "used as a default argument")
        }
        return .unfollowed(.other, detail: "used to initialise \(owner.kind.readableName)")
    }

    /// `return value`: to whom depends on what encloses the statement.
    private static func returnUse(from statement: some SyntaxProtocol) -> ValueUse {
        .returned(returnSite(of: statement))
    }

    /// A statement made of the value alone is the implicit return of a single-expression body.
    private static func statementUse(_ item: CodeBlockItemSyntax) -> ValueUse {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return .harmless }
        // A function body without a result type ends with a statement, not a value.
        if let function = list.parent?.parent?.as(FunctionDeclSyntax.self), function.signature.returnClause == nil { return .harmless }
        return .returned(returnSite(of: item))
    }

    private static func returnSite(of statement: some SyntaxProtocol) -> ReturnSite {
        var node = statement.parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { return .closure }
            if let function = current.as(FunctionDeclSyntax.self) { return .function(name: function.name.identifierText) }
            if current.is(SubscriptDeclSyntax.self) { return .function(name: "subscript") }
            if let binding = current.as(PatternBindingSyntax.self) { return .property(binding) }
            node = current.parent
        }
        return .closure
    }

    /// `value[keyPath: \.member]` reads `member`; any other subscript of the value is not followed.
    private static func subscriptUse(_ call: SubscriptCallExprSyntax) -> ValueUse {
        if call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "keyPath" {
            if let member = literalKeyPathMember(argument.expression) { return .keyPathRead(member: member) }
            return .unfollowed(.keyPath, detail: "read through a key path held elsewhere")
        }
        return .unfollowed(.keyPath, detail: "subscripted")
    }

    /// `\.logger` or `\Dependencies.logger.level`: the first property the path reads.
    static func literalKeyPathMember(_ expr: ExprSyntax) -> String? {
        guard let path = expr.as(KeyPathExprSyntax.self), let first = path.components.first,
            case .property(let property) = first.component
        else { return nil }
        return property.declName.baseName.identifierText
    }
}

private extension SyntaxKind {
    /// `memberAccessExpr` → "member access expr", for a detail nobody is expected to act on by name.
    var readableName: String {
        var words = ""
        for character in String(describing: self) {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return words
    }
}
