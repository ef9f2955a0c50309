import CPDIFacts

/// A key the run-time styles look a value up by: a type registered with a `Module { … }` builder, with
/// Swinject or with Resolver, or a property of a key-path container (`\.aService`, swift-dependencies'
/// `DependencyValues`, Factory's `Container`). A node of the graph.
public struct Registration: Sendable, Equatable {
    public var dialect: RuntimeDialect
    /// `WidgetModuleType`, `APIClient (name: "primary")`, or `\.aService`: unique in the registry.
    public var name: String
    /// Type keys: the type registered (`WidgetModuleType`); key paths: the property (`aService`).
    public var key: String
    /// Swinject and Resolver: the registration name; nil for none, `"*"` for one cpdi cannot read.
    public var registeredName: String?
    /// Swinject: how many arguments its factory takes after the resolver.
    public var argumentCount = 0
    /// Where it is registered (the first registration) or declared (the container property).
    public var file: String
    public var module: String
    public var position: SourcePosition
    public var access: AccessLevel
    /// Key-path properties: the key type behind the property, if any (`AServiceKey`).
    public var keyType: String?
    /// Key-path properties: the container that declares it (`DependencyContainer`).
    public var container: String?
    /// Key-path properties: the wrapper declared in the sources that reads this container (`Inject`).
    public var injectedWith: String?
    /// Type registrations: the type built when it differs from the key (`WidgetModule`).
    public var implementation: String?
    /// Type registrations: further types it answers for (`.implements(P.self)`).
    public var alsoAs: Set<String> = []
    /// Where each of `alsoAs` is written, first writing first.
    public var aliasSites: [AliasSite] = []
    /// The `aliasSites` no lookup or injection asks for, while the registration itself is used; see `RuntimeReadReview`.
    public var unusedAliases: [AliasSite] = []
    /// The type the registration is written in (`AppAssembly`), for messages.
    public var owner: String?
    /// Type registrations: the other places that register the same key (two assemblies registering one type),
    /// each as dead as the first when nothing asks for the key.
    public var otherSites: [RegistrationSite] = []
    /// False for a lazy key nobody sets, a swift-dependencies key with no live value, a Factory promise
    /// nobody registers: injecting it fails at run time.
    public var isProvided = true
    /// Kept on purpose (`// periphery:ignore`).
    public var isIgnored = false
    /// Key-path properties: some code sets it for a test or a preview (`withDependencies { $0.x = … }`,
    /// `Container.shared.x.register { … }`), which writes it and reads nothing.
    public var isOverridden = false
    /// Whether anything reads it; see `RuntimeReadReview`.
    public var usage: Usage = .used

    public enum Usage: Sendable, Equatable {
        case used
        /// Nothing scanned injects, resolves or reads it.
        case unused
        /// cpdi cannot tell, for the reason given.
        case notJudged(String)
    }

    public var id: String { Node.id(.registration, name) }

    /// One more place a key is registered.
    public struct RegistrationSite: Sendable, Equatable {
        public var file: String
        public var position: SourcePosition
        public var owner: String?

        public init(file: String, position: SourcePosition, owner: String?) {
            self.file = file
            self.position = position
            self.owner = owner
        }
    }

    /// `\.aService` for key paths, the type (and name) for the others.
    public var isKeyPath: Bool { dialect == .keyPath || dialect == .swiftDependencies || dialect == .factory }
}

/// `.implements(P.self)` on a registration: `P` is the type a lookup may ask for.
public struct AliasSite: Sendable, Equatable {
    public var type: String
    public var file: String
    public var position: SourcePosition
}

/// One `@Inject` / `@Dependency(\.key)` / `@Injected(\.x)` property and what it resolves to.
public struct Injection: Sendable {
    public enum Resolution: Sendable, Equatable {
        /// The registration it injects (which may itself be unprovided, see `Registration.isProvided`).
        case registered(String)
        /// Nothing registers it, and cpdi sees all registrations it could come from; `nearMiss` names a
        /// registration of the same type under another name or argument count.
        case unregistered(nearMiss: String?)
        /// cpdi cannot tell: registrations happen where it cannot see (another module, an opaque builder).
        case unknown
    }

    public var fact: InjectionFact
    public var file: String
    public var module: String
    public var resolution: Resolution
    /// Whether anything reads the property; see `RuntimeReadReview`.
    public var usage: Registration.Usage = .used
    /// Why a lookup by type is `.unknown` though no registration of its store answers it (`RuntimeReadReview`).
    public var notJudgedReason: String?

    /// The injecting type, or the file for a top-level property.
    public var owner: String { fact.enclosingType ?? file }
    /// `WidgetModuleType` or `\.aService`.
    public var keyName: String { RegistrationLinking.name(of: fact.key) }
}

/// A lookup written as a call (`resolver.resolve(T.self)`, `resolve()`, `r ~> T.self`) and what it finds.
public struct Resolution: Sendable {
    public var fact: ResolutionFact
    public var file: String
    public var module: String
    /// The type looked up: written, or inferred from where the value goes; nil when cpdi cannot tell.
    public var type: String?
    public var result: Injection.Resolution
    /// The registration whose factory makes this lookup (`register(A.self) { r in A(b: r.resolve(B.self)!) }`).
    public var insideRegistration: String?
    /// Why the lookup is `.unknown` though no registration of its store answers it (`RuntimeReadReview`).
    public var notJudgedReason: String?
    /// A lookup of unknown type made by the initializer of a type the sources do not declare
    /// (`autoregister(JSONDecoder.self, initializer: JSONDecoder.init)`): a library's initializer cannot take
    /// the app's own types, so it asks for none of them.
    public var asksOnlyForLibraryTypes = false

    /// The type the lookup is written in, or its file's name for top-level code.
    public var owner: String { fact.enclosingType ?? String(file.split(separator: "/").last ?? Substring(file)) }
}

/// The run-time styles, linked: every registration, every injection and what it resolves to.
public struct RuntimeRegistry: Sendable {
    /// By name (`WidgetModuleType`, `\.aService`).
    public var registrations: [String: Registration] = [:]
    /// In file and source order.
    public var injections: [Injection] = []
    /// Lookups written as calls, in file and source order.
    public var resolutions: [Resolution] = []
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
    /// Whether the scan holds a program's entry point (`@main`, `main.swift`): then every module is the
    /// app's own, and public registrations are judged like internal ones.
    public var holdsApp = false
    /// What judging the injections and registrations asked of the files' reads (`RuntimeReadReview`).
    public var askedReads = AskedReads()
    /// Registrations that may answer a lookup whose result names another (`StoreState.allAnswering`): used too.
    var alsoAnswering: Set<String> = []

    public init() {}

    /// The registrations in name order.
    public var sortedRegistrations: [Registration] { registrations.keys.sorted().map { registrations[$0]! } }

    /// Registration nodes, the injecting types that are not nodes yet, and the `injects` edges between them:
    /// from a type to what it injects or resolves, and from a registration to what its factory resolves.
    func graphElements(symbols: SymbolTable, nodeID: (String) -> String) -> (nodes: [Node], edges: [Edge]) {
        var nodes = registrations.values.map { registration in
            Node(
                id: registration.id, kind: .registration, name: registration.name, module: registration.module,
                file: registration.file, line: registration.position.line, column: registration.position.column,
                access: registration.access
            )
        }
        var edges: [Edge] = []
        func injector(_ owner: String, file: String, module: String, position: SourcePosition) -> String {
            let from = nodeID(owner)
            let declaration = symbols.typeDeclarations[owner]?.first
            let place = declaration.map { ($0.file, $0.module, $0.fact.position, $0.fact.access) }
                ?? (file, module, position, AccessLevel.internal)
            nodes.append(Node(
                id: from, kind: .component, name: owner, module: place.1, file: place.0,
                line: place.2.line, column: place.2.column, access: place.3, leaves: []
            ))
            return from
        }
        // Every injecting type is drawn, also one whose injection resolves to nothing: that is where it crashes.
        for injection in injections {
            let from = injector(injection.owner, file: injection.file, module: injection.module, position: injection.fact.position)
            guard case .registered(let name) = injection.resolution, let registration = registrations[name] else { continue }
            edges.append(Edge(
                from: from, to: registration.id, kind: .injects, file: injection.file,
                line: injection.fact.position.line, column: injection.fact.position.column
            ))
        }
        for resolution in resolutions {
            guard case .registered(let name) = resolution.result, let registration = registrations[name] else { continue }
            let from: String
            if let inside = resolution.insideRegistration, let source = registrations[inside] {
                guard source.id != registration.id else { continue }
                from = source.id
            } else {
                from = injector(resolution.owner, file: resolution.file, module: resolution.module, position: resolution.fact.position)
            }
            edges.append(Edge(
                from: from, to: registration.id, kind: .injects, file: resolution.file,
                line: resolution.fact.position.line, column: resolution.fact.position.column
            ))
        }
        return (nodes, edges)
    }
}

extension AccessLevel {
    /// `public` or `open`: other packages may use it.
    var isVisibleOutsideModule: Bool { self == .public || self == .open }
    /// `private` or `fileprivate`: only its own file may use it.
    var isFileScoped: Bool { self == .private || self == .fileprivate }
}
