import CPDIFacts
import CPDIGraph

/// A dependencies parameter that does not come first.
public struct DependenciesFirst: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "dependencies-first",
        defaultSeverity: .info,
        summary: "The `dependencies` parameter is not the first parameter of an initializer or helper.",
        explanation: """
            Putting the dependencies first in every initializer and helper makes call sites read the \
            same everywhere (`Foo(dependencies: dependencies, sku: sku)`), keeps the value that is \
            threaded through the whole app out of the way of the arguments that vary, and makes a \
            missing forward stand out in review. Move the parameter to the front. Only initializers of \
            components and helper functions are checked, and only parameters whose type is the \
            dependencies (a generic parameter, an alias, a dependency protocol or a container), so an \
            unrelated `dependencies: [Package]` is not mistaken for one. Left alone: a parameter with a \
            default value (Swift's API guidelines put those last), a method whose order a protocol \
            requirement fixes, and apps with no generic component, which follow the Has-protocol style \
            and its own conventions. Only information: a matter of consistent reading.
            """,
        triggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductDetailViewDependencies = TrackingDependency
                struct ProductDetailView<Dependencies: ProductDetailViewDependencies> {
                    let dependencies: Dependencies
                    let sku: String
                    init(sku: String, 1️⃣dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.sku = sku
                    }
                }
                typealias Analytics_trackDependencies = TrackingDependency
                enum Analytics {
                    static func track<D: Analytics_trackDependencies>(_ event: String, 2️⃣dependencies: D) {
                        dependencies.tracker.track(event)
                    }
                }
                """,
                findings: [
                    "1️⃣": "`dependencies` is parameter 2 of `ProductDetailView.init`, after `sku`; make it the first parameter",
                    "2️⃣": "`dependencies` is parameter 2 of `Analytics.track`, after an unlabelled parameter; make it the first parameter",
                ]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias BannerDependencies = TrackingDependency
                struct Banner<Dependencies: BannerDependencies> {
                    let dependencies: Dependencies
                    // A defaulted parameter goes last.
                    init(title: String, dependencies: Dependencies = .live) { self.dependencies = dependencies }
                }
                protocol BannerLoading {
                    func load(id: String, dependencies: BannerDependencies)
                }
                // The protocol requirement fixed the order.
                struct BannerLoader: BannerLoading {
                    func load(id: String, dependencies: BannerDependencies) { dependencies.tracker.track(id) }
                }
                """
            ),
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                typealias ProductDetailViewDependencies = TrackingDependency
                struct ProductDetailView<Dependencies: ProductDetailViewDependencies> {
                    let dependencies: Dependencies
                    let sku: String
                    init(dependencies: Dependencies, sku: String) {
                        self.dependencies = dependencies
                        self.sku = sku
                    }
                }
                // Not dependency injection: a package's dependencies are data.
                struct Package {
                    init(name: String, dependencies: [Package]) {}
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        // The CPDI convention; an app in the Has-protocol style orders its parameters its own way.
        guard writesGenericComponents(model) else { return [] }
        var findings: [Finding] = []
        for path in model.sortedFilePaths {
            for parameter in model.files[path]!.declarations.dependenciesParameters where parameter.index > 0 && !parameter.hasDefaultValue {
                let component: String
                if let requirement = requirementOwner(of: parameter, in: model) {
                    // A protocol requirement fixes the order for every conformer: it is said once, here.
                    component = requirement
                } else {
                    guard let owner = owner(of: parameter, in: model), let type = parameter.type,
                        isDependenciesType(type.name, owner: owner, model: model),
                        // An implementation repeats the order its protocol requirement chose.
                        !implementsRequirement(parameter, owner: owner, in: model)
                    else { continue }
                    component = owner.name
                }
                let callable = parameter.isInitializer ? "\(component).init" : parameter.enclosingType.map { "\($0).\(parameter.function)" } ?? parameter.function
                let labels = parameter.precedingLabels.map { $0 == "_" ? "an unlabelled parameter" : "`\($0)`" }
                let before = labels.count > 1 ? labels.dropLast().joined(separator: ", ") + " and " + labels.last! : labels[0]
                findings.append(finding(
                    file: path, at: parameter.position,
                    "`\(parameter.name)` is parameter \(parameter.index + 1) of `\(callable)`, after \(before); make it the first parameter",
                    component: component, member: parameter.name,
                    suggestion: "move `\(parameter.label == "_" ? parameter.name : parameter.label)` to the front of `\(callable)`"
                ))
            }
        }
        return findings
    }

    /// The protocol whose requirement this is, when components implement it.
    private func requirementOwner(of parameter: DependenciesParameterFact, in model: DependencyModel) -> String? {
        guard let name = parameter.enclosingType, model.symbols.protocols[name] != nil,
            model.components[name] != nil || !model.attribution.conformers(of: name).isEmpty
        else { return nil }
        return name
    }

    /// Whether a protocol the owner conforms to requires this initializer or method, with the same labels
    /// up to the dependencies parameter.
    private func implementsRequirement(_ parameter: DependenciesParameterFact, owner: Component, in model: DependencyModel) -> Bool {
        if owner.form == .function { return isProtocolRequirement(owner.name, in: model) }
        let labels = parameter.precedingLabels + [parameter.label]
        return (model.attribution.conformances[owner.name] ?? []).contains { proto in
            guard let declared = model.symbols.protocols[proto]?.fact else { return false }
            return declared.initializers.contains { $0.parameters.map(\.label).starts(with: labels) }
        }
    }

    /// The component the initializer belongs to, or the helper function itself.
    private func owner(of parameter: DependenciesParameterFact, in model: DependencyModel) -> Component? {
        if parameter.isInitializer {
            return parameter.enclosingType.flatMap { model.components[$0] }
        }
        let name = parameter.enclosingType.map { "\($0).\(parameter.function)" } ?? parameter.function
        return model.components[name].flatMap { $0.form == .function ? $0 : nil }
    }

    private func isDependenciesType(_ type: String, owner: Component, model: DependencyModel) -> Bool {
        let symbols = model.symbols
        if owner.requirements.contains(where: { $0.reference.name == type }) || owner.heldType == type { return true }
        if let main = symbols.typeDeclarations[owner.name]?.first, main.fact.genericParameters.contains(where: { $0.name == type }) {
            return true
        }
        if let function = symbols.functions[owner.name], function.fact.genericParameters.contains(where: { $0.name == type }) {
            return true
        }
        switch symbols.resolve(type, from: owner.name) {
        case .alias(let alias): return symbols.dependencyAliases.contains(alias)
        case .protocolType(let proto): return symbols.leafNames.contains(proto) || !(symbols.leafSets[proto] ?? []).isEmpty
        case .type(let concrete): return model.containers[concrete] != nil
        case nil: return model.conventions.isAliasName(LeafName.simple(type))
        }
    }
}
