@_spi(RawSyntax) import SwiftSyntax  // `rawText`: the first byte of every name, without building a string

/// Where a file writes type names (`NameReads.typeMentions`, `NameReads.registrableTypeMentions`): the proof
/// behind "nothing asks for this registration" and "nothing registers this lookup". Any lookup or registration
/// must write the type it asks for or builds somewhere, so a type written nowhere such a call could take it
/// is one no unread call can reach.
extension FactCollector {
    /// A capitalised type name written in an expression or a type (or `Self`), noted with where it is and the
    /// two questions it may answer; `finishTypeMentions` drops the ones that lookups and registrations cpdi read
    /// spell. This runs for every capitalised name of a file, so it hashes the name's bytes and leaves the line
    /// to be worked out only for names some lookup or registration of the file spells.
    func recordTypeMention(_ token: TokenSyntax, isLookupable: () -> Bool) {
        guard recordsRuntimeReads else { return }
        var bytes = token.rawText
        if bytes.first == UInt8(ascii: "`"), bytes.count > 2 { bytes = SyntaxText(rebasing: bytes.dropFirst().dropLast()) }
        guard let first = bytes.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return }
        let registrable = registrableContexts[registrableContexts.count - 1] > 0
        let lookupable = isLookupable()
        guard lookupable || registrable else { return }
        let hash: UInt32
        if bytes == "Self" {
            guard let type = enclosingType else { return }
            hash = MemberNameHash.of(String(TypeMentionName.last(of: type)))
        } else {
            hash = MemberNameHash.of(utf8: bytes)
        }
        typeMentionsWritten.append(TypeMentionWritten(
            hash: hash, offset: token.positionAfterSkippingLeadingTrivia, isLookupable: lookupable, isRegistrable: registrable
        ))
    }

    /// A file that does not parse may hold a registration or a lookup the parser could not place (a stray `}`
    /// leaves `container.register(T.self)` in a class body): every capitalised name it writes may be either.
    func recordEveryTypeNameAsPossible(in tree: SourceFileSyntax) {
        guard recordsRuntimeReads else { return }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind else { continue }
            var bytes = token.rawText
            if bytes.first == UInt8(ascii: "`"), bytes.count > 2 { bytes = SyntaxText(rebasing: bytes.dropFirst().dropLast()) }
            guard let first = bytes.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { continue }
            typeMentionsWritten.append(TypeMentionWritten(
                hash: MemberNameHash.of(utf8: bytes), offset: token.positionAfterSkippingLeadingTrivia, isLookupable: true, isRegistrable: true
            ))
        }
    }

    /// A name in an expression; only a capitalised one (or `Self`) may be a type.
    func recordTypeMention(reference node: DeclReferenceExprSyntax) {
        recordTypeMention(node.baseName) { Self.isLookupable(expression: node) }
    }

    /// Entering a place where a registration may name or build a type: inside a closure, a call's arguments, a
    /// type alias's value, a function type's result or a generic argument of an expression (`register { T() }`,
    /// `helper(T.self)`, `typealias View = T`, `let make: () -> T`). A method's return type is not: a method
    /// handed on as a factory by name is rare, and `func component() -> T` is how a module vends what it makes.
    /// A type's members start afresh.
    /// Only counted where type mentions are recorded (`recordsRuntimeReads`); the count then stays 0.
    func enterRegistrableContext() {
        if recordsRuntimeReads { registrableContexts[registrableContexts.count - 1] += 1 }
    }
    func leaveRegistrableContext() {
        if recordsRuntimeReads { registrableContexts[registrableContexts.count - 1] -= 1 }
    }

    static func isRegistrableContext(_ node: LabeledExprListSyntax) -> Bool {
        guard let owner = node.parent else { return false }
        return owner.is(FunctionCallExprSyntax.self) || owner.is(SubscriptCallExprSyntax.self) || owner.is(MacroExpansionExprSyntax.self)
    }

    static func isRegistrableContext(_ node: ReturnClauseSyntax) -> Bool {
        node.parent?.parent?.is(FunctionDeclSyntax.self) != true
    }

    static func isRegistrableContext(_ node: GenericArgumentClauseSyntax) -> Bool {
        node.parent?.is(GenericSpecializationExprSyntax.self) == true
    }

    /// `T` in `T.self`, `x as T`, `let x: T`, `foo(T)`: where a lookup could take its type from. A construction
    /// (`T(…)`, `T.init`), the base of a member (`T.shared`, `T.Inner`), an inherited or extended type are not.
    static func isLookupable(expression node: DeclReferenceExprSyntax) -> Bool {
        var expression = Syntax(node)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { expression = Syntax(member) }
        if let specialized = expression.parent?.as(GenericSpecializationExprSyntax.self), specialized.expression.id == expression.id {
            expression = Syntax(specialized)
        }
        guard let parent = expression.parent else { return true }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id { return false }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expression.id {
            return ["self", "Type", "Protocol"].contains(member.declName.baseName.text)
        }
        return true
    }

    /// A type written where a lookup may take it from. Not an inherited or extended type, a generic
    /// parameter's constraint (`<VM: ViewModel>`, `where VM: ViewModel`), the base of
    /// `T.Inner`, or the type of a stored property that no attribute wraps (`let root: RootViewController`):
    /// a lookup assigned to one is typed by a call cpdi reads or makes its store unjudged, while a wrapper's
    /// property (`@Injected var root: T`) or a generic argument (`Box<T>`) may be a lookup cpdi does not read.
    static func isLookupable(type node: some TypeSyntaxProtocol) -> Bool {
        guard let parent = node.parent else { return true }
        if parent.is(InheritedTypeSyntax.self) || parent.is(ExtensionDeclSyntax.self) || parent.is(GenericParameterSyntax.self)
            || parent.is(ConformanceRequirementSyntax.self)
        {
            return false
        }
        if let member = parent.as(MemberTypeSyntax.self), member.baseType.id == node.id { return false }
        var current: Syntax? = parent
        while let syntax = current {
            switch syntax.kind {
            case .genericArgumentClause: return true
            case .typeAnnotation:
                guard let variable = syntax.parent?.parent?.parent?.as(VariableDeclSyntax.self) else { return true }
                return !(variable.parent?.is(MemberBlockItemSyntax.self) == true && variable.attributes.isEmpty)
            case .memberBlock, .codeBlock, .sourceFile: return true
            default: current = syntax.parent
            }
        }
        return true
    }

    /// The mentions left once the spellings of lookups and registrations cpdi read are taken out, by line.
    func finishTypeMentions() {
        guard recordsRuntimeReads, !typeMentionsWritten.isEmpty else { return }
        var registrationSpellings: Set<TypeMentionSpelling> = []
        for registration in facts.runtime.registrations {
            var names: [String] = []
            if let key = registration.key?.typeName { names.append(key) }
            if let implementation = registration.implementation { names.append(implementation) }
            names += registration.alsoAs
            let spelledLines = [registration.position.line] + registration.alsoAsPositions.map(\.line)
            for name in names {
                let hash = MemberNameHash.of(String(TypeMentionName.last(of: name)))
                for line in spelledLines { registrationSpellings.insert(TypeMentionSpelling(hash: hash, line: line)) }
            }
        }
        var lookupSpellings: Set<TypeMentionSpelling> = []
        for injection in facts.runtime.injections {
            guard let type = injection.key.typeName else { continue }
            lookupSpellings.insert(TypeMentionSpelling(hash: MemberNameHash.of(String(TypeMentionName.last(of: type))), line: injection.position.line))
        }
        for resolution in facts.runtime.resolutions {
            guard let type = resolution.key?.typeName else { continue }
            lookupSpellings.insert(TypeMentionSpelling(hash: MemberNameHash.of(String(TypeMentionName.last(of: type))), line: resolution.position.line))
        }
        let spelledHashes = Set(registrationSpellings.map(\.hash)).union(lookupSpellings.map(\.hash))
        var lookupable: Set<UInt32> = []
        var registrable: Set<UInt32> = []
        for mention in typeMentionsWritten {
            let line = spelledHashes.contains(mention.hash) ? lines.position(of: mention.offset).line : 0
            let spelling = TypeMentionSpelling(hash: mention.hash, line: line)
            let inRegistration = registrationSpellings.contains(spelling)
            if mention.isLookupable, !inRegistration { lookupable.insert(mention.hash) }
            if mention.isRegistrable, !inRegistration, !lookupSpellings.contains(spelling) { registrable.insert(mention.hash) }
        }
        facts.runtime.reads.typeMentions = lookupable.sorted()
        facts.runtime.reads.registrableTypeMentions = registrable.sorted()
    }
}

struct TypeMentionWritten {
    var hash: UInt32
    var offset: AbsolutePosition
    var isLookupable: Bool
    var isRegistrable: Bool
}

struct TypeMentionSpelling: Hashable {
    var hash: UInt32
    var line: Int
}
