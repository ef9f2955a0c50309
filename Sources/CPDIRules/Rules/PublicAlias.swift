import CPDIFacts
import CPDIGraph

/// A public alias that exposes a module's internal structure.
public struct PublicAlias: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "public-alias",
        defaultSeverity: .warning,
        summary: "A public alias that is neither an external nor a feature entry alias.",
        explanation: """
            A feature is entered through one public alias (`ProductFeatureDependencies`) and, where it \
            splices, the external aliases its callers satisfy; every other alias describes one internal \
            file and belongs inside the module. Making it public widens the module's API, lets other \
            modules borrow it, and is often the sign of access errors fixed by making everything public \
            instead of splicing. Make it internal. Public is still expected, and not reported, when the \
            compiler demands it: for the alias of a public component, for an alias another module uses, \
            and for whatever those aliases compose.
            """,
        triggering: [
            RuleExample(
                """
                public protocol TrackingDependency { var tracker: Tracker { get } }
                public typealias 1️⃣ProductImageViewDependencies = TrackingDependency
                struct ProductImageView<Dependencies: ProductImageViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.tracker.track("image") }
                }
                """,
                findings: ["1️⃣": "`ProductImageViewDependencies` is public but is neither an external alias (`*ExternalDependencies`) nor a feature entry alias (`*FeatureDependencies`), and nothing public needs it; make it internal"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                public protocol TrackingDependency { var tracker: Tracker { get } }
                public protocol RepositoryDependency { var repository: Repository { get } }
                public typealias ProductDetailViewExternalDependencies = TrackingDependency
                public typealias ProductFeatureDependencies = ProductDetailViewExternalDependencies
                    & ProductDataRepositoryDependencies
                // Public because the feature entry alias composes it.
                public typealias ProductDataRepositoryDependencies = TrackingDependency
                public struct ProductFeature<Dependencies: ProductFeatureDependencies> {
                    let dependencies: Dependencies
                    public init(dependencies: Dependencies) { self.dependencies = dependencies }
                }
                // Public because its component is.
                public typealias SearchBarDependencies = TrackingDependency
                public struct SearchBar<Dependencies: SearchBarDependencies> {
                    let dependencies: Dependencies
                    public func search() { dependencies.tracker.track("search") }
                }
                typealias ProductImageViewDependencies = TrackingDependency
                """
            ),
            RuleExample(
                """
                public protocol TrackingDependency { var tracker: Tracker { get } }
                public struct Store<State, Environment> {}
                // Public because a public alias hands it to a generic type as an argument.
                public typealias EditorDependencies = TrackingDependency
                public typealias EditorStore = Store<Int, EditorDependencies>
                public final class EditorController {
                    public let store: EditorStore
                    public init(store: EditorStore) { self.store = store }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let symbols = model.symbols
        let conventions = model.conventions
        var needed = Set(symbols.aliases.keys.filter { name in
            let alias = symbols.aliases[name]!
            return conventions.isExternalAliasName(alias.fact.name) || conventions.isFeatureEntryAliasName(alias.fact.name)
        })
        for component in model.components.values {
            for requirement in component.requirements where requirement.kind == .alias {
                guard let alias = symbols.aliases[requirement.name] else { continue }
                if component.access == .public || component.access == .open || component.module != alias.module {
                    needed.insert(requirement.name)
                }
            }
        }
        // Composed by an alias of another module.
        for alias in symbols.aliases.values {
            for member in alias.fact.members {
                guard case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType),
                    let composed = symbols.aliases[nested], composed.module != alias.module
                else { continue }
                needed.insert(nested)
            }
        }
        // A generic argument of a public alias (`public typealias EditStore = Store<State, EditDependencies>`):
        // whatever public declaration uses that alias needs this one public too.
        for file in model.files.values {
            for argument in file.publicAliasArguments {
                if case .alias(let used)? = symbols.resolve(argument, from: nil) { needed.insert(used) }
            }
        }
        // What a needed alias composes must be at least as visible.
        var queue = Array(needed)
        while let name = queue.popLast() {
            guard let alias = symbols.aliases[name] else { continue }
            for member in alias.fact.members {
                if case .alias(let nested)? = symbols.resolve(member.name, from: alias.fact.enclosingType),
                    needed.insert(nested).inserted
                {
                    queue.append(nested)
                }
            }
        }
        return report(symbols: symbols, needed: needed, model: model)
    }

    private func report(symbols: SymbolTable, needed: Set<String>, model: DependencyModel) -> [Finding] {
        let conventions = model.conventions
        let external = conventions.externalAliasNames.first.map { " (`\($0)`)" } ?? ""
        let entry = conventions.featureEntryAliasNames.first.map { " (`\($0)`)" } ?? ""
        return symbols.sortedAliasNames.compactMap { name in
            let alias = symbols.aliases[name]!
            guard alias.fact.access == .public || alias.fact.access == .open, symbols.dependencyAliases.contains(name),
                !symbols.isUndeclaredAlias(name),
                !needed.contains(name), !isAssociatedTypeWitness(alias.fact, symbols: symbols)
            else { return nil }
            let owner = model.owners[name]?.first ?? name
            return finding(
                file: alias.file, at: alias.fact.position,
                "`\(name)` is public but is neither an external alias\(external) nor a feature entry alias\(entry), and nothing public needs it; make it internal",
                component: owner, member: name,
                suggestion: "make `\(name)` internal"
            )
        }
    }

    /// `public typealias Dependencies = …` inside a type that conforms to a protocol declaring
    /// `associatedtype Dependencies`: the alias is the witness, and a public conformance demands it public.
    private func isAssociatedTypeWitness(_ alias: AliasFact, symbols: SymbolTable) -> Bool {
        guard let owner = alias.enclosingType else { return false }
        var queue = (symbols.typeDeclarations[owner] ?? []).flatMap(\.fact.inheritedTypes).map { ($0.name, owner) }
        var visited: Set<String> = []
        while let (name, scope) = queue.popLast() {
            guard case .protocolType(let proto)? = symbols.resolve(name, from: scope), visited.insert(proto).inserted,
                let declared = symbols.protocols[proto]
            else { continue }
            if declared.fact.associatedTypes.contains(where: { $0.name == alias.name }) { return true }
            queue += declared.fact.inheritedTypes.map { ($0.name, proto) }
        }
        return false
    }
}
