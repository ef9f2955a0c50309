/// A key whose value exists from the start and can be replaced (in tests, say).
public protocol DependencyKey {
    associatedtype Value
    static var currentValue: Self.Value { get set }
}

/// A key with no value until launch code sets one; reading it earlier stops the app.
public protocol LazyDependencyKey {
    associatedtype Value
    static var currentValue: Self.Value? { get set }
}

extension LazyDependencyKey {
    static var value: Self.Value {
        get {
            guard let currentValue else {
                preconditionFailure("\(Self.self) was read before launch code set it")
            }
            return currentValue
        }
        set { currentValue = newValue }
    }
}
