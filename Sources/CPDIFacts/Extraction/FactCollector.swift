import SwiftSyntax

/// The single syntax walk that collects every fact of one file.
final class FactCollector: SyntaxVisitor {
    let conventions: NamingConventions
    let lines: LineTable
    var facts: FileFacts

    /// Open type declarations, innermost last; each points at its `TypeFact` in `facts.types`.
    var typeStack: [(name: String, index: Int)] = []
    /// Generic parameter and associated type names visible at this point, one entry per open scope.
    var genericScopes: [Set<String>] = []
    /// The ones that stand for dependencies (named or constrained like them), the same way: a type written
    /// with one of these as argument hands the dependencies on (`Row<Dependencies>`); `Array<T>` does not.
    var dependencyGenerics: [Set<String>] = []
    /// Qualified names of the open functions, innermost last; nil for functions without a dependencies parameter.
    var functionStack: [String?] = []
    /// A local function without a dependencies parameter still runs on the helper's dependencies it
    /// captures, so it does not hide the helper around it.
    var enclosingFunction: String? { functionStack.last { $0 != nil } ?? nil }
    /// Declared types of properties by enclosing type and name (`Type|name`, and `*|name` for any type),
    /// to tell what `loader` in `loader.load(dependencies:)` is once the whole file is read.
    var memberBindings: [String: String] = [:]
    /// Parameters and locals of the open function bodies and closures, innermost last; looked up at
    /// the point of use, so two methods may each have their own `vc`.
    var localScopes: [LocalScope] = []
    /// Which scope declares each generic parameter that stands for dependencies, parallel to
    /// `dependencyGenerics`: a type's name, nil for a function's (the function is the helper it belongs to).
    var genericOwners: [String?] = []
    /// The type aliases each enclosing type declares in its own body (none for an extension): a cast to one of them
    /// makes a value of that type's own alias (`FactCollector+OwnAliasCasts`).
    var ownAliasScopes: [Set<String>] = []
    /// Properties typed as dependencies (`let context: D`, `var services: AppServices`), by `Type|name`,
    /// with the type declaring the generic they are typed by ("" when none).
    /// By type, then property name.
    var memberValues: [String: [String: ValueIdentity]] = [:]
    /// Every name registered in `memberValues` or a scope's `values`: most names are none, and fail here first.
    var typedValueNames: Set<String> = []
    /// Indexes in `facts.types` of extensions with a `where` clause, whose members not every value offers.
    var constrainedExtensions: Set<Int> = []
    var memberNamesSeen: Set<UInt32> = []
    var readsSeen: Set<DependencyRead> = []
    var mentionsSeen: Set<AliasMention> = []
    /// The type alias whose value the walk is in, qualified: the names written there compose it.
    var aliasBeingDeclared: String?
    var aliasNameCache: [String: Bool] = [:]
    /// Aliases of this file that compose dependency protocols, and the other aliases it declares, by
    /// simple name (`FactCollector+TypedDependencies`).
    var dependencyAliasesInFile: Set<String> = []
    var otherAliasesInFile: Set<String> = []
    /// Names of the private properties recorded as dependencies values by their type alone.
    var typedDependencyProperties: Set<String> = []
    /// By last byte, whether a type name ending in it could be an alias name (nil when a pattern ends in a
    /// wildcard): every type written in the file is asked, so most must fail before any hashing.
    let aliasNameEndings: [Bool]?
    var dependenciesNameCache: [String: Bool] = [:]
    /// By last byte, whether a name ending in it could be a dependencies value name; nil when some
    /// pattern ends in a wildcard. Most identifiers fail this before any hashing.
    let dependenciesNameEndings: [Bool]?
    let runtimeReading: RuntimeStyleReading
    /// Names already kept in `facts.runtime.reads`, each with its kind.
    var runtimeReadsSeen: Set<String> = []
    /// Whether the member-access chain a node belongs to is written to, by each node of the chain already walked:
    /// every node of `a.b.c…` asks, and walking up from each would be quadratic in the chain's length.
    var chainIsAssigned: [SyntaxIdentifier: Bool] = [:]
    /// Likewise, whether the chain below a node starts at a closure's `$0`.
    var chainStartsAtClosureArgument: [SyntaxIdentifier: Bool] = [:]
    /// `NameReads.bare` as it is gathered: the names written alone in each type (`""` at top level).
    /// False when the file contains none of the words an alias, a dependencies value or a dependency protocol
    /// is named with: then no name of the file holds a dependencies value, and the value-flow questions asked
    /// of every call, member access and name have their answer already (most files of a large app, and all of
    /// a library written without dependency injection).
    let mayHoldDependencies: Bool
    var bareNamesByType: [String: Set<String>] = [:]
    /// Names already found read in a type, by `bareReadKey`: the fast answer for every later mention.
    var bareReadsSeen: Set<UInt64> = []
    /// `NameReads.members` as it is gathered.
    var memberReadsSeen: Set<UInt32> = []
    /// `NameReads.typeLevelMembers` as it is gathered.
    var typeLevelReadsSeen: Set<UInt32> = []
    /// `NameReads.onTypes` as it is gathered, as `Type|name`.
    var typeReadsSeen: Set<String> = []
    /// `NameReads.typedMembers` as it is gathered, as `Type|name`.
    var typedReadsSeen: Set<String> = []
    /// Reads through a property of a type (`Type|property|name`), typed once the file's annotations are known.
    var propertyTypedReads: Set<String> = []
    /// `NameReads.propertyMembers` as it is gathered.
    var propertyReadsSeen: Set<String> = []
    /// `NameReads.subscriptKeyPaths` as it is gathered.
    var subscriptKeyPathsSeen: Set<String> = []
    /// `NameReads.memberKeys` as it is gathered.
    var memberKeysSeen: Set<UInt32> = []
    /// `NameReads.keyPathSubscriptRoots` as it is gathered.
    var keyPathSubscriptRootsSeen: Set<String> = []
    /// Type names written in the file, until `finishTypeMentions` sorts out which count.
    var typeMentionsWritten: [TypeMentionWritten] = []
    /// How many places a registration may name a type in (closures, call arguments, …) enclose the walk, one
    /// count per member block (`enterRegistrableContext`).
    var registrableContexts: [Int] = [0]
    /// Properties' written type annotations by `Type|name` ("" when two declarations disagree).
    var annotatedMembers: [String: String] = [:]
    /// Every generic parameter and associated type name the file declares.
    var genericNamesInFile: Set<String> = []
    /// `FactCollector+TypedReads`' bound names, by member declaration.
    var boundNamesCache: [SyntaxIdentifier: [String: Int]] = [:]
    /// `localPatterns` of each member asked about.
    var localPatternsCache: [SyntaxIdentifier: [String: IdentifierPatternSyntax]] = [:]
    /// How deep `localStart` is in locals bound to locals (`let a = b.x` with `let b = c.y`).
    var localStartDepth = 0
    /// The member declarations the walk is in, the innermost last, so a read need not climb to find its own.
    var innermostMembers: [Syntax] = []
    /// The parameters of each function and initializer the walk is in, and nil for each member item: the
    /// last is what a read's nearest such ancestor declares (`annotatedParameterType`).
    var parameterScopes: [FunctionParameterListSyntax?] = []
    /// Locals declared with an injection wrapper: reading one is a read of an injection.
    var localInjectionNames: Set<String> = []
    /// `Type|property` for the `private` and `fileprivate` stored properties of the file's types.
    var privateStoredProperties: Set<String> = []
    /// Reads of the own dependencies assigned straight to a property: the use's index, the property, and where
    /// the two names of the assignment are written (`self.logger = dependencies.logger`), which read nothing.
    var copiesIntoProperties: [(use: Int, property: String, written: [AbsolutePosition])] = []
    /// Stored properties and initializer and function parameters with a nominal type, until `finishTypedValues`
    /// keeps those typed by an alias of this file.
    var typedValueCandidates: [TypedValueFact] = []
    /// The simple names of every type alias the file declares.
    var aliasNamesDeclared: Set<String> = []
    /// Qualified names of the compositions initializers take in place (`Songs.init(dependencies:)`), and those
    /// written by more than one initializer of the file, which are dropped.
    var initializerCompositions: Set<String> = []
    var repeatedInitializerCompositions: Set<String> = []

    /// `gatedByVocabulary: false` asks every value-flow question even of files without the vocabulary; tests
    /// use it to show that the gate changes no fact.
    /// Whether the names the file reads are gathered (`FileFacts.runtime.reads`): they only answer questions
    /// about run-time injections and registrations, so a run whose files hold none leaves them out
    /// (`Pipeline`'s adaptive extraction) and saves about a seventh of a cold scan.
    let recordsRuntimeReads: Bool

    init(path: String, conventions: NamingConventions, lines: LineTable, gatedByVocabulary: Bool = true, recordsRuntimeReads: Bool = true) {
        self.recordsRuntimeReads = recordsRuntimeReads
        self.conventions = conventions
        self.lines = lines
        self.facts = FileFacts(path: path)
        let endings = conventions.dependenciesPropertyNames.map(\.lastLiteralByte)
        if endings.contains(nil) {
            dependenciesNameEndings = nil
        } else {
            var table = [Bool](repeating: false, count: 256)
            for case let byte? in endings { table[Int(byte)] = true }
            dependenciesNameEndings = table
        }
        let vocabulary = conventions.dependencyVocabulary
        runtimeReading = RuntimeStyleReading(conventions: conventions, lines: lines)
        mayHoldDependencies = !gatedByVocabulary || vocabulary.map { lines.containsAny(of: $0) } ?? true
            || lines.declaresPrivateMemberTypedProperty()
        let aliasEndings = conventions.aliasNames.map(\.lastLiteralByte)
        if aliasEndings.contains(nil) {
            aliasNameEndings = nil
        } else {
            var table = [Bool](repeating: false, count: 256)
            for case let byte? in aliasEndings { table[Int(byte)] = true }
            aliasNameEndings = table
        }
        super.init(viewMode: .sourceAccurate)
    }

    func finish() -> FileFacts {
        facts.memberNameHashes = memberNamesSeen.sorted()
        facts.runtime.reads.bare = NameReads.bareHashes(bareNamesByType)
        resolvePropertyTypedReads()
        facts.runtime.reads.members = memberReadsSeen.sorted()
        facts.runtime.reads.typedMembers = typedReadsSeen.sorted()
        facts.runtime.reads.onTypes = typeReadsSeen.sorted()
        facts.runtime.reads.propertyMembers = propertyReadsSeen.sorted()
        facts.runtime.reads.subscriptKeyPaths = subscriptKeyPathsSeen.sorted()
        facts.runtime.reads.memberKeys = memberKeysSeen.sorted()
        facts.runtime.reads.keyPathSubscriptRoots = keyPathSubscriptRootsSeen.sorted()
        facts.runtime.reads.typeLevelMembers = typeLevelReadsSeen.subtracting(memberReadsSeen).sorted()
        finishTypeMentions()
        finishTypedValues()
        finishInitializerCompositions()
        for index in facts.types.indices where facts.types[index].extensionMemberHashes.count > 1 { facts.types[index].extensionMemberHashes.sort() }
        for index in facts.uses.indices where facts.uses[index].holder != nil && facts.uses[index].holderType == nil {
            facts.uses[index].holderType = memberType(facts.uses[index].holder, scope: facts.uses[index].enclosingType)
        }
        for index in facts.declarations.dependencyMemberReads.indices {
            let read = facts.declarations.dependencyMemberReads[index]
            if read.baseType == nil { facts.declarations.dependencyMemberReads[index].baseType = memberType(read.base, scope: read.enclosingType) }
        }
        for index in facts.forwards.indices {
            let forward = facts.forwards[index]
            if forward.holder != nil, forward.holderType == nil {
                facts.forwards[index].holderType = memberType(forward.holder, scope: forward.enclosingType)
            }
            // `self.model = .init(dependencies:)`: the assigned property's type is what is built.
            if forward.callee == "init", forward.base == nil, forward.outerCallee == nil, forward.baseType == nil {
                facts.forwards[index].baseType = memberType(forward.outerLabel, scope: forward.enclosingType)
            }
        }
        for index in facts.forwards.indices {
            guard let base = facts.forwards[index].base, base != "self" else { continue }
            guard facts.forwards[index].baseType == nil else { continue }
            let scope = facts.forwards[index].enclosingType ?? ""
            facts.forwards[index].baseType = memberBindings["\(scope)|\(base)"] ?? memberBindings["*|\(base)"]
        }
        return facts
    }

    /// The declared type of a property, looked up once the whole file is read.
    func memberType(_ name: String?, scope: String?) -> String? {
        guard let name else { return nil }
        return memberBindings["\(scope ?? "")|\(name)"] ?? memberBindings["*|\(name)"]
    }

    // MARK: Positions and names

    func position(_ node: some SyntaxProtocol) -> SourcePosition {
        lines.position(node)
    }

    func references(_ type: TypeSyntax) -> [TypeReference] {
        type.compositionMembers.compactMap { member in
            member.nominalName.map {
                TypeReference(name: $0, genericArguments: member.genericArgumentNames, position: position(member.unwrapped))
            }
        }
    }

    /// `(own: A & B, nested: C)`: every element's members, each marked with its label; nil for other types.
    func tupleElementReferences(_ type: TypeSyntax) -> [TypeReference]? {
        guard let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count > 1,
            tuple.elements.allSatisfy({ $0.firstName != nil })
        else { return nil }
        return tuple.elements.flatMap { element in
            references(element.type).map { reference in
                var labelled = reference
                labelled.element = element.firstName?.identifierText
                return labelled
            }
        }
    }

    /// Names that carry the dependencies value are lower-case (`dependencies`, `externalDependencies`);
    /// the check is cached because it runs for every identifier in the file.
    func isDependenciesValueName(_ name: String) -> Bool {
        if let endings = dependenciesNameEndings, let last = name.utf8.last, !endings[Int(last)] { return false }
        if let known = dependenciesNameCache[name] { return known }
        let result = conventions.isDependenciesValueName(name)
        dependenciesNameCache[name] = result
        return result
    }

    var enclosingType: String? { typeStack.last?.name }

    func qualified(_ name: String) -> String {
        enclosingType.map { "\($0).\(name)" } ?? name
    }

    /// Inside a body the name is local; elsewhere it is a property of the enclosing type (or a global).
    func recordBinding(_ name: String, type: String) {
        if !localScopes.isEmpty {
            localScopes[localScopes.count - 1].types[name] = type
            return
        }
        let scope = enclosingType ?? ""
        if memberBindings["\(scope)|\(name)"] == nil { memberBindings["\(scope)|\(name)"] = type }
        if memberBindings["*|\(name)"] == nil { memberBindings["*|\(name)"] = type }
    }

    /// A parameter or local of an open body by that name, which hides a property of the same name.
    func isLocal(_ name: String) -> Bool {
        localScopes.contains { $0.types[name] != nil || $0.values[name] != nil }
    }

    func localTypeHint(of name: String) -> TypeArgumentHint? {
        for scope in localScopes.reversed() {
            if scope.types[name] != nil { return nil }
            if let hint = scope.typeHints[name] { return hint }
        }
        return nil
    }

    func localType(of name: String?) -> String? {
        guard let name else { return nil }
        return localScopes.reversed().lazy.compactMap { $0.types[name] }.first
    }

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        rememberDependencyAliases(node.statements.lazy.compactMap { $0.item.as(DeclSyntax.self) })
        return .visitChildren
    }

    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
        noteAssociatedTypeTies(in: node)
        return .visitChildren
    }
    override func visit(_ node: PrimaryAssociatedTypeClauseSyntax) -> SyntaxVisitorContinueKind {
        noteAssociatedTypeTies(in: node)
        return .skipChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        // `import class Kit.Player` brings one declaration, not the module: kept as `Kit.Player`.
        let path = node.path.map(\.name.identifierText)
        if !path.isEmpty { facts.imports.append(node.importKindSpecifier == nil ? path[0] : path.joined(separator: ".")) }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        enterRegistrableContext()
        localScopes.append(LocalScope())
        if case .parameterClause(let clause)? = node.signature?.parameterClause {
            registerParameterValues(clause.parameters.map { ((($0.secondName ?? $0.firstName).identifierText), $0.type) })
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        localScopes.removeLast()
        leaveRegistrableContext()
    }

    override func visit(_ node: LabeledExprListSyntax) -> SyntaxVisitorContinueKind {
        if recordsRuntimeReads, Self.isRegistrableContext(node) { enterRegistrableContext() }
        return .visitChildren
    }
    override func visitPost(_ node: LabeledExprListSyntax) { if recordsRuntimeReads, Self.isRegistrableContext(node) { leaveRegistrableContext() } }

    override func visit(_ node: TypeInitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        enterRegistrableContext()
        return .visitChildren
    }
    override func visitPost(_ node: TypeInitializerClauseSyntax) { leaveRegistrableContext() }

    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind {
        if recordsRuntimeReads, Self.isRegistrableContext(node) { enterRegistrableContext() }
        return .visitChildren
    }
    override func visitPost(_ node: ReturnClauseSyntax) { if recordsRuntimeReads, Self.isRegistrableContext(node) { leaveRegistrableContext() } }

    override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind {
        enterRegistrableContext()
        return .visitChildren
    }
    override func visitPost(_ node: FunctionTypeSyntax) { leaveRegistrableContext() }

    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind {
        if recordsRuntimeReads, Self.isRegistrableContext(node) { enterRegistrableContext() }
        return .visitChildren
    }
    override func visitPost(_ node: GenericArgumentClauseSyntax) { if recordsRuntimeReads, Self.isRegistrableContext(node) { leaveRegistrableContext() } }

    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
        localScopes.append(LocalScope())
        return .visitChildren
    }
    override func visitPost(_ node: AccessorBlockSyntax) { localScopes.removeLast() }

    // MARK: Generic parameters

    func genericParameters(
        _ clause: GenericParameterClauseSyntax?, where whereClause: GenericWhereClauseSyntax?
    ) -> [GenericParameterFact] {
        var parameters = clause?.parameters.map { parameter in
            GenericParameterFact(
                name: parameter.name.identifierText,
                constraints: parameter.inheritedType.map(references) ?? []
            )
        } ?? []
        addWhereConstraints(whereClause, to: &parameters)
        return parameters
    }

    func addWhereConstraints(_ whereClause: GenericWhereClauseSyntax?, to parameters: inout [GenericParameterFact]) {
        guard let whereClause else { return }
        for requirement in whereClause.requirements {
            guard case .conformanceRequirement(let conformance) = requirement.requirement,
                let name = conformance.leftType.nominalName,
                let index = parameters.firstIndex(where: { $0.name == name })
            else { continue }
            parameters[index].constraints += references(conformance.rightType)
        }
    }

    // MARK: Types

    func enterType(
        _ kind: TypeKind, name: String, node: some SyntaxProtocol, modifiers: DeclModifierListSyntax,
        generics: GenericParameterClauseSyntax? = nil, whereClause: GenericWhereClauseSyntax? = nil,
        inheritance: InheritanceClauseSyntax?
    ) {
        let qualifiedName = kind == .extension ? name : qualified(name)
        var fact = TypeFact(kind: kind, name: qualifiedName, access: modifiers.accessLevel, position: position(node))
        fact.genericParameters = genericParameters(generics, where: whereClause)
        fact.inheritedTypes = inheritance?.inheritedTypes.flatMap { references($0.type) } ?? []
        if kind == .class, let superclass = inheritance?.inheritedTypes.first?.type { fact.superclassArguments = genericArgumentMembers(superclass) }
        facts.types.append(fact)
        typeStack.append((qualifiedName, facts.types.count - 1))
        genericScopes.append(Set(fact.genericParameters.map(\.name)))
        genericNamesInFile.formUnion(fact.genericParameters.map(\.name))
        dependencyGenerics.append(dependencyLike(fact.genericParameters))
        genericOwners.append(qualifiedName)
        var ownAliases: Set<String> = []
        // Read only where a value may be handed on at all: every type of every file passes here.
        if kind != .extension, mayHoldDependencies, let group = Syntax(node).parent?.asProtocol(DeclGroupSyntax.self) {
            for member in group.memberBlock.members {
                if let alias = member.decl.as(TypeAliasDeclSyntax.self) { ownAliases.insert(alias.name.identifierText) }
            }
        }
        ownAliasScopes.append(ownAliases)
    }

    /// A Swift Testing suite (`@Suite`, or a type holding `@Test` functions) exercises components; it is none.
    func markTestSuite(if marked: Bool) {
        guard marked, let current = typeStack.last else { return }
        facts.types[current.index].isTestSuite = true
    }

    func leaveType() {
        typeStack.removeLast()
        genericScopes.removeLast()
        dependencyGenerics.removeLast()
        genericOwners.removeLast()
        ownAliasScopes.removeLast()
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        defer { markTestSuite(if: node.attributes.contains(named: "Suite")) }
        enterType(.struct, name: node.name.identifierText, node: node.name, modifiers: node.modifiers,
                  generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                  inheritance: node.inheritanceClause)
        noteDynamicMemberLookup(node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        defer { markTestSuite(if: node.attributes.contains(named: "Suite")) }
        enterType(.class, name: node.name.identifierText, node: node.name, modifiers: node.modifiers,
                  generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                  inheritance: node.inheritanceClause)
        noteDynamicMemberLookup(node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        defer { markTestSuite(if: node.attributes.contains(named: "Suite")) }
        enterType(.actor, name: node.name.identifierText, node: node.name, modifiers: node.modifiers,
                  generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                  inheritance: node.inheritanceClause)
        noteDynamicMemberLookup(node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        defer { markTestSuite(if: node.attributes.contains(named: "Suite")) }
        enterType(.enum, name: node.name.identifierText, node: node.name, modifiers: node.modifiers,
                  generics: node.genericParameterClause, whereClause: node.genericWhereClause,
                  inheritance: node.inheritanceClause)
        noteDynamicMemberLookup(node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(.protocol, name: node.name.identifierText, node: node.name, modifiers: node.modifiers,
                  inheritance: node.inheritanceClause)
        if let current = typeStack.last {
            let comments = node.leadingTrivia.pieces.compactMap(\.commentText)
            facts.types[current.index].generatesMock = comments.contains { $0.contains("@mockable") || $0.contains("AutoMockable") }
                || facts.types[current.index].inheritedTypes.contains { $0.name == "AutoMockable" }
        }
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) {
        // `protocol P where Dependencies: X` constrains associated types declared inside.
        addWhereConstraints(node.genericWhereClause, to: &facts.types[typeStack.last!.index].associatedTypes)
        leaveType()
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.nominalName ?? node.extendedType.trimmedDescription
        enterType(.extension, name: name, node: node.extendedType, modifiers: node.modifiers,
                  inheritance: node.inheritanceClause)
        if node.genericWhereClause != nil, let current = typeStack.last { constrainedExtensions.insert(current.index) }
        return .visitChildren
    }

    /// A property or method declared right in an unconstrained extension's body.
    func recordExtensionMember(_ name: String) {
        guard let current = typeStack.last, facts.types[current.index].kind == .extension,
            !constrainedExtensions.contains(current.index)
        else { return }
        let hash = MemberNameHash.of(name)
        if !facts.types[current.index].extensionMemberHashes.contains(hash) { facts.types[current.index].extensionMemberHashes.append(hash) }
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let current = typeStack.last else { return .skipChildren }
        var associated = [GenericParameterFact(
            name: node.name.identifierText,
            constraints: node.inheritanceClause?.inheritedTypes.flatMap { references($0.type) } ?? []
        )]
        addWhereConstraints(node.genericWhereClause, to: &associated)
        facts.types[current.index].associatedTypes += associated
        facts.types[current.index].requirements.append(node.name.identifierText)
        genericScopes[genericScopes.count - 1].insert(node.name.identifierText)
        genericNamesInFile.insert(node.name.identifierText)
        if !dependencyLike(associated).isEmpty { dependencyGenerics[dependencyGenerics.count - 1].insert(node.name.identifierText) }
        return .skipChildren
    }

    // MARK: Aliases

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        recordTypeAlias(node)
        aliasNamesDeclared.insert(node.name.identifierText)
        aliasBeingDeclared = qualified(node.name.identifierText)
        let value = node.initializer.value
        let members = tupleElementReferences(value) ?? references(value)
        let name = node.name.identifierText
        recordClosureType(qualified(name), type: value)
        let isDependencyLike = value.isComposition || conventions.isAliasName(name)
            || members.contains { conventions.namesDependency($0.lastComponent) }
        guard !members.isEmpty, isDependencyLike else {
            if node.modifiers.accessLevel == .public || node.modifiers.accessLevel == .open {
                facts.publicAliasArguments += members.flatMap(\.genericArguments)
            }
            return .visitChildren
        }
        facts.aliases.append(AliasFact(
            name: name, enclosingType: enclosingType, access: node.modifiers.accessLevel,
            position: position(node.name), members: members
        ))
        if let current = typeStack.last, facts.types[current.index].isProtocol {
            facts.types[current.index].requirements.append(name)
        }
        return .visitChildren
    }
    override func visitPost(_ node: TypeAliasDeclSyntax) { aliasBeingDeclared = nil }

    // MARK: Properties

    /// A variable of the file's top level (also inside `#if`): a global, which any file may read. Any other
    /// that is no member sits in a body (a function's, a closure's, an accessor's) and is read only there.
    static func isGlobal(_ node: VariableDeclSyntax) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(SourceFileSyntax.self) { return true }
            if syntax.is(CodeBlockSyntax.self) || syntax.is(ClosureExprSyntax.self) || syntax.is(AccessorBlockSyntax.self) { return false }
            current = syntax.parent
        }
        return true
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        recordAnnotatedMembers(node)
        if !isMember, !node.attributes.isEmpty {
            let before = facts.runtime.injections.count
            runtimeReading.readInjection(
                node, enclosingType: enclosingType, imports: facts.imports, isLocal: !Self.isGlobal(node), typeIgnored: { false },
                into: &facts.runtime
            )
            for injection in facts.runtime.injections[before...] { localInjectionNames.insert(injection.property) }
        }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText else { continue }
            let annotation = binding.typeAnnotation?.type
            // An annotation wins even when it names no nominal type (`[Loader]`): then there is no name.
            let constructed = annotation == nil ? binding.initializer.flatMap { constructedTypeName(of: $0.value) } : nil
            let typeName = annotation.map { $0.nominalName ?? $0.metatypeName }
                ?? constructed ?? binding.initializer.flatMap { castType($0.value)?.type.nominalName ?? castMetatypeName(of: $0.value) }
            if let typeName { recordBinding(name, type: typeName) }
            if let constructed, !isMember, !localScopes.isEmpty { localScopes[localScopes.count - 1].constructed[name] = constructed }
            if typeName == nil, !isMember, !localScopes.isEmpty, let value = binding.initializer?.value, let hint = typeArgumentHint(value) {
                localScopes[localScopes.count - 1].typeHints[name] = hint
            }
            if typeName == nil, !isMember, !localScopes.isEmpty, let value = binding.initializer?.value, let hint = metatypeCallHint(value) {
                localScopes[localScopes.count - 1].metatypeCalls[name] = hint
            }
            guard isMember, let current = typeStack.last else { continue }
            if let valueType = provenStaticType(node, binding) {
                facts.declarations.staticProperties.append(StaticPropertyFact(owner: current.name, name: name, type: valueType))
            }
            noteDeclaredMember(name)
            let isProtocol = facts.types[current.index].isProtocol
            if !isProtocol { notePrivateStoredProperty(node, name: name, binding: binding) }
            if !isProtocol, let annotation, isStored(binding) { noteTypedValue(name, type: annotation) }
            if isProtocol {
                facts.types[current.index].requirements.append(name)
                if let requirement = propertyRequirement(name, binding: binding, in: node) {
                    facts.types[current.index].propertyRequirements.append(requirement)
                    if let annotation { recordClosureType("\(current.name).\(name)", type: annotation) }
                }
            }
            recordExtensionMember(name)
            if !isDependenciesValueName(name) {
                guard !isProtocol, isPrivateTypedDependencies(node, type: annotation), isStored(binding) else { continue }
                typedDependencyProperties.insert(name)
            }
            let declaredType = annotation ?? binding.initializer.flatMap { impliedType(of: $0.value) }
            var type = declaredType.flatMap { type -> TypeReference? in
                type.nominalName.map {
                    TypeReference(name: $0, genericArguments: type.genericArgumentNames, position: typePosition(type, in: binding))
                }
            }
            // `private let dependencies: HasLogger & HasStore`: the composition is the property's alias, unnamed.
            // Not an `override`, whose type the superclass's property fixes.
            if !isProtocol, isStored(binding), !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
                let annotation, let members = inlineComposition(annotation)
            {
                facts.aliases.append(AliasFact(
                    name: name, enclosingType: current.name, access: node.modifiers.accessLevel, position: position(binding.pattern),
                    members: members, isInline: true
                ))
                type = TypeReference(name: "\(current.name).\(name)", position: typePosition(annotation, in: binding))
            }
            var property = DependencyPropertyFact(
                name: name, type: type, isStored: !isProtocol && isStored(binding), position: position(binding.pattern),
                access: node.modifiers.accessLevel
            )
            if property.isStored, let tuple = annotation?.unwrapped.as(TupleTypeSyntax.self), tuple.elements.count >= 2 {
                // Only where every element is labelled and typed by a name: then what the tuple holds is known.
                let elements = tuple.elements.compactMap { element in
                    element.firstName.flatMap { label in element.type.nominalName.map { TupleElementFact(label: label.identifierText, type: $0) } }
                }
                if elements.count == tuple.elements.count, Set(elements.map(\.label)).count == elements.count { property.tuple = elements }
            }
            facts.types[current.index].dependencyProperties.append(property)
        }
        return .visitChildren
    }

    /// A type implied by `= Foo()` is built on the spot and has no place in the file; the construction
    /// starts with the type's name, so it stands for it.
    func typePosition(_ type: TypeSyntax, in binding: PatternBindingSyntax) -> SourcePosition {
        if type.parent == nil, let value = binding.initializer?.value { return position(value) }
        return position(type.unwrapped)
    }

    /// `if let cell = view as? Cell<D>` and `guard let loader = Loader()` declare names too.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        recordShorthandBindingRead(node)
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
            let typeName = node.typeAnnotation.map({ $0.type.nominalName ?? $0.type.metatypeName })
                ?? node.initializer.flatMap({ impliedTypeName(of: $0.value) ?? castMetatypeName(of: $0.value) })
        {
            recordBinding(name, type: typeName)
        } else if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText, !localScopes.isEmpty,
            node.typeAnnotation == nil, let value = node.initializer?.value, let hint = metatypeCallHint(value)
        {
            localScopes[localScopes.count - 1].metatypeCalls[name] = hint
        } else if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText,
            let value = node.initializer?.value, value.strippedOfOptionality.isSelf, let type = enclosingType
        {
            // `if let owner = self`, `guard let weakSelf = self` in a closure capturing `[weak self]`: the
            // instance itself, so `owner.dependencies.x` reads this type's own dependencies.
            recordBinding(name, type: type)
        }
        return .visitChildren
    }

    /// The type an initial value says its variable has: a construction or a cast.
    func impliedType(of expr: ExprSyntax) -> TypeSyntax? {
        if let nested = nestedTypeConstructed(expr) { return nested }
        return constructedType(expr) ?? castType(expr)?.type
    }

    /// The name of `impliedType(of:)`, without building a type node for a construction.
    func impliedTypeName(of expr: ExprSyntax) -> String? {
        constructedTypeName(of: expr) ?? castType(expr)?.type.nominalName
    }

    /// The name of the type a construction builds (`Foo(...)`, `Outer.Inner(...)`, `Foo.live()`); nil for a cast.
    func constructedTypeName(of expr: ExprSyntax) -> String? {
        if let nested = nestedTypeConstructed(expr) { return nested.nominalName }
        return expr.constructedType()?.name.identifierText
    }

    /// `Outer.Inner(...)` and `Outer.Inner.init(...)`: a nested type's initializer, so the value is an `Outer.Inner`,
    /// where `Outer.live()` and `Outer.shared` are, by convention, an `Outer` (`constructedType`). Every name of the
    /// chain capitalised, as types are; nil for anything else.
    private func nestedTypeConstructed(_ expr: ExprSyntax) -> TypeSyntax? {
        guard var callee = expr.as(FunctionCallExprSyntax.self)?.calledExpression else { return nil }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        func typeNamed(by expr: ExprSyntax) -> TypeSyntax? {
            if let reference = expr.as(DeclReferenceExprSyntax.self) {
                guard reference.argumentNames == nil, reference.baseName.identifierText.first?.isUppercase == true else { return nil }
                return TypeSyntax(IdentifierTypeSyntax(name: reference.baseName.trimmed))
            }
            guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base.flatMap(typeNamed(by:)),
                member.declName.argumentNames == nil, member.declName.baseName.identifierText.first?.isUppercase == true
            else { return nil }
            return TypeSyntax(MemberTypeSyntax(baseType: base, name: member.declName.baseName.trimmed))
        }
        return typeNamed(by: ExprSyntax(member))
    }

    /// `x as? T`, `x as! T` and the pattern `let x as T`: the parser leaves them as the unfolded
    /// sequence `[x, as, T]`.
    func castType(_ expr: ExprSyntax) -> (operand: ExprSyntax, type: TypeSyntax)? {
        guard let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self)?.type else { return nil }
        return (elements[0], type)
    }

    /// `Foo(...)`, `Foo<X>(...)`, `Foo.init(...)` tell the type of what they initialise; so, by
    /// convention, do static factories and shared instances (`Foo.live()`, `Foo.shared`).
    func constructedType(_ expr: ExprSyntax) -> TypeSyntax? {
        guard let (name, genericArguments) = expr.constructedType() else { return nil }
        // Keep `<External>` of `Spliced<External>()`: it says which external dependencies are wrapped.
        return TypeSyntax(IdentifierTypeSyntax(name: name.trimmed, genericArgumentClause: genericArguments?.trimmed))
    }

    /// `var name: Type { get }` or `{ get set }` in a protocol; nothing for a static one or one without a type.
    func propertyRequirement(_ name: String, binding: PatternBindingSyntax, in declaration: VariableDeclSyntax) -> PropertyRequirementFact? {
        guard let type = binding.typeAnnotation?.type,
            !declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
        else { return nil }
        var isSettable = false
        if case .accessors(let list)? = binding.accessorBlock?.accessors {
            isSettable = list.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
        }
        let written = type.trimmedDescription.filter { !$0.isWhitespace }
        return PropertyRequirementFact(name: name, type: written, isSettable: isSettable)
    }

    /// A property is stored unless it has a getter (`willSet`/`didSet` observers keep it stored).
    /// The type of a `static` or `class` property when the declaration proves it: written, built by an
    /// initializer (`= Session()`, `= Session.init()`) or cast (`= x as! Session`). A static factory
    /// (`= Session.make()`) may return anything, so it proves nothing.
    func provenStaticType(_ node: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> String? {
        guard node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) })
        else { return nil }
        if let annotation = binding.typeAnnotation?.type { return annotation.nominalName }
        guard let value = binding.initializer?.value else { return nil }
        if let cast = castType(value) { return cast.type.nominalName }
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base {
            callee = base
        }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        guard let type = callee.as(DeclReferenceExprSyntax.self)?.baseName.identifierText, type.first?.isUppercase == true else { return nil }
        return type
    }

    /// `view.dequeueReusableCell(for: path, cellType: SummaryCell.self)`: the call and the one type handed to it.
    func typeArgumentHint(_ value: ExprSyntax) -> TypeArgumentHint? {
        guard let call = value.withoutUnwrapping.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.identifierText
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.identifierText
        guard let callee else { return nil }
        let handed = call.arguments.compactMap { argument -> TypeArgumentHint? in
            guard let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.self),
                  let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.identifierText, type.first?.isUppercase == true
            else { return nil }
            return TypeArgumentHint(callee: callee, label: argument.label?.identifierText ?? "_", type: type)
        }
        return handed.count == 1 ? handed[0] : nil
    }

    /// `func make<T>(_ type: T.Type) -> T`: the label of the one parameter typed `T.Type`, where the function
    /// returns `T` (or `T?`, `T!`) and `T` is its own generic parameter.
    func typeReturningLabel(_ node: FunctionDeclSyntax) -> String? {
        guard let generics = node.genericParameterClause?.parameters, let returned = node.signature.returnClause?.type.unwrapped,
              let name = returned.as(IdentifierTypeSyntax.self)?.name.identifierText,
              returned.as(IdentifierTypeSyntax.self)?.genericArgumentClause == nil,
              generics.contains(where: { $0.name.identifierText == name })
        else { return nil }
        let labels = node.signature.parameterClause.parameters.compactMap { parameter -> String? in
            guard let metatype = parameter.type.as(MetatypeTypeSyntax.self), metatype.metatypeSpecifier.tokenKind == .keyword(.Type),
                  metatype.baseType.as(IdentifierTypeSyntax.self)?.name.identifierText == name
            else { return nil }
            return parameter.firstName.identifierText
        }
        return labels.count == 1 ? labels[0] : nil
    }

    func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        switch accessors {
        case .getter: return false
        case .accessors(let list):
            return list.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }

    // MARK: Functions and initializers

    func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
        clause.parameters.map { parameter in
            let type = parameter.type
            let reference = type.nominalName.map {
                TypeReference(name: $0, genericArguments: type.genericArgumentNames, position: position(type.unwrapped))
            }
            var fact = ParameterFact(
                label: parameter.firstName.identifierText,
                name: (parameter.secondName ?? parameter.firstName).identifierText,
                type: reference
            )
            fact.composition = inlineComposition(type)?.map(\.name).sorted()
            return fact
        }
    }

    /// `HasLogger & HasStore` written in place, every member a named type: its members; nil for anything else.
    /// `Base<HasA & HasB, Model>`: each generic argument as the names it composes, or none when it is something else.
    func genericArgumentMembers(_ type: TypeSyntax) -> [[TypeReference]] {
        let clause = type.as(IdentifierTypeSyntax.self)?.genericArgumentClause ?? type.as(MemberTypeSyntax.self)?.genericArgumentClause
        return clause?.arguments.map { argument in
            guard case .type(let type) = argument.argument else { return [] }
            if let members = inlineComposition(type) { return members }
            guard type.nominalName != nil, type.genericArgumentNames.isEmpty else { return [] }
            return references(type)
        } ?? []
    }

    func inlineComposition(_ type: TypeSyntax) -> [TypeReference]? {
        guard type.isComposition else { return nil }
        let members = references(type)
        guard members.count >= 2, members.count == type.compositionElementCount else { return nil }
        return members
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        parameterScopes.append(node.signature.parameterClause.parameters)
        let generics = genericParameters(node.genericParameterClause, where: node.genericWhereClause)
        genericScopes.append(Set(generics.map(\.name)))
        genericNamesInFile.formUnion(generics.map(\.name))
        dependencyGenerics.append(dependencyLike(generics))
        genericOwners.append(nil)
        var parameters = parameters(node.signature.parameterClause)
        markTypedDependencies(&parameters, node.signature.parameterClause)
        localScopes.append(LocalScope())
        for parameter in parameters { if let type = parameter.type { recordBinding(parameter.name, type: type.name) } }
        registerParameterValues(node.signature.parameterClause.parameters.map { (($0.secondName ?? $0.firstName).identifierText, $0.type) })
        noteTypedParameters(node.signature.parameterClause)
        if let current = typeStack.last, facts.types[current.index].isProtocol {
            facts.types[current.index].requirements.append(node.name.identifierText)
        }
        if node.parent?.is(MemberBlockItemSyntax.self) == true { recordExtensionMember(node.name.identifierText) }
        markTestSuite(if: node.attributes.contains(named: "Test"))
        if let label = typeReturningLabel(node) {
            facts.declarations.typeReturningFunctions.append(TypeReturningFunctionFact(name: node.name.identifierText, label: label))
        }
        if let returned = node.signature.returnClause?.type.metatypeName {
            facts.declarations.metatypeFunctions.append(MetatypeFunctionFact(
                owner: enclosingType, name: node.name.identifierText,
                labels: node.signature.parameterClause.parameters.map { $0.firstName.identifierText },
                isStatic: node.modifiers.isStatic, returned: String(returned.dropLast(5))
            ))
        }
        let takesDependencies = parameters.contains { isDependenciesValueName($0.label) || isDependenciesValueName($0.name) || $0.carriesDependencies }
        functionStack.append(takesDependencies ? qualified(node.name.identifierText) : nil)
        recordDependenciesParameter(node.signature.parameterClause, function: node.name.identifierText)
        if takesDependencies {
            facts.functions.append(FunctionFact(
                name: node.name.identifierText, enclosingType: enclosingType, isStatic: node.modifiers.isStatic,
                access: node.modifiers.accessLevel, position: position(node.name),
                genericParameters: generics, parameters: parameters
            ))
        }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        parameterScopes.removeLast()
        genericScopes.removeLast()
        dependencyGenerics.removeLast()
        genericOwners.removeLast()
        functionStack.removeLast()
        localScopes.removeLast()
    }

    /// A parameter named unlike dependencies but typed by a dependency-like alias of this file carries them
    /// (not one typed by an alias in `excluded`).
    private func markTypedDependencies(
        _ parameters: inout [ParameterFact], _ clause: FunctionParameterClauseSyntax, unless excluded: Set<String> = []
    ) {
        for (index, parameter) in clause.parameters.enumerated()
        where !isDependenciesValueName(parameters[index].label) && !isDependenciesValueName(parameters[index].name) && isFileDependencyAlias(parameter.type) {
            if !excluded.isEmpty, let name = parameter.type.unwrapped.nominalName, excluded.contains(String(name.lastDottedPart)) {
                continue
            }
            parameters[index].carriesDependencies = true
        }
    }

    /// The last names of the types of the properties, other than `private` ones, that the struct, class, enum
    /// or actor around an initializer declares; nil for an initializer in an extension, whose type may store
    /// its values in properties declared elsewhere, and for members under `#if`.
    private func storedPropertyTypes(around node: InitializerDeclSyntax) -> Set<String>? {
        guard let members = node.parent?.parent?.as(MemberBlockItemListSyntax.self), let block = members.parent?.as(MemberBlockSyntax.self),
            let owner = block.parent, owner.is(StructDeclSyntax.self) || owner.is(ClassDeclSyntax.self) || owner.is(EnumDeclSyntax.self)
                || owner.is(ActorDeclSyntax.self)
        else { return nil }
        var types: Set<String> = []
        for item in members {
            // Members under `#if` are not looked into: such a type is left as it was.
            if item.decl.is(IfConfigDeclSyntax.self) { return nil }
            guard let variable = item.decl.as(VariableDeclSyntax.self), variable.modifiers.accessLevel != .private else { continue }
            for binding in variable.bindings {
                guard let name = binding.typeAnnotation?.type.unwrapped.nominalName else { continue }
                types.insert(String(name.lastDottedPart))
            }
        }
        return types
    }

    /// Whether an initializer's body calls a method or function: a call whose name is not a type's
    /// (`Formatter()` only builds a value) and is no other initializer (`super.init()`).
    static func runsCode(_ body: CodeBlockSyntax?) -> Bool {
        guard let body else { return false }
        return body.descendants(FunctionCallExprSyntax.self).contains { call in
            let called = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let called, let initial = called.first else { return false }
            return initial.isLowercase && called != "init"
        }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        parameterScopes.append(node.signature.parameterClause.parameters)
        let generics = genericParameters(node.genericParameterClause, where: node.genericWhereClause)
        genericScopes.append(Set(generics.map(\.name)))
        genericNamesInFile.formUnion(generics.map(\.name))
        dependencyGenerics.append(dependencyLike(generics))
        genericOwners.append(nil)
        var parameters = parameters(node.signature.parameterClause)
        // Only where the type stores no value of the alias that other files may read: what they read of it
        // under a name unlike dependencies would go unseen.
        if let stored = storedPropertyTypes(around: node) {
            markTypedDependencies(&parameters, node.signature.parameterClause, unless: stored)
        }
        localScopes.append(LocalScope())
        for parameter in parameters { if let type = parameter.type { recordBinding(parameter.name, type: type.name) } }
        registerParameterValues(node.signature.parameterClause.parameters.map { (($0.secondName ?? $0.firstName).identifierText, $0.type) })
        noteTypedParameters(node.signature.parameterClause)
        recordInitializerCompositions(node.signature.parameterClause, access: node.modifiers.accessLevel)
        if let current = typeStack.last {
            facts.types[current.index].initializers.append(InitializerFact(
                parameters: parameters, position: position(node.initKeyword), genericParameters: generics.map(\.name),
                runsCode: recordsRuntimeReads && Self.runsCode(node.body)
            ))
        }
        recordDependenciesParameter(node.signature.parameterClause, function: "init")
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        parameterScopes.removeLast()
        genericScopes.removeLast()
        dependencyGenerics.removeLast()
        genericOwners.removeLast()
        localScopes.removeLast()
    }

    // MARK: Uses of the dependencies value

    /// An enum's case is a value its static members reach by its bare name, as they reach a property.
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        noteDeclaredMember(node.name.identifierText)
        recordGenericCase(node)
        return .visitChildren
    }

    /// `case detached(VM.Dependency)` in `enum Attachable<VM>`: a payload typed by a member of a generic
    /// parameter, which `.detached(dependencies)` under a written `Attachable<Home>` hands to `Home`.
    private func recordGenericCase(_ node: EnumCaseElementSyntax) {
        guard let parameters = node.parameterClause?.parameters, let current = typeStack.last,
            facts.types[current.index].kind == .enum, !facts.types[current.index].genericParameters.isEmpty
        else { return }
        let generics = Set(facts.types[current.index].genericParameters.map(\.name))
        let payloads = parameters.map { $0.type.nominalName ?? "" }
        guard payloads.contains(where: { generics.contains(String($0.split(separator: ".").first ?? "")) && $0.contains(".") }) else { return }
        facts.types[current.index].genericCases.append(GenericCaseFact(name: node.name.identifierText, payloads: payloads))
    }

    /// A property or case of the innermost type, or a subscript's step (`NameReads.memberKeys`).
    private func noteDeclaredMember(_ name: String) {
        guard recordsRuntimeReads, let current = typeStack.last else { return }
        memberKeysSeen.insert(MemberNameHash.bare(name, in: current.name.lastDottedPart))
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        recordKeyPathSubscriptRoots(node)
        if let current = typeStack.last, facts.types[current.index].isProtocol {
            facts.types[current.index].requirements.append("subscript")
        }
        // An instance subscript an extension or a protocol adds may be one of a library's type.
        if recordsRuntimeReads, let current = typeStack.last, facts.types[current.index].kind == .extension || facts.types[current.index].isProtocol,
            !node.modifiers.isStatic
        {
            let parameters = node.parameterClause.parameters
            // A subscript's parameter has an argument label only when it is given two names.
            let step = parameters.contains { $0.defaultValue != nil || $0.ellipsis != nil } ? NameReads.anySubscript
                : NameReads.subscriptStep(labels: parameters.map { $0.secondName == nil ? "_" : $0.firstName.identifierText })
            noteDeclaredMember(step)
        }
        return .visitChildren
    }

    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind {
        recordKeyPath(node)
        recordKeyPathRead(node)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = node.declName.baseName.identifierText
        // `.success`, `.shared`: an implicit member is a static one, never a read of a container's property.
        if node.base != nil { recordMemberName(member) }
        recordMemberRead(node, name: member)
        recordDependencyMemberRead(node, member: member)
        if mayHoldDependencies, let baseExpr = node.base, let base = baseExpr.referencedName, let known = knownValue(of: baseExpr) {
            var use = UseFact(
                base: base, member: member, isTypeLevel: false,
                enclosingType: enclosingType, enclosingFunction: enclosingFunction, position: position(node.declName)
            )
            use.value = recorded(known.identity)
            use.next = nextMember(after: node)
            use.isHandedOn = isHandedOnAsDependencies(node)
            if let role = ExprSyntax(node).assignmentRole, !role.isTarget, let target = copiedProperty(role.other) {
                copiesIntoProperties.append((facts.uses.count, target.name, [target.token, node.declName.baseName.positionAfterSkippingLeadingTrivia]))
            }
            facts.uses.append(use)
        } else if mayHoldDependencies, let base = node.base, let access = holderAccess(base) {
            // `viewModel.dependencies.logger`: a read of the dependencies a held value shares.
            var use = UseFact(
                base: access.name, member: member, isTypeLevel: false, enclosingType: enclosingType,
                enclosingFunction: enclosingFunction, position: position(node.declName),
                holder: access.holder, holderType: access.holderType
            )
            use.next = nextMember(after: node)
            facts.uses.append(use)
        } else if genericScopes.contains(where: { !$0.isEmpty }),
            let base = node.base?.as(DeclReferenceExprSyntax.self)?.baseName.identifierText, isGenericName(base),
            !["self", "Type", "Protocol", "init"].contains(member)
        {
            // `Dependencies.SomeService.Item(id:)` and `D.Store.make()` name a leaf's associated type or
            // static member in an expression; `D.self` only names the type. Alias names are left out here:
            // a composition has no associated types to reach, and `AppServices.shared` is a container.
            facts.uses.append(UseFact(
                base: base, member: member, isTypeLevel: true,
                enclosingType: enclosingType, enclosingFunction: enclosingFunction, position: position(node.declName)
            ))
        }
        return .visitChildren
    }

    /// `viewModel.dependencies`, `(delegate as? AppDelegate)?.dependencies`: the dependencies of a value
    /// other than `self`, with that value's name and, when a cast or a local says it, its type.
    func holderAccess(_ expr: ExprSyntax) -> (name: String, holder: String?, holderType: String?)? {
        guard let access = expr.strippedOfOptionality.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
        let name = access.declName.baseName.identifierText
        guard isDependenciesValueName(name), !base.strippedOfOptionality.isSelf, !base.is(SuperExprSyntax.self) else { return nil }
        // `_` stands for a value that is not a plain name (`lookup().dependencies`).
        var holder = holderName(of: base)
        // `$viewModel.dependencies.store` (a property wrapper's projection, SwiftUI's `@Bindable`) reads
        // through to the wrapped `viewModel`'s dependencies.
        if holder.hasPrefix("$"), holder.count > 1 { holder.removeFirst() }
        let holderType = castTypeName(base) ?? localType(of: holder)
        return (name, holder, holderType)
    }

    /// The holder a dependencies value is read from (`ExprSyntax.holderName`), or a member of the code's own
    /// dependencies value (`self?.environment.router?` in `self?.environment.router?.environment`), named
    /// `environment#router` (a `#`, which no name holds, so it is never read as a module or type's member):
    /// linking types it by what the leaf declaring `router` says it is (`DependencyMemberHolderTyping`).
    func holderName(of base: ExprSyntax) -> String {
        let name = base.holderName
        return name == "_" ? memberHolderName(of: base) ?? name : name
    }

    /// `environment#router` for `self?.environment.router?`: a member of the code's own dependencies value.
    func memberHolderName(of base: ExprSyntax) -> String? {
        guard let member = base.strippedOfOptionality.as(MemberAccessExprSyntax.self),
              member.declName.argumentNames == nil, case .identifier = member.declName.baseName.tokenKind,
              let owner = member.base, let value = owner.referencedName, knownValue(of: owner) != nil
        else { return nil }
        return "\(value)#\(member.declName.baseName.identifierText)"
    }

    /// The type named by a cast anywhere around a value: `(x as? T)?`, `(x as! T)`.
    func castTypeName(_ expr: ExprSyntax) -> String? {
        var current = expr
        while true {
            if let force = current.as(ForceUnwrapExprSyntax.self) { current = force.expression; continue }
            if let chain = current.as(OptionalChainingExprSyntax.self) { current = chain.expression; continue }
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.expression
                continue
            }
            break
        }
        return castType(current)?.type.nominalName
    }

    // MARK: Generic dependencies handed on as types

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if let clause = node.genericArgumentClause { recordSpecialization(node.name.identifierText, clause, at: node.name) }
        recordMention(node.name.identifierText)
        recordTypeMention(node.name) { Self.isLookupable(type: node) }
        return .visitChildren
    }

    func couldBeAliasName(_ name: String) -> Bool {
        guard let endings = aliasNameEndings, let last = name.utf8.last else { return true }
        return endings[Int(last)]
    }

    func recordMention(_ name: String) {
        let mention: AliasMention
        if isAliasLikeName(name) {
            mention = AliasMention(name: name, enclosingType: enclosingType, composedBy: aliasBeingDeclared)
        } else if isFileDependencyAliasName(name) {
            mention = AliasMention(name: name, enclosingType: enclosingType, enclosingFunction: enclosingFunction, composedBy: aliasBeingDeclared)
        } else {
            return
        }
        if mentionsSeen.insert(mention).inserted { facts.aliasMentions.append(mention) }
    }

    override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.expression.as(DeclReferenceExprSyntax.self)?.baseName.identifierText {
            recordSpecialization(name, node.genericArgumentClause, at: node.expression)
        }
        return .visitChildren
    }

    /// Generic parameters named like dependencies, or constrained by names that look like them.
    func dependencyLike(_ parameters: [GenericParameterFact]) -> Set<String> {
        Set(parameters.filter { parameter in
            conventions.isAliasName(parameter.name) || parameter.constraints.contains {
                conventions.namesDependency($0.lastComponent)
            }
        }.map(\.name))
    }

    func recordSpecialization(_ type: String, _ clause: GenericArgumentClauseSyntax, at node: some SyntaxProtocol) {
        guard dependencyGenerics.contains(where: { !$0.isEmpty }) else { return }
        let arguments = clause.arguments.compactMap { argument -> String? in
            guard case .type(let type) = argument.argument, let name = type.as(IdentifierTypeSyntax.self)?.name.identifierText,
                dependencyGenerics.contains(where: { $0.contains(name) })
            else { return nil }
            return name
        }
        guard !arguments.isEmpty else { return }
        facts.specializations.append(SpecializationFact(
            type: type, arguments: arguments, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
            position: position(node)
        ))
    }

    /// A generic parameter or associated type in scope.
    func isGenericName(_ name: String) -> Bool {
        genericScopes.contains { !$0.isEmpty && $0.contains(name) }
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        recordTypeMention(node.name) { Self.isLookupable(type: node) }
        // Only names ending like an alias are worth their qualified name (a chain `a.b.c…` would cost its
        // length squared otherwise).
        if couldBeAliasName(node.name.identifierText), let qualified = TypeSyntax(node).nominalName, isAliasLikeName(qualified) {
            recordMention(qualified)
        } else {
            // Any other `Outer.Inner` may be an alias named in the app's own words (`Model.Context`, `Model.Deps`).
            recordQualifiedMention(node)
        }
        guard let base = node.baseType.as(IdentifierTypeSyntax.self)?.name.identifierText else { return .visitChildren }
        if isGenericName(base) || conventions.isAliasName(base) {
            facts.uses.append(UseFact(
                base: base, member: node.name.identifierText, isTypeLevel: true,
                enclosingType: enclosingType, enclosingFunction: enclosingFunction, position: position(node.name)
            ))
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        recordBareRead(node)
        recordTypeMention(reference: node)
        guard mayHoldDependencies else { return .visitChildren }
        let name = node.baseName.identifierText
        guard isDependenciesValueName(name) || isTypedValueName(name) else { return .visitChildren }
        // Asked before the occurrence is recorded: `if let dependencies = dependencies` binds a local that the
        // value it is bound from is not yet (it reads the stored property).
        let readsStored = (isDependenciesValueName(name) || typedDependencyProperties.contains(name)) && isRead(node, name: name)
        recordValueOccurrence(node)
        guard readsStored, let scope = enclosingType else { return .visitChildren }
        let read = DependencyRead(name: name, enclosingType: scope)
        if readsSeen.insert(read).inserted { facts.dependencyReads.append(read) }
        return .visitChildren
    }

    /// `dependencies.nested` as the dependencies argument of a call: a forward, when `nested` is an element
    /// of a tuple alias.
    func isHandedOnAsDependencies(_ node: MemberAccessExprSyntax) -> Bool {
        guard let argument = ValueFlowReading.widened(ExprSyntax(node)).parent?.as(LabeledExprSyntax.self),
            let label = argument.label, argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true
        else { return false }
        return isDependenciesValueName(label.identifierText)
    }

    /// `imageService` in `dependencies.own.imageService`.
    func nextMember(after node: MemberAccessExprSyntax) -> String? {
        guard let next = ValueFlowReading.widened(ExprSyntax(node)).parent?.as(MemberAccessExprSyntax.self) else { return nil }
        return next.declName.baseName.identifierText
    }

    /// Whether this mention reads the value, rather than storing it (`self.dependencies = dependencies`)
    /// or naming someone else's property (`child.dependencies`).
    func isRead(_ node: DeclReferenceExprSyntax, name: String) -> Bool {
        var expression = ExprSyntax(node)
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            guard member.base?.strippedOfOptionality.isSelf == true else { return false }
            expression = ExprSyntax(member)
        } else if isLocal(name) {
            return false  // `init(dependencies:)` handing on its parameter reads no stored property
        }
        guard let role = expression.assignmentRole else { return true }
        if role.isTarget { return false }
        return role.other.referencedName != name
    }

    // MARK: Forwards

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        recordRuntimeRegistration(runtimeReading.readCall(node, enclosingType: enclosingType))
        runtimeReading.readDialectCall(
            node, enclosingType: enclosingType, enclosingAccess: typeStack.last.map { facts.types[$0.index].access } ?? .internal,
            imports: facts.imports, isGenericName: isGenericName, into: &facts.runtime
        )
        guard mayHoldDependencies else { return .visitChildren }
        let handedOn = handedOnArguments(node.arguments)
        guard !handedOn.isEmpty else { return .visitChildren }
        var callee = node.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        let isImplicitMember = callee.as(MemberAccessExprSyntax.self).map { $0.base == nil } ?? false
        let outer = isImplicitMember ? outerCall(of: node) : nil
        // Point at the name called (`autoExpand` in `VStack { … }.autoExpand(…)`), not where the chain
        // starts; initializers (`Child.init`, `super.init`) are named by what stands before `init`.
        let member = callee.as(MemberAccessExprSyntax.self).flatMap { $0.declName.baseName.text == "init" ? nil : $0 }
        let calledName: Syntax = member.map { Syntax($0.declName) } ?? Syntax(callee)
        let position = position(calledName)
        for argument in handedOn {
            let label = argument.label?.identifierText ?? "_"
            let held = holderAccess(argument.expression)
            let own = knownValue(of: argument.expression)
            let projection = own == nil && held == nil ? projectedMember(argument.expression) : nil
            let passesOwn = own != nil || held != nil || projection != nil || isNewValueOfDependencies(argument.expression)
            func forward(_ kind: ForwardKind, _ name: String, base: String?) {
                var fact = ForwardFact(
                    kind: kind, callee: name, base: base, baseType: localType(of: base), label: label,
                    passesOwnDependencies: passesOwn,
                    builtType: passesOwn ? handedLocalType(argument.expression) : impliedTypeName(of: argument.expression) ?? handedLocalType(argument.expression),
                    enclosingType: enclosingType, enclosingFunction: enclosingFunction,
                    position: position, holder: held?.holder, holderType: held?.holderType,
                    outerCallee: outer?.callee, outerLabel: outer?.label
                )
                fact.projection = projection?.member
                fact.value = recorded((own ?? projection?.value)?.identity)
                if !passesOwn { fact.staticMember = staticMemberName(argument.expression) }
                // A value's closure (`dependencies.reduce(action, dependencies)`) takes its arguments by position.
                if label == "_", kind == .call, let base, base != "self", base.first?.isLowercase == true,
                    let index = node.arguments.firstIndex(where: { $0.id == argument.id })
                {
                    fact.argumentIndex = node.arguments.distance(from: node.arguments.startIndex, to: index)
                }
                if fact.baseType == nil, let base { fact.baseTypeHint = localTypeHint(of: base) }
                facts.forwards.append(fact)
            }
            if let reference = callee.as(DeclReferenceExprSyntax.self) {
                forward(.call, reference.baseName.identifierText, base: nil)
            } else if let member = callee.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.identifierText
                guard let base = member.base else {
                    forward(.call, name, base: nil)
                    facts.forwards[facts.forwards.count - 1].expectedType = bindingType(receiving: node)
                    continue
                }
                if base.is(SuperExprSyntax.self) {
                    forward(.superInit, name, base: "super")
                } else if base.isSelf {
                    if name != "init" { forward(.call, name, base: "self") }
                } else if let typeName = base.as(DeclReferenceExprSyntax.self)?.baseName.identifierText
                    ?? base.as(GenericSpecializationExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?.baseName.identifierText
                {
                    // `kind.init(appContext:)` on a local metatype builds what that metatype names, not a type `kind`.
                    let metatypeCall = name == "init" ? localMetatypeCall(of: typeName) : nil
                    let isMetatype = localType(of: typeName)?.hasSuffix(".Type") == true || metatypeCall != nil
                    if name == "init", !isMetatype { forward(.call, typeName, base: nil) } else { forward(.call, name, base: typeName) }
                    if let metatypeCall { facts.forwards[facts.forwards.count - 1].metatypeCall = metatypeCall }
                } else if let typeName = base.dottedTypeName {
                    // `Screen.Home.Presenter(engine:)`: a type nested in a namespace, named the whole way.
                    if name == "init" { forward(.call, typeName, base: nil) } else { forward(.call, name, base: typeName) }
                } else {
                    // `Builder().set(title:).set(dependencies:)`: a receiver that is no plain name is unknown, not
                    // the surrounding type (`_`), so the type's own `set` is not preferred.
                    forward(.call, name, base: base.referencedName ?? "_")
                    // `type(of: service).adapterClass().init(appContext:)`: what the call returns is built.
                    if name == "init", let hint = metatypeCallHint(base) { facts.forwards[facts.forwards.count - 1].metatypeCall = hint }
                }
            } else if passesOwn {
                // `makeChild()(dependencies)`: nothing names the receiver, so nothing resolves it.
                forward(.call, abbreviated(callee), base: "_")
            }
        }
        return .visitChildren
    }

    /// `AppDependency.shared`: a member of a type named by itself (capitalised, as types are), not called.
    private func staticMemberName(_ expr: ExprSyntax) -> String? {
        guard let access = expr.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text.first?.isUppercase == true, access.declName.argumentNames == nil
        else { return nil }
        return "\(base.baseName.identifierText).\(access.declName.baseName.identifierText)"
    }

    /// The arguments a call hands dependencies on with: the first one labelled like dependencies (also
    /// with a value built on the spot), and every other one that passes a dependencies value.
    private func handedOnArguments(_ arguments: LabeledExprListSyntax) -> [LabeledExprSyntax] {
        var found: [LabeledExprSyntax] = []
        var labelled = false
        for argument in arguments {
            if !labelled, let label = argument.label, isDependenciesValueName(label.identifierText) {
                labelled = true
                found.append(argument)
            } else if knownValue(of: argument.expression) != nil || holderAccess(argument.expression) != nil {
                found.append(argument)
            }
        }
        return found
    }

    /// `dependencies.nested` handed on: an element of a tuple alias, or a plain member read; linking tells.
    private func projectedMember(_ expr: ExprSyntax) -> (member: String, value: KnownValue)? {
        guard let access = expr.strippedOfOptionality.as(MemberAccessExprSyntax.self), let base = access.base,
            let value = knownValue(of: base)
        else { return nil }
        return (access.declName.baseName.identifierText, value)
    }

    /// `Child(model: .init(dependencies:))` names the built type only through `Child`'s parameter
    /// `model`; `self.model = .init(dependencies:)` through the property's type.
    /// `let model: Attachable<Home> = .detached(dependencies)`: the written type of the binding a call initialises.
    private func bindingType(receiving call: FunctionCallExprSyntax) -> TypeReference? {
        let declared: TypeSyntax?
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            declared = binding.typeAnnotation?.type
        } else {
            // An opaque result (`some View`) names no type that `.init` or a case could build.
            declared = returnType(receiving: call).flatMap { $0.is(SomeOrAnyTypeSyntax.self) ? nil : $0 }
        }
        guard let type = declared, let name = type.nominalName else { return nil }
        return TypeReference(name: name, genericArguments: type.genericArgumentNames, position: position(type.unwrapped))
    }

    /// `func build() -> SnapModel { .init(dependencies: dependencies) }`, or `return .init(…)` there: the declared
    /// result of the function, subscript or computed property the call is returned from. Nothing when it is
    /// returned from a closure, whose result type is not written there.
    private func returnType(receiving call: FunctionCallExprSyntax) -> TypeSyntax? {
        let returned: Syntax
        if let statement = call.parent?.as(ReturnStmtSyntax.self) {
            returned = Syntax(statement)
        } else if let item = call.parent?.as(CodeBlockItemSyntax.self), let items = item.parent?.as(CodeBlockItemListSyntax.self),
            items.count == 1 {
            returned = Syntax(item)  // an implicit return: the one expression of a body
        } else {
            return nil
        }
        var node = returned.parent
        while let current = node {
            if current.is(ClosureExprSyntax.self) { return nil }
            if let function = current.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type }
            if let subscriptDecl = current.as(SubscriptDeclSyntax.self) { return subscriptDecl.returnClause.type }
            if let binding = current.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type }
            if let accessor = current.as(AccessorDeclSyntax.self) {
                // Only a computed property's getter returns the property's type (`set`, `willSet` return nothing).
                guard accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
            } else if current.is(DeclSyntax.self) {
                return nil  // an initializer, a nested type: no result of the call's
            }
            node = current.parent
        }
        return nil
    }

    func outerCall(of call: FunctionCallExprSyntax) -> (callee: String?, label: String)? {
        if let argument = call.parent?.as(LabeledExprSyntax.self), let label = argument.label?.identifierText,
            let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        {
            var called = outer.calledExpression
            if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                called = base
            }
            if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
            guard let name = called.as(DeclReferenceExprSyntax.self)?.baseName.identifierText else { return nil }
            return (name, label)
        }
        if let role = ExprSyntax(call).assignmentRole, !role.isTarget, let property = role.other.referencedName {
            return (nil, property)
        }
        return nil
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if mayHoldDependencies, ownAliasScopes.last?.isEmpty == false { recordOwnAliasCasts(in: node) }
        // Registrations, casts and assignments are all `a op b`: three elements, nothing else to read.
        guard node.elements.count == 3 else { return .visitChildren }
        recordRuntimeRegistration(runtimeReading.readAssignment(node, enclosingType: enclosingType))
        runtimeReading.readInfixResolve(node, enclosingType: enclosingType, imports: facts.imports, into: &facts.runtime)
        // `for case let cell as Cell<D> in cells` binds `cell` to `Cell`.
        if let cast = castType(ExprSyntax(node)), let pattern = cast.operand.as(PatternExprSyntax.self)?.pattern,
            let name = (pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern).as(IdentifierPatternSyntax.self)?.identifier.identifierText,
            let typeName = cast.type.nominalName
        {
            recordBinding(name, type: typeName)
        }
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let target = elements[0].strippedOfOptionality.as(MemberAccessExprSyntax.self),
            let base = target.base, !base.isSelf
        else { return .visitChildren }
        let property = target.declName.baseName.identifierText
        // Into any other property the value goes where cpdi does not follow (`ValueFlowReading`).
        guard isDependenciesValueName(property) else { return .visitChildren }
        let held = holderAccess(elements[2])
        facts.forwards.append(ForwardFact(
            kind: .assignment, callee: property, base: base.referencedName,
            baseType: castTypeName(base) ?? localType(of: base.referencedName), label: property,
            passesOwnDependencies: isOwnDependencies(elements[2]) || held != nil, enclosingType: enclosingType,
            enclosingFunction: enclosingFunction, position: position(target), holder: held?.holder, holderType: held?.holderType
        ))
        return .visitChildren
    }

    /// `dependencies`, `self.dependencies!`, a value typed as dependencies, or `newValue` inside the
    /// setter of a dependencies property.
    func isOwnDependencies(_ expr: ExprSyntax) -> Bool {
        knownValue(of: expr) != nil || isNewValueOfDependencies(expr)
    }

    /// The type of a local the caller built and hands on whole (`let dependencies = AppDependencies()`, then
    /// `Root(dependencies: dependencies)`): which container is handed, as a construction on the spot says it.
    func handedLocalType(_ expr: ExprSyntax) -> String? {
        guard let name = expr.strippedOfOptionality.as(DeclReferenceExprSyntax.self)?.baseName.identifierText else { return nil }
        for scope in localScopes.reversed() where scope.types[name] != nil || scope.values[name] != nil {
            return scope.constructed[name]
        }
        return nil
    }

    func isNewValueOfDependencies(_ expr: ExprSyntax) -> Bool {
        guard expr.referencedName == "newValue" else { return false }
        var node = expr.parent
        while let current = node {
            if let binding = current.as(PatternBindingSyntax.self) {
                let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.identifierText ?? ""
                return isDependenciesValueName(property)
            }
            node = current.parent
        }
        return false
    }

    // MARK: Declaration facts (style rules)

    /// The first dependencies parameter of a list, with its place, so `dependencies-first` needs no syntax.
    func recordDependenciesParameter(_ clause: FunctionParameterClauseSyntax, function: String) {
        let list = Array(clause.parameters)
        guard let index = list.firstIndex(where: {
            isDependenciesValueName($0.firstName.identifierText) || isDependenciesValueName(($0.secondName ?? $0.firstName).identifierText)
        }) else { return }
        let parameter = list[index]
        let type = parameter.type.nominalName.map {
            TypeReference(name: $0, genericArguments: parameter.type.genericArgumentNames, position: position(parameter.type.unwrapped))
        }
        facts.declarations.dependenciesParameters.append(DependenciesParameterFact(
            function: function, enclosingType: enclosingType, index: index, label: parameter.firstName.identifierText,
            name: (parameter.secondName ?? parameter.firstName).identifierText, type: type,
            precedingLabels: list[..<index].map { $0.firstName.identifierText }, position: position(parameter.firstName)
        ))
        facts.declarations.dependenciesParameters[facts.declarations.dependenciesParameters.count - 1].hasDefaultValue = parameter.defaultValue != nil
        recordComposedParameter(parameter)
    }

    /// `init(dependencies: Presenter.Dependencies & Dependencies)`: the value carries another alias besides the
    /// type's own, so what it is handed to may be served by that alias, not by the own one. Which of the two a
    /// child's need comes from is not followed, so the type is not judged.
    private func recordComposedParameter(_ parameter: FunctionParameterSyntax) {
        let members = parameter.type.compositionMembers.compactMap(\.nominalName)
        guard parameter.type.isComposition, members.count > 1,
            members.contains(where: { conventions.isAliasName($0.lastDottedPart) })
        else { return }
        let name = (parameter.secondName ?? parameter.firstName).identifierText
        facts.unfollowedFlows.append(UnfollowedFlow(
            kind: .combined, name: name, detail: "\(name): \(members.joined(separator: " & "))", enclosingType: enclosingType,
            enclosingFunction: enclosingFunction, position: position(parameter.type.unwrapped)
        ))
    }

    /// `spliced.externalDependencies` read from another value; `self.x` and assignments to it are not reads of someone else's.
    func recordDependencyMemberRead(_ node: MemberAccessExprSyntax, member: String) {
        guard isDependenciesValueName(member), let base = node.base, !base.strippedOfOptionality.isSelf, !base.is(SuperExprSyntax.self),
            ExprSyntax(node).assignmentRole?.isTarget != true
        else { return }
        // A type's static member or method (`OEXRouter.shared().environment`), or a member of the code's own
        // dependencies (`environment.router?.environment`), is named as the holder, for linking to type
        // (`StaticHolderTyping`, `DependencyMemberHolderTyping`).
        var read = DependencyMemberRead(
            base: base.referencedName ?? base.staticMemberName ?? base.staticCallName ?? memberHolderName(of: base), member: member,
            enclosingType: enclosingType,
            position: position(node.declName),
            baseType: castTypeName(base) ?? localType(of: base.referencedName)
        )
        if let next = node.parent?.as(MemberAccessExprSyntax.self), next.base?.id == node.id {
            read.then = next.declName.baseName.identifierText
        }
        facts.declarations.dependencyMemberReads.append(read)
    }

    // MARK: Run-time styles (`@Inject`, `@Dependency(\.key)`, `Module { … }`; read by `RuntimeStyleReading`)

    override func visitPost(_ node: MemberBlockSyntax) { registrableContexts.removeLast() }

    override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        registrableContexts.append(0)
        if let current = typeStack.last {
            runtimeReading.readMembers(of: node, typeName: current.name, imports: facts.imports, into: &facts.runtime)
            rememberDependencyAliases(node.members.lazy.map(\.decl))
            registerMemberValues(node)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind {
        innermostMembers.append(Syntax(node.decl))
        parameterScopes.append(nil)
        return .visitChildren
    }

    override func visitPost(_ node: MemberBlockItemSyntax) {
        innermostMembers.removeLast()
        parameterScopes.removeLast()
    }

    override func visit(_ node: PostfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        runtimeReading.readPostfixResolve(node, enclosingType: enclosingType, into: &facts.runtime)
        return .visitChildren
    }

    func recordRuntimeRegistration(_ registration: RegistrationFact?) {
        if let registration { facts.runtime.registrations.append(registration) }
    }
}

// MARK: Copies nobody reads

extension FactCollector {
    /// `self.logger` or `logger`, the target of an assignment: the property's name and where it is written.
    func copiedProperty(_ target: ExprSyntax) -> (name: String, token: AbsolutePosition)? {
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base, base.isSelf {
            return (member.declName.baseName.identifierText, member.declName.baseName.positionAfterSkippingLeadingTrivia)
        }
        guard let reference = target.as(DeclReferenceExprSyntax.self) else { return nil }
        return (reference.baseName.identifierText, reference.baseName.positionAfterSkippingLeadingTrivia)
    }

    /// Notes a `private` or `fileprivate` stored property (not `lazy`, no observers) of the enclosing type.
    func notePrivateStoredProperty(_ node: VariableDeclSyntax, name: String, binding: PatternBindingSyntax) {
        guard let type = enclosingType, node.parent?.is(MemberBlockItemSyntax.self) == true, binding.accessorBlock == nil,
            [.private, .fileprivate].contains(node.modifiers.accessLevel), !node.modifiers.contains(where: { $0.name.text == "lazy" }),
            !node.modifiers.isStatic
        else { return }
        privateStoredProperties.insert("\(type)|\(name)")
    }

    /// A read copied into a private property that the file reads nowhere is a dead copy. A read is any
    /// identifier of that name in an expression (`logger.log`, `self.logger`, `\.logger`, `other.logger`) other
    /// than the assignment's own two, and any string literal holding the word (`value(forKey: "logger")`): the
    /// safe side, since only this file can read a private property.
    func markDeadCopies(in tree: SourceFileSyntax) {
        let candidates = copiesIntoProperties.filter { copy in
            guard let type = facts.uses[copy.use].enclosingType, privateStoredProperties.contains("\(type)|\(copy.property)") else { return false }
            // Assigned once in the type: a second assignment may be the one a reader relies on.
            return copiesIntoProperties.filter { $0.property == copy.property && facts.uses[$0.use].enclosingType == type }.count == 1
        }
        guard !candidates.isEmpty else { return }
        let names = Set(candidates.map(\.property))
        let written = Set(candidates.flatMap(\.written))
        var read: Set<String> = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let text) where names.contains(text):
                guard !written.contains(token.positionAfterSkippingLeadingTrivia) else { continue }
                // A declaration names it without reading it; a pattern binds another name of that spelling.
                if token.parent?.is(IdentifierPatternSyntax.self) == true { continue }
                read.insert(text)
            case .stringSegment(let text):
                for name in names where text.contains(name) { read.insert(name) }
            default:
                continue
            }
        }
        for copy in candidates where !read.contains(copy.property) { facts.uses[copy.use].deadCopy = copy.property }
    }
}
