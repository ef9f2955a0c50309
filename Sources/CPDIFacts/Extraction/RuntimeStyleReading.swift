import SwiftSyntax

/// Reads the run-time styles' injections and registrations out of the nodes the fact walk visits.
/// Kept apart from `FactCollector` so the compile-time styles' walk stays readable; the collector calls
/// in at member blocks, calls and assignments.
struct RuntimeStyleReading {
    let conventions: NamingConventions
    let lines: LineTable

    func isIgnored(_ node: Syntax) -> Bool { Self.isPeripheryIgnored(node) }

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        lines.position(node)
    }

    // MARK: Declarations in a type's body

    /// Injected properties, key types, key-path container properties and module components of one type body.
    func readMembers(of block: MemberBlockSyntax, typeName: String, imports: [String], into facts: inout RuntimeStyleFacts) {
        let members = block.members.map(\.decl)
        let variables = members.compactMap { $0.as(VariableDeclSyntax.self) }
        // Read only when a fact is made: the comments of every type of a file cost more than the rest.
        let typeIgnored = { block.parent.map(isIgnored) ?? false }
        let before = (injections: facts.injections.count, properties: facts.containerProperties.count)
        for variable in variables {
            readInjection(variable, enclosingType: typeName, imports: imports, isLocal: false, typeIgnored: typeIgnored, into: &facts)
        }
        defer {
            // In `public extension X { var y … }` the members are public unless they say otherwise.
            if let parent = block.parent?.as(ExtensionDeclSyntax.self), parent.modifiers.accessLevel != .internal {
                let access = parent.modifiers.accessLevel
                for index in facts.injections.indices.dropFirst(before.injections) where facts.injections[index].access == .internal {
                    facts.injections[index].access = access
                }
                for index in facts.containerProperties.indices.dropFirst(before.properties) where facts.containerProperties[index].access == .internal {
                    facts.containerProperties[index].access = access
                }
            }
        }
        readKeyType(block, typeName: typeName, variables: variables, into: &facts)
        readContainerProperties(
            variables, container: typeName, inExtension: block.parent?.is(ExtensionDeclSyntax.self) == true, typeIgnored: typeIgnored,
            into: &facts
        )
        readDeclarationMarks(block, typeName: typeName, into: &facts)
        if block.parent?.is(StructDeclSyntax.self) == true, !members.contains(where: { $0.is(InitializerDeclSyntax.self) }) {
            for variable in variables where !variable.modifiers.isStatic && variable.attributes.isEmpty {
                for binding in variable.bindings {
                    guard binding.accessorBlock == nil, !(variable.bindingSpecifier.text == "let" && binding.initializer != nil),
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
                        let type = binding.typeAnnotation?.type.nominalName
                    else { continue }
                    facts.memberwiseParameters.append("\(typeName)|\(name)|\(type)")
                }
            }
        }
        for function in members.compactMap({ $0.as(FunctionDeclSyntax.self) }) where function.name.identifierText == "component" {
            guard function.signature.parameterClause.parameters.isEmpty,
                let returned = function.signature.returnClause?.type, let name = returned.nominalName
            else { continue }
            facts.moduleComponents.append(ModuleComponentFact(module: typeName, type: name, position: position(function.name)))
        }
    }

    /// `@Inject var x: T` is keyed by its type; `@Dependency(\.x) var y` (or any injection wrapper given a
    /// key path) by the key path's first property; `@Dependency(T.self)` and `@Inject(Key.self)` by the type
    /// named; `@Injected(Container.api)` (Factory's first form) by the container's member.
    func readInjection(
        _ variable: VariableDeclSyntax, enclosingType: String?, imports: [String], isLocal: Bool, typeIgnored: () -> Bool,
        into facts: inout RuntimeStyleFacts
    ) {
        for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
            guard let wrapper = attribute.attributeName.nominalName?.split(separator: ".").last.map(String.init) else { continue }
            let isTypeWrapper = conventions.isInjectionWrapperName(wrapper)
            guard isTypeWrapper || conventions.isKeyPathWrapperName(wrapper),
                let binding = variable.bindings.first,
                let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText
            else { continue }
            var arguments: [LabeledExprSyntax] = []
            if case .argumentList(let list)? = attribute.arguments { arguments = Array(list) }
            let first = arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
            var fact: InjectionFact
            if let keyPath = first?.as(KeyPathExprSyntax.self) {
                guard let name = Self.firstProperty(of: keyPath) else { continue }
                fact = InjectionFact(wrapper: wrapper, key: .keyPath(name), property: property, enclosingType: enclosingType, position: position(keyPath))
                fact.keyPathRoot = keyPath.root?.nominalName
                fact.isWholeKey = keyPath.components.count == 1
            } else if let first, let typeName = Self.metatypeName(first) {
                // `@Dependency(Client.self)` and `@Inject(NetworkKey.self)`: a key type, or a type that is its own key.
                fact = InjectionFact(wrapper: wrapper, key: .keyType(typeName), property: property, enclosingType: enclosingType, position: position(first))
            } else if let member = first?.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
                base.baseName.text.first?.isUppercase == true
            {
                fact = InjectionFact(
                    wrapper: wrapper, key: .keyPath(member.declName.baseName.identifierText), property: property,
                    enclosingType: enclosingType, position: position(member)
                )
                fact.keyPathRoot = base.baseName.identifierText
            } else if isTypeWrapper, first == nil, let type = binding.typeAnnotation?.type, let name = type.nominalName {
                fact = InjectionFact(wrapper: wrapper, key: .type(name), property: property, enclosingType: enclosingType, position: position(type.unwrapped))
                if let label = arguments.first(where: { $0.label?.text == "name" }) { fact.name = Self.registrationName(label.expression) }
            } else {
                continue
            }
            fact.namePosition = position(binding.pattern)
            fact.isOptional = wrapper.hasPrefix("Optional")
            fact.access = variable.modifiers.accessLevel
            fact.isStatic = variable.modifiers.isStatic
            fact.isLocal = isLocal
            fact.isDynamic = variable.attributes.contains(named: "objc")
                || variable.modifiers.contains { ["dynamic", "override"].contains($0.name.text) }
            fact.isIgnored = typeIgnored() || isIgnored(Syntax(variable))
            fact.dialect = Self.dialect(importing: imports)
            facts.injections.append(fact)
        }
    }

    /// The library a file's imports name, for shapes several libraries share.
    static func dialect(importing imports: [String]) -> RuntimeDialect? {
        for module in imports.lazy.map(ImportedNames.module(of:)) {
            switch module {
            case "Swinject", "SwinjectAutoregistration", "SwinjectStoryboard": return .swinject
            case "Resolver": return .resolver
            case "Factory", "FactoryKit": return .factory
            case "Dependencies", "DependenciesMacros", "ComposableArchitecture": return .swiftDependencies
            default: continue
            }
        }
        return nil
    }

    /// `// periphery:ignore` in the comments before a declaration (not `periphery:ignore:parameters`, which
    /// is about something else), on it or on the type around it.
    static func isPeripheryIgnored(_ node: Syntax) -> Bool {
        guard let token = node.firstToken(viewMode: .sourceAccurate) else { return false }
        return token.leadingTrivia.pieces.contains { piece in
            guard let text = piece.commentText else { return false }
            return text.contains("periphery:ignore") && !text.contains("periphery:ignore:parameters")
        }
    }

    /// `@main` (and the older application attributes) mark the program's entry point; `@propertyWrapper`
    /// types taking a key path say which container their key paths start at.
    private func readDeclarationMarks(_ block: MemberBlockSyntax, typeName: String, into facts: inout RuntimeStyleFacts) {
        guard let attributes = block.parent?.asProtocol(WithAttributesSyntax.self)?.attributes else { return }
        if attributes.contains(named: "main") || attributes.contains(named: "UIApplicationMain") || attributes.contains(named: "NSApplicationMain") {
            facts.isEntryPoint = true
        }
        guard attributes.contains(named: "propertyWrapper") else { return }
        var root: String?
        for member in block.members {
            let types: [TypeSyntax]
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                types = initializer.signature.parameterClause.parameters.map(\.type)
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                types = variable.bindings.compactMap(\.typeAnnotation?.type)
            } else {
                continue
            }
            for type in types {
                guard let identifier = type.unwrapped.as(IdentifierTypeSyntax.self), identifier.name.text.hasSuffix("KeyPath"),
                    let argument = identifier.genericArgumentClause?.arguments.first, case .type(let rootType) = argument.argument
                else { continue }
                root = root ?? rootType.nominalName
            }
        }
        facts.propertyWrappers.append(PropertyWrapperFact(name: String(typeName.lastDottedPart), keyPathRoot: root))
    }

    /// A type conforming to a key protocol. It is lazy (holds nothing until set) when every static value it
    /// declares is optional with no initial value; with no static value in sight it is given the benefit of the doubt.
    private func readKeyType(
        _ block: MemberBlockSyntax, typeName: String, variables: [VariableDeclSyntax], into facts: inout RuntimeStyleFacts
    ) {
        guard let declaration = block.parent, let (inheritance, modifiers, name) = Self.header(of: declaration) else { return }
        let protocols = inheritance?.inheritedTypes.compactMap(\.type.nominalName).filter {
            conventions.isDependencyKeyName($0.lastDottedPart)
        } ?? []
        guard !protocols.isEmpty else { return }
        let statics = variables.filter(\.modifiers.isStatic).flatMap(\.bindings)
        let hasDefaultValue = statics.isEmpty || statics.contains(where: Self.holdsValue)
        var key = DependencyKeyFact(
            name: typeName, protocols: protocols, hasDefaultValue: hasDefaultValue, access: modifiers.accessLevel, position: position(name)
        )
        // swift-dependencies' `DependencyKey` requires a `liveValue`; `TestDependencyKey` alone has none.
        key.hasLiveValue = protocols.contains { $0.split(separator: ".").last == "DependencyKey" }
            || statics.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "liveValue" }
        facts.keyTypes.append(key)
    }

    /// Instance properties of a body that has at least one property backed by a key type: that body
    /// belongs to a key-path container, and its other properties hold (or compute) their own values.
    /// Factory's registrations are properties typed `Factory<T>` (or `ParameterFactory<P, T>`), static ones too.
    private func readContainerProperties(
        _ variables: [VariableDeclSyntax], container: String, inExtension: Bool, typeIgnored: () -> Bool, into facts: inout RuntimeStyleFacts
    ) {
        for variable in variables {
            for binding in variable.bindings {
                guard Self.factoryType(of: binding) != nil,
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText
                else { continue }
                var property = ContainerPropertyFact(
                    container: container, name: name, keyType: nil, access: variable.modifiers.accessLevel, position: position(binding.pattern)
                )
                property.isFactory = true
                property.valueType = Self.factoryValueType(of: binding)
                property.isPromise = Self.returnsOnlyNil(binding)
                property.isIgnored = typeIgnored() || isIgnored(Syntax(variable))
                facts.containerProperties.append(property)
            }
        }
        let properties = variables.filter { !$0.modifiers.isStatic }.flatMap { variable in
            variable.bindings.map { (variable, $0, backingKeyType(of: $0)) }
        }
        guard properties.contains(where: { $0.2 != nil }) else {
            if inExtension { readComputedProperties(variables, container: container, typeIgnored: typeIgnored, into: &facts) }
            return
        }
        for (variable, binding, keyType) in properties {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText else { continue }
            var property = ContainerPropertyFact(
                container: container, name: name, keyType: keyType, access: variable.modifiers.accessLevel, position: position(binding.pattern)
            )
            property.isIgnored = typeIgnored() || isIgnored(Syntax(variable))
            property.valueType = binding.typeAnnotation?.type.nominalName
            facts.containerProperties.append(property)
        }
    }

    /// `var colors: Colors { get { … } set { … } }` in an extension with no key-backed property: maybe a container's
    /// property that computes its value from others (`computesFromOthers`).
    private func readComputedProperties(
        _ variables: [VariableDeclSyntax], container: String, typeIgnored: () -> Bool, into facts: inout RuntimeStyleFacts
    ) {
        for variable in variables where !variable.modifiers.isStatic {
            for binding in variable.bindings {
                guard case .accessors(let accessors)? = binding.accessorBlock?.accessors,
                    accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    accessors.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.set) }),
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText
                else { continue }
                var property = ContainerPropertyFact(
                    container: container, name: name, keyType: nil, access: variable.modifiers.accessLevel, position: position(binding.pattern)
                )
                property.computesFromOthers = true
                property.isIgnored = typeIgnored() || isIgnored(Syntax(variable))
                property.valueType = binding.typeAnnotation?.type.nominalName
                facts.containerProperties.append(property)
            }
        }
    }

    /// `Factory<API>`, `ParameterFactory<URL, Player>`, `Factory<API> { … }`: what the factory makes.
    private static func factoryValueType(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type.unwrapped.as(IdentifierTypeSyntax.self) {
            guard let last = type.genericArgumentClause?.arguments.last, case .type(let made) = last.argument else { return nil }
            return made.nominalName
        }
        guard let value = binding.initializer?.value, let (_, arguments) = value.constructedType(),
            let last = arguments?.arguments.last, case .type(let made) = last.argument
        else { return nil }
        return made.nominalName
    }

    /// `var api: Factory<API> { … }` and `static let api = Factory<API> { … }`: the factory's type name.
    private static func factoryType(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type.unwrapped.as(IdentifierTypeSyntax.self) {
            return Self.factoryTypeNames.contains(type.name.text) ? type.name.text : nil
        }
        if let value = binding.initializer?.value, let (name, _) = value.constructedType(),
            Self.factoryTypeNames.contains(name.text)
        {
            return name.text
        }
        return nil
    }

    static let factoryTypeNames: Set<String> = ["Factory", "ParameterFactory", "AsyncFactory", "AsyncParameterFactory"]

    /// A factory whose only value is `nil` (`self { nil }`): a promise that something registers later.
    private static func returnsOnlyNil(_ binding: PatternBindingSyntax) -> Bool {
        let body = binding.accessorBlock.map(Syntax.init) ?? binding.initializer.map(Syntax.init)
        guard let body else { return false }
        let closures = body.descendants(ClosureExprSyntax.self)
        guard let closure = closures.first, closure.statements.count == 1, let only = closure.statements.first else { return false }
        switch only.item {
        case .expr(let expr): return expr.is(NilLiteralExprSyntax.self)
        case .stmt(let statement): return statement.as(ReturnStmtSyntax.self)?.expression?.is(NilLiteralExprSyntax.self) == true
        default: return false
        }
    }

    // MARK: Registrations

    /// `Module { WidgetModule() as WidgetModuleType }` and `DependencyContainer.set(initialValue:key:)`.
    func readCall(_ node: FunctionCallExprSyntax, enclosingType: String?) -> RegistrationFact? {
        // The cheap tests first: this runs for every call in the file.
        // `Module(NetworkKey.self) { … }`: a hand-written container registering under a key type.
        if node.arguments.count == 1, node.trailingClosure != nil, let only = node.arguments.first, only.label == nil,
            let keyType = Self.metatypeName(only.expression), let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
            conventions.isRegistrationName(reference.baseName.identifierText)
        {
            return RegistrationFact(kind: .builder, key: .keyType(keyType), enclosingType: enclosingType, position: position(reference))
        }
        if node.arguments.isEmpty, let closure = node.trailingClosure,
            let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
            conventions.isRegistrationName(reference.baseName.identifierText)
        {
            let registered = Self.registeredValue(in: closure)
            var fact = RegistrationFact(
                kind: .builder, key: registered.key.map(RuntimeKey.type), implementation: registered.implementation,
                enclosingType: enclosingType, position: position(reference)
            )
            fact.staticMember = registered.staticMember
            return fact
        }
        // `set(initialValue:key:)`, and the chainable `set(_:for:)`: a value and a key, two arguments.
        guard node.arguments.count >= 2,
            let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "set",
            let base = member.base, Self.isContainerReference(base),
            let keyArgument = node.arguments.first(where: { $0.label?.text == "key" || $0.label?.text == "for" }),
            node.arguments.first.map({ $0.label == nil || $0.label?.text == "initialValue" }) == true,
            let key = Self.key(keyArgument.expression)
        else { return nil }
        return RegistrationFact(kind: .set, key: key, enclosingType: enclosingType, position: position(member.declName))
    }

    /// `DependencyContainer` itself, or an earlier `.set(…)` of a chain on it.
    private static func isContainerReference(_ base: ExprSyntax) -> Bool {
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text.first?.isUppercase == true }
        guard let call = base.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "set", let inner = member.base
        else { return false }
        return isContainerReference(inner)
    }

    /// `DependencyContainer[\.aService] = x`, `DependencyContainer[AServiceKey.self] = x` and
    /// `AServiceKey.currentValue = x` (or `.value`); a container's own setter (`self[Key.self] = newValue`) registers nothing.
    func readAssignment(_ node: SequenceExprSyntax, enclosingType: String?) -> RegistrationFact? {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text != "newValue"
        else { return nil }
        if let subscriptCall = elements[0].as(SubscriptCallExprSyntax.self),
            let base = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self),
            case .identifier(let baseName) = base.baseName.tokenKind, baseName.first?.isUppercase == true,
            subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first,
            let key = Self.key(argument.expression)
        {
            return RegistrationFact(kind: .assignment, key: key, enclosingType: enclosingType, position: position(subscriptCall))
        }
        if let member = elements[0].as(MemberAccessExprSyntax.self), ["currentValue", "value"].contains(member.declName.baseName.text),
            let base = member.base?.as(DeclReferenceExprSyntax.self),
            case .identifier(let keyName) = base.baseName.tokenKind, keyName.first?.isUppercase == true
        {
            return RegistrationFact(kind: .assignment, key: .keyType(keyName), enclosingType: enclosingType, position: position(member))
        }
        return nil
    }

    // MARK: Small readings

    private static func header(of declaration: Syntax) -> (InheritanceClauseSyntax?, DeclModifierListSyntax, Syntax)? {
        if let decl = declaration.as(StructDeclSyntax.self) { return (decl.inheritanceClause, decl.modifiers, Syntax(decl.name)) }
        if let decl = declaration.as(EnumDeclSyntax.self) { return (decl.inheritanceClause, decl.modifiers, Syntax(decl.name)) }
        if let decl = declaration.as(ClassDeclSyntax.self) { return (decl.inheritanceClause, decl.modifiers, Syntax(decl.name)) }
        if let decl = declaration.as(ExtensionDeclSyntax.self) {
            return (decl.inheritanceClause, decl.modifiers, Syntax(decl.extendedType))
        }
        return nil
    }

    /// `\.aService.client` and `\DependencyContainer.aService` are both keyed by `aService`.
    static func firstProperty(of keyPath: KeyPathExprSyntax) -> String? {
        guard case .property(let property)? = keyPath.components.first?.component else { return nil }
        return property.declName.baseName.identifierText
    }

    /// `AServiceKey.self` or a key path.
    private static func key(_ expr: ExprSyntax) -> RuntimeKey? {
        if let keyPath = expr.as(KeyPathExprSyntax.self) { return firstProperty(of: keyPath).map(RuntimeKey.keyPath) }
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
            let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.identifierText
        {
            return .keyType(type)
        }
        return nil
    }

    /// A binding with a value of its own: an initial value other than `nil`, or a getter.
    private static func holdsValue(_ binding: PatternBindingSyntax) -> Bool {
        if let value = binding.initializer?.value { return !value.is(NilLiteralExprSyntax.self) }
        return binding.accessorBlock != nil
    }

    /// The key type a property's accessors subscript with: `self[K.self]`, `Self[K.self]`, `Container[K.self]`.
    private func backingKeyType(of binding: PatternBindingSyntax) -> String? {
        // Every property of every type body comes here; a subscript is written with `[`, and most
        // accessors have none, which a byte search finds far faster than walking their syntax.
        guard let accessors = binding.accessorBlock, lines.contains(UInt8(ascii: "["), in: accessors) else { return nil }
        for subscriptCall in accessors.descendants(SubscriptCallExprSyntax.self) {
            guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first,
                case .keyType(let name)? = Self.key(argument.expression)
            else { continue }
            return name
        }
        return nil
    }

    /// What the builder's closure evaluates to: `X() as T` registers `T` built by `X`; `X()` registers `X`.
    static func registeredValue(in closure: ClosureExprSyntax) -> (key: String?, implementation: String?, staticMember: String?) {
        guard let last = closure.statements.last?.item else { return (nil, nil, nil) }
        var value: ExprSyntax?
        switch last {
        case .expr(let expr): value = expr
        case .stmt(let statement): value = statement.as(ReturnStmtSyntax.self)?.expression
        default: value = nil
        }
        guard let value else { return (nil, nil, nil) }
        if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            if elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self)?.type.nominalName {
                return (type, builtTypeName(elements[0]), nil)
            }
        }
        if let cast = value.as(AsExprSyntax.self), let type = cast.type.nominalName {
            return (type, builtTypeName(cast.expression), nil)
        }
        if let member = staticMember(value) {
            // `URLSession.shared` is a `URLSession`; an app's own `Clock.live` may be any type its declaration gives.
            if StandardSingletons.isOwnType(base: member.base, member: member.name) { return (member.base, nil, nil) }
            return (nil, nil, member.isCall ? nil : "\(member.base)|.\(member.name)")
        }
        return (constructedTypeName(value), nil, nil)
    }

    /// What a value builds, when it is a construction: `X()`, `X.init()`, `Outer.Inner()`; not a static member.
    private static func builtTypeName(_ expr: ExprSyntax) -> String? {
        staticMember(expr) == nil ? constructedTypeName(expr) : nil
    }

    /// `Base.member` or `Base.member(…)`: a static property or method of a capitalised base, whose value has the
    /// member's type, not the base's (`NetworkAPI.jsonDecoder` is a `JSONDecoder`). A nested type (`Outer.Inner()`),
    /// `init` and `self` are not.
    private static func staticMember(_ expr: ExprSyntax) -> (base: String, name: String, isCall: Bool)? {
        let call = expr.as(FunctionCallExprSyntax.self)
        guard let access = (call?.calledExpression ?? expr).as(MemberAccessExprSyntax.self), let base = access.base.flatMap(typeName(of:)),
            base.first?.isUppercase == true
        else { return nil }
        let name = access.declName.baseName.text
        guard let first = name.first, first.isLowercase || first == "_", name != "init", name != "self" else { return nil }
        return (base, name, call != nil)
    }

    /// What a builder's value constructs; a bare type name counts here (`Module { WidgetModule }`). A nested
    /// type built by its qualified name is that type (`ResetPasswordView.ViewModel()`), not the outer one.
    private static func constructedTypeName(_ expr: ExprSyntax) -> String? {
        if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text.first?.isUppercase == true, let nested = typeName(of: call.calledExpression)
        {
            return nested
        }
        return expr.constructedType(allowingBareName: true)?.name.identifierText
    }
}

extension SyntaxProtocol {
    /// Every node of a kind below this one, in source order.
    func descendants<Node: SyntaxProtocol>(_ kind: Node.Type) -> [Node] {
        var found: [Node] = []
        var stack = Array(children(viewMode: .sourceAccurate).reversed())
        while let node = stack.popLast() {
            if let match = node.as(Node.self) { found.append(match) }
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return found
    }
}
