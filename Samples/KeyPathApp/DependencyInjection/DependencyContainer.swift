/// The one place every injected service is looked up. Services are its computed properties,
/// declared in extensions next to their keys, so the wrapper can reach them by key path.
public final class DependencyContainer {
    private static var current = DependencyContainer()

    public static subscript<K>(key: K.Type) -> K.Value where K: DependencyKey {
        get { key.currentValue }
        set { key.currentValue = newValue }
    }

    public static subscript<K>(key: K.Type) -> K.Value where K: LazyDependencyKey {
        get { key.value }
        set { key.value = newValue }
    }

    public static subscript<T>(_ keyPath: WritableKeyPath<DependencyContainer, T>) -> T {
        get { current[keyPath: keyPath] }
        set { current[keyPath: keyPath] = newValue }
    }

    /// Gives a lazy key its value; call before anything injects it.
    public static func set<K>(initialValue: K.Value, key: K.Type) where K: LazyDependencyKey {
        key.currentValue = initialValue
    }
}
