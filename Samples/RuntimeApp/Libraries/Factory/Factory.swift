// A small stand-in for the Factory package, written for this sample: containers whose computed
// properties are factories (`var api: Factory<API> { self { API() } }`), resolved by calling them
// (`Container.shared.api()`) or with `@Injected(\.api)`, and replaced with `.register { … }` / `.reset()`.

public final class Container: @unchecked Sendable {
    public static let shared = Container()
    private var replacements: [String: () -> Any] = [:]

    public init() {}

    /// `self { API() }` inside a container's property: a factory keyed by that property.
    public func callAsFunction<Value>(key: String = #function, _ make: @escaping () -> Value) -> Factory<Value> {
        Factory(container: self, key: key, make: make)
    }

    func replacement(for key: String) -> (() -> Any)? { replacements[key] }
    func replace(_ key: String, with make: (() -> Any)?) { replacements[key] = make }
}

public struct Factory<Value> {
    let container: Container
    let key: String
    let make: () -> Value

    public func callAsFunction() -> Value {
        if let replacement = container.replacement(for: key), let value = replacement() as? Value { return value }
        return make()
    }

    public func resolve() -> Value { self() }

    /// Replaces what the factory makes, for a test, a preview or a value known only at launch.
    @discardableResult
    public func register(factory: @escaping () -> Value) -> Factory<Value> {
        container.replace(key, with: factory)
        return self
    }

    public func reset() { container.replace(key, with: nil) }
}

@propertyWrapper public struct Injected<Value> {
    public var wrappedValue: Value
    public init(_ keyPath: KeyPath<Container, Factory<Value>>) { wrappedValue = Container.shared[keyPath: keyPath]() }
}

@propertyWrapper public final class LazyInjected<Value> {
    private let keyPath: KeyPath<Container, Factory<Value>>
    private var value: Value?
    public init(_ keyPath: KeyPath<Container, Factory<Value>>) { self.keyPath = keyPath }
    public var wrappedValue: Value {
        if let value { return value }
        let made = Container.shared[keyPath: keyPath]()
        value = made
        return made
    }
}
