/// Which names mark the pieces of dependency injection. Data, not literals in the walk, so
/// configuration can change them; the defaults cover every style cpdi understands.
public struct NamingConventions: Codable, Sendable, Hashable {
    /// Type aliases that describe what a component needs (`FooDependencies`, nested `Dependencies`, `Services`).
    public var aliasNames: [NamePattern]
    /// The stored value, parameter and argument label that carry the dependencies.
    public var dependenciesPropertyNames: [NamePattern]
    /// Protocols that describe one dependency (a leaf of the graph).
    public var dependencyProtocolNames: [NamePattern]
    /// Property wrappers that resolve a value by its type at run time (`@Inject var x: WidgetModuleType`).
    public var injectionWrapperNames: [NamePattern]
    /// Property wrappers that resolve a value through a key path into a container (`@Dependency(\.aService)`).
    public var keyPathWrapperNames: [NamePattern]
    /// Protocols a key type conforms to (`struct AServiceKey: DependencyKey`, `LazyDependencyKey`).
    public var dependencyKeyNames: [NamePattern]
    /// Builder calls that register a module by its type (`Module { WidgetModule() as WidgetModuleType }`).
    public var registrationNames: [NamePattern]
    /// Aliases that list what a spliced component takes from its callers (`FooExternalDependencies`).
    /// They may be public, and a spliced type's wrapped value is constrained by one.
    public var externalAliasNames: [NamePattern]
    /// Concrete types that splice locally created dependencies into external ones (`SplicedFooDependencies`);
    /// the type belongs to the component whose name the `*` stands for.
    public var splicedTypeNames: [NamePattern]
    /// Public aliases a feature exposes as its single entry point (`ProductFeatureDependencies`).
    public var featureEntryAliasNames: [NamePattern]

    public init(
        aliasNames: [NamePattern], dependenciesPropertyNames: [NamePattern], dependencyProtocolNames: [NamePattern],
        injectionWrapperNames: [NamePattern] = Self.defaultInjectionWrappers,
        keyPathWrapperNames: [NamePattern] = ["Dependency"],
        dependencyKeyNames: [NamePattern] = ["*DependencyKey", "*InjectionKey"],
        registrationNames: [NamePattern] = ["Module", "Dependency"],
        externalAliasNames: [NamePattern] = ["*ExternalDependencies", "*ExternalServices"],
        splicedTypeNames: [NamePattern] = ["Spliced*Dependencies", "Spliced*Services"],
        featureEntryAliasNames: [NamePattern] = ["*FeatureDependencies", "*FeatureServices"]
    ) {
        self.aliasNames = aliasNames
        self.dependenciesPropertyNames = dependenciesPropertyNames
        self.dependencyProtocolNames = dependencyProtocolNames
        self.injectionWrapperNames = injectionWrapperNames
        self.keyPathWrapperNames = keyPathWrapperNames
        self.dependencyKeyNames = dependencyKeyNames
        self.registrationNames = registrationNames
        self.externalAliasNames = externalAliasNames
        self.splicedTypeNames = splicedTypeNames
        self.featureEntryAliasNames = featureEntryAliasNames
    }

    /// `@Inject` (injected modules), Resolver's and Factory's wrappers, and the common hand-written names.
    public static let defaultInjectionWrappers: [NamePattern] = [
        "Inject", "Injected", "Injection", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject",
        "InjectedObservable", "DynamicInjected",
    ]

    public static let `default` = NamingConventions(
        aliasNames: ["*Dependencies", "Dependencies", "*Services", "Services"],
        dependenciesPropertyNames: ["dependencies", "*Dependencies", "services", "deps"],
        dependencyProtocolNames: ["*Dependency", "Has[A-Z]*", "*Container", "*Providing"],
        injectionWrapperNames: Self.defaultInjectionWrappers,
        keyPathWrapperNames: ["Dependency"],
        dependencyKeyNames: ["*DependencyKey", "*InjectionKey"],
        registrationNames: ["Module", "Dependency"],
        externalAliasNames: ["*ExternalDependencies", "*ExternalServices"],
        splicedTypeNames: ["Spliced*Dependencies", "Spliced*Services"],
        featureEntryAliasNames: ["*FeatureDependencies", "*FeatureServices"]
    )

    /// Text one of the names of aliases, dependencies values or dependency protocols must contain: a file
    /// holding none of it declares and reads no dependencies value. Nil when some pattern has no plain
    /// characters (`*`), so that nothing can be ruled out.
    var dependencyVocabulary: [[UInt8]]? {
        var literals: [[UInt8]] = []
        for pattern in aliasNames + dependenciesPropertyNames + dependencyProtocolNames {
            if pattern.requiredLiteral.isEmpty { return nil }
            literals.append(pattern.requiredLiteral)
        }
        return literals
    }

    public func isAliasName(_ name: some StringProtocol) -> Bool { aliasNames.contains { $0.matches(name) } }
    public func isDependenciesName(_ name: some StringProtocol) -> Bool {
        dependenciesPropertyNames.contains { $0.matches(name) }
    }
    /// Values (properties, parameters, argument labels) start lower-case, which keeps type names such as
    /// `FooDependencies` from matching the `*Dependencies` value pattern.
    public func isDependenciesValueName(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first.isLowercase || first == "_" else { return false }
        return isDependenciesName(name)
    }
    public func isDependencyProtocolName(_ name: some StringProtocol) -> Bool {
        dependencyProtocolNames.contains { $0.matches(name) }
    }
    /// A name that says it is a dependency: a dependency protocol's or an alias's (`HasStore`,
    /// `LoggingDependency`, `FooDependencies`). An alias composing one is about dependencies.
    public func namesDependency(_ name: some StringProtocol) -> Bool {
        isDependencyProtocolName(name) || isAliasName(name)
    }
    public func isInjectionWrapperName(_ name: some StringProtocol) -> Bool {
        injectionWrapperNames.contains { $0.matches(name) }
    }
    public func isKeyPathWrapperName(_ name: some StringProtocol) -> Bool {
        keyPathWrapperNames.contains { $0.matches(name) }
    }
    public func isDependencyKeyName(_ name: some StringProtocol) -> Bool {
        dependencyKeyNames.contains { $0.matches(name) }
    }
    public func isRegistrationName(_ name: some StringProtocol) -> Bool {
        registrationNames.contains { $0.matches(name) }
    }
    public func isExternalAliasName(_ name: some StringProtocol) -> Bool { externalAliasNames.contains { $0.matches(name) } }
    public func isSplicedTypeName(_ name: some StringProtocol) -> Bool { splicedTypeNames.contains { $0.matches(name) } }
    public func isFeatureEntryAliasName(_ name: some StringProtocol) -> Bool {
        featureEntryAliasNames.contains { $0.matches(name) }
    }
}

/// A glob over identifiers: `*` matches any run of characters, `?` one character, `[A-Z]` one of a set.
/// Globs rather than regular expressions because they are read in configuration files and are fast.
public struct NamePattern: Codable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]
    /// The longest run of plain characters every matching name contains (`Dependencies` for
    /// `*Dependencies`, `Has` for `Has[A-Z]*`); empty when the pattern has none. Kept, as every file asks.
    let requiredLiteral: [UInt8]

    private enum Token: Hashable {
        case literal(UInt8)
        case any
        case anyRun
        case set([ClosedRange<UInt8>], negated: Bool)
    }

    public init(_ pattern: String) throws(PatternError) {
        self.pattern = pattern
        self.tokens = try Self.tokenize(pattern)
        self.requiredLiteral = Self.longestLiteral(tokens)
    }

    private static func longestLiteral(_ tokens: [Token]) -> [UInt8] {
        var longest: [UInt8] = [], current: [UInt8] = []
        for token in tokens {
            if case .literal(let byte) = token {
                current.append(byte)
                if current.count > longest.count { longest = current }
            } else {
                current = []
            }
        }
        return longest
    }

    public init(stringLiteral value: String) {
        // Literals are the built-in defaults; a malformed one is a programming error.
        // swiftlint:disable:next force_try
        try! self.init(value)
    }

    public init(from decoder: Decoder) throws {
        try self.init(decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(pattern)
    }

    public var description: String { pattern }

    public static func == (lhs: NamePattern, rhs: NamePattern) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The byte every matching name ends with, when the pattern ends in a literal: a test that rules
    /// out most names before matching.
    var lastLiteralByte: UInt8? {
        if case .literal(let byte)? = tokens.last { return byte }
        return nil
    }

    public func matches(_ name: some StringProtocol) -> Bool {
        // Names are matched by the hundred thousand; reading a native string's bytes in place saves copying each.
        if let matched = name.utf8.withContiguousStorageIfAvailable({ Self.match(tokens[...], $0[...]) }) { return matched }
        return Array(name.utf8).withUnsafeBufferPointer { Self.match(tokens[...], $0[...]) }
    }

    private static func match(_ tokens: ArraySlice<Token>, _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let token = tokens.first else { return bytes.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .anyRun:
            var tail = bytes
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        case .any:
            return !bytes.isEmpty && match(rest, bytes.dropFirst())
        case .literal(let byte):
            return bytes.first == byte && match(rest, bytes.dropFirst())
        case .set(let ranges, let negated):
            guard let byte = bytes.first else { return false }
            return ranges.contains { $0.contains(byte) } != negated && match(rest, bytes.dropFirst())
        }
    }

    private static func tokenize(_ pattern: String) throws(PatternError) -> [Token] {
        var tokens: [Token] = []
        var bytes = Array(pattern.utf8)[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "*"): tokens.append(.anyRun)
            case UInt8(ascii: "?"): tokens.append(.any)
            case UInt8(ascii: "["):
                guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                    throw PatternError(pattern: pattern, reason: "'[' without a closing ']'")
                }
                var body = bytes[..<close]
                bytes = bytes[(close + 1)...]
                let negated = body.first == UInt8(ascii: "!")
                if negated { body = body.dropFirst() }
                var ranges: [ClosedRange<UInt8>] = []
                while let low = body.popFirst() {
                    if body.first == UInt8(ascii: "-"), body.count >= 2 {
                        body = body.dropFirst()
                        let high = body.popFirst()!
                        guard low <= high else { throw PatternError(pattern: pattern, reason: "range out of order") }
                        ranges.append(low...high)
                    } else {
                        ranges.append(low...low)
                    }
                }
                guard !ranges.isEmpty else { throw PatternError(pattern: pattern, reason: "empty '[]'") }
                tokens.append(.set(ranges, negated: negated))
            default: tokens.append(.literal(byte))
            }
        }
        guard !tokens.isEmpty else { throw PatternError(pattern: pattern, reason: "empty pattern") }
        return tokens
    }
}

public struct PatternError: Error, Equatable, CustomStringConvertible {
    public var pattern: String
    public var reason: String
    public var description: String { "invalid name pattern '\(pattern)': \(reason)" }

    public init(pattern: String, reason: String) {
        self.pattern = pattern
        self.reason = reason
    }
}
