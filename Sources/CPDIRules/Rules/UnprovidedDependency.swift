import CPDIFacts
import CPDIGraph

/// An injection nothing registers, or a container handed to a component without a leaf it needs.
public struct UnprovidedDependency: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unprovided-dependency",
        defaultSeverity: .error,
        summary: "A run-time injection that nothing registers, or a container that lacks a leaf a component it is handed to needs.",
        explanation: """
            Property wrappers such as `@Inject` and `@Dependency(\\.key)`, and lookups such as \
            `resolver.resolve(T.self)`, find their value at run time, so the compiler cannot check that \
            anything was put there; a missing registration is nil or a crash in the running app. An \
            `@Inject var x: T` (or Resolver's `@Injected`) is provided only by a registration of exactly `T` \
            (`X() as T` registers `T`, `X()` registers `X`, `.implements(P.self)` adds `P`); a Swinject \
            `resolve` also needs the same name and argument count. A key path `\\.k` is provided by a \
            property `k` of its container that holds its own value, is backed by a key with a default value \
            or a key someone sets; a swift-dependencies key needs a `liveValue` (a `TestDependencyKey` alone \
            makes the app use its test value), and a Factory promise (`self { nil }`) needs a `register`. cpdi \
            only judges when it sees every registration the lookup could come from: each registration of \
            that store names its type (and name) in a way cpdi can read, key-path containers are declared \
            in the sources, and a type looked up is declared in the sources and written nowhere else a \
            registration could build or name it (a closure, a call's arguments, a type alias): a call cpdi \
            does not know could register it there. Optional lookups (`@OptionalInjected`, `resolve(…) ?? fallback`, `if let`) are \
            not flagged. For protocol compositions, a concrete container handed to a component must conform \
            to every leaf that component ends up needing; containers with a conformance cpdi cannot see \
            through are left alone. Register the value (or set the key) at launch, or add the missing \
            conformance.
            """,

        triggering: [
            RuleExample(
                files: [
                    "AppDelegate.swift": """
                        final class AppDelegate {
                            private let dependencies = Dependencies {
                                Module { WidgetModule() as WidgetModuleType }
                            }
                        }
                        """,
                    "ViewController.swift": """
                        final class ViewController {
                            @Inject private var widgetModule: WidgetModuleType
                            @Inject private var sampleModule: 1️⃣SampleModuleType // registered nowhere
                            @Inject private var concrete: 2️⃣WidgetModule // registered only as its protocol
                        }
                        protocol SampleModuleType {}
                        """,
                ],
                findings: [
                    "1️⃣": "`SampleModuleType` is injected into `ViewController` with `@Inject`, but no `Module { … }` registers it; reading `sampleModule` crashes",
                    "2️⃣": "`WidgetModule` is injected into `ViewController` with `@Inject`, but it is registered only as `WidgetModuleType`; reading `concrete` crashes",
                ]
            ),
            RuleExample(
                files: [
                    "SampleModule.swift": """
                        struct SampleModule: SampleModuleType {
                            func component() -> SomeObjectType { SomeObject() }
                        }
                        let dependencies = Dependencies {
                            Module { SampleModule() as SampleModuleType }
                        }
                        """,
                    "SomeViewController.swift": """
                        final class SomeViewController {
                            @Inject private var module: SampleModuleType
                            @Inject private var someObject: 1️⃣SomeObjectType // a component, not a module
                        }
                        protocol SomeObjectType {}
                        """,
                ],
                findings: [
                    "1️⃣": "`SomeObjectType` is injected into `SomeViewController` with `@Inject`, but no `Module { … }` registers it; reading `someObject` crashes",
                ]
            ),
            RuleExample(
                files: [
                    "DependencyContainer.swift": """
                        public final class DependencyContainer {
                            private static var current = DependencyContainer()
                            public static subscript<K: DependencyKey>(key: K.Type) -> K.Value {
                                get { key.currentValue }
                                set { key.currentValue = newValue }
                            }
                        }
                        struct BServiceKey: LazyDependencyKey {
                            static var currentValue: BService?
                        }
                        extension DependencyContainer {
                            var bService: BService {
                                get { Self[BServiceKey.self] }
                                set { Self[BServiceKey.self] = newValue }
                            }
                        }
                        """,
                    "BViewModel.swift": """
                        final class BViewModel {
                            @Dependency(1️⃣\\.bService) var bService // nobody sets the lazy key
                            @Dependency(2️⃣\\.cService) var cService // no such key at all
                        }
                        """,
                ],
                findings: [
                    "1️⃣": "`\\.bService` is injected into `BViewModel`, but its lazy key `BServiceKey` is never set; reading `bService` crashes",
                    "2️⃣": "`\\.cService` is injected into `BViewModel`, but `DependencyContainer` has no property `cService` backed by a key",
                ]
            ),
            RuleExample(
                files: [
                    "Leaves.swift": """
                        protocol LoggingDependency { var logger: Logging { get } }
                        protocol PaymentsDependency { var payments: Payments { get } }
                        typealias RootViewDependencies = LoggingDependency & PaymentsDependency
                        struct RootView<Dependencies: RootViewDependencies> {
                            let dependencies: Dependencies
                            func pay() { dependencies.logger.log("pay"); dependencies.payments.charge() }
                        }
                        """,
                    "App.swift": """
                        struct AppDependencies: LoggingDependency {
                            let logger: Logging
                        }
                        struct ShopApp {
                            let dependencies = AppDependencies(logger: ConsoleLogger())
                            var body: some View { 1️⃣RootView(dependencies: dependencies) }
                        }
                        """,
                ],
                findings: [
                    "1️⃣": "`AppDependencies` is handed to `RootView`, which needs `PaymentsDependency`, but does not conform to it",
                ]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "AppDelegate.swift": """
                        final class AppDelegate {
                            private let dependencies = Dependencies {
                                Module { WidgetModule() as WidgetModuleType }
                                Dependency { HTTPService() }
                            }
                        }
                        """,
                    "ViewController.swift": """
                        final class ViewController {
                            @Inject private var widgetModule: WidgetModuleType
                            @Injected private var http: HTTPService
                            private lazy var worker: WidgetWorkerType = widgetModule.component()
                        }
                        """,
                ]
            ),
            // A registration cpdi cannot read: it may register anything.
            RuleExample(
                """
                let dependencies = Dependencies { Module { makeWidgetModule() } }
                final class ViewController { @Inject private var widgetModule: WidgetModuleType }
                """
            ),
            RuleExample(
                """
                public final class DependencyContainer {
                    public static subscript<K: DependencyKey>(key: K.Type) -> K.Value {
                        get { key.currentValue }
                        set { key.currentValue = newValue }
                    }
                    public static func set<K: LazyDependencyKey>(initialValue: K.Value, key: K.Type) { key.currentValue = initialValue }
                }
                struct AServiceKey: DependencyKey { static var currentValue: AService = AService() }
                struct BServiceKey: LazyDependencyKey { static var currentValue: BService? }
                extension DependencyContainer {
                    var aService: AService {
                        get { Self[AServiceKey.self] }
                        set { Self[AServiceKey.self] = newValue }
                    }
                    var bService: BService {
                        get { Self[BServiceKey.self] }
                        set { Self[BServiceKey.self] = newValue }
                    }
                }
                func setUpDependencies() { DependencyContainer.set(initialValue: BService(), key: BServiceKey.self) }
                final class ViewModel {
                    @Dependency(\\.aService) var aService
                    @Dependency(\\.bService) var bService
                }
                """
            ),
            // The container is declared in a library (as in swift-dependencies): its keys are out of sight.
            RuleExample(
                """
                extension DependencyValues {
                    var apiClient: APIClient {
                        get { self[APIClientKey.self] }
                        set { self[APIClientKey.self] = newValue }
                    }
                }
                struct Feature {
                    @Dependency(\\.apiClient) var apiClient
                    @Dependency(\\.date) var date
                }
                """
            ),
            // A conformance declared in a library may bring the leaf: cpdi does not judge the container.
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logging { get } }
                protocol PaymentsDependency { var payments: Payments { get } }
                typealias RootViewDependencies = LoggingDependency & PaymentsDependency
                struct RootView<Dependencies: RootViewDependencies> {
                    let dependencies: Dependencies
                    func pay() { dependencies.logger.log("pay"); dependencies.payments.charge() }
                }
                struct AppDependencies: LoggingDependency, PaymentsKit.Providing {
                    let logger: Logging
                }
                extension AppDependencies: Sendable {}
                let root = RootView(dependencies: AppDependencies(logger: ConsoleLogger()))
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let runtime = context.model.runtime
        var findings = runtime.injections.compactMap { injectionFinding($0, runtime: runtime) }
        findings += runtime.resolutions.compactMap { resolutionFinding($0) }
        for handOver in context.model.coverage.handOvers where !handOver.missing.isEmpty {
            let missing = handOver.missing.map { "`\($0)`" }.joined(separator: ", ")
            findings.append(finding(
                file: handOver.file, at: handOver.position,
                "`\(handOver.container)` is handed to `\(handOver.target)`, which needs \(missing), but does not conform to \(handOver.missing.count == 1 ? "it" : "them")",
                component: handOver.container, member: handOver.missing.joined(separator: ","),
                suggestion: "make `\(handOver.container)` conform to \(missing)"
            ))
        }
        return findings
    }

    private func injectionFinding(_ injection: Injection, runtime: RuntimeRegistry) -> Finding? {
        guard !injection.fact.isOptional else { return nil }
        let key = injection.keyName
        let property = injection.fact.property
        let prefix = "`\(key)` is injected into `\(injection.owner)`"
        switch (injection.resolution, injection.fact.key) {
        case (.registered(let name), _):
            guard let registration = runtime.registrations[name], !registration.isProvided else { return nil }
            return unprovidedFinding(injection, registration: registration, prefix: prefix)
        case (.unregistered(let nearMiss), .type(let type)):
            let registeredAs = runtime.registrations.values.filter { $0.implementation == type }.map(\.name).sorted()
            let vendors = runtime.vendors[type] ?? []
            let onlyModules = runtime.registrations.values.allSatisfy { $0.dialect == .modules || $0.isKeyPath }
            let message: String
            var suggestion = onlyModules ? "register `\(type)` in the `Dependencies { … }` builder" : "register `\(type)`"
            if let registered = registeredAs.first {
                message = "\(prefix) with `@\(injection.fact.wrapper)`, but it is registered only as `\(registered)`; reading `\(property)` crashes"
                suggestion = "inject `\(registered)` instead"
            } else if let nearMiss {
                message = "\(prefix) with `@\(injection.fact.wrapper)`, but it is registered only as `\(nearMiss)`; reading `\(property)` crashes"
            } else {
                let registrar = onlyModules ? "no `Module { … }` registers it" : "nothing registers it"
                message = "\(prefix) with `@\(injection.fact.wrapper)`, but \(registrar); reading `\(property)` crashes"
                if let vendor = vendors.first {
                    suggestion = "`\(vendor).component()` vends `\(type)`: inject the module and call `component()`, or " + suggestion
                }
            }
            return finding(file: injection.file, at: injection.fact.position, message, component: injection.owner, member: key, suggestion: suggestion)
        case (.unregistered, _):
            let containers = Set(runtime.registrations.values.filter { $0.dialect == .keyPath }.compactMap(\.container)).sorted()
            let container = containers.count == 1 ? containers[0] : "the key-path container"
            let name = key.dropFirst(2)
            return finding(
                file: injection.file, at: injection.fact.position,
                "\(prefix), but `\(container)` has no property `\(name)` backed by a key",
                component: injection.owner, member: key,
                suggestion: "declare a key type and a `\(name)` property on \(containers.count == 1 ? "`\(container)`" : container) that reads it"
            )
        case (.unknown, _):
            return nil
        }
    }

    /// A registration that exists but holds nothing at run time: a lazy key nobody sets, a key with no live
    /// value, a Factory promise nobody registers.
    private func unprovidedFinding(_ injection: Injection, registration: Registration, prefix: String) -> Finding? {
        let property = injection.fact.property
        let message: String
        let suggestion: String
        switch registration.dialect {
        case .swiftDependencies:
            guard let keyType = registration.keyType else { return nil }
            message = "\(prefix), but its key `\(keyType)` has no `liveValue`; reading `\(property)` in the app falls back to its test value"
            suggestion = "conform `\(keyType)` to `DependencyKey` with a `liveValue`, or override it with `withDependencies` at launch"
        case .factory:
            message = "\(prefix), but `\(registration.container ?? "Container").\(registration.key)` only promises a value (`{ nil }`) and nothing registers one; reading `\(property)` finds nil"
            suggestion = "register it at launch: `\(registration.container ?? "Container").shared.\(registration.key).register { … }`"
        default:
            guard let keyType = registration.keyType else { return nil }
            message = "\(prefix), but its lazy key `\(keyType)` is never set; reading `\(property)` crashes"
            suggestion = "set it at launch: `\(registration.container ?? "DependencyContainer").set(initialValue: …, key: \(keyType).self)`"
        }
        return finding(file: injection.file, at: injection.fact.position, message, component: injection.owner, member: injection.keyName, suggestion: suggestion)
    }

    /// `resolver.resolve(T.self)` (Swinject: nil) or `resolve()` (Resolver: a crash) of a type nothing registers.
    private func resolutionFinding(_ resolution: Resolution) -> Finding? {
        guard !resolution.fact.isOptional, case .unregistered(let nearMiss) = resolution.result, let type = resolution.type else { return nil }
        var asked = type
        if let name = resolution.fact.name { asked += " (name: \"\(name)\")" }
        if resolution.fact.argumentCount > 0 { asked += " with \(resolution.fact.argumentCount) argument\(resolution.fact.argumentCount == 1 ? "" : "s")" }
        var outcome = resolution.fact.dialect == .swinject ? "it returns nil" : "it crashes"
        // A lazy property's lookup runs only when the property is first read.
        if let property = resolution.fact.lazyProperty { outcome += " when `\(property)` is first read" }
        let registered = nearMiss.map { "it is registered only as `\($0)`" } ?? "nothing registers it"
        return finding(
            file: resolution.file, at: resolution.fact.position,
            "`\(asked)` is resolved in `\(resolution.owner)` with \(resolution.fact.dialect.title), but \(registered); \(outcome)",
            component: resolution.owner, member: type,
            suggestion: nearMiss == nil ? "register `\(type)` with \(resolution.fact.dialect.title)" : "resolve what is registered, or register `\(asked)`"
        )
    }
}
