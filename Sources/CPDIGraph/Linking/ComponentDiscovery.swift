import CPDIFacts

/// Pass: finds the components (types and functions that receive dependencies), what constrains each,
/// and the containers (concrete types that provide dependencies).
struct ComponentDiscovery {
    let conventions: NamingConventions
    let symbols: SymbolTable
    /// Value names learnt from the code (`NamingInference`), not configured.
    var learntValues: Set<String> = []

    func components() -> [String: Component] {
        var found: [String: Component] = [:]
        var testCases = TestCaseTypes(symbols: symbols)
        let typeNames = symbols.sortedTypeNames.filter { !testCases.contains($0) }
        // Each type and protocol is judged on its own: on all cores.
        for (name, component) in zip(typeNames, Parallel.map(typeNames.count, chunk: 256) { typeComponent(typeNames[$0]) }) {
            if let component { found[name] = component }
        }
        let protocolNames = symbols.sortedProtocolNames
        for (name, component) in zip(protocolNames, Parallel.map(protocolNames.count, chunk: 256) { protocolComponent(protocolNames[$0]) }) {
            if let component { found[name] = component }
        }
        for name in symbols.functions.keys.sorted() where found[name] == nil {
            if let component = functionComponent(name) { found[name] = component }
        }
        return found
    }

    func containers(components: [String: Component]) -> [String: Container] {
        var found: [String: Container] = [:]
        for name in symbols.sortedTypeNames where symbols.isDeclaredType(name) {
            let declarations = symbols.typeDeclarations[name]!
            var conformances: [(name: String, file: String, position: SourcePosition)] = []
            for declaration in declarations {
                for inherited in declaration.fact.inheritedTypes {
                    guard let provided = providedDependency(inherited.name, scope: name, components: components) else { continue }
                    conformances.append((provided, declaration.file, inherited.position))
                }
            }
            guard !conformances.isEmpty, let main = declarations.first else { continue }
            found[name] = Container(
                name: name, file: main.file, module: main.module, position: main.fact.position,
                access: main.fact.access, conformances: conformances
            )
        }
        return found
    }

    // MARK: Types

    private func typeComponent(_ name: String) -> Component? {
        guard symbols.isDeclaredType(name), let declarations = symbols.typeDeclarations[name], let main = declarations.first
        else { return nil }
        let witnessed = learntValues.isEmpty ? [] : requiredProperties(of: name)
        let properties = declarations.flatMap(\.fact.dependencyProperties).filter {
            isDependenciesProperty($0, scope: name) && !($0.isStored && witnessed.contains($0.name))
        }
        let property = properties.first(where: \.isStored) ?? properties.first
        var requirements: [Requirement] = []
        var heldType: String?
        var genericParameter: String?
        var initializerExtras: [Requirement] = []
        if let property, let type = property.type {
            if let parameter = main.fact.genericParameters.first(where: { $0.name == type.name }) {
                requirements = resolve(parameter.constraints, scope: name, strict: false)
                genericParameter = parameter.name
            } else {
                switch symbols.resolve(type.name, from: name) {
                case .alias(let alias) where symbols.aliases[alias]?.fact.isInline == true:
                    guard let extras = extrasTaken(alias, initializers: declarations.flatMap(\.fact.initializers), scope: name),
                        !mayBeOverridden(name, kind: main.fact.kind, access: main.fact.access)
                    else { return nil }
                    requirements = [Requirement(name: alias, kind: .alias, reference: type)]
                    initializerExtras = extras
                case .alias(let alias): requirements = [Requirement(name: alias, kind: .alias, reference: type)]
                case .protocolType(let proto): requirements = [Requirement(name: proto, kind: .leaf, reference: type)]
                case .type(let concrete):
                    heldType = concrete
                    requirements = splicedRequirements(of: concrete)
                case nil: requirements = resolve([type], scope: name, strict: true)
                }
            }
        } else {
            (requirements, genericParameter) = genericRequirements(main.fact.genericParameters, scope: name)
            if requirements.isEmpty {
                (requirements, genericParameter) = initializerRequirements(
                    declarations.flatMap(\.fact.initializers), generics: main.fact.genericParameters, scope: name
                )
            }
            if requirements.isEmpty, let composition = initializerComposition(declarations, scope: name),
                !mayBeOverridden(name, kind: main.fact.kind, access: main.fact.access)
            {
                requirements = [composition]
            }
            if requirements.isEmpty, let inherited = inheritedRequirements(name, main: main) {
                return Component(
                    name: name, form: .type(main.fact.kind), file: main.file, module: main.module, position: main.fact.position,
                    access: main.fact.access, requirements: inherited.requirements, property: inherited.property, heldType: nil,
                    propertyOwner: inherited.base
                )
            }
        }
        if requirements.isEmpty, heldType == nil, property == nil, let alias = castAlias(of: name) {
            // `guard let appContext = UIApplication.shared.delegate as? Context`: no value is handed in, each cast is one.
            requirements = [Requirement(name: alias.name, kind: .alias, reference: alias.reference)]
        }
        guard !requirements.isEmpty || heldType != nil else { return nil }
        var component = Component(
            name: name, form: .type(main.fact.kind), file: main.file, module: main.module, position: main.fact.position,
            access: main.fact.access, requirements: requirements, property: property, heldType: heldType,
            genericParameter: genericParameter
        )
        component.initializerExtras = initializerExtras
        return component
    }

    /// The one alias of its own that a type casts values to (`ownAliasCasts`), where it composes dependencies.
    private func castAlias(of name: String) -> (name: String, reference: TypeReference)? {
        let written = symbols.ownAliasCasts[name] ?? []
        guard !written.isEmpty else { return nil }
        var resolved: Set<String> = []
        for alias in written {
            guard case .alias(let found)? = symbols.resolve(alias, from: name), symbols.aliases[found]?.fact.enclosingType == name else { return nil }
            resolved.insert(found)
        }
        guard resolved.count == 1, let alias = resolved.first, symbols.leafSets[alias]?.isEmpty == false,
            let declared = symbols.aliases[alias]
        else { return nil }
        return (alias, TypeReference(name: alias, position: declared.fact.position))
    }

    /// `final class AppFlow: BaseFlowController<HasFeed & HasUser>` (`InheritedGenericDependencies`): the base's stored
    /// property, typed by the argument given. Not where a subclass may override what the base's initializer takes.
    private func inheritedRequirements(
        _ name: String, main: Declared<TypeFact>
    ) -> (requirements: [Requirement], property: DependencyPropertyFact, base: String)? {
        guard let found = InheritedGenericDependencies(conventions: conventions, learntValues: learntValues).match(name, symbols: symbols),
            !mayBeOverridden(name, kind: main.fact.kind, access: main.fact.access)
        else { return nil }
        if found.argument.count >= 2 {
            let alias = InheritedGenericDependencies.aliasName(of: name, property: found.property)
            guard symbols.aliases[alias] != nil else { return nil }
            let reference = TypeReference(name: alias, position: found.argument[0].position)
            return ([Requirement(name: alias, kind: .alias, reference: reference)], found.property, found.base)
        }
        let requirements = resolve(found.argument, scope: name, strict: true)
        guard requirements.count == 1, requirements[0].kind != .unknown else { return nil }
        return (requirements, found.property, found.base)
    }

    /// Every initializer that takes the dependencies takes them as a composition of at least what the property keeps:
    /// the property's composition is the component's alias, judged by what the component reads. What an initializer
    /// takes beyond it (`init(dependencies: HasA & HasB & HasC)` storing `HasB & HasC`) is returned: no read through the
    /// property can reach it, but every caller must bring it. Nil where an initializer takes something else
    /// (`init(dependencies: AppDependencies)`, or less than is kept): the type is then no component.
    private func extrasTaken(_ alias: String, initializers: [InitializerFact], scope: String) -> [Requirement]? {
        let members = (symbols.aliases[alias]?.fact.members ?? []).map(\.name).sorted()
        var extras: Set<String> = []
        for initializer in initializers {
            for parameter in initializer.parameters {
                if isDependenciesLabel(parameter) {
                    guard let composition = parameter.composition, Set(members).isSubset(of: composition) else { return nil }
                    extras.formUnion(Set(composition).subtracting(members))
                    continue
                }
                // Another composition sharing a member may be what is stored, under another name.
                guard let composition = parameter.composition, !Set(composition).isDisjoint(with: members) else { continue }
                guard composition == members else { return nil }
            }
        }
        let position = symbols.aliases[alias]?.fact.position ?? SourcePosition(line: 1, column: 1)
        let resolved = resolve(extras.sorted().map { TypeReference(name: $0, position: position) }, scope: scope, strict: true)
        // An extra cpdi cannot place (declared outside the sources, or no dependency): what callers must bring is unknown.
        guard resolved.count == extras.count, !resolved.contains(where: { $0.kind == .unknown }) else { return nil }
        return resolved
    }

    /// A class some type of the sources inherits from, or an `open` one: a subclass may override the property, and
    /// an override must spell the same type.
    private func mayBeOverridden(_ name: String, kind: TypeKind, access: AccessLevel) -> Bool {
        guard kind == .class else { return false }
        if access == .open { return true }
        return symbols.sortedTypeNames.contains { type in
            type != name && (symbols.typeDeclarations[type] ?? []).contains { declaration in
                declaration.fact.inheritedTypes.contains { inherited in
                    if case .type(name)? = symbols.resolve(inherited.name, from: type) { return true }
                    return false
                }
            }
        }
    }

    /// A spliced type (`SplicedFooDependencies<External>: FooDependencies`) stands for the aliases it conforms to.
    private func splicedRequirements(of type: String) -> [Requirement] {
        guard let main = symbols.typeDeclarations[type]?.first, !main.fact.genericParameters.isEmpty else { return [] }
        return resolve(main.fact.inheritedTypes, scope: type, strict: true)
    }

    private func genericRequirements(_ parameters: [GenericParameterFact], scope: String) -> ([Requirement], String?) {
        for parameter in parameters {
            let requirements = resolve(parameter.constraints, scope: scope, strict: true)
            if !requirements.isEmpty { return (requirements, parameter.name) }
        }
        return ([], nil)
    }

    /// `init(dependencies: Dependencies)` with no stored property still tells what the type needs, and so does
    /// `init(dependency: Dependency)` with `Dependency` a dependency-like alias of the initializer's file.
    private func initializerRequirements(
        _ initializers: [InitializerFact], generics: [GenericParameterFact], scope: String
    ) -> ([Requirement], String?) {
        for initializer in initializers {
            for parameter in initializer.parameters where isDependenciesLabel(parameter) || parameter.carriesDependencies {
                guard let type = parameter.type else { continue }
                if let generic = generics.first(where: { $0.name == type.name }) {
                    return (resolve(generic.constraints, scope: scope, strict: false), generic.name)
                }
                let requirements = resolve([type], scope: scope, strict: false)
                if !requirements.isEmpty { return (requirements, nil) }
            }
        }
        return ([], nil)
    }

    /// `init(dependencies: HasStore & HasPacks)` on a type that stores no dependencies value: the composition is the
    /// type's alias (`FactCollector+InitializerCompositions`), where one initializer alone takes a composition under
    /// that label. Not for a class a subclass may override, whose initializer may take another, nor where a protocol
    /// the type adopts requires an initializer with that label: the protocol fixes what it takes, and code written
    /// against the protocol builds the type by it.
    private func initializerComposition(_ declarations: [Declared<TypeFact>], scope: String) -> Requirement? {
        let taking = declarations.flatMap(\.fact.initializers).flatMap { $0.parameters.filter { $0.composition != nil && isDependenciesLabel($0) } }
        guard taking.count == 1 else { return nil }
        let alias = "\(scope).\(AliasFact.initializerCompositionName(label: taking[0].label))"
        guard let declared = symbols.aliases[alias], declared.fact.isInline, symbols.leafSets[alias]?.isEmpty == false,
            !requiresInitializer(labelled: taking[0].label, of: declarations.flatMap(\.fact.inheritedTypes), scope: scope)
        else { return nil }
        return Requirement(name: alias, kind: .alias, reference: TypeReference(name: alias, position: declared.fact.position))
    }

    /// Whether a protocol among `inherited`, or one they inherit, requires an initializer taking `label`.
    private func requiresInitializer(labelled label: String, of inherited: [TypeReference], scope: String) -> Bool {
        var pending = inherited.map { (reference: $0, scope: scope) }, visited: Set<String> = []
        while let next = pending.popLast() {
            guard case .protocolType(let proto)? = symbols.resolve(next.reference.name, from: next.scope), visited.insert(proto).inserted,
                let required = symbols.protocols[proto]?.fact
            else { continue }
            if required.initializers.contains(where: { $0.parameters.contains { $0.label == label } }) { return true }
            pending += required.inheritedTypes.map { ($0, proto) }
        }
        return false
    }

    // MARK: Protocols and functions

    /// `protocol ProductComponent { associatedtype Dependencies: ProductComponentDependencies }`
    private func protocolComponent(_ name: String) -> Component? {
        guard let declared = symbols.protocols[name] else { return nil }
        for associated in declared.fact.associatedTypes where conventions.isAliasName(associated.name) {
            let requirements = resolve(associated.constraints, scope: name, strict: false)
            guard !requirements.isEmpty else { continue }
            return Component(
                name: name, form: .type(.protocol), file: declared.file, module: declared.module,
                position: declared.fact.position, access: declared.fact.access, requirements: requirements,
                property: declared.fact.dependencyProperties.first, heldType: nil, genericParameter: associated.name
            )
        }
        return nil
    }

    private func functionComponent(_ name: String) -> Component? {
        guard let declared = symbols.functions[name] else { return nil }
        let function = declared.fact
        guard let parameter = function.parameters.first(where: isDependenciesLabel) ?? function.parameters.first(where: \.carriesDependencies),
            let type = parameter.type
        else { return nil }
        let requirements: [Requirement]
        let generic = function.genericParameters.first(where: { $0.name == type.name })
        if let generic {
            requirements = resolve(generic.constraints, scope: function.enclosingType, strict: false)
        } else if isEnclosingGeneric(type.name, of: function) {
            return nil  // `func make(dependencies: Dependencies)` belongs to its type's own component
        } else if isDependenciesLabel(parameter), case .alias(let alias)? = symbols.resolve(type.name, from: function.enclosingType),
            composesProtocols(alias)
        {
            // Named like dependencies and typed by a composition of protocols, whatever the composition is called
            // (`dependencies: DependenciesType`, or a protocol that only composes others): as for a stored property.
            requirements = [Requirement(name: alias, kind: .alias, reference: type)]
        } else {
            // A parameter known by its type alone is typed by a dependency alias: its file said so.
            requirements = resolve([type], scope: function.enclosingType, strict: !parameter.carriesDependencies)
        }
        guard !requirements.isEmpty else { return nil }
        return Component(
            name: name, form: .function, file: declared.file, module: declared.module, position: function.position,
            access: function.access, requirements: requirements, property: nil, heldType: nil, genericParameter: generic?.name
        )
    }

    /// A protocol that only composes others (`CompositionProtocols`), or an alias whose members are all protocols or
    /// aliases of the sources: not `typealias Context = NSManagedObjectContext`.
    private func composesProtocols(_ alias: String) -> Bool {
        if symbols.compositionProtocols.contains(alias) { return true }
        guard let declared = symbols.aliases[alias], !declared.fact.members.isEmpty else { return false }
        return declared.fact.members.allSatisfy { member in
            switch symbols.resolve(member.name, from: declared.fact.enclosingType) {
            case .protocolType?, .alias?: return true
            case .type?, nil: return false
            }
        }
    }

    /// A generic parameter (or associated type) of the function's type or of any type it is nested in:
    /// `ListState<Dependencies>.LoaderModel.load(dependencies: Dependencies)` works for `ListState`.
    private func isEnclosingGeneric(_ name: String, of function: FunctionFact) -> Bool {
        var current = function.enclosingType.map { Substring($0) }
        while let enclosing = current.map(String.init) {
            if let type = symbols.typeDeclarations[enclosing]?.first?.fact, type.genericParameters.contains(where: { $0.name == name }) {
                return true
            }
            if symbols.protocols[enclosing]?.fact.associatedTypes.contains(where: { $0.name == name }) ?? false { return true }
            current = current?.lastIndex(of: ".").map { current![..<$0] }
        }
        return false
    }

    // MARK: Resolution

    /// The learnt value names a type must provide as properties, because a protocol it conforms to (directly,
    /// through an alias, or through protocol inheritance) requires them: a type storing such a property is a
    /// container handing it out (`var container: Repositories` for `HasRepositoryContainer`), not a component.
    private func requiredProperties(of type: String) -> Set<String> {
        var names: Set<String> = [], seen: Set<String> = []
        var pending: [(String, String?)] = (symbols.typeDeclarations[type] ?? []).flatMap { $0.fact.inheritedTypes.map { ($0.name, type) } }
        while let (reference, scope) = pending.popLast() {
            switch symbols.resolve(reference, from: scope) {
            case .protocolType(let proto)?:
                guard seen.insert(proto).inserted, let declared = symbols.protocols[proto] else { continue }
                names.formUnion(declared.fact.propertyRequirements.map(\.name).filter(learntValues.contains))
                pending += declared.fact.inheritedTypes.map { ($0.name, proto) }
            case .alias(let alias)?:
                guard seen.insert(alias).inserted else { continue }
                pending += (symbols.leafSets[alias] ?? []).map { ($0, nil) }
            default:
                continue
            }
        }
        return names
    }

    /// A property named like dependencies, or one its file recognised by its type alone (`private let context:
    /// ForecastModel.Context`) whose type turns out to be a dependency alias.
    private func isDependenciesProperty(_ property: DependencyPropertyFact, scope: String) -> Bool {
        // A value of the type's own type (`static let linkDependencies = Feature(name: "dependency")`) is one of its named
        // values, whatever its name: no type holds its dependencies as an instance of itself.
        if let type = property.type, type.name == "Self" || symbols.resolve(type.name, from: scope) == .type(scope) { return false }
        if conventions.isDependenciesValueName(property.name) { return true }
        guard let type = property.type, case .alias(let alias)? = symbols.resolve(type.name, from: scope) else { return false }
        return symbols.dependencyAliases.contains(alias)
    }

    private func isDependenciesLabel(_ parameter: ParameterFact) -> Bool {
        conventions.isDependenciesValueName(parameter.label) || conventions.isDependenciesValueName(parameter.name)
    }

    /// Keeps the constraints that are dependencies. `strict` demands that they look like it (an alias, a
    /// leaf, or a name following the conventions); without it any protocol counts, because a property or
    /// parameter named `dependencies` already says what it is.
    private func resolve(_ references: [TypeReference], scope: String?, strict: Bool) -> [Requirement] {
        references.compactMap { reference in
            switch symbols.resolve(reference.name, from: scope) {
            case .alias(let alias):
                return !strict || symbols.dependencyAliases.contains(alias) ? Requirement(name: alias, kind: .alias, reference: reference) : nil
            case .protocolType(let proto):
                let looksLikeDependency = symbols.leafNames.contains(proto)
                    || conventions.isDependencyProtocolName(proto.lastDottedPart)
                    || conventions.isAliasName(proto.lastDottedPart)
                return !strict || looksLikeDependency ? Requirement(name: proto, kind: .leaf, reference: reference) : nil
            case .type:
                return nil
            case nil:
                let simple = reference.name.lastDottedPart
                guard conventions.namesDependency(simple) else { return nil }
                return Requirement(name: reference.name, kind: .unknown, reference: reference)
            }
        }
    }

    /// An inherited type that makes a concrete type a container: an alias, or a leaf protocol.
    private func providedDependency(_ name: String, scope: String, components: [String: Component]) -> String? {
        switch symbols.resolve(name, from: scope) {
        case .alias(let alias): return symbols.dependencyAliases.contains(alias) ? alias : nil
        case .protocolType(let proto):
            guard components[proto] == nil else { return nil }  // conforming to a component protocol is a forward
            let leaves = symbols.leafSets[proto] ?? []
            return !leaves.isEmpty && leaves.isSubset(of: symbols.leafNames) ? proto : nil
        case .type, nil: return nil
        }
    }
}

/// Test cases exercise components but are none: `XCTestCase` (and Quick) subclasses, through any depth of
/// test base classes, and Swift Testing suites. Test doubles are ordinary types and stay components.
public struct TestCaseTypes {
    let symbols: SymbolTable
    private var known: [String: Bool] = [:]
    private static let frameworkBases: Set<String> = ["XCTestCase", "QuickSpec", "AsyncSpec"]

    public init(symbols: SymbolTable) { self.symbols = symbols }

    public mutating func contains(_ name: String) -> Bool {
        if let answer = known[name] { return answer }
        known[name] = false  // a cycle of superclasses ends here
        let declarations = symbols.typeDeclarations[name] ?? []
        var answer = declarations.contains { $0.fact.isTestSuite }
        if !answer, let main = declarations.first, main.fact.kind == .class, let parent = main.fact.inheritedTypes.first {
            let simple = String(parent.name.lastDottedPart)
            if Self.frameworkBases.contains(simple) {
                answer = true
            } else if case .type(let declared)? = symbols.resolve(parent.name, from: name) {
                answer = contains(declared)
            }
        }
        known[name] = answer
        return answer
    }
}
