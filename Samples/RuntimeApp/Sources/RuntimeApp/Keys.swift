// Hand-written keys: `InjectionKey` types, an `InjectedValues` container and an `@Inject(\.key)` wrapper.

protocol InjectionKey {
    associatedtype Value
    static var currentValue: Value { get set }
}

struct InjectedValues {
    private static var current = InjectedValues()

    static subscript<Key: InjectionKey>(key: Key.Type) -> Key.Value {
        get { key.currentValue }
        set { key.currentValue = newValue }
    }

    static subscript<Value>(_ keyPath: WritableKeyPath<InjectedValues, Value>) -> Value {
        get { current[keyPath: keyPath] }
        set { current[keyPath: keyPath] = newValue }
    }
}

@propertyWrapper struct Inject<Value> {
    private let keyPath: WritableKeyPath<InjectedValues, Value>
    var wrappedValue: Value {
        get { InjectedValues[keyPath] }
        set { InjectedValues[keyPath] = newValue }
    }
    init(_ keyPath: WritableKeyPath<InjectedValues, Value>) { self.keyPath = keyPath }
}

protocol Clock { var now: Int { get } }
struct FixedClock: Clock { let now = 42 }
struct ClockKey: InjectionKey { static var currentValue: Clock = FixedClock() }
struct FlagsKey: InjectionKey { static var currentValue: [String] = [] }

extension InjectedValues {
    var clock: Clock {
        get { Self[ClockKey.self] }
        set { Self[ClockKey.self] = newValue }
    }
    // cpdi sample: unused-registration — a key nothing injects any more.
    var featureFlags: [String] {
        get { Self[FlagsKey.self] }
        set { Self[FlagsKey.self] = newValue }
    }
}

struct Stopwatch {
    @Inject(\.clock) var clock
    func elapsed(since start: Int) -> Int { clock.now - start }
}

func runKeys() {
    report(Stopwatch().elapsed(since: 40))
}
