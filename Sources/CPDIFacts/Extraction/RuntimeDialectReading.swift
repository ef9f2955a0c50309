import SwiftSyntax

/// Registrations and lookups that the run-time libraries write as calls: Swinject's
/// `container.register(T.self) { r in … }` and `resolver.resolve(T.self)`, SwinjectAutoregistration's
/// `autoregister` and `~>`, Resolver's `register { … }.implements(P.self)` and `resolve()`.
///
/// Several libraries share these shapes; the file's imports say which one is meant, and where they do not,
/// the shape does (a Swinject factory closure takes the resolver, a Resolver one usually nothing).
extension RuntimeStyleReading {
    func readDialectCall(
        _ node: FunctionCallExprSyntax, enclosingType: String?, enclosingAccess: AccessLevel, imports: [String],
        isGenericName: (String) -> Bool = { _ in false }, into facts: inout RuntimeStyleFacts
    ) {
        let called: String
        let base: ExprSyntax?
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            called = member.declName.baseName.text
            base = member.base
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            called = reference.baseName.text
            base = nil
        } else {
            return
        }
        // `container.registerSingleton(AppConfig.self) { … }`: an app's own way to register, which cpdi does
        // not follow; what it registers may be looked up.
        // The metatype argument first: most calls have none, and the case-insensitive search costs more.
        if called.count > 8, let first = node.arguments.first, first.label == nil, let type = Self.metatypeName(first.expression),
            called != "autoregister", called.range(of: "register", options: .caseInsensitive) != nil,
            !called.lowercased().contains("unregister")
        {
            facts.unreadRegistrations.append(type)
            return
        }
        // The cheap test first: this runs for every call in the file.
        guard called == "register" || called == "resolve" || called == "autoregister" || called == "optional" || called == "_register"
            || ResolutionFact.mayNameHelper(called)
        else {
            return
        }
        let hint = Self.dialect(importing: imports)
        guard hint != .factory, hint != .swiftDependencies else { return }
        let typeArgument = node.arguments.first.flatMap { $0.label == nil ? Self.metatypeName($0.expression) : nil }
        // A type handed on (`_register(serviceType, factory: factory)` in the app's own `registerSingleton`,
        // `register(type) { … }`): what its callers register is not read, so Swinject's store is not read whole.
        if hint == .swinject, typeArgument == nil, called == "_register" || called == "register" && Self.handsOnAType(node) {
            var fact = RegistrationFact(kind: .factory, key: nil, enclosingType: enclosingType, position: position(node.calledExpression))
            fact.dialect = .swinject
            facts.registrations.append(fact)
            return
        }
        switch called {
        case "register":
            guard let closure = Self.factoryClosure(of: node) else {
                // `register(Router.self, factory: routerFactory)`: a factory held in a variable takes
                // arguments cpdi cannot count, so it answers a lookup of any.
                guard let typeArgument, hint == .swinject || hint == nil, node.arguments.contains(where: { $0.label?.text == "factory" }) else {
                    // A registration of a shape cpdi does not read: a lookup of its type is not judged missing.
                    if let typeArgument, hint == .swinject || hint == .resolver { facts.unreadRegistrations.append(typeArgument) }
                    return
                }
                var fact = RegistrationFact(kind: .factory, key: .type(typeArgument), enclosingType: enclosingType, position: position(node.calledExpression))
                fact.dialect = .swinject
                fact.position = Self.namePosition(of: node).map { position($0) } ?? fact.position
                fact.name = node.arguments.first { $0.label?.text == "name" }.map { Self.registrationName($0.expression) }
                fact.argumentCount = RegistrationFact.anyArgumentCount
                fact.access = enclosingAccess
                fact.isIgnored = isIgnored(Syntax(Self.statement(around: node)))
                (fact.alsoAs, fact.alsoAsPositions) = implementedTypes(after: node)
                facts.registrations.append(fact)
                return
            }
            let takesResolver = closure.signature.map(Self.parameterCount) ?? 0 > 0
            let dialect: RuntimeDialect
            if let hint {
                dialect = hint
            } else if typeArgument != nil, takesResolver || node.arguments.contains(where: { $0.label?.text == "factory" }) {
                dialect = .swinject
            } else if typeArgument == nil, Self.namesResolver(base, enclosingType: enclosingType) {
                dialect = .resolver
            } else {
                return
            }
            var fact: RegistrationFact
            if let typeArgument {
                fact = RegistrationFact(kind: .factory, key: .type(typeArgument), enclosingType: enclosingType, position: position(node.calledExpression))
            } else if dialect == .resolver {
                let returned = closure.signature?.returnClause?.type.nominalName
                let registered = returned.map { (key: Optional($0), implementation: String?.none, staticMember: String?.none) }
                    ?? Self.registeredValue(in: closure)
                fact = RegistrationFact(
                    kind: .factory, key: registered.key.map(RuntimeKey.type), implementation: registered.implementation,
                    enclosingType: enclosingType, position: position(node.calledExpression)
                )
                fact.staticMember = registered.staticMember
            } else {
                return
            }
            fact.dialect = dialect
            fact.position = Self.namePosition(of: node).map { position($0) } ?? fact.position
            fact.name = node.arguments.first { $0.label?.text == "name" }.map { Self.registrationName($0.expression) }
            if dialect == .swinject, let signature = closure.signature { fact.argumentCount = max(0, Self.parameterCount(signature) - 1) }
            fact.access = enclosingAccess
            fact.isIgnored = isIgnored(Syntax(Self.statement(around: node)))
            (fact.alsoAs, fact.alsoAsPositions) = implementedTypes(after: node)
            facts.registrations.append(fact)
        case "autoregister":
            guard hint == nil || hint == .swinject, let typeArgument else { return }
            var fact = RegistrationFact(kind: .factory, key: .type(typeArgument), enclosingType: enclosingType, position: position(node.calledExpression))
            fact.position = Self.namePosition(of: node).map { position($0) } ?? fact.position
            fact.dialect = .swinject
            fact.name = node.arguments.first { $0.label?.text == "name" }.map { Self.registrationName($0.expression) }
            fact.argumentCount = Self.argumentCount(node.arguments)
            fact.access = enclosingAccess
            fact.isIgnored = isIgnored(Syntax(Self.statement(around: node)))
            (fact.alsoAs, fact.alsoAsPositions) = implementedTypes(after: node)
            if let first = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                let specialized = first.base?.as(GenericSpecializationExprSyntax.self)
            {
                fact.keyGenericArguments = specialized.genericArgumentClause.arguments.map { argument in
                    if case .type(let type) = argument.argument { return type.nominalName ?? "?" }
                    return "?"
                }
            }
            if let initializer = node.arguments.first(where: { $0.label?.text == "initializer" })?.expression {
                // `X.init` resolves every parameter of `X`'s initializer; a closure or a function cpdi cannot read.
                // A specialised generic (`Box<Item>.init`) may take the app's own types: not read.
                if let member = initializer.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                    member.base?.is(GenericSpecializationExprSyntax.self) == false, let type = member.base.flatMap(Self.typeName(of:))
                {
                    fact.initializerOf = type
                } else if let reference = initializer.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
                    fact.initializerOf = reference.baseName.text
                } else {
                    fact.initializerOf = "?"
                }
            }
            facts.registrations.append(fact)
        default:
            // `resolve` and Resolver's `optional`.
            if called == "optional", hint != .resolver { return }
            let dialect: RuntimeDialect
            var helperName: String?
            var guessedResolver = false
            if called != "resolve", called != "optional" {
                // `resolveDependencyGraph()`, `inject()`: a call of the app's own helper, if the sources declare one.
                dialect = .swinject
                helperName = called
            } else if let hint {
                dialect = hint
            } else if node.arguments.contains(where: { ["argument", "arguments"].contains($0.label?.text) }) || (typeArgument != nil && base != nil && !Self.isResolverBase(base)) {
                dialect = .swinject
            } else if Self.namesResolver(base, enclosingType: enclosingType) {
                dialect = .resolver
                guessedResolver = true
            } else if called == "resolve" {
                // Perhaps a call of the app's own helper; the link keeps it if the sources declare one.
                dialect = .swinject
                helperName = called
            } else {
                return
            }
            // An app's own generic wrapper handing its type on (`func resolve<T>(_ type: T.Type) -> T { resolver.resolve(type)! }`,
            // `func resolve<T>() -> T { container.resolve(T.self)! }`): its callers' lookups are the ones to read.
            if let helper = Self.passThroughHelper(node) {
                guard helperName == nil else { return }
                facts.resolveHelpers.append("\(dialect.rawValue)|\(helper)")
                return
            }
            var fact = ResolutionFact(
                dialect: dialect, key: typeArgument.map(RuntimeKey.type), enclosingType: enclosingType,
                position: position(node.calledExpression)
            )
            fact.position = Self.namePosition(of: node).map { position($0) } ?? fact.position
            fact.name = node.arguments.first { $0.label?.text == "name" }.map { Self.registrationName($0.expression) }
            fact.argumentCount = Self.argumentCount(node.arguments)
            fact.isOptional = called == "optional" || Self.isHandledWhenMissing(ExprSyntax(node))
            fact.registeredIn = Self.enclosingRegistration(of: Syntax(node))
            fact.helperName = helperName
            fact.isResolverByName = guessedResolver
            fact.lazyProperty = Self.lazyProperty(initializedBy: ExprSyntax(node))
            // Swinject's own lookups always name their type: one that hands it nothing is the app's helper.
            fact.throughHelper = helperName != nil || (dialect == .swinject && node.arguments.first.map { $0.label != nil } ?? true)
            if let typeArgument, isGenericName(typeArgument) {
                // `resolver.resolve(Wrapped.self)` in the app's own generic wrapper: it may ask for any type.
                fact.key = nil
            } else if typeArgument == nil {
                inferType(of: ExprSyntax(node), into: &fact)
                // Typed by a generic parameter (`let value: T = resolve()`): any type.
                if case .type(let inferred)? = fact.key, isGenericName(inferred) { fact.key = nil }
            }
            facts.resolutions.append(fact)
        }
    }

    /// The `lazy` property whose initial value the call is (`lazy var api: API = resolver.resolve()`, also
    /// force-unwrapped or cast), so the lookup runs when the property is first read.
    static func lazyProperty(initializedBy call: ExprSyntax) -> String? {
        var value = Syntax(call)
        while let parent = value.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
            value = parent
        }
        guard let initializer = value.parent?.as(InitializerClauseSyntax.self), initializer.value.id == value.id,
            let binding = initializer.parent?.as(PatternBindingSyntax.self),
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
            declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) })
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// `resolver ~> T.self`, `r ~> (T.self, name: "x")` and `r ~> (T.self, argument: a)` (SwinjectAutoregistration).
    /// Other libraries declare `~>` too (Mockingbird's `given(…) ~> value` stubs): in a file that imports no
    /// Swinject module, only a right side naming a type (`T.self`, `(T.self, …)`) is a lookup.
    func readInfixResolve(_ node: SequenceExprSyntax, enclosingType: String?, imports: [String], into facts: inout RuntimeStyleFacts) {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "~>" else { return }
        if Self.dialect(importing: imports) != .swinject {
            let first = elements[2].as(TupleExprSyntax.self)?.elements.first?.expression ?? elements[2]
            guard Self.metatypeName(first) != nil else { return }
        }
        var fact = ResolutionFact(dialect: .swinject, key: nil, enclosingType: enclosingType, position: position(elements[1]))
        fact.registeredIn = Self.enclosingRegistration(of: Syntax(node))
        fact.isOptional = Self.isHandledWhenMissing(ExprSyntax(node))
        if let type = Self.metatypeName(elements[2]) {
            fact.key = .type(type)
        } else if let tuple = elements[2].as(TupleExprSyntax.self), let first = tuple.elements.first, let type = Self.metatypeName(first.expression) {
            fact.key = .type(type)
            fact.name = tuple.elements.first { $0.label?.text == "name" }.map { Self.registrationName($0.expression) }
            fact.argumentCount = Self.argumentCount(tuple.elements)
        }
        facts.resolutions.append(fact)
    }

    /// `r~>`: a lookup whose type only the compiler infers.
    func readPostfixResolve(_ node: PostfixOperatorExprSyntax, enclosingType: String?, into facts: inout RuntimeStyleFacts) {
        guard node.operator.text == "~>" else { return }
        var fact = ResolutionFact(dialect: .swinject, key: nil, enclosingType: enclosingType, position: position(node.operator))
        fact.registeredIn = Self.enclosingRegistration(of: Syntax(node))
        inferType(of: ExprSyntax(node), into: &fact)
        facts.resolutions.append(fact)
    }

    /// What the value of a lookup with no written type must be: the annotation of the variable it
    /// initialises, the type it is cast to, or the parameter of the initializer it is handed to.
    private func inferType(of expr: ExprSyntax, into fact: inout ResolutionFact) {
        var value = Syntax(expr)
        while let parent = value.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
            value = parent
        }
        if let initializer = value.parent?.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type
        {
            fact.key = type.nominalName.map(RuntimeKey.type)
            fact.isOptional = fact.isOptional || type.is(OptionalTypeSyntax.self)
            return
        }
        // `init(service: Service = Resolver.resolve())`: a parameter's default value has the parameter's type.
        if let initializer = value.parent?.as(InitializerClauseSyntax.self), let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
            fact.key = parameter.type.nominalName.map(RuntimeKey.type)
            fact.isOptional = fact.isOptional || parameter.type.is(OptionalTypeSyntax.self)
            return
        }
        if let list = value.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if elements.count == 3, elements[0].id == value.id, elements[1].is(UnresolvedAsExprSyntax.self),
                let type = elements[2].as(TypeExprSyntax.self)?.type
            {
                fact.key = type.nominalName.map(RuntimeKey.type)
                fact.isOptional = fact.isOptional || type.is(OptionalTypeSyntax.self)
            }
            return
        }
        guard let argument = value.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        else { return }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { callee = base }
        guard let type = Self.typeName(of: callee) else { return }
        let index = list.firstIndex { $0.id == argument.id }.map { list.distance(from: list.startIndex, to: $0) } ?? 0
        fact.inferredFrom = "\(type)|\(argument.label?.text ?? "#\(index)")"
    }

    // MARK: Small readings

    /// The name of the generic function a lookup sits in when it hands on the function's own metatype
    /// parameter, looks up one of its generic parameters (`T.self`), or returns what it finds as the
    /// function's generic result; nil for any other lookup.
    static func passThroughHelper(_ node: FunctionCallExprSyntax) -> String? {
        var current = node.parent
        while let syntax = current, !syntax.is(FunctionDeclSyntax.self) {
            if syntax.is(MemberBlockItemSyntax.self) { return nil }
            current = syntax.parent
        }
        guard let function = current?.as(FunctionDeclSyntax.self), let generics = function.genericParameterClause else { return nil }
        let genericNames = Set(generics.parameters.map(\.name.text))
        let name = function.name.identifierText
        if let first = node.arguments.first, first.label == nil, let reference = first.expression.as(DeclReferenceExprSyntax.self) {
            let handsOn = function.signature.parameterClause.parameters.contains { parameter in
                (parameter.secondName ?? parameter.firstName).text == reference.baseName.text
                    && parameter.type.as(MetatypeTypeSyntax.self).map { genericNames.contains($0.baseType.trimmedDescription) } == true
            }
            return handsOn ? name : nil
        }
        if let first = node.arguments.first, first.label == nil, let type = metatypeName(first.expression), genericNames.contains(type) {
            return name
        }
        guard let returned = function.signature.returnClause?.type.unwrapped.as(IdentifierTypeSyntax.self) else { return nil }
        return genericNames.contains(returned.name.text) && node.arguments.allSatisfy { $0.label?.text == "name" } ? name : nil
    }

    /// `resolve(…) ?? fallback`, `if let x = resolve(…)`, `guard let`, `resolve(…)?.x`: the code expects nothing.
    static func isHandledWhenMissing(_ expr: ExprSyntax) -> Bool {
        let parent = expr.parent
        if parent?.is(OptionalChainingExprSyntax.self) == true { return true }
        if let initializer = parent?.as(InitializerClauseSyntax.self), initializer.parent?.is(OptionalBindingConditionSyntax.self) == true {
            return true
        }
        if let list = parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let index = elements.firstIndex(where: { $0.id == expr.id }), index + 1 < elements.count,
                elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
            {
                return true
            }
        }
        return false
    }

    /// The type registered by the `register` call whose factory closure holds this node.
    static func enclosingRegistration(of node: Syntax) -> String? {
        var current = node.parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self) {
                var call = closure.parent?.as(FunctionCallExprSyntax.self)
                if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self) {
                    call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
                }
                if let call, let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, called == "register"
                {
                    if let first = call.arguments.first, first.label == nil, let type = metatypeName(first.expression) { return type }
                    return closure.signature?.returnClause?.type.nominalName ?? registeredValue(in: closure).key
                }
            }
            if syntax.is(MemberBlockItemSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return nil }
            current = syntax.parent
        }
        return nil
    }

    /// `T.self` (also `T?.self`, `Module.T.self`, `Generic<A>.self`) names `T`.
    static func metatypeName(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
            let base = member.base
        else { return nil }
        return typeName(of: base)
    }

    /// A type written in an expression: `Foo`, `Foo.Bar`, `Foo<A>`, `Foo?` (as `Foo`).
    static func typeName(of expr: ExprSyntax) -> String? {
        if let reference = expr.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.identifierText
        }
        if let type = expr.as(TypeExprSyntax.self) { return type.type.nominalName }
        // `(any P).self`: the parentheses only hold the existential.
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return typeName(of: only.expression)
        }
        if let specialized = expr.as(GenericSpecializationExprSyntax.self) { return typeName(of: specialized.expression) }
        if let optional = expr.as(OptionalChainingExprSyntax.self) { return typeName(of: optional.expression) }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base, let baseName = typeName(of: base),
            member.declName.baseName.text.first?.isUppercase == true
        {
            return "\(baseName).\(member.declName.baseName.identifierText)"
        }
        return nil
    }

    /// `"primary"`, `.primary` and `Name("primary")` name `primary`; anything else is a name cpdi cannot read.
    static func registrationName(_ expr: ExprSyntax) -> String {
        if let literal = expr.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        {
            return segment.content.text
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil { return member.declName.baseName.identifierText }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first {
            return registrationName(only.expression)
        }
        if expr.is(NilLiteralExprSyntax.self) { return "" }
        return "*"
    }

    /// Swinject's `argument: a` is one, `arguments: a, b` as many as follow the label; -1 (any) when other
    /// labels show an app's own wrapper, whose arguments cpdi cannot count (`resolve(T.self, injectable: x)`).
    static func argumentCount(_ arguments: LabeledExprListSyntax) -> Int {
        var count = 0
        var counting = false
        for argument in arguments {
            if let label = argument.label?.text, !["name", "argument", "arguments", "initializer"].contains(label) { return -1 }
            if let label = argument.label?.text {
                counting = label == "arguments"
                if label == "argument" || label == "arguments" { count += 1 }
            } else if counting {
                count += 1
            }
        }
        return count
    }

    /// The closure that builds the value: trailing, or passed as `factory:`.
    /// `register(serviceType) { … }`, `register(type, factory: make)`: a type as a value, and a factory.
    private static func handsOnAType(_ node: FunctionCallExprSyntax) -> Bool {
        guard let first = node.arguments.first, first.label == nil, first.expression.is(DeclReferenceExprSyntax.self) else { return false }
        return node.trailingClosure != nil || node.arguments.contains { $0.label?.text == "factory" }
    }

    private static func factoryClosure(of node: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    private static func parameterCount(_ signature: ClosureSignatureSyntax) -> Int {
        switch signature.parameterClause {
        case .simpleInput(let list)?: list.count
        case .parameterClause(let clause)?: clause.parameters.count
        case nil: 0
        }
    }

    /// Without an `import Resolver` to say so, only code that names Resolver is read as Resolver's:
    /// `Resolver.register`, `Resolver.main.resolve(…)`, or any of these shapes inside `extension Resolver`
    /// (other libraries have a `register { … }` too, RxCocoa's delegate proxies among them).
    private static func namesResolver(_ base: ExprSyntax?, enclosingType: String?) -> Bool {
        guard isResolverBase(base) else { return false }
        if enclosingType == "Resolver" { return true }
        guard let base else { return false }
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "Resolver" }
        return base.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Resolver"
    }

    /// `register` written on nothing, `Resolver`, `Resolver.main`, `main`, `root` or `self`.
    private static func isResolverBase(_ base: ExprSyntax?) -> Bool {
        guard let base else { return true }
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return ["Resolver", "main", "root", "self", "resolver"].contains(reference.baseName.text)
        }
        if let member = base.as(MemberAccessExprSyntax.self), let inner = member.base?.as(DeclReferenceExprSyntax.self) {
            return inner.baseName.text == "Resolver"
        }
        return false
    }

    /// Where the called name is written (`register` in `container.register(…)`).
    private static func namePosition(of node: FunctionCallExprSyntax) -> Syntax? {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) { return Syntax(member.declName) }
        return Syntax(node.calledExpression)
    }

    /// The statement a call is part of, whose comments say whether to ignore it.
    private static func statement(around node: FunctionCallExprSyntax) -> Syntax {
        var current = Syntax(node)
        while let parent = current.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(MemberBlockItemSyntax.self) {
            current = parent
        }
        return current
    }

    /// `.implements(P.self)`, `.implements(P.self, Q.self)` and Swinject's `.forward(P.self)` chained after a
    /// registration (on one line or several), each with where its type is written.
    private func implementedTypes(after node: FunctionCallExprSyntax) -> (types: [String], positions: [SourcePosition]) {
        var types: [String] = []
        var positions: [SourcePosition] = []
        var current = Syntax(node)
        while let member = current.parent?.as(MemberAccessExprSyntax.self), let call = member.parent?.as(FunctionCallExprSyntax.self) {
            if ["implements", "forward"].contains(member.declName.baseName.text) {
                for argument in call.arguments where argument.label == nil {
                    guard let type = Self.metatypeName(argument.expression) else { continue }
                    types.append(type)
                    positions.append(position(argument.expression))
                }
            }
            current = Syntax(call)
        }
        return (types, positions)
    }
}
