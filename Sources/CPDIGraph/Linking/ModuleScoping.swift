import CPDIFacts

/// Pass: keeps same-named declarations of different modules apart (SPEC §4a, "names are scoped by module").
///
/// Two apps in one repository that both declare `Store` are two types. Every later pass keys symbols by
/// their written names, so before linking, a name declared at top level in more than one module is
/// renamed to `Module.Name` everywhere: in its declarations, and in every reference, which resolves to
/// the file's own module first, then to the modules the file imports. A repository without such clashes
/// (the usual case) is returned untouched.
struct ModuleScoping {
    let modules: [String: String]

    func run(_ files: [FileFacts]) -> [FileFacts] {
        // First pass, cheap: which names a second module declares too (most repositories have none).
        var firstModule: [String: String] = [:]
        firstModule.reserveCapacity(files.count * 2)
        var clashingNames: Set<String> = []
        for file in files {
            let module = modules[file.path] ?? ""
            Self.forEachTopLevelDeclaration(of: file) { name in
                if let first = firstModule[name] {
                    if first != module { clashingNames.insert(name) }
                } else {
                    firstModule[name] = module
                }
            }
        }
        guard !clashingNames.isEmpty else { return files }
        var clashing: [String: Set<String>] = [:]
        for file in files {
            let module = modules[file.path] ?? ""
            Self.forEachTopLevelDeclaration(of: file) { name in
                if clashingNames.contains(name) { clashing[name, default: []].insert(module) }
            }
        }
        let involved = clashing.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return files.map { file in
            let module = modules[file.path] ?? ""
            // A name resolves in the file's module or its imports: if none of them declares a clashing
            // name, nothing in the file can refer to one.
            guard involved.contains(module) || file.imports.contains(where: { involved.contains(String(ImportedNames.module(of: $0))) })
            else { return file }
            let renamer = Renamer(module: module, imports: file.imports, clashing: clashing)
            return renamer.rename(file)
        }
    }

    /// The first component of every type name a file declares (not extensions), and its top-level aliases.
    /// Free functions are looked up by their simple name and keep it.
    static func forEachTopLevelDeclaration(of file: FileFacts, _ body: (String) -> Void) {
        for type in file.types where type.kind != .extension && !type.name.utf8.contains(UInt8(ascii: ".")) { body(type.name) }
        for alias in file.aliases where alias.enclosingType == nil { body(alias.name) }
    }

    static func firstComponent(_ name: String) -> String {
        // Bytes: this runs for every name of every file involved.
        name.utf8.firstIndex(of: UInt8(ascii: ".")).map { String(name[..<$0]) } ?? name
    }
}

/// Rewrites the names of one file's facts for `ModuleScoping`.
private struct Renamer {
    let module: String
    let imports: [String]
    /// Clashing names and the modules that declare each.
    let clashing: [String: Set<String>]

    /// `Store` → `AppA.Store` when the file's module (or else the first import that does) declares `Store`.
    func name(_ name: String) -> String {
        let first = ModuleScoping.firstComponent(name)
        guard let declaring = clashing[first] else { return name }
        // The first import, in source order, that brings the name.
        let imported = imports.lazy.map { String(ImportedNames.module(of: $0)) }.enumerated()
            .first { declaring.contains($0.element) && ImportedNames.bring(Substring(first), of: $0.element, [imports[$0.offset]]) }?.element
        guard let owner = declaring.contains(module) ? module : imported else { return name }
        return "\(owner).\(name)"
    }

    func name(_ value: String?) -> String? { value.map { name($0) } }

    /// `AppDelegate.shared` names a type, and is renamed as one; a plain value name is not.
    func staticHolder(_ holder: String?) -> String? {
        guard let holder, let dot = holder.lastIndex(of: ".") else { return holder }
        return "\(name(String(holder[..<dot])))\(holder[dot...])"
    }

    func reference(_ reference: TypeReference) -> TypeReference {
        var copy = reference
        copy.name = name(reference.name)
        copy.genericArguments = reference.genericArguments.map { name($0) }
        return copy
    }

    func identity(_ value: ValueIdentity) -> ValueIdentity {
        ValueIdentity(genericOwner: name(value.genericOwner), declaredType: name(value.declaredType))
    }

    func generics(_ parameters: [GenericParameterFact]) -> [GenericParameterFact] {
        parameters.map { GenericParameterFact(name: $0.name, constraints: $0.constraints.map(reference)) }
    }

    func parameters(_ parameters: [ParameterFact]) -> [ParameterFact] {
        parameters.map { parameter in
            var copy = parameter
            copy.type = parameter.type.map(reference)
            return copy
        }
    }

    /// A top-level declaration's own name: renamed only when this module is one of those declaring it.
    func declared(_ name: String) -> String {
        clashing[ModuleScoping.firstComponent(name)]?.contains(module) == true ? "\(module).\(name)" : name
    }

    func rename(_ original: FileFacts) -> FileFacts {
        var file = original
        file.aliases = original.aliases.map { alias in
            var copy = alias
            if alias.enclosingType == nil { copy.name = declared(alias.name) } else { copy.enclosingType = name(alias.enclosingType) }
            copy.members = alias.members.map(reference)
            return copy
        }
        file.types = original.types.map { type in
            var copy = type
            copy.name = type.kind == .extension ? name(type.name) : declared(type.name)
            copy.genericParameters = generics(type.genericParameters)
            copy.inheritedTypes = type.inheritedTypes.map(reference)
            copy.dependencyProperties = type.dependencyProperties.map { property in
                var renamed = property
                renamed.type = property.type.map(reference)
                return renamed
            }
            copy.initializers = type.initializers.map {
                InitializerFact(
                    parameters: parameters($0.parameters), position: $0.position, genericParameters: $0.genericParameters, runsCode: $0.runsCode
                )
            }
            copy.associatedTypes = generics(type.associatedTypes)
            return copy
        }
        file.functions = original.functions.map { function in
            var copy = function
            copy.enclosingType = name(function.enclosingType)
            copy.genericParameters = generics(function.genericParameters)
            copy.parameters = parameters(function.parameters)
            return copy
        }
        file.uses = original.uses.map { use in
            var copy = use
            copy.enclosingType = name(use.enclosingType)
            copy.enclosingFunction = name(use.enclosingFunction)
            copy.holderType = name(use.holderType)
            copy.holder = staticHolder(use.holder)
            copy.value = use.value.map(identity)
            return copy
        }
        file.forwards = original.forwards.map { forward in
            var copy = forward
            copy.callee = forward.callee.first?.isUppercase == true ? name(forward.callee) : forward.callee
            copy.base = forward.base.map { $0.first?.isUppercase == true ? name($0) : $0 }
            copy.baseType = name(forward.baseType)
            copy.builtType = name(forward.builtType)
            copy.holderType = name(forward.holderType)
            copy.holder = staticHolder(forward.holder)
            if let hint = forward.baseTypeHint { copy.baseTypeHint = TypeArgumentHint(callee: hint.callee, label: hint.label, type: name(hint.type)) }
            copy.outerCallee = name(forward.outerCallee)
            copy.enclosingType = name(forward.enclosingType)
            copy.enclosingFunction = name(forward.enclosingFunction)
            copy.value = forward.value.map(identity)
            return copy
        }
        file.dependencyReads = original.dependencyReads.map { DependencyRead(name: $0.name, enclosingType: name($0.enclosingType)) }
        file.specializations = original.specializations.map { specialization in
            var copy = specialization
            copy.type = name(specialization.type)
            copy.enclosingType = name(specialization.enclosingType)
            copy.enclosingFunction = name(specialization.enclosingFunction)
            return copy
        }
        file.aliasMentions = original.aliasMentions.map {
            AliasMention(
                name: name($0.name), enclosingType: name($0.enclosingType), enclosingFunction: name($0.enclosingFunction),
                composedBy: name($0.composedBy)
            )
        }
        file.unfollowedFlows = original.unfollowedFlows.map { flow in
            var copy = flow
            copy.enclosingType = name(flow.enclosingType)
            copy.enclosingFunction = name(flow.enclosingFunction)
            copy.holderType = name(flow.holderType)
            copy.castType = name(flow.castType)
            copy.holder = staticHolder(flow.holder)
            copy.value = flow.value.map(identity)
            return copy
        }
        file.declarations.dependenciesParameters = original.declarations.dependenciesParameters.map { parameter in
            var copy = parameter
            copy.enclosingType = name(parameter.enclosingType)
            copy.type = parameter.type.map(reference)
            return copy
        }
        file.declarations.staticProperties = original.declarations.staticProperties.map {
            StaticPropertyFact(owner: name($0.owner), name: $0.name, type: name($0.type))
        }
        file.declarations.closureTypes = original.declarations.closureTypes.map {
            ClosureTypeFact(name: name($0.name), parameters: $0.parameters.map { $0.isEmpty ? $0 : name($0) })
        }
        file.declarations.dependencyMemberReads = original.declarations.dependencyMemberReads.map { read in
            var copy = read
            copy.enclosingType = name(read.enclosingType)
            copy.baseType = name(read.baseType)
            return copy
        }
        return file
    }
}
