import CPDIFacts

// The facts of a file as a whole, and the facts below it that the generic path still read through a keyed
// container each: a file's own container, its run-time and declaration facts, forwards, initializers and
// parameters. Each is written field by field in the order its `encode(to:)` writes its keys (synthesized, or
// `ForwardFact`'s own), `encodeIfPresent` for every optional; `CacheTests` require the bytes the generic path
// gives. Facts few files hold (injections, registrations, suppressions, …) keep their own `Codable`, element by
// element; only the arrays around them are written here.

extension CompactWriter {
    /// A list whose elements have no fast path: the bytes `Array.encode(to:)` gives, each element through `write`.
    func write<Element: Encodable>(generic list: [Element]) throws {
        try write(list: list) { try write($0) }
    }

    func write(_ facts: FileFacts) throws {
        bytes.append(CompactTag.keyed.rawValue)
        write(facts.path)
        write(list: facts.aliases, element: write)
        try write(list: facts.types, element: write)
        write(list: facts.functions, element: write)
        write(list: facts.uses, element: write)
        try write(list: facts.forwards, element: write)
        write(list: facts.dependencyReads, element: write)
        try write(facts.runtime)
        try write(facts.declarations)
        try write(generic: facts.suppressions)
        write(list: facts.imports, element: write)
        try write(generic: facts.specializations)
        try write(generic: facts.unfollowedFlows)
        write(list: facts.aliasMentions, element: write)
        write(words: facts.memberNameHashes)
        write(list: facts.publicAliasArguments, element: write)
        try write(generic: facts.typedValues)
        try writeOptional(facts.syntaxError)
    }

    func write(_ runtime: RuntimeStyleFacts) throws {
        bytes.append(CompactTag.keyed.rawValue)
        try write(generic: runtime.injections)
        try write(generic: runtime.registrations)
        try write(generic: runtime.keyTypes)
        try write(generic: runtime.containerProperties)
        try write(generic: runtime.moduleComponents)
        try write(generic: runtime.resolutions)
        write(list: runtime.resolveHelpers, element: write)
        try write(generic: runtime.propertyWrappers)
        write(list: runtime.unreadRegistrations, element: write)
        write(runtime.reads)
        write(list: runtime.memberwiseParameters, element: write)
        write(runtime.isEntryPoint)
        write(runtime.ignoresAll)
    }

    func write(_ reads: NameReads) {
        bytes.append(CompactTag.keyed.rawValue)
        write(words: reads.bare)
        write(words: reads.members)
        write(words: reads.typeLevelMembers)
        write(list: reads.onTypes, element: write)
        write(list: reads.typedMembers, element: write)
        write(list: reads.propertyMembers, element: write)
        write(list: reads.memberTypes, element: write)
        write(list: reads.subscriptKeyPaths, element: write)
        write(list: reads.keyPathSubscriptRoots, element: write)
        write(list: reads.dynamicMemberTypes, element: write)
        write(list: reads.overridden, element: write)
        write(list: reads.typeAliases, element: write)
        write(words: reads.memberKeys)
        write(words: reads.typeMentions)
        write(words: reads.registrableTypeMentions)
    }

    func write(_ declarations: DeclarationFacts) throws {
        bytes.append(CompactTag.keyed.rawValue)
        write(list: declarations.dependenciesParameters, element: write)
        try write(generic: declarations.dependencyMemberReads)
        try write(generic: declarations.staticProperties)
        try write(generic: declarations.typeReturningFunctions)
        try write(generic: declarations.metatypeFunctions)
        try write(generic: declarations.ownAliasCasts)
        write(list: declarations.opaqueObjectiveCProtocols, element: write)
        write(list: declarations.objectiveCClasses, element: write)
        write(list: declarations.associatedTypeTies, element: write)
        try write(generic: declarations.closureTypes)
    }

    func write(_ parameter: DependenciesParameterFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(parameter.function)
        write(optional: parameter.enclosingType)
        write(signed: Int64(parameter.index))
        write(parameter.label)
        write(parameter.name)
        write(optional: parameter.type, element: write)
        write(list: parameter.precedingLabels, element: write)
        write(parameter.position)
        write(parameter.hasDefaultValue)
    }

    func write(_ function: FunctionFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(function.name)
        write(optional: function.enclosingType)
        write(function.isStatic)
        write(function.access.rawValue)
        write(function.position)
        write(list: function.genericParameters, element: write)
        write(list: function.parameters, element: write)
    }

    func write(_ parameter: ParameterFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(parameter.label)
        write(parameter.name)
        write(optional: parameter.type, element: write)
        write(parameter.carriesDependencies)
        write(optional: parameter.composition) { composition in write(list: composition, element: write) }
    }

    func write(_ initializer: InitializerFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(list: initializer.parameters, element: write)
        write(initializer.position)
        write(list: initializer.genericParameters, element: write)
        write(initializer.runsCode)
    }

    func write(_ requirement: PropertyRequirementFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(requirement.name)
        write(requirement.type)
        write(requirement.isSettable)
    }

    func write(_ read: DependencyRead) {
        bytes.append(CompactTag.keyed.rawValue)
        write(read.name)
        write(optional: read.enclosingType)
    }

    /// In the order of `ForwardFact.encode(to:)`, which keeps the keys of the synthesized coding it replaced:
    /// the boxed details sit between the plain fields.
    func write(_ forward: ForwardFact) throws {
        bytes.append(CompactTag.keyed.rawValue)
        write(forward.kind.rawValue)
        write(forward.callee)
        write(optional: forward.base)
        write(optional: forward.baseType)
        write(forward.label)
        write(forward.passesOwnDependencies)
        write(optional: forward.holder)
        write(optional: forward.holderType)
        write(optional: forward.outerCallee)
        write(optional: forward.outerLabel)
        write(optional: forward.builtType)
        write(optional: forward.projection)
        write(optional: forward.value, element: write)
        write(optional: forward.enclosingType)
        write(optional: forward.enclosingFunction)
        write(forward.position)
        write(optional: forward.expectedType, element: write)
        try writeOptional(forward.baseTypeHint)
        write(optional: forward.argumentIndex) { index in write(signed: Int64(index)) }
        try writeOptional(forward.metatypeCall)
        write(optional: forward.staticMember)
    }
}

extension CompactReader {
    /// A list whose elements have no fast path, as `Array.init(from:)` reads it.
    func readList<Element: Decodable>(of type: Element.Type) throws -> [Element] {
        try readList { try read(type) }
    }

    func readFileFacts() throws -> FileFacts {
        try expect(.keyed)
        var facts = FileFacts(path: try readString())
        facts.aliases = try readList(readAliasFact)
        facts.types = try readList(readTypeFact)
        facts.functions = try readList(readFunctionFact)
        facts.uses = try readList(readUseFact)
        facts.forwards = try readList(readForwardFact)
        facts.dependencyReads = try readList(readDependencyRead)
        facts.runtime = try readRuntimeStyleFacts()
        facts.declarations = try readDeclarationFacts()
        facts.suppressions = try readList(of: SuppressionComment.self)
        facts.imports = try readList(readString)
        facts.specializations = try readList(of: SpecializationFact.self)
        facts.unfollowedFlows = try readList(of: UnfollowedFlow.self)
        facts.aliasMentions = try readList(readAliasMention)
        facts.memberNameHashes = try readWords()
        facts.publicAliasArguments = try readList(readString)
        facts.typedValues = try readList(of: TypedValueFact.self)
        facts.syntaxError = try readOptional(SyntaxIssue.self)
        return facts
    }

    func readRuntimeStyleFacts() throws -> RuntimeStyleFacts {
        try expect(.keyed)
        var runtime = RuntimeStyleFacts()
        runtime.injections = try readList(of: InjectionFact.self)
        runtime.registrations = try readList(of: RegistrationFact.self)
        runtime.keyTypes = try readList(of: DependencyKeyFact.self)
        runtime.containerProperties = try readList(of: ContainerPropertyFact.self)
        runtime.moduleComponents = try readList(of: ModuleComponentFact.self)
        runtime.resolutions = try readList(of: ResolutionFact.self)
        runtime.resolveHelpers = try readList(readString)
        runtime.propertyWrappers = try readList(of: PropertyWrapperFact.self)
        runtime.unreadRegistrations = try readList(readString)
        runtime.reads = try readNameReads()
        runtime.memberwiseParameters = try readList(readString)
        runtime.isEntryPoint = try readBool()
        runtime.ignoresAll = try readBool()
        return runtime
    }

    func readNameReads() throws -> NameReads {
        try expect(.keyed)
        var reads = NameReads()
        reads.bare = try readWords()
        reads.members = try readWords()
        reads.typeLevelMembers = try readWords()
        reads.onTypes = try readList(readString)
        reads.typedMembers = try readList(readString)
        reads.propertyMembers = try readList(readString)
        reads.memberTypes = try readList(readString)
        reads.subscriptKeyPaths = try readList(readString)
        reads.keyPathSubscriptRoots = try readList(readString)
        reads.dynamicMemberTypes = try readList(readString)
        reads.overridden = try readList(readString)
        reads.typeAliases = try readList(readString)
        reads.memberKeys = try readWords()
        reads.typeMentions = try readWords()
        reads.registrableTypeMentions = try readWords()
        return reads
    }

    func readDeclarationFacts() throws -> DeclarationFacts {
        try expect(.keyed)
        var declarations = DeclarationFacts()
        declarations.dependenciesParameters = try readList(readDependenciesParameter)
        declarations.dependencyMemberReads = try readList(of: DependencyMemberRead.self)
        declarations.staticProperties = try readList(of: StaticPropertyFact.self)
        declarations.typeReturningFunctions = try readList(of: TypeReturningFunctionFact.self)
        declarations.metatypeFunctions = try readList(of: MetatypeFunctionFact.self)
        declarations.ownAliasCasts = try readList(of: OwnAliasCastFact.self)
        declarations.opaqueObjectiveCProtocols = try readList(readString)
        declarations.objectiveCClasses = try readList(readString)
        declarations.associatedTypeTies = try readList(readString)
        declarations.closureTypes = try readList(of: ClosureTypeFact.self)
        return declarations
    }

    func readDependenciesParameter() throws -> DependenciesParameterFact {
        try expect(.keyed)
        let function = try readString(), enclosingType = try readOptional(String.self), index = try readSigned(Int.self)
        let label = try readString(), name = try readString(), type = try readOptional(readTypeReference)
        let precedingLabels = try readList(readString), position = try read(SourcePosition.self)
        var parameter = DependenciesParameterFact(
            function: function, enclosingType: enclosingType, index: index, label: label, name: name, type: type,
            precedingLabels: precedingLabels, position: position
        )
        parameter.hasDefaultValue = try readBool()
        return parameter
    }

    func readFunctionFact() throws -> FunctionFact {
        try expect(.keyed)
        let name = try readString(), enclosingType = try readOptional(String.self), isStatic = try readBool()
        let access = try readRaw(AccessLevel.self), position = try read(SourcePosition.self)
        let genericParameters = try readList(readGenericParameter)
        return FunctionFact(
            name: name, enclosingType: enclosingType, isStatic: isStatic, access: access, position: position,
            genericParameters: genericParameters, parameters: try readList(readParameter)
        )
    }

    func readParameter() throws -> ParameterFact {
        try expect(.keyed)
        let label = try readString(), name = try readString()
        var parameter = ParameterFact(label: label, name: name, type: try readOptional(readTypeReference))
        parameter.carriesDependencies = try readBool()
        parameter.composition = try readOptional { try readList(readString) }
        return parameter
    }

    func readInitializer() throws -> InitializerFact {
        try expect(.keyed)
        let parameters = try readList(readParameter), position = try read(SourcePosition.self)
        let genericParameters = try readList(readString)
        return InitializerFact(parameters: parameters, position: position, genericParameters: genericParameters, runsCode: try readBool())
    }

    func readPropertyRequirement() throws -> PropertyRequirementFact {
        try expect(.keyed)
        let name = try readString(), type = try readString()
        return PropertyRequirementFact(name: name, type: type, isSettable: try readBool())
    }

    func readDependencyRead() throws -> DependencyRead {
        try expect(.keyed)
        let name = try readString()
        return DependencyRead(name: name, enclosingType: try readOptional(String.self))
    }

    /// The details go through `ForwardFact`'s own setters, which make its box only for a detail that is set, as
    /// its `init(from:)` does.
    func readForwardFact() throws -> ForwardFact {
        try expect(.keyed)
        let kind = try readRaw(ForwardKind.self), callee = try readString()
        let base = try readOptional(String.self), baseType = try readOptional(String.self)
        let label = try readString(), passesOwnDependencies = try readBool()
        let holder = try readOptional(String.self), holderType = try readOptional(String.self)
        let outerCallee = try readOptional(String.self), outerLabel = try readOptional(String.self)
        let builtType = try readOptional(String.self), projection = try readOptional(String.self)
        let value = try readOptional(readValueIdentity)
        let enclosingType = try readOptional(String.self), enclosingFunction = try readOptional(String.self)
        var forward = ForwardFact(
            kind: kind, callee: callee, base: base, baseType: baseType, label: label, passesOwnDependencies: passesOwnDependencies,
            builtType: builtType, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
            position: try read(SourcePosition.self), holder: holder, holderType: holderType, outerCallee: outerCallee,
            outerLabel: outerLabel
        )
        forward.projection = projection
        forward.value = value
        forward.expectedType = try readOptional(readTypeReference)
        forward.baseTypeHint = try readOptional(TypeArgumentHint.self)
        forward.argumentIndex = try readOptional(Int.self)
        forward.metatypeCall = try readOptional(MetatypeCallHint.self)
        forward.staticMember = try readOptional(String.self)
        return forward
    }
}
