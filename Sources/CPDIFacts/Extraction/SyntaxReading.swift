import SwiftSyntax

/// Small readings of syntax nodes shared by the walk.
extension TokenSyntax {
    /// The identifier without backticks.
    var identifierText: String {
        let text = self.text
        // Runs for most identifiers of a file: one byte tells the common case apart.
        guard text.utf8.first == UInt8(ascii: "`") else { return NameSharing.shared(text) }
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

extension DeclModifierListSyntax {
    var accessLevel: AccessLevel {
        for modifier in self where modifier.detail == nil {
            if let level = AccessLevel(rawValue: modifier.name.text) { return level }
        }
        return .internal
    }

    var isStatic: Bool { contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } }
}

extension TypeSyntax {
    /// Strips what does not change which protocol or type is meant: `some`, `any`, `?`, `!`, attributes, parentheses.
    var unwrapped: TypeSyntax {
        if let some = self.as(SomeOrAnyTypeSyntax.self) { return some.constraint.unwrapped }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.unwrapped }
        if let iuo = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return iuo.wrappedType.unwrapped }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.unwrapped }
        if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return only.type.unwrapped
        }
        return self
    }

    /// The dotted name of a nominal type (`ProductsView.Dependencies`), nil for function, tuple, array … types.
    var nominalName: String? {
        let type = unwrapped
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.identifierText }
        if let member = type.as(MemberTypeSyntax.self), let base = member.baseType.nominalName {
            return NameSharing.shared("\(base).\(member.name.identifierText)")
        }
        return nil
    }

    /// `DecoderProtocol.Type` (also optional): the metatype of a nominal type, named `DecoderProtocol.Type`; nil
    /// for anything else, `P.Protocol` included (the protocol's own metatype builds nothing).
    var metatypeName: String? {
        guard let metatype = unwrapped.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.tokenKind == .keyword(.Type),
            let base = metatype.baseType.nominalName
        else { return nil }
        return NameSharing.shared("\(base).Type")
    }

    var genericArgumentNames: [String] {
        let clause: GenericArgumentClauseSyntax?
        let type = unwrapped
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self) {
            clause = member.genericArgumentClause
        } else {
            clause = nil
        }
        return clause?.arguments.compactMap { argument in
            if case .type(let type) = argument.argument { return type.nominalName }
            return nil
        } ?? []
    }

    /// The members of a composition (`A & B`), or the type itself; only nominal types are kept.
    var compositionMembers: [TypeSyntax] {
        let type = unwrapped
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.flatMap { $0.type.compositionMembers }
        }
        return type.nominalName == nil ? [] : [type]
    }

    var isComposition: Bool { unwrapped.is(CompositionTypeSyntax.self) }

    /// How many types a composition joins, nested compositions flattened (`A & (B & C)` joins three).
    var compositionElementCount: Int {
        guard let composition = unwrapped.as(CompositionTypeSyntax.self) else { return 1 }
        return composition.elements.reduce(0) { $0 + $1.type.compositionElementCount }
    }
}

extension ExprSyntax {
    /// `dependencies!`, `dependencies?`, `(dependencies)` and `dependencies as X` all mean `dependencies`.
    var strippedOfOptionality: ExprSyntax {
        // Asked of most expressions in a file, and most are none of these: the kind answers without a cast.
        switch kind {
        case .forceUnwrapExpr: return self.cast(ForceUnwrapExprSyntax.self).expression.strippedOfOptionality
        case .optionalChainingExpr: return self.cast(OptionalChainingExprSyntax.self).expression.strippedOfOptionality
        case .tupleExpr:
            let tuple = self.cast(TupleExprSyntax.self)
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return only.expression.strippedOfOptionality
            }
            return self
        case .asExpr: return self.cast(AsExprSyntax.self).expression.strippedOfOptionality
        default: return self
        }
    }

    /// `"Done"` (without interpolation), `3`, `0.5`, `true`: a value that builds nothing of the sources.
    var isPlainLiteral: Bool {
        if let string = self.as(StringLiteralExprSyntax.self) { return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) } }
        return self.is(IntegerLiteralExprSyntax.self) || self.is(FloatLiteralExprSyntax.self) || self.is(BooleanLiteralExprSyntax.self)
    }

    /// `x!`, `x?` and `(x)` are `x`; a cast is not (`(x as? Feed)` is a `Feed`).
    var withoutUnwrapping: ExprSyntax {
        if let force = self.as(ForceUnwrapExprSyntax.self) { return force.expression.withoutUnwrapping }
        if let chain = self.as(OptionalChainingExprSyntax.self) { return chain.expression.withoutUnwrapping }
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return only.expression.withoutUnwrapping
        }
        return self
    }

    /// The name a simple value expression refers to: `x`, `self.x` → `x`.
    /// `Screen.Home`: a chain of names that are all capitalised, which by convention names a nested type; nil for
    /// anything else (a value's member, a call).
    var dottedTypeName: String? {
        guard let member = self.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.argumentNames == nil, member.declName.baseName.identifierText.first?.isUppercase == true
        else { return nil }
        let prefix: String?
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            prefix = reference.baseName.identifierText.first?.isUppercase == true ? reference.baseName.identifierText : nil
        } else {
            prefix = base.dottedTypeName
        }
        return prefix.map { "\($0).\(member.declName.baseName.identifierText)" }
    }

    var referencedName: String? {
        let expr = strippedOfOptionality
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.identifierText }
        // `self?.dependencies` inside a `[weak self]` closure is still the own value.
        if let member = expr.as(MemberAccessExprSyntax.self), member.base?.strippedOfOptionality.isSelf == true {
            return member.declName.baseName.identifierText
        }
        return nil
    }

    /// `AppDelegate.shared`: a type's static member, by the convention that types are capitalised and values
    /// are not. Linking looks the member's declared type up (`StaticHolderTyping`).
    var staticMemberName: String? {
        guard let member = strippedOfOptionality.as(MemberAccessExprSyntax.self),
              let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.identifierText,
              type.first?.isUppercase == true, case .identifier = member.declName.baseName.tokenKind,
              member.declName.argumentNames == nil
        else { return nil }
        return "\(type).\(member.declName.baseName.identifierText)"
    }

    /// `OEXRouter.shared()`: a type's static method called with no arguments, the other way apps reach a shared
    /// instance. Typed, like a static member, by what its declaration returns (`StaticHolderTyping`).
    var staticCallName: String? {
        guard let call = strippedOfOptionality.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
              call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
              let method = call.calledExpression.staticMemberName
        else { return nil }
        return method + "()"
    }

    /// The holder a dependencies value is read from, when it is a name, a type's static member or a type's
    /// static method called with no arguments; `_` for anything else (a call chain, a subscript).
    var holderName: String { referencedName ?? staticMemberName ?? staticCallName ?? "_" }

    /// `Foo(...)`, `Foo<X>(...)`, `Foo.init(...)`, `Foo.live()` and `Foo.shared`: by convention the value
    /// is a `Foo`. The name and its generic arguments as written; `allowingBareName` also reads a plain
    /// `Foo` (a module value in a builder closure), which is otherwise not a construction.
    func constructedType(allowingBareName: Bool = false) -> (name: TokenSyntax, genericArguments: GenericArgumentClauseSyntax?)? {
        var callee = self.as(FunctionCallExprSyntax.self)?.calledExpression ?? self
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            callee = base
        } else if !allowingBareName, !self.is(FunctionCallExprSyntax.self) {
            return nil
        }
        let specialized = callee.as(GenericSpecializationExprSyntax.self)
        if let specialized { callee = specialized.expression }
        guard let reference = callee.as(DeclReferenceExprSyntax.self),
            reference.baseName.identifierText.first?.isUppercase == true
        else { return nil }
        return (reference.baseName, specialized?.genericArgumentClause)
    }

    var isSelf: Bool {
        self.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    }
}

extension SyntaxProtocol {
    /// When this expression is one side of `a = b`, the other side and which side this is.
    var assignmentRole: (isTarget: Bool, other: ExprSyntax)? {
        guard let list = parent?.as(ExprListSyntax.self), list.count == 3, let first = list.first, let last = list.last,
            list[list.index(after: list.startIndex)].is(AssignmentExprSyntax.self)
        else { return nil }
        if first.id == id { return (true, last) }
        if last.id == id { return (false, first) }
        return nil
    }
}

extension AttributeListSyntax {
    /// Whether an attribute of this name is written (`@Test`, `@Suite(.serialized)`).
    func contains(named name: String) -> Bool {
        contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text == name
        }
    }
}

extension TriviaPiece {
    /// The text of a comment of any kind, nil for whitespace.
    var commentText: String? {
        switch self {
        case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text): text
        default: nil
        }
    }
}
