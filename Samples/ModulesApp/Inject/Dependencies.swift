/// A tiny run-time container: modules are registered once at launch, by type, and looked up by
/// `@Inject` when a property is first read. Nothing checks at compile time that a type was registered.
final class Dependencies {
    fileprivate static var root = Dependencies()
    private var modules: [String: Module] = [:]

    init() {}

    init(@ModuleBuilder _ content: () -> [Module]) {
        content().forEach { modules[$0.name] = $0 }
    }

    /// Makes these registrations the ones `@Inject` resolves from.
    func build() {
        Self.root = self
    }

    fileprivate func resolve<T>(for name: String? = nil) -> T {
        let name = name ?? String(describing: T.self)
        guard let component: T = modules[name]?.resolve() as? T else {
            fatalError("Dependency '\(T.self)' not resolved!")
        }
        return component
    }
}

/// One registration: a factory, keyed by the type it returns.
struct Module {
    fileprivate let name: String
    fileprivate let resolve: () -> Any

    init<T>(_ name: String? = nil, _ resolve: @escaping () -> T) {
        self.name = name ?? String(describing: T.self)
        self.resolve = resolve
    }
}

/// Another spelling of `Module` for plain services.
typealias Dependency = Module

@resultBuilder
enum ModuleBuilder {
    static func buildBlock(_ modules: Module...) -> [Module] { modules }
}

@propertyWrapper
struct Inject<Value> {
    private let name: String?
    private var storage: Value?

    var wrappedValue: Value {
        mutating get {
            if let storage { return storage }
            let value: Value = Dependencies.root.resolve(for: name)
            storage = value
            return value
        }
        set { storage = newValue }
    }

    init(_ name: String? = nil) {
        self.name = name
    }
}
