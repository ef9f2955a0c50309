import SwiftSyntax

/// Metatypes whose `init` is handed the value (`kind.init(appContext: appContext)`): the facts that let linking tell
/// what type such a call builds (`ForwardResolution+Metatypes`).
extension FactCollector {
    /// `kind as? DecoderProtocol.Type`: a metatype whose `init` builds one of the protocol's conformers (see
    /// `ForwardResolution`), named `DecoderProtocol.Type`.
    func castMetatypeName(of expr: ExprSyntax) -> String? {
        castType(expr)?.type.metatypeName
    }

    /// A local bound from a call that may return a metatype, unless a nearer local of the name has a type.
    func localMetatypeCall(of name: String) -> MetatypeCallHint? {
        for scope in localScopes.reversed() {
            if scope.types[name] != nil || scope.values[name] != nil { return nil }
            if let hint = scope.metatypeCalls[name] { return hint }
        }
        return nil
    }

    /// `requestClass(for: id)`, `service.adapterClass()`, `type(of: service).adapterClass()` or
    /// `dependencies.manager?.decoder(for: model)` (with `try`, `?` or `!` around it): a call whose function linking
    /// can look up where the receiver's type says, to learn whether it returns a metatype.
    func metatypeCallHint(_ expr: ExprSyntax) -> MetatypeCallHint? {
        guard mayHoldDependencies else { return nil }  // no dependencies value is handed on in this file
        var current = expr
        while true {
            if let attempt = current.as(TryExprSyntax.self) { current = attempt.expression; continue }
            let stripped = current.strippedOfOptionality
            if stripped.id == current.id { break }
            current = stripped
        }
        guard let call = current.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        var labels: [String] { call.arguments.map { $0.label?.identifierText ?? "_" } }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            guard enclosingType != nil, reference.baseName.text.first?.isLowercase == true else { return nil }
            return MetatypeCallHint(receiver: .enclosingType, subject: nil, callee: reference.baseName.identifierText, labels: labels)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.strippedOfOptionality else { return nil }
        let callee = member.declName.baseName.identifierText
        if base.isSelf {
            return enclosingType == nil ? nil : MetatypeCallHint(receiver: .enclosingType, subject: nil, callee: callee, labels: labels)
        }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.identifierText {
            guard let type = localType(of: name), !type.hasSuffix(".Type") else { return nil }
            return MetatypeCallHint(receiver: .instance, subject: type, callee: callee, labels: labels)
        }
        if let inner = base.as(FunctionCallExprSyntax.self), inner.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type",
            inner.arguments.count == 1, let argument = inner.arguments.first, argument.label?.text == "of",
            let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.identifierText
        {
            guard let type = localType(of: name), !type.hasSuffix(".Type") else { return nil }
            return MetatypeCallHint(receiver: .metatype, subject: type, callee: callee, labels: labels)
        }
        if let access = base.as(MemberAccessExprSyntax.self), let value = access.base, knownValue(of: value) != nil {
            return MetatypeCallHint(receiver: .dependenciesMember, subject: access.declName.baseName.identifierText, callee: callee, labels: labels)
        }
        return nil
    }
}
