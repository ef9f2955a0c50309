import CPDIFacts

/// Pass: links the run-time styles' injections and lookups to their registrations.
///
/// What counts as registered:
/// - **modules**: a type is registered by `Module { X() as T }` (as `T`) or `Module { X() }` (as `X`).
/// - **Swinject** and **Resolver**: `register(T.self) { … }` or `register { X() }` registers its type, and
///   `.implements(P.self)` adds `P`; a name and (Swinject) the factory's argument count must match too.
///   Each library keeps its own store: a Swinject `resolve` never finds what Resolver registered. A property
///   wrapper that resolves by type (`@Inject`, `@Injected var x: T`) finds what any of them registered,
///   unless its file imports Resolver, whose wrappers read Resolver's store alone.
/// - **key paths**: `\.k` is provided by a property `k` of the container its wrapper reads (written in the
///   key path, `\Container.k`; the root of the wrapper's `KeyPath<Root, T>` when the wrapper is declared in
///   the sources; swift-dependencies' `DependencyValues` for `@Dependency`; Factory's `Container` for its
///   wrappers). A property backed by a lazy key nobody sets, a swift-dependencies key with only a test
///   value, and a Factory promise (`self { nil }`) nobody registers hold nothing at run time.
///
/// A lookup is called unregistered only when cpdi sees every registration it could come from: every
/// registration of that store names its type (and name) in a way cpdi can read. What reads each
/// registration and each injected property is judged afterwards by `RuntimeReadReview`.
struct RegistrationLinking {
    let files: [FileFacts]
    let modules: [String: String]
    /// Read for its types, protocols and aliases only: `Linker` starts this pass before leaf flattening and
    /// component discovery fill in the rest of the table.
    let symbols: SymbolTable

    /// The keys swift-dependencies itself registers on `DependencyValues` (version 1.17.1).
    static let libraryKeys: Set<String> = [
        "assert", "assertionFailure", "calendar", "context", "continuousClock", "date", "fireAndForget", "locale",
        "mainQueue", "mainRunLoop", "notificationCenter", "openURL", "precondition", "preferredLocales", "suspendingClock",
        "timeZone", "urlSession", "uuid", "withRandomNumberGenerator",
    ]
    /// Factory's property wrappers, which read its `Container` unless the key path names another root.
    static let factoryWrappers: Set<String> = [
        "Injected", "LazyInjected", "WeakLazyInjected", "InjectedObject", "InjectedObservable", "DynamicInjected",
    ]

    /// `Base|.member` by the base's last name, as a registration writes it (`RegistrationFact.staticMember`).
    private static func memberKey(_ entry: String) -> String {
        guard let bar = entry.utf8.firstIndex(of: UInt8(ascii: "|")) else { return entry }
        return "\(TypeMentionName.last(of: String(entry[..<bar])))\(entry[bar...])"
    }

    func run() -> RuntimeRegistry {
        var registry = RuntimeRegistry()
        var aliases: [String: String] = [:]
        let staticMembers = files.contains { $0.runtime.registrations.contains { $0.staticMember != nil } } ? ReadIndex.memberTypes(files, keyedBy: Self.memberKey) : [:]
        for file in files {
            let module = modules[file.path] ?? ""
            // Once per file: each `file.runtime` written out copied the file's run-time facts whole.
            let runtime = file.runtime
            registry.holdsApp = registry.holdsApp || runtime.isEntryPoint
            for fact in runtime.registrations {
                var fact = fact
                fact.isIgnored = fact.isIgnored || runtime.ignoresAll
                // `register { Clock.live }` registers the type `live` is declared with; unknown, it stays unread.
                if let member = fact.staticMember, let type = staticMembers[Self.memberKey(member)] {
                    fact.key = .type(type)
                }
                registry.registrationFacts.append(Declared(fact: fact, file: file.path, module: module))
            }
            for key in runtime.keyTypes {
                guard var known = registry.keyTypes[key.name] else {
                    registry.keyTypes[key.name] = Declared(fact: key, file: file.path, module: module)
                    continue
                }
                // `extension Client: TestDependencyKey` in one file and `extension Client: DependencyKey` in another.
                known.fact.hasLiveValue = known.fact.hasLiveValue || key.hasLiveValue
                known.fact.hasDefaultValue = known.fact.hasDefaultValue || key.hasDefaultValue
                known.fact.protocols += key.protocols.filter { !known.fact.protocols.contains($0) }
                registry.keyTypes[key.name] = known
            }
            for component in runtime.moduleComponents {
                registry.vendors[component.type, default: []].append(component.module)
            }
            for pair in runtime.reads.typeAliases {
                let parts = pair.barSeparated(maxSplits: 1)
                if parts.count == 2, aliases[parts[0]] == nil { aliases[parts[0]] = parts[1] }
            }
        }
        for key in registry.vendors.keys { registry.vendors[key] = Array(Set(registry.vendors[key]!)).sorted() }
        // Only an app with run-time facts asks for types by name; a large app without them skips the walk.
        let types: TypeKeys
        if registry.registrationFacts.isEmpty && !files.contains(where: { !$0.runtime.isEmpty }) {
            types = TypeKeys(aliases: aliases)
        } else {
            let nested = Set(symbols.typeDeclarations.filter { $0.key.contains(".") && $0.value.contains { $0.fact.kind != .extension } }.keys)
            let declaredNames = Set(symbols.typeDeclarations.keys.map { String($0.lastDottedPart) })
            let moduleNames = Set(modules.values.flatMap { [$0, String($0.map { $0.isLetter || $0.isNumber ? $0 : "_" })] }).subtracting(declaredNames)
            types = TypeKeys(aliases: aliases, nestedTypes: nested, modules: moduleNames)
        }
        addTypeRegistrations(to: &registry, types: types)
        let containers = KeyPathContainers(files: files)
        registry.judgesKeyPathInjections = judgesKeyPathInjections(containers)
        addKeyPathRegistrations(to: &registry, containers: containers)

        let unread = Set(files.flatMap { $0.runtime.unreadRegistrations.map { types.canonical($0) } })
        let stores = StoreState(registry: registry, types: types, unread: unread)
        registry.judgesTypeInjections = stores.isComplete(.modules)
        let helpers = ResolveHelpers(files: files)
        let wrappers = Dictionary(files.flatMap(\.runtime.propertyWrappers).map { ($0.name, $0.keyPathRoot) }, uniquingKeysWith: { $0 ?? $1 })
        for file in files {
            let module = modules[file.path] ?? ""
            let runtime = file.runtime
            for fact in runtime.injections {
                var fact = fact
                fact.isIgnored = fact.isIgnored || runtime.ignoresAll
                let resolution = resolve(fact, wrappers: wrappers, registry: &registry, stores: stores, types: types)
                registry.injections.append(Injection(fact: fact, file: file.path, module: module, resolution: resolution))
            }
            for var fact in runtime.resolutions {
                if let helper = fact.helperName {
                    guard let dialect = helpers.dialects[helper] else { continue }
                    fact.dialect = dialect
                }
                registry.resolutions.append(resolve(fact, file: file.path, module: module, registry: registry, stores: stores, types: types))
            }
        }
        // A helper of another name: its callers are not read, so what they find may be anything.
        for (dialect, name) in helpers.otherNames {
            var fact = ResolutionFact(dialect: dialect, key: nil, enclosingType: nil, position: SourcePosition(line: 0, column: 0))
            fact.throughHelper = true
            registry.resolutions.append(Resolution(fact: fact, file: "\(name)(…)", module: "", type: nil, result: .unknown))
        }
        for declared in registry.registrationFacts {
            guard let initializer = declared.fact.initializerOf else { continue }
            registry.resolutions += autoregistered(declared, initializer: initializer, registry: registry, stores: stores, types: types)
        }
        registry.alsoAnswering = alsoAnswering(registry, stores: stores, wrappers: wrappers, types: types)
        // With nothing injected or registered there is nothing to judge, and indexing every file's reads for it
        // cost a large app without run-time injection a tenth of a second per 10,000 files.
        if !registry.injections.isEmpty || !registry.registrations.isEmpty
            || registry.resolutions.contains(where: { if case .unregistered = $0.result { true } else { false } })
        {
            RuntimeReadReview(files: files, symbols: symbols, containers: containers, modules: modules)
                .run(on: &registry, lookedUp: lookedUpTypes(in: registry, types: types))
        }
        return registry
    }

    /// Every type some injection or lookup asks a store for: what keeps an `.implements(P.self)` alive. An
    /// injection by type may be answered by any type-keyed store, so it counts for all of them.
    private func lookedUpTypes(in registry: RuntimeRegistry, types: TypeKeys) -> [RuntimeDialect: Set<String>] {
        var found: [RuntimeDialect: Set<String>] = [:]
        for injection in registry.injections {
            guard case .type(let written) = injection.fact.key else { continue }
            for dialect in [RuntimeDialect.modules, .swinject, .resolver] { found[dialect, default: []].insert(types.canonical(written, in: injection.fact.enclosingType)) }
        }
        for resolution in registry.resolutions {
            if let type = resolution.type { found[resolution.fact.dialect, default: []].insert(type) }
        }
        return found
    }

    static func name(of key: RuntimeKey) -> String {
        switch key {
        case .type(let name), .keyType(let name): name
        case .keyPath(let name): "\\.\(name)"
        }
    }

    // MARK: Registrations

    /// Module builders, Swinject's and Resolver's factories; the first registration of a key names it.
    private func addTypeRegistrations(to registry: inout RuntimeRegistry, types: TypeKeys) {
        for declared in registry.registrationFacts where declared.fact.kind == .builder || declared.fact.kind == .factory {
            let fact = declared.fact
            let written: String
            switch fact.key {
            case .type(let name)?, .keyType(let name)?: written = name
            default: continue
            }
            let dialect = fact.kind == .builder ? RuntimeDialect.modules : fact.dialect ?? .swinject
            let key = types.canonical(written, in: fact.enclosingType)
            var name = types.registrationName(written, in: fact.enclosingType)
            if let registered = fact.name, !registered.isEmpty { name += " (name: \"\(registered)\")" }
            if let existing = registry.registrations[name] {
                if existing.dialect == dialect {
                    // Two targets may register one type with factories of different arities: either may answer.
                    if existing.argumentCount != fact.argumentCount { registry.registrations[name]!.argumentCount = RegistrationFact.anyArgumentCount }
                    registry.registrations[name]!.isIgnored = existing.isIgnored || fact.isIgnored
                    registry.registrations[name]!.alsoAs.formUnion(fact.alsoAs.map { types.canonical($0, in: fact.enclosingType) })
                    registry.registrations[name]!.aliasSites += aliasSites(of: fact, file: declared.file, types: types)
                    registry.registrations[name]!.otherSites.append(
                        .init(file: declared.file, position: fact.position, owner: fact.enclosingType)
                    )
                    continue
                }
                name += " [\(dialect.title)]"
                guard registry.registrations[name] == nil else { continue }
            }
            var registration = Registration(
                dialect: dialect, name: name, key: key, file: declared.file, module: declared.module, position: fact.position,
                access: fact.access
            )
            registration.registeredName = fact.name?.isEmpty == true ? nil : fact.name
            registration.argumentCount = fact.argumentCount
            registration.implementation = fact.implementation
            registration.owner = fact.enclosingType
            registration.isIgnored = fact.isIgnored
            registration.alsoAs = Set(fact.alsoAs.map { types.canonical($0, in: fact.enclosingType) })
            registration.aliasSites = aliasSites(of: fact, file: declared.file, types: types)
            registry.registrations[name] = registration
        }
    }

    private func aliasSites(of fact: RegistrationFact, file: String, types: TypeKeys) -> [AliasSite] {
        zip(fact.alsoAs, fact.alsoAsPositions).map { AliasSite(type: types.canonical($0, in: fact.enclosingType), file: file, position: $1) }
    }

    /// Properties of key-path containers: `DependencyValues` (swift-dependencies), Factory's containers,
    /// and containers declared in the sources.
    private func addKeyPathRegistrations(to registry: inout RuntimeRegistry, containers counted: KeyPathContainers) {
        let setKeys = Set(registry.registrationFacts.filter { $0.fact.kind == .set || $0.fact.kind == .assignment }.compactMap(\.fact.key))
        let overridden = Set(files.flatMap(\.runtime.reads.overridden))
        let judgesKeyPaths = registry.judgesKeyPathInjections
        // The first property wrapper of the sources rooted at each container (found once, not per property).
        var wrappers: [String: String] = [:]
        for file in files {
            for wrapper in file.runtime.propertyWrappers {
                if let root = wrapper.keyPathRoot, wrappers[root] == nil { wrappers[root] = wrapper.name }
            }
        }
        for file in files {
            for property in file.runtime.containerProperties where counted.counts(property) {
                let dialect: RuntimeDialect = property.isFactory ? .factory : property.container == "DependencyValues" ? .swiftDependencies : .keyPath
                var name = "\\.\(property.name)"
                if let existing = registry.registrations[name] {
                    guard existing.container != property.container else { continue }
                    name = "\\\(property.container).\(property.name)"
                    guard registry.registrations[name] == nil else { continue }
                }
                var isProvided = true
                switch dialect {
                case .factory:
                    isProvided = !property.isPromise || overridden.contains(property.name)
                case .swiftDependencies:
                    // A key with a test value only: the live value may be declared in a package cpdi does not see,
                    // unless the key is the app's own.
                    let isLibrarys = key(property.keyType, in: registry)?.fact.access.isVisibleOutsideModule == true
                        || property.access.isVisibleOutsideModule
                    if let keyType = property.keyType, let key = registry.keyTypes[keyType], !key.fact.hasLiveValue,
                        !isLibrarys || registry.holdsApp
                    {
                        isProvided = overridden.contains(property.name)
                    }
                default:
                    // A container that only extends a library type may be filled by code cpdi cannot see.
                    if judgesKeyPaths, let keyType = property.keyType, let key = registry.keyTypes[keyType], !key.fact.hasDefaultValue {
                        isProvided = setKeys.contains(.keyType(keyType)) || setKeys.contains(.keyPath(property.name))
                    }
                }
                var registration = Registration(
                    dialect: dialect, name: name, key: property.name, file: file.path, module: modules[file.path] ?? "",
                    position: property.position, access: property.access
                )
                registration.isOverridden = overridden.contains(property.name)
                registration.keyType = property.keyType
                registration.container = property.container
                registration.injectedWith = wrappers[property.container]
                registration.isProvided = isProvided
                registration.isIgnored = property.isIgnored || file.runtime.ignoresAll
                registry.registrations[name] = registration
            }
        }
    }

    private func key(_ name: String?, in registry: RuntimeRegistry) -> Declared<DependencyKeyFact>? {
        name.flatMap { registry.keyTypes[$0] }
    }

    /// Key-path containers are the types with key-backed properties; all must be declared in the sources.
    private func judgesKeyPathInjections(_ counted: KeyPathContainers) -> Bool {
        let containers = Set(files.flatMap { $0.runtime.containerProperties.filter { !$0.isFactory && counted.counts($0) }.map(\.container) })
        // Most apps have no such container: then no type name needs gathering (a hundred thousand in a large app).
        guard !containers.isEmpty else { return false }
        let declared = Set(files.flatMap { $0.types.filter { $0.kind != .extension && $0.kind != .protocol }.map(\.name) })
        return containers.isSubset(of: declared)
    }

    // MARK: Injections

    /// The stores an injection by type may be answered from: Resolver's own wrappers look in Resolver's only.
    private static func searchedStores(_ fact: InjectionFact, wrappers: [String: String?]) -> [RuntimeDialect] {
        fact.dialect == .resolver && wrappers[fact.wrapper] == nil ? [.resolver] : [.modules, .swinject, .resolver]
    }

    /// The registrations besides the one each answered lookup names that may answer it too.
    private func alsoAnswering(_ registry: RuntimeRegistry, stores: StoreState, wrappers: [String: String?], types: TypeKeys) -> Set<String> {
        var found: Set<String> = []
        for injection in registry.injections {
            guard case .registered = injection.resolution, case .type(let written) = injection.fact.key else { continue }
            let lookup = Lookup(type: types.canonical(written, in: injection.fact.enclosingType), name: injection.fact.name, argumentCount: 0)
            found.formUnion(stores.allAnswering(lookup, in: Self.searchedStores(injection.fact, wrappers: wrappers)))
        }
        for resolution in registry.resolutions {
            guard case .registered = resolution.result, let type = resolution.type else { continue }
            let lookup = Lookup(type: type, name: resolution.fact.name, argumentCount: resolution.fact.argumentCount)
            found.formUnion(stores.allAnswering(lookup, in: searchedStores(resolution.fact)))
        }
        return found
    }

    private func resolve(
        _ fact: InjectionFact, wrappers: [String: String?], registry: inout RuntimeRegistry, stores: StoreState, types: TypeKeys
    ) -> Injection.Resolution {
        let declaredWrapper = wrappers[fact.wrapper] != nil
        switch fact.key {
        case .type(let written):
            let searched = Self.searchedStores(fact, wrappers: wrappers)
            let lookup = Lookup(type: types.canonical(written, in: fact.enclosingType), name: fact.name, argumentCount: 0)
            if let found = stores.find(lookup, in: searched) { return .registered(found) }
            guard stores.judges(lookup, in: searched) else { return .unknown }
            return .unregistered(nearMiss: stores.registrations(of: lookup.type, in: searched).first?.described)
        case .keyType(let keyType):
            if let registered = registry.registrations[keyType], registered.dialect == .modules { return .registered(keyType) }
            guard let key = registry.keyTypes[keyType] else { return .unknown }
            let isDependencies = fact.wrapper == "Dependency" && !declaredWrapper
            if registry.registrations[keyType] == nil {
                var registration = Registration(
                    dialect: isDependencies ? .swiftDependencies : .keyPath, name: keyType, key: keyType, file: key.file,
                    module: key.module, position: key.fact.position, access: key.fact.access
                )
                registration.keyType = keyType
                if isDependencies {
                    registration.isProvided = key.fact.hasLiveValue || (key.fact.access.isVisibleOutsideModule && !registry.holdsApp)
                } else {
                    let setKeys = Set(registry.registrationFacts.compactMap(\.fact.key))
                    registration.isProvided = key.fact.hasDefaultValue || setKeys.contains(.keyType(keyType))
                }
                registry.registrations[keyType] = registration
            }
            return .registered(keyType)
        case .keyPath(let property):
            // The root written or fixed by a wrapper declared in the sources is certain; a library's is a guess
            // that gives way to any container of the sources with that property.
            let writtenRoot: String? = fact.keyPathRoot ?? wrappers[fact.wrapper] ?? nil
            let guessedRoot = writtenRoot == nil ? defaultRoot(of: fact, declaredWrapper: declaredWrapper) : nil
            let root = writtenRoot ?? guessedRoot
            let candidates = registry.registrations.values.filter { $0.isKeyPath && $0.key == property }.sorted { $0.name < $1.name }
            if let match = candidates.first(where: { root == nil || $0.container == root })
                ?? (writtenRoot == nil ? candidates.first : nil)
            {
                return .registered(match.name)
            }
            if root == "DependencyValues", Self.libraryKeys.contains(property) {
                let name = "\\.\(property)"
                if registry.registrations[name] == nil {
                    var registration = Registration(
                        dialect: .swiftDependencies, name: name, key: property, file: "", module: "Dependencies",
                        position: SourcePosition(line: 0, column: 0), access: .public
                    )
                    registration.container = "DependencyValues"
                    registration.owner = "swift-dependencies"
                    registry.registrations[name] = registration
                }
                return .registered(name)
            }
            // Only a container declared in the sources, whose keys cpdi sees, can lack one.
            let containers = Set(registry.registrations.values.filter { $0.dialect == .keyPath }.compactMap(\.container))
            guard registry.judgesKeyPathInjections, writtenRoot.map(containers.contains) ?? !containers.isEmpty else { return .unknown }
            return .unregistered(nearMiss: nil)
        }
    }

    /// `@Dependency(\.x)` reads `DependencyValues`, Factory's wrappers its `Container`, when the sources do
    /// not declare the wrapper themselves.
    private func defaultRoot(of fact: InjectionFact, declaredWrapper: Bool) -> String? {
        guard !declaredWrapper else { return nil }
        if fact.wrapper == "Dependency", fact.dialect == nil || fact.dialect == .swiftDependencies { return "DependencyValues" }
        if Self.factoryWrappers.contains(fact.wrapper), fact.dialect == .factory { return "Container" }
        return nil
    }

    // MARK: Lookups written as calls

    private func resolve(
        _ fact: ResolutionFact, file: String, module: String, registry: RuntimeRegistry, stores: StoreState, types: TypeKeys
    ) -> Resolution {
        var type: String?
        if case .type(let written)? = fact.key { type = types.canonical(written, in: fact.enclosingType) }
        if type == nil, let inferred = fact.inferredFrom, let owner = inferred.split(separator: "|").first {
            type = parameterType(inferred).map { types.canonical($0, in: String(owner)) }
        }
        var resolution = Resolution(fact: fact, file: file, module: module, type: type, result: .unknown)
        resolution.insideRegistration = fact.registeredIn.flatMap { registered in
            registry.sortedRegistrations.first { $0.dialect == fact.dialect && $0.key == types.canonical(registered, in: fact.enclosingType) }?.name
        }
        guard let type else { return resolution }
        let lookup = Lookup(type: type, name: fact.name, argumentCount: fact.argumentCount)
        let searched = searchedStores(fact)
        if let found = stores.find(lookup, in: searched) {
            resolution.result = .registered(found)
        } else if !fact.throughHelper, searched == [fact.dialect], stores.judges(lookup, in: searched) {
            resolution.result = .unregistered(nearMiss: stores.registrations(of: type, in: searched).first?.described)
        }
        return resolution
    }

    /// The store a lookup asks; any type-keyed store, and no miss judged, for a call on `Resolver` that only its
    /// name made Resolver's where the sources declare a `Resolver` of their own (a class wrapping a Swinject container).
    private func searchedStores(_ fact: ResolutionFact) -> [RuntimeDialect] {
        guard fact.isResolverByName, (symbols.typeDeclarations["Resolver"] ?? []).contains(where: { $0.fact.kind != .extension }) else {
            return [fact.dialect]
        }
        return [.modules, .swinject, .resolver]
    }

    /// `autoregister(T.self, initializer: X.init)` resolves every parameter of `X`'s initializer.
    private func autoregistered(
        _ declared: Declared<RegistrationFact>, initializer: String, registry: RuntimeRegistry, stores: StoreState, types: TypeKeys
    ) -> [Resolution] {
        let generics = (symbols.typeDeclarations[initializer] ?? []).first.map { $0.fact.genericParameters.map(\.name) } ?? []
        let parameters = initializerParameters(of: initializer).map { parameters in
            // A parameter typed by the type's generic parameter asks for the argument the registration writes.
            parameters.map { type -> String? in
                guard let type, let index = generics.firstIndex(of: type) else { return type }
                let arguments = declared.fact.keyGenericArguments
                return index < arguments.count && arguments[index] != "?" ? arguments[index] : nil
            }
        }
        let facts: [ResolutionFact] = parameters.map { parameters in
            parameters.map { parameter in
                var fact = ResolutionFact(
                    dialect: .swinject, key: parameter.map(RuntimeKey.type), enclosingType: declared.fact.enclosingType,
                    position: declared.fact.position
                )
                fact.isOptional = true
                if case .type(let registered)? = declared.fact.key { fact.registeredIn = registered }
                return fact
            }
        } ?? [{
            // An initializer cpdi cannot read: a lookup of an unknown type.
            var fact = ResolutionFact(dialect: .swinject, key: nil, enclosingType: declared.fact.enclosingType, position: declared.fact.position)
            fact.isOptional = true
            return fact
        }()]
        // The factory's own arguments are handed in, not resolved: the last parameters of the initializer.
        let resolved = facts.dropLast(min(declared.fact.argumentCount, facts.count))
        let isLibraryType = symbols.typeDeclarations[initializer] == nil && initializer != "?"
        return resolved.map {
            var resolution = resolve($0, file: declared.file, module: declared.module, registry: registry, stores: stores, types: types)
            resolution.asksOnlyForLibraryTypes = isLibraryType && resolution.type == nil
            return resolution
        }
    }

    /// The parameter types of a type's only initializer; nil when it has none in the sources, or several.
    private func initializerParameters(of type: String) -> [String?]? {
        let declarations = symbols.typeDeclarations[type] ?? []
        let initializers = declarations.flatMap(\.fact.initializers)
        if initializers.isEmpty {
            let stored = memberwise(of: type)
            if stored.isEmpty, declarations.contains(where: { $0.fact.kind == .struct }) || isRootClass(declarations) { return [] }
            return stored.isEmpty ? nil : stored.map { Optional($0.type) }
        }
        guard initializers.count == 1 else { return nil }
        return initializers[0].parameters.map { $0.type?.name }
    }

    /// A class that inherits from no class: with no initializer of its own, it has only `init()` (as has a
    /// struct whose stored properties all have their values). One whose
    /// first inherited type is not a protocol of the sources may inherit a superclass's initializers.
    private func isRootClass(_ declarations: [Declared<TypeFact>]) -> Bool {
        guard declarations.contains(where: { $0.fact.kind == .class }) else { return false }
        let inherited = declarations.compactMap { $0.fact.kind == .class ? $0.fact.inheritedTypes.first?.name : nil }
        return inherited.allSatisfy { symbols.protocols[$0] != nil }
    }

    /// A struct's memberwise initializer: its stored properties, in order.
    private func memberwise(of type: String) -> [(label: String, type: String)] {
        files.flatMap(\.runtime.memberwiseParameters).compactMap { entry in
            let fields = entry.barSeparated()
            return fields.count == 3 && fields[0] == type ? (fields[1], fields[2]) : nil
        }
    }

    /// `X|api` is the type of the parameter labelled `api` of `X`'s initializers, when they agree; `X|#0` the first one's.
    private func parameterType(_ inferred: String) -> String? {
        let parts = inferred.barSeparated(maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let initializers = (symbols.typeDeclarations[parts[0]] ?? []).flatMap(\.fact.initializers)
        // `AuthenticationView<AuthenticationViewModel>(viewModel: resolve())` over `init(viewModel: ViewModel)`:
        // the type's generic parameter may be bound to any type.
        let generics = Set((symbols.typeDeclarations[parts[0]] ?? []).flatMap { $0.fact.genericParameters.map(\.name) })
        if initializers.isEmpty {
            guard !parts[1].hasPrefix("#"), let type = memberwise(of: parts[0]).first(where: { $0.label == parts[1] })?.type else { return nil }
            return generics.contains(type) ? nil : type
        }
        var found: Set<String> = []
        for initializer in initializers {
            if parts[1].hasPrefix("#"), let index = Int(parts[1].dropFirst()) {
                let unlabelled = initializer.parameters
                guard index < unlabelled.count, let type = unlabelled[index].type?.name else { return nil }
                found.insert(type)
            } else if let parameter = initializer.parameters.first(where: { $0.label == parts[1] }) {
                guard let type = parameter.type?.name else { return nil }
                found.insert(type)
            }
            // `init<Model>(model: Model)`: bound at each call.
            if found.contains(where: initializer.genericParameters.contains) { return nil }
        }
        guard found.count == 1, let type = found.first, !generics.contains(type) else { return nil }
        return type
    }
}

/// The app's own generic helpers over a library's lookup (`func resolve<T>() -> T { container.resolve(T.self)! }`).
/// Calls of one whose name the extraction keeps (`resolve…`, `inject…`) are read as lookups of that library;
/// calls of one named otherwise are not read, so its store may be asked for anything.
struct ResolveHelpers {
    /// The library each helper looks up in, by the helper's name.
    let dialects: [String: RuntimeDialect]
    /// Helpers whose calls are not read, by library.
    let otherNames: [(RuntimeDialect, String)]

    init(files: [FileFacts]) {
        var dialects: [String: RuntimeDialect] = [:]
        for file in files {
            for entry in file.runtime.resolveHelpers {
                let parts = entry.barSeparated(maxSplits: 1)
                guard parts.count == 2, let dialect = RuntimeDialect(rawValue: parts[0]) else { continue }
                dialects[parts[1]] = min(dialect, dialects[parts[1]] ?? dialect)
            }
        }
        self.dialects = dialects
        otherNames = dialects.filter { !ResolutionFact.mayNameHelper($0.key) }
            .sorted { $0.key < $1.key }.map { ($0.value, $0.key) }
    }
}

/// Type names with the app's own `typealias`es followed, so `register(ServiceType.self)` and
/// `resolve(Service.self)` meet when `typealias ServiceType = Service`.
struct TypeKeys {
    /// Type aliases by the name they are declared under (`LoginAssembly.View` for one declared in a type).
    let aliases: [String: String]
    /// By last name, every target an alias of that name is declared with.
    private let targetsByLastName: [String: Set<String>]

    /// Types declared inside another (`ResetPasswordView.ViewModel`): `ViewModel` written in that type names it.
    private let nestedTypes: Set<String>
    /// Module names that are no type's name: `TravelKit.AirportRepository` is `AirportRepository`.
    private let modules: Set<String>

    init(aliases: [String: String], nestedTypes: Set<String> = [], modules: Set<String> = []) {
        self.aliases = aliases
        self.nestedTypes = nestedTypes
        self.modules = modules
        var targets: [String: Set<String>] = [:]
        for (name, target) in aliases { targets[String(name.lastDottedPart), default: []].insert(target) }
        targetsByLastName = targets
    }

    /// The type `name` means where it is written, in `scope` (the type around it), through type aliases.
    func canonical(_ name: String, in scope: String? = nil) -> String {
        // `P.Type.self` and `P.self` are asked for and registered alike by apps that key by metatype.
        var current = name
        for suffix in [".Type", ".Protocol"] where current.hasSuffix(suffix) { current.removeLast(suffix.count) }
        if let dot = current.firstIndex(of: "."), modules.contains(String(current[..<dot])) { current = String(current[current.index(after: dot)...]) }
        if let nested = nestedType(current, in: scope) { current = nested }
        var scope = scope
        for _ in 0..<8 {
            guard let next = target(of: current, in: scope), next != current else { return current }
            current = next
            scope = nil
        }
        return current
    }

    /// The alias `name` is, seen from `scope`: one the innermost type around it declares, else one of that name
    /// as written (`MessagingAssembly.View`, or declared at the top level), else the only target an alias of
    /// that last name is declared with.
    private func target(of name: String, in scope: String?) -> String? {
        for outer in TypeScopes.around(scope) { if let target = aliases["\(outer).\(name)"] { return target } }
        if let target = aliases[name] { return target }
        guard let targets = targetsByLastName[name], targets.count == 1 else { return nil }
        return targets.first
    }

    /// The type nested in `scope` or a type around it that `name` written there means, if any.
    private func nestedType(_ name: String, in scope: String?) -> String? {
        guard !nestedTypes.isEmpty else { return nil }
        return TypeScopes.around(scope).lazy.map { "\($0).\(name)" }.first(where: nestedTypes.contains)
    }

    /// How a registration written `name` in `scope` is named: by the alias's type where a type around it
    /// declares the alias (two assemblies each register their own `View`).
    func registrationName(_ name: String, in scope: String?) -> String {
        TypeScopes.around(scope).lazy.map { "\($0).\(name)" }.first { aliases[$0] != nil } ?? name
    }
}

/// A lookup by type: what a store must hold to answer it.
struct Lookup {
    var type: String
    /// nil for no name; `"*"` for one cpdi cannot read, which matches any.
    var name: String?
    var argumentCount: Int
}

/// The type-keyed stores (modules, Swinject, Resolver): what each holds, and whether cpdi reads all of it.
struct StoreState {
    private var byDialect: [RuntimeDialect: [Registration]] = [:]
    private var incomplete: Set<RuntimeDialect> = []
    /// Types some call registers in a way cpdi does not read (`RuntimeStyleFacts.unreadRegistrations`).
    private let unread: Set<String>

    init(registry: RuntimeRegistry, types: TypeKeys, unread: Set<String> = []) {
        self.unread = unread
        for registration in registry.sortedRegistrations where !registration.isKeyPath {
            byDialect[registration.dialect, default: []].append(registration)
        }
        for declared in registry.registrationFacts where declared.fact.kind == .builder || declared.fact.kind == .factory {
            let dialect = declared.fact.kind == .builder ? RuntimeDialect.modules : declared.fact.dialect ?? .swinject
            if declared.fact.key == nil || declared.fact.name == "*" { incomplete.insert(dialect) }
        }
    }

    /// Whether the store has registrations and cpdi reads every one.
    func isComplete(_ dialect: RuntimeDialect) -> Bool {
        !(byDialect[dialect] ?? []).isEmpty && !incomplete.contains(dialect)
    }

    /// The registration answering the lookup, in the first store (of `dialects`) that has one.
    func find(_ lookup: Lookup, in dialects: [RuntimeDialect]) -> String? {
        for dialect in dialects {
            if let counted = answering(lookup, in: dialect).first { return counted.name }
        }
        return nil
    }

    /// Every registration of `dialects` that may answer the lookup. Which one does at run time depends on
    /// the container asked and the order of registration (a test's container registers its mocks for the
    /// app's protocols), so each is used.
    func allAnswering(_ lookup: Lookup, in dialects: [RuntimeDialect]) -> [String] {
        dialects.flatMap { answering(lookup, in: $0).map(\.name) }
    }

    private func answering(_ lookup: Lookup, in dialect: RuntimeDialect) -> [Registration] {
        (byDialect[dialect] ?? []).filter { registration in
            // `.implements(P.self, name: "x")` may name the alias: an alias answers under any name.
            (registration.key == lookup.type && Self.namesMatch(registration.registeredName, lookup.name) || registration.alsoAs.contains(lookup.type))
                && (registration.argumentCount == lookup.argumentCount || lookup.argumentCount < 0
                    || registration.argumentCount == RegistrationFact.anyArgumentCount || dialect != .swinject)
        }
    }

    /// Whether a miss is certain: some store to look in has registrations, and every such store is read whole.
    func judges(_ lookup: Lookup, in dialects: [RuntimeDialect]) -> Bool {
        guard lookup.name != "*", !unread.contains(lookup.type) else { return false }
        let filled = dialects.filter { !(byDialect[$0] ?? []).isEmpty }
        return !filled.isEmpty && filled.allSatisfy { !incomplete.contains($0) }
    }

    /// What a store holds under a type and any name, for messages.
    func registrations(of type: String, in dialects: [RuntimeDialect]) -> [Registration] {
        dialects.flatMap { byDialect[$0] ?? [] }.filter { $0.answers(type) }
    }

    private static func namesMatch(_ registered: String?, _ asked: String?) -> Bool {
        registered == "*" || asked == "*" || registered == asked
    }
}

extension Registration {
    /// Whether a lookup of the type finds this registration (its own type, or one it `implements`).
    func answers(_ type: String) -> Bool { key == type || alsoAs.contains(type) }

    /// `Logger (name: "file")`, `Feed with 1 argument`: what a near miss was registered as.
    var described: String {
        argumentCount <= 0 ? name : "\(name) with \(argumentCount) argument\(argumentCount == 1 ? "" : "s")"
    }
}
