import CPDIFacts

/// A key the run-time styles look a value up by: a type registered with a `Module { … }` builder, or a
/// property of a key-path container (`\.aService`). A node of the graph.
public struct Registration: Sendable, Equatable {
    public enum Style: String, Sendable { case module, keyPath }

    public var style: Style
    /// `WidgetModuleType`, or `\.aService`.
    public var name: String
    /// Where it is registered (the first `Module { … }`) or declared (the container property).
    public var file: String
    public var module: String
    public var position: SourcePosition
    public var access: AccessLevel
    /// Key-path properties: the key type behind the property, if any (`AServiceKey`).
    public var keyType: String?
    /// Key-path properties: the container that declares it (`DependencyContainer`).
    public var container: String?
    /// Module registrations: the type built when it differs from the key (`WidgetModule`).
    public var implementation: String?
    /// False for a key-path property whose lazy key nobody sets: injecting it crashes.
    public var isProvided: Bool

    public var id: String { Node.id(.registration, name) }
}

/// One `@Inject` / `@Dependency(\.key)` property and what it resolves to.
public struct Injection: Sendable {
    public enum Resolution: Sendable, Equatable {
        /// The registration it injects (which may itself be unprovided, see `Registration.isProvided`).
        case registered(String)
        /// Nothing registers it, and cpdi sees all registrations of its style.
        case unregistered
        /// cpdi cannot tell: registrations happen where it cannot see (another module, an opaque builder).
        case unknown
    }

    public var fact: InjectionFact
    public var file: String
    public var module: String
    public var resolution: Resolution

    /// The injecting type, or the file for a top-level property.
    public var owner: String { fact.enclosingType ?? file }
    /// `WidgetModuleType` or `\.aService`.
    public var keyName: String { RegistrationLinking.name(of: fact.key) }
}

/// The run-time styles, linked: every registration, every injection and what it resolves to.
public struct RuntimeRegistry: Sendable {
    /// By name (`WidgetModuleType`, `\.aService`).
    public var registrations: [String: Registration] = [:]
    /// In file and source order.
    public var injections: [Injection] = []
    /// Every key-registering fact, by where it is written, for messages and suggestions.
    public var registrationFacts: [Declared<RegistrationFact>] = []
    /// What each module type vends through `func component() -> T`, by vended type.
    public var vendors: [String: [String]] = [:]
    /// Key types by name.
    public var keyTypes: [String: Declared<DependencyKeyFact>] = [:]
    /// Whether cpdi sees every registration by type: there is a builder and it can read every builder's type.
    public var judgesTypeInjections = false
    /// Whether cpdi sees every key: all key-path containers are declared in the sources.
    public var judgesKeyPathInjections = false

    public init() {}

    /// Registration nodes, the injecting types that are not nodes yet, and the `injects` edges between them.
    func graphElements(symbols: SymbolTable, nodeID: (String) -> String) -> (nodes: [Node], edges: [Edge]) {
        var nodes = registrations.values.map { registration in
            Node(
                id: registration.id, kind: .registration, name: registration.name, module: registration.module,
                file: registration.file, line: registration.position.line, column: registration.position.column,
                access: registration.access
            )
        }
        var edges: [Edge] = []
        // Every injecting type is drawn, also one whose injection resolves to nothing: that is where it crashes.
        for injection in injections {
            let from = nodeID(injection.owner)
            let declaration = symbols.typeDeclarations[injection.owner]?.first
            let place = declaration.map { ($0.file, $0.module, $0.fact.position, $0.fact.access) }
                ?? (injection.file, injection.module, injection.fact.position, AccessLevel.internal)
            nodes.append(Node(
                id: from, kind: .component, name: injection.owner, module: place.1, file: place.0,
                line: place.2.line, column: place.2.column, access: place.3, leaves: []
            ))
            guard case .registered(let name) = injection.resolution, let registration = registrations[name] else { continue }
            edges.append(Edge(
                from: from, to: registration.id, kind: .injects, file: injection.file,
                line: injection.fact.position.line, column: injection.fact.position.column
            ))
        }
        return (nodes, edges)
    }
}

/// Pass: links the run-time styles' injections to their registrations.
///
/// What counts as registered:
/// - **modules**: a type is registered by `Module { X() as T }` (as `T`) or `Module { X() }` (as `X`).
///   Injections of a type are judged only when the sources contain a builder registration and every
///   builder's type can be read; otherwise registrations may happen where cpdi cannot see.
/// - **key paths**: `\.k` is provided by a container property `k` that holds or computes its own
///   value, or is backed by a key type with a default value, or whose lazy key is set somewhere
///   (`set(initialValue:key:)`, `Container[\.k] = …`, `Container[Key.self] = …`, `Key.currentValue = …`).
///   Judged only when every key-path container is declared in the sources (the native style), not
///   when a library declares it and may provide keys cpdi cannot see.
struct RegistrationLinking {
    let files: [FileFacts]
    let modules: [String: String]

    func run() -> RuntimeRegistry {
        var registry = RuntimeRegistry()
        for file in files {
            let module = modules[file.path] ?? ""
            for fact in file.runtime.registrations {
                registry.registrationFacts.append(Declared(fact: fact, file: file.path, module: module))
            }
            for key in file.runtime.keyTypes where registry.keyTypes[key.name] == nil {
                registry.keyTypes[key.name] = Declared(fact: key, file: file.path, module: module)
            }
            for component in file.runtime.moduleComponents {
                registry.vendors[component.type, default: []].append(component.module)
            }
        }
        for key in registry.vendors.keys { registry.vendors[key] = Array(Set(registry.vendors[key]!)).sorted() }
        addModuleRegistrations(to: &registry)
        addKeyPathRegistrations(to: &registry)

        let judgesTypes = judgesTypeInjections(registry)
        let judgesKeyPaths = judgesKeyPathInjections()
        registry.judgesTypeInjections = judgesTypes
        registry.judgesKeyPathInjections = judgesKeyPaths
        for file in files {
            let module = modules[file.path] ?? ""
            for fact in file.runtime.injections {
                let name = Self.name(of: fact.key)
                let resolution: Injection.Resolution
                if registry.registrations[name] != nil {
                    resolution = .registered(name)
                } else if case .type = fact.key {
                    resolution = judgesTypes ? .unregistered : .unknown
                } else {
                    resolution = judgesKeyPaths ? .unregistered : .unknown
                }
                registry.injections.append(Injection(fact: fact, file: file.path, module: module, resolution: resolution))
            }
        }
        return registry
    }

    static func name(of key: RuntimeKey) -> String {
        switch key {
        case .type(let name), .keyType(let name): name
        case .keyPath(let name): "\\.\(name)"
        }
    }

    // MARK: Modules

    private func addModuleRegistrations(to registry: inout RuntimeRegistry) {
        for declared in registry.registrationFacts where declared.fact.kind == .builder {
            guard case .type(let name)? = declared.fact.key, registry.registrations[name] == nil else { continue }
            registry.registrations[name] = Registration(
                style: .module, name: name, file: declared.file, module: declared.module, position: declared.fact.position,
                access: .internal, implementation: declared.fact.implementation, isProvided: true
            )
        }
    }

    private func judgesTypeInjections(_ registry: RuntimeRegistry) -> Bool {
        let builders = registry.registrationFacts.filter { $0.fact.kind == .builder }
        return !builders.isEmpty && builders.allSatisfy { $0.fact.key != nil }
    }

    // MARK: Key paths

    private func addKeyPathRegistrations(to registry: inout RuntimeRegistry) {
        let setKeys = Set(registry.registrationFacts.filter { $0.fact.kind != .builder }.compactMap(\.fact.key))
        for file in files {
            for property in file.runtime.containerProperties {
                let name = "\\.\(property.name)"
                guard registry.registrations[name] == nil else { continue }
                var isProvided = true
                // A container that only extends a library type may be filled by code cpdi cannot see.
                if judgesKeyPathInjections(), let keyType = property.keyType, let key = registry.keyTypes[keyType], !key.fact.hasDefaultValue {
                    isProvided = setKeys.contains(.keyType(keyType)) || setKeys.contains(.keyPath(property.name))
                }
                registry.registrations[name] = Registration(
                    style: .keyPath, name: name, file: file.path, module: modules[file.path] ?? "", position: property.position,
                    access: property.access, keyType: property.keyType, container: property.container, isProvided: isProvided
                )
            }
        }
    }

    /// Key-path containers are the types with key-backed properties; all must be declared in the sources.
    private func judgesKeyPathInjections() -> Bool {
        let containers = Set(files.flatMap { $0.runtime.containerProperties.map(\.container) })
        let declared = Set(files.flatMap { $0.types.filter { $0.kind != .extension && $0.kind != .protocol }.map(\.name) })
        return !containers.isEmpty && containers.isSubset(of: declared)
    }
}
