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
    /// Lookups written as calls (`resolver.resolve(T.self)`, `let x: T = resolve()`, `Container.shared.api()`).
    public var resolutions: [ResolutionFact] = []
    /// The app's own generic helpers that hand their type to a library's lookup, as `dialect|name`
    /// (`swinject|resolve` for `func resolve<T>() -> T { container.resolve(T.self)! }`).
    public var resolveHelpers: [String] = []
    /// Property wrappers declared in the sources, with the root of the key path they take, if any.
    public var propertyWrappers: [PropertyWrapperFact] = []
    /// Types handed to a call named like a registration that cpdi does not read as one
    /// (`container.registerSingleton(AppConfig.self) { … }`): a lookup of one is not judged missing.
    public var unreadRegistrations: [String] = []
    /// Names read in this file, for the question "does anything read this injected property or key?".
    /// No other field of the facts may be named `reads`: comparing facts that only moved leaves it out by
    /// its key (`MovedPositions`).
    public var reads = NameReads()
    /// Stored properties of structs without an initializer of their own, as `Type|name|PropertyType` in
    /// order: the memberwise initializer's parameters, for `Profile(session: resolve())`.
    public var memberwiseParameters: [String] = []
    /// True when the file starts the program (`@main`, `@UIApplicationMain`, a `main.swift`): a scan holding
    /// one holds an app, whose library modules are its own.
    public var isEntryPoint = false
    /// `// periphery:ignore:all` at the top of the file: nothing declared here is claimed unused.
    public var ignoresAll = false

    public init() {}

    mutating func releaseSpareCapacity() {
        injections.releaseSpareCapacity()
        registrations.releaseSpareCapacity()
        keyTypes.releaseSpareCapacity()
        containerProperties.releaseSpareCapacity()
        moduleComponents.releaseSpareCapacity()
        resolutions.releaseSpareCapacity()
        resolveHelpers.releaseSpareCapacity()
        propertyWrappers.releaseSpareCapacity()
        unreadRegistrations.releaseSpareCapacity()
        memberwiseParameters.releaseSpareCapacity()
        reads.releaseSpareCapacity()
    }

    /// Whether the file declares something the names read anywhere are asked about: an injected property, a
    /// registration, a key, a container property, a module or a property wrapper. Lookups alone are not judged
    /// by reads, nor computed properties of an extension (`computesFromOthers`): they count only where another
    /// file proves their type a key-path container, and that file holds what reads judge. Most extensions of a
    /// large code base have a getter and a setter somewhere; counting them made every such app read twice.
    public var holdsWhatReadsJudge: Bool {
        !(injections.isEmpty && registrations.isEmpty && keyTypes.isEmpty && !containerProperties.contains { !$0.computesFromOthers }
            && moduleComponents.isEmpty && propertyWrappers.isEmpty)
    }

    public var isEmpty: Bool {
        injections.isEmpty && registrations.isEmpty && keyTypes.isEmpty && containerProperties.isEmpty && moduleComponents.isEmpty
            && resolutions.isEmpty && propertyWrappers.isEmpty && resolveHelpers.isEmpty && unreadRegistrations.isEmpty
    }
}

/// Which library's rules a registration or lookup follows; they keep separate stores, so a Swinject
/// `resolve` never finds what Resolver registered.
public enum RuntimeDialect: String, Codable, Sendable, CaseIterable, Comparable {
    /// `Dependencies { Module { … } }` with `@Inject` (the injected-modules style).
    case modules
    /// A key-path container declared in the sources (`DependencyContainer`, `InjectedValues`).
    case keyPath
    /// swift-dependencies: `DependencyValues`, `@Dependency`.
    case swiftDependencies
    /// Swinject: `container.register(T.self) { … }`, `resolver.resolve(T.self)`.
    case swinject
    /// Resolver: `register { … }`, `@Injected var x: T`, `resolve()`.
    case resolver
    /// Factory: `extension Container { var x: Factory<T> { … } }`, `@Injected(\.x)`.
    case factory

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// As a person names it.
    public var title: String {
        switch self {
        case .modules: "injected modules"
        case .keyPath: "key-path container"
        case .swiftDependencies: "swift-dependencies"
        case .swinject: "Swinject"
        case .resolver: "Resolver"
        case .factory: "Factory"
        }
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

    /// The type a key writes: `T` of a lookup by type or of a key type (`Module(AuthKey.self)`).
    public var typeName: String? {
        switch self {
        case .type(let name), .keyType(let name): name
        case .keyPath: nil
        }
    }
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
    /// Where the property's name is written: unused-injection points there.
    public var namePosition: SourcePosition?
    /// The root written in the key path (`\Container.api` → `Container`).
    public var keyPathRoot: String?
    /// The key path is one property (`\.api`, not `\.api.client`): the injected value has that property's type.
    public var isWholeKey = false
    /// The registration name asked for (`@Injected(name: .primary)`), without quotes or leading dot.
    public var name: String?
    /// `@OptionalInjected`: nothing registered is not a crash.
    public var isOptional = false
    public var access: AccessLevel = .internal
    public var isStatic = false
    /// Declared in a function body rather than a type's.
    public var isLocal = false
    /// `@objc`, `dynamic` or `override`: read where cpdi cannot see (the runtime, a superclass).
    public var isDynamic = false
    /// `// periphery:ignore` (or cpdi's own comments, applied later) keep it on purpose.
    public var isIgnored = false
    /// The library the file's imports point to, when they tell (`import Resolver`, `import Factory`): a
    /// Resolver `@Injected` and a hand-written one look the same.
    public var dialect: RuntimeDialect?

    public init(wrapper: String, key: RuntimeKey, property: String, enclosingType: String?, position: SourcePosition) {
        self.wrapper = wrapper
        self.key = key
        self.property = property
        self.enclosingType = enclosingType
        self.position = position
    }
}

/// A lookup written as a call rather than a property wrapper.
public struct ResolutionFact: Codable, Sendable, Equatable {
    public var dialect: RuntimeDialect
    /// nil when the looked-up type cannot be read (`resolve()` whose type only the compiler infers).
    public var key: RuntimeKey?
    /// The registration name asked for; `"*"` when written but not readable (a variable).
    public var name: String?
    /// How many arguments it hands the factory (Swinject's `argument:` / `arguments:`).
    public var argumentCount: Int
    /// A lookup whose type only the compiler infers from where its value goes: `X(api: resolve())` is
    /// `X|api`, the type of `X`'s initializer parameter `api`.
    public var inferredFrom: String?
    /// `optional()`, `resolve(…) ?? fallback`, `if let x = resolve(…)`: nothing registered is not a crash.
    public var isOptional = false
    /// The type registered by the factory closure this lookup is written in (`register(A.self) { r in … }`).
    public var registeredIn: String?
    /// A call that may go through the app's own generic helper (`let x: Foo = resolve()` over
    /// `func resolve<T>() -> T { container.resolve(T.self)! }`): it uses what it finds, but a miss is not
    /// judged, for cpdi does not follow the helper.
    public var throughHelper = false
    /// The function called when no library's shape or import says it is a lookup (`AppDI.resolve()` in a
    /// file without imports, `assembly.resolveGraph()`): kept only when the sources declare a generic helper
    /// of that name over some library.
    public var helperName: String?
    /// Read as Resolver's only because it is written on `Resolver` in a file that imports no library saying so:
    /// a type of the sources named `Resolver` makes it the app's own call.
    public var isResolverByName = false
    /// `lazy var service: Service = resolver.resolve()`: the lookup runs when that property is first read.
    public var lazyProperty: String?
    public var enclosingType: String?
    public var position: SourcePosition

    public init(
        dialect: RuntimeDialect, key: RuntimeKey?, name: String? = nil, argumentCount: Int = 0, enclosingType: String?,
        position: SourcePosition
    ) {
        self.dialect = dialect
        self.key = key
        self.name = name
        self.argumentCount = argumentCount
        self.enclosingType = enclosingType
        self.position = position
    }
}

extension ResolutionFact {
    /// Names an app gives its own generic lookup helpers (`resolve`, `resolveDependencyGraph`, `inject`):
    /// calls of them are kept until the link knows whether the sources declare such a helper.
    public static func mayNameHelper(_ name: String) -> Bool {
        name.hasPrefix("resolve") || name.hasPrefix("inject")
    }
}

/// `@propertyWrapper struct Injected<T> { init(_ keyPath: KeyPath<AppContainer, T>) }`.
public struct PropertyWrapperFact: Codable, Sendable, Equatable {
    public var name: String
    /// The root type of the key path its initializer takes; nil when it takes none.
    public var keyPathRoot: String?

    public init(name: String, keyPathRoot: String?) {
        self.name = name
        self.keyPathRoot = keyPathRoot
    }
}

/// Names a file reads, each once: what an injected property or a key is judged unused against.
public struct NameReads: Codable, Sendable, Equatable {
    /// `name` written alone (also `$name`, `_name`, `self.name`), as `MemberNameHash.bare(name, in:)` of the
    /// type it is written in and of every type that type is nested in (`|name` at top level), sorted;
    /// parameters and locals are left out.
    public var bare: [UInt32] = []
    /// `x.name` and `\.name` on anything else, as `MemberNameHash`es, sorted: some value's `name` is read
    /// (a write `x.name = …` is not).
    public var members: [UInt32] = []
    /// `.name`, as `MemberNameHash`es, sorted: a static member or an enum case is read, never an instance's property.
    public var typeLevelMembers: [UInt32] = []
    /// `Log.name`, `Feature.State.name` on a capitalised base, as `Base|name`, sorted: static, when the base
    /// is a type (the link asks the sources; a capitalised property would be a value).
    public var onTypes: [String] = []
    /// `x.name` where `x` is certainly an instance of a type written in the sources (`Call(…).name`, a
    /// parameter `call: Call`, a property `let call: Call`), as `Type|name`, sorted: only that type's `name`
    /// (or a subclass's) is read. These are not in `members`.
    public var typedMembers: [String] = []
    /// `x.name` where `x` is a property of the type the read is written in, and `Type.x.name` where `x` is
    /// a static one, whose type this file does not give, as `Type|x|name` and `Type|.x|name`, sorted: the link
    /// types it with another file's `memberTypes`, or when `x` is injected by a key whose container property's
    /// type is written (`@Injected(\.appearance) var appearance`); otherwise it is an untyped read.
    public var propertyMembers: [String] = []
    /// The type of each property a type of the file declares with one (`var call: Call`, `var call = Call()`), as
    /// `Type|property|PropertyType` (an empty type where two declarations disagree or it is a generic
    /// parameter), sorted: the link types other files' `propertyMembers` with them.
    public var memberTypes: [String] = []
    /// `Base[\.name]`: a subscript on a capitalised base (not a generic parameter in scope) whose one unlabelled
    /// argument is a key path without a written root, as `Base|name`, sorted. The key path's root is the
    /// subscript's parameter type's (`keyPathSubscriptRoots`), not any value's; these are not in `members`.
    public var subscriptKeyPaths: [String] = []
    /// The root of every key-path parameter of a subscript the file declares (`KeyPath<Root, V>`; `Self` as the
    /// type it is declared in; `?` for a root that is a generic parameter or not written), as `Type|Root` with
    /// the type declaring the subscript (empty outside a type), sorted.
    public var keyPathSubscriptRoots: [String] = []
    /// Types declared `@dynamicMemberLookup`: a typed read on one may reach any other type's member.
    public var dynamicMemberTypes: [String] = []
    /// Member names written only as the target of an override (`$0.apiClient = …`, `Container.shared.api.register { … }`).
    public var overridden: [String] = []
    /// Every `typealias Name = Type` (`Name|Type`, `Outer.Name|Type` for one declared in a type): a registration
    /// and a lookup may name one type two ways.
    public var typeAliases: [String] = []
    /// Every property and enum case the file's types, extensions and protocols declare, and the
    /// `subscriptStep` of each instance subscript an extension or a protocol declares (`anySubscript` for one
    /// with a default argument), as `MemberNameHash.bare(name, in: type)` of the type's last name, sorted: a
    /// name written alone in a type that neither it nor anything it inherits declares is no member, and a step
    /// of a library's value is the library's own unless an extension of it or a protocol declares one.
    public var memberKeys: [UInt32] = []
    /// Every type name written where some lookup could ask for that type (an annotation, a parameter, a
    /// generic argument, `T.self`, a cast), as `MemberNameHash.of` its last name, sorted. Left out: a
    /// declaration's own name, what a type inherits or extends, a generic parameter's constraint, a
    /// construction `T(…)`, the base of `T.member`, the type of a property no attribute wraps, and the names a
    /// registration cpdi read writes for its own key. A registration of a type named here is
    /// not called unused: a lookup cpdi does not read may ask for it.
    public var typeMentions: [UInt32] = []
    /// Every type name written where some registration could build or name that type (inside a closure or a
    /// call's arguments, a type alias, a function type's or a closure's result, a generic argument of an
    /// expression; `Self` as the type it is written in), as `MemberNameHash.of` its last name, sorted. Left out: the names a lookup cpdi read
    /// writes for its own type, and those a registration cpdi read writes for its key or builds. A lookup of a
    /// type named here is not called unregistered: a registration cpdi does not read may provide it.
    public var registrableTypeMentions: [UInt32] = []

    /// A subscript in a chain of `propertyMembers`, by its argument labels (`_` for none):
    /// `app.staticTexts["Done"].images` is `staticTexts.[_]`, `items[safe: 0]` is `items.[safe]`.
    public static func subscriptStep(labels: [String]) -> String { "[\(labels.joined(separator: ","))]" }
    /// A subscript that some call of any labels may reach.
    public static let anySubscript = "[*]"
    /// Marks a `propertyMembers` read the link keeps only if it types it: a member an assignment goes through
    /// (`parent.viewModel.title = …`), which on a value of unknown type is as likely an override as a read.
    public static let onlyTypedMark = "!"

    public static func withoutOnlyTypedMark(_ name: String) -> String {
        name.hasPrefix(onlyTypedMark) ? String(name.dropFirst(onlyTypedMark.count)) : name
    }

    mutating func releaseSpareCapacity() {
        bare.releaseSpareCapacity()
        members.releaseSpareCapacity()
        typeLevelMembers.releaseSpareCapacity()
        onTypes.releaseSpareCapacity()
        typedMembers.releaseSpareCapacity()
        propertyMembers.releaseSpareCapacity()
        memberTypes.releaseSpareCapacity()
        subscriptKeyPaths.releaseSpareCapacity()
        keyPathSubscriptRoots.releaseSpareCapacity()
        dynamicMemberTypes.releaseSpareCapacity()
        overridden.releaseSpareCapacity()
        typeAliases.releaseSpareCapacity()
        memberKeys.releaseSpareCapacity()
        typeMentions.releaseSpareCapacity()
        registrableTypeMentions.releaseSpareCapacity()
    }

    public init() {}

    /// Each name written alone in a type, kept under that type and every type it is nested in
    /// (`A.B.C` → `A`, `A.B`, `A.B.C`): asking "is it read in `A` or a type nested in it" is one look-up.
    public static func bareHashes(_ namesByType: [String: Set<String>]) -> [UInt32] {
        var hashes: Set<UInt32> = []
        for (type, names) in namesByType {
            // The top level (`""`) is a scope of its own: `|name`.
            let scopes = type.isEmpty ? [type[...]] : TypeScopes.around(type)
            for name in names {
                for scope in scopes { hashes.insert(MemberNameHash.bare(name, in: scope)) }
            }
        }
        return hashes.sorted()
    }
}

public enum RegistrationKind: String, Codable, Sendable {
    /// `Module { WidgetModule() as WidgetModuleType }`, `Dependency { X() }` in a `Dependencies { … }` builder.
    case builder
    /// `DependencyContainer.set(initialValue: X(), key: AServiceKey.self)` (or `key: \.aService`).
    case set
    /// `DependencyContainer[\.aService] = X()`, `DependencyContainer[AServiceKey.self] = X()`, `AServiceKey.currentValue = X()`.
    case assignment
    /// `container.register(T.self) { _ in … }` (Swinject) or `register { X() }` (Resolver), with
    /// `.implements(P.self)` adding further keys.
    case factory
    /// A value put in place for a test or a preview (`withDependencies { $0.x = … }`, `.dependency(\.x, …)`,
    /// `Container.shared.x.register { … }`): it writes a key and reads none.
    case override
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
    /// Swinject and Resolver: the library whose store it fills.
    public var dialect: RuntimeDialect?
    /// Further types it answers for (`.implements(P.self)`, Swinject's `.forward`).
    public var alsoAs: [String] = []
    /// Where each of `alsoAs` is written, in the same order: a type nothing looks up is reported there.
    public var alsoAsPositions: [SourcePosition] = []
    /// The registration name (`name: "primary"`, `name: .primary`); `"*"` when not readable.
    public var name: String?
    /// Swinject: how many arguments the factory takes after the resolver.
    public var argumentCount = 0
    /// `argumentCount` of a factory whose parameters cpdi cannot count (one held in a variable).
    public static let anyArgumentCount = -1
    /// Access of the type (or extension) the registration is written in: a public assembly may serve other packages.
    public var access: AccessLevel = .internal
    /// `// periphery:ignore` on the statement.
    public var isIgnored = false
    /// Swinject's `autoregister(T.self, initializer: X.init)`: the types `X`'s initializer resolves.
    public var initializerOf: String?
    /// The generic arguments written on the registered type (`Screen<LiveModel>.self` → `LiveModel`): what
    /// the initializer's parameters typed by the type's generic parameters ask for.
    public var keyGenericArguments: [String] = []
    /// A value read from a type's static property (`register { Clock.live }`, written `Clock|.live` as in
    /// `NameReads.memberTypes`): its type is the property's, which the link reads from its declaration; `key`
    /// is nil until then.
    public var staticMember: String?

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
    /// swift-dependencies: declares (or is extended with) a `liveValue`; a key with only `testValue` /
    /// `previewValue` has no live implementation.
    public var hasLiveValue = false

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
    /// Factory: the property is a `Factory<T>` / `ParameterFactory<P, T>`.
    public var isFactory = false
    /// Factory: its closure returns `nil` (a promise someone must `register`).
    public var isPromise = false
    /// `// periphery:ignore` on the property.
    public var isIgnored = false
    /// The type of value it holds (`APIClient` of `var api: APIClient`, `API` of `Factory<API>`), when written.
    public var valueType: String?
    /// A property with a getter and a setter in an extension that holds no key-backed property
    /// (`var colors: Colors { get { theme.colors } set { theme.colors = newValue } }`): the file cannot tell whether
    /// the type is a key-path container, so linking counts it only where the sources show it is one.
    public var computesFromOthers = false

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
