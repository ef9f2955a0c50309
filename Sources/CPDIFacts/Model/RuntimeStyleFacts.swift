/// Facts of the two run-time styles, where a value is looked up when it is first used instead of being
/// handed down: property wrappers that resolve by type (`@Inject var x: WidgetModuleType`) or by key
/// path (`@Dependency(\.aService) var aService`), and the code that registers what they look up.
/// The compiler checks none of this, so a missing registration is a crash at run time.
public struct RuntimeStyleFacts: Codable, Sendable, Equatable {
    public var injections: [InjectionFact] = []
    public var registrations: [RegistrationFact] = []
    /// Types conforming to a key protocol (`struct AServiceKey: DependencyKey`).
    public var keyTypes: [DependencyKeyFact] = []
    /// Properties of a key-path container (`extension DependencyContainer { var aService: … }`).
    public var containerProperties: [ContainerPropertyFact] = []
    /// `func component() -> T` of a module: what a registered module vends.
    public var moduleComponents: [ModuleComponentFact] = []

    public init() {}

    public var isEmpty: Bool {
        injections.isEmpty && registrations.isEmpty && keyTypes.isEmpty && containerProperties.isEmpty && moduleComponents.isEmpty
    }
}

/// What a run-time lookup is keyed by.
public enum RuntimeKey: Codable, Sendable, Hashable {
    /// A type, as `@Inject` and `Module { … }` use it (`WidgetModuleType`).
    case type(String)
    /// A property of the key-path container (`\.aService` → `aService`).
    case keyPath(String)
    /// A key type (`AServiceKey.self`).
    case keyType(String)
}

/// Written as a kind and a name rather than in the synthesized form, whose decoder asks the container for
/// its keys: the facts cache's positional coder has none to give, so every file with a run-time key was
/// refused by the cache and parsed again on every run.
extension RuntimeKey {
    private enum CodingKeys: String, CodingKey { case kind, name }
    private enum Kind: String, Codable { case type, keyPath, keyType }

    public init(from decoder: any Decoder) throws {
        // In the order `encode` writes them: the cache's coder reads fields by position.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .kind)
        let name = try container.decode(String.self, forKey: .name)
        switch kind {
        case .type: self = .type(name)
        case .keyPath: self = .keyPath(name)
        case .keyType: self = .keyType(name)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .type(let name): try container.encode(Kind.type, forKey: .kind); try container.encode(name, forKey: .name)
        case .keyPath(let name): try container.encode(Kind.keyPath, forKey: .kind); try container.encode(name, forKey: .name)
        case .keyType(let name): try container.encode(Kind.keyType, forKey: .kind); try container.encode(name, forKey: .name)
        }
    }
}

/// `@Inject private var widgetModule: WidgetModuleType` or `@Dependency(\.aService) var aService`.
public struct InjectionFact: Codable, Sendable, Equatable {
    /// The property wrapper as written (`Inject`, `Dependency`).
    public var wrapper: String
    /// `.type` or `.keyPath`.
    public var key: RuntimeKey
    /// The injected property.
    public var property: String
    public var enclosingType: String?
    /// Where the key is written: the type annotation or the key path.
    public var position: SourcePosition

    public init(wrapper: String, key: RuntimeKey, property: String, enclosingType: String?, position: SourcePosition) {
        self.wrapper = wrapper
        self.key = key
        self.property = property
        self.enclosingType = enclosingType
        self.position = position
    }
}

public enum RegistrationKind: String, Codable, Sendable {
    /// `Module { WidgetModule() as WidgetModuleType }`, `Dependency { X() }` in a `Dependencies { … }` builder.
    case builder
    /// `DependencyContainer.set(initialValue: X(), key: AServiceKey.self)` (or `key: \.aService`).
    case set
    /// `DependencyContainer[\.aService] = X()`, `DependencyContainer[AServiceKey.self] = X()`, `AServiceKey.currentValue = X()`.
    case assignment
}

/// Code that puts a value where a run-time lookup finds it.
public struct RegistrationFact: Codable, Sendable, Equatable {
    public var kind: RegistrationKind
    /// What it registers; nil when the builder's value has no type cpdi can read (`Module { makeModule() }`).
    public var key: RuntimeKey?
    /// The concrete type built, when it differs from the key (`WidgetModule` in `WidgetModule() as WidgetModuleType`).
    public var implementation: String?
    public var enclosingType: String?
    /// The builder call (`Module`), the `set` call, or the assigned subscript.
    public var position: SourcePosition

    public init(kind: RegistrationKind, key: RuntimeKey?, implementation: String? = nil, enclosingType: String?, position: SourcePosition) {
        self.kind = kind
        self.key = key
        self.implementation = implementation
        self.enclosingType = enclosingType
        self.position = position
    }
}

/// A type conforming to a key protocol, and whether it holds a value before anyone sets one.
public struct DependencyKeyFact: Codable, Sendable, Equatable {
    public var name: String
    /// The key protocols it conforms to (`DependencyKey`, `LazyDependencyKey`).
    public var protocols: [String]
    /// True when a static value has an initial value or a getter (`static var currentValue: AService = AService()`);
    /// false for `static var currentValue: AService?` with nothing assigned, the lazy kind.
    public var hasDefaultValue: Bool
    public var access: AccessLevel
    public var position: SourcePosition

    public init(name: String, protocols: [String], hasDefaultValue: Bool, access: AccessLevel, position: SourcePosition) {
        self.name = name
        self.protocols = protocols
        self.hasDefaultValue = hasDefaultValue
        self.access = access
        self.position = position
    }
}

/// A property of a type whose properties are looked up by key path: backed by a key type
/// (`get { Self[AServiceKey.self] }`), or holding its own value.
public struct ContainerPropertyFact: Codable, Sendable, Equatable {
    /// The container type (the declared or extended type).
    public var container: String
    public var name: String
    /// The key type its accessors subscript with; nil when the property holds or computes its own value.
    public var keyType: String?
    public var access: AccessLevel
    public var position: SourcePosition

    public init(container: String, name: String, keyType: String?, access: AccessLevel, position: SourcePosition) {
        self.container = container
        self.name = name
        self.keyType = keyType
        self.access = access
        self.position = position
    }
}

/// `func component() -> WidgetWorkerType` inside a module type.
public struct ModuleComponentFact: Codable, Sendable, Equatable {
    public var module: String
    public var type: String
    public var position: SourcePosition

    public init(module: String, type: String, position: SourcePosition) {
        self.module = module
        self.type = type
        self.position = position
    }
}
