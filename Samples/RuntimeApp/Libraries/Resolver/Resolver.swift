// A small stand-in for the Resolver package, written for this sample: the same call shapes
// (`register { … }.implements(P.self)`, names, `resolve()`, `@Injected` and its lazy, weak and
// optional variants), a plain dictionary behind them. A lookup nothing registered stops the program,
// as Resolver's does.

public final class Resolver {
    public static let main = Resolver()
    private var factories: [String: () -> Any] = [:]

    public init() {}

    /// A registration name, written as a string literal (`register(name: "remote")`).
    public struct Name: ExpressibleByStringLiteral, Hashable, Sendable {
        public let rawValue: String
        public init(stringLiteral value: String) { rawValue = value }
    }

    private static func key(_ type: Any.Type, _ name: Name?) -> String {
        "\(String(reflecting: type))|\(name?.rawValue ?? "")"
    }

    @discardableResult
    public static func register<Service>(
        _ type: Service.Type = Service.self, name: Name? = nil, factory: @escaping () -> Service
    ) -> Registration<Service> {
        main.register(type, name: name, factory: factory)
    }

    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, name: Name? = nil, factory: @escaping () -> Service
    ) -> Registration<Service> {
        let registration = Registration(resolver: self, name: name, factory: factory)
        factories[Self.key(type, name)] = { registration.make() }
        return registration
    }

    func add(_ type: Any.Type, name: Name?, factory: @escaping () -> Any) {
        factories[Self.key(type, name)] = factory
    }

    public static func resolve<Service>(_ type: Service.Type = Service.self, name: Name? = nil) -> Service {
        guard let service = optional(type, name: name) else {
            fatalError("Resolver: nothing registered for \(Service.self) \(name?.rawValue ?? "")")
        }
        return service
    }

    public static func optional<Service>(_ type: Service.Type = Service.self, name: Name? = nil) -> Service? {
        main.factories[key(type, name)]?() as? Service
    }
}

/// Free functions, so registration closures can write `Profile(session: resolve())`.
public func resolve<Service>(_ type: Service.Type = Service.self, name: Resolver.Name? = nil) -> Service {
    Resolver.resolve(type, name: name)
}

public protocol ResolverRegistering {
    static func registerAllServices()
}

public enum ResolverScope: Sendable {
    case application, unique
}

/// What `register` returns, to chain `.implements(P.self)` and `.scope(…)`.
public final class Registration<Service> {
    private let resolver: Resolver
    private let name: Resolver.Name?
    private let factory: () -> Service
    private var scope = ResolverScope.unique
    private var cached: Service?

    init(resolver: Resolver, name: Resolver.Name?, factory: @escaping () -> Service) {
        self.resolver = resolver
        self.name = name
        self.factory = factory
    }

    func make() -> Service {
        if scope == .application, let cached { return cached }
        let made = factory()
        if scope == .application { cached = made }
        return made
    }

    @discardableResult
    public func implements<Protocol>(_ type: Protocol.Type, name: Resolver.Name? = nil) -> Registration<Service> {
        resolver.add(type, name: name ?? self.name) { self.make() }
        return self
    }

    @discardableResult
    public func scope(_ scope: ResolverScope) -> Registration<Service> {
        self.scope = scope
        return self
    }
}

@propertyWrapper public struct Injected<Service> {
    public var wrappedValue: Service
    public init(name: Resolver.Name? = nil) { wrappedValue = Resolver.resolve(Service.self, name: name) }
}

@propertyWrapper public final class LazyInjected<Service> {
    private let name: Resolver.Name?
    private var service: Service?
    public init(name: Resolver.Name? = nil) { self.name = name }
    public var wrappedValue: Service {
        if let service { return service }
        let made = Resolver.resolve(Service.self, name: name)
        service = made
        return made
    }
}

@propertyWrapper public final class WeakLazyInjected<Service> {
    private let name: Resolver.Name?
    private weak var service: AnyObject?
    public init(name: Resolver.Name? = nil) { self.name = name }
    public var wrappedValue: Service? {
        if let service = service as? Service { return service }
        let made = Resolver.optional(Service.self, name: name)
        service = made as AnyObject?
        return made
    }
}

@propertyWrapper public struct OptionalInjected<Service> {
    public var wrappedValue: Service?
    public init(name: Resolver.Name? = nil) { wrappedValue = Resolver.optional(Service.self, name: name) }
}
