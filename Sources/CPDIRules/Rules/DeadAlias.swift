import CPDIFacts
import CPDIGraph

/// A dependency alias nothing refers to any more.
public struct DeadAlias: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "dead-alias",
        defaultSeverity: .warning,
        summary: "A dependency alias that nothing is constrained by or refers to any more.",
        explanation: """
            A dependency alias exists to constrain a component. Once its component is deleted or moved to \
            another alias, the old one stays behind: it still reads like part of the architecture, shows up \
            in searches and diagrams, and invites the next component to reuse it. When no component, helper, \
            protocol, property, parameter or other alias mentions it any more, remove it. Public aliases \
            and the external and feature entry aliases are left alone, because code outside the analysed \
            sources may use them.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias 1️⃣OldBannerDependencies = LoggingDependency
                typealias HomeViewDependencies = LoggingDependency
                struct HomeView<Dependencies: HomeViewDependencies> {
                    let dependencies: Dependencies
                    func appear() { dependencies.logger.log("home") }
                }
                """,
                findings: ["1️⃣": "`OldBannerDependencies` is not required by any component, helper or protocol, nor mentioned anywhere; remove it"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "Feature.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        // Composed by another alias, required by a helper, or used as a parameter type: all alive.
                        typealias RowDependencies = LoggingDependency
                        typealias ListDependencies = RowDependencies
                        enum Tracking {
                            typealias TrackDependencies = LoggingDependency
                            static func track<D: TrackDependencies>(dependencies: D) { dependencies.logger.log("t") }
                        }
                        typealias PreviewDependencies = LoggingDependency
                        func makePreview(container: PreviewDependencies) {}
                        public typealias SharedDependencies = LoggingDependency
                        protocol Screen {
                            typealias Dependencies = LoggingDependency
                        }
                        struct Home: Screen {
                            let dependencies: Dependencies
                            func show() { dependencies.logger.log("home") }
                        }
                        """,
                    "List.swift": """
                        struct List<Dependencies: ListDependencies> {
                            let dependencies: Dependencies
                            func show() { dependencies.logger.log("list") }
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let symbols = model.symbols
        var mentioned: Set<String> = []
        for path in model.sortedFilePaths {
            for mention in model.files[path]!.aliasMentions {
                // Most mentions are of top-level aliases, mentioned already: no lookup needed for those.
                if mention.enclosingType == nil, mentioned.contains(mention.name) { continue }
                if case .alias(let name)? = symbols.resolve(mention.name, from: mention.enclosingType) { mentioned.insert(name) }
            }
        }
        let conventions = model.conventions
        return symbols.sortedAliasNames.compactMap { name in
            let alias = symbols.aliases[name]!
            let fact = alias.fact
            // A composition protocol is a protocol in the code; whether one is dead is not an alias's question.
            guard symbols.dependencyAliases.contains(name), !symbols.isUndeclaredAlias(name),
                model.owners[name] == nil, !mentioned.contains(name),
                conventions.isAliasName(fact.name),
                fact.access != .public, fact.access != .open,
                !conventions.isExternalAliasName(fact.name), !conventions.isFeatureEntryAliasName(fact.name),
                // Nested in a protocol, it is every conformer's alias, written as a bare `Dependencies` anywhere.
                fact.enclosingType.map({ symbols.protocols[$0] == nil }) ?? true
            else { return nil }
            return finding(
                file: alias.file, at: fact.position,
                "`\(fact.qualifiedName)` is not required by any component, helper or protocol, nor mentioned anywhere; remove it",
                component: fact.enclosingType ?? fact.qualifiedName, member: fact.qualifiedName,
                suggestion: "remove `\(fact.qualifiedName)`"
            )
        }
    }
}
