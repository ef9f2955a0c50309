/// Every rule cpdi knows, in the order `cpdi rules` lists them.
public enum RuleCatalogue {
    public static let all: [any Rule] = [
        UnusedDependency(),
        DirectChildDependency(),
        StaleForward(),
        UnusedDependenciesProperty(),
        AliasNaming(),
        AliasLocation(),
        AliasReuse(),
        ProtocolComposition(),
        ExistentialDependencies(),
        DependenciesFirst(),
        AssociatedTypeDependencies(),
        SplicedReuse(),
        ExternalAccess(),
        PublicAlias(),
        DependencyCycle(),
        UnprovidedDependency(),
        UnusedRegistration(),
        UnusedSuppression(),
    ]

    public static func rule(id: String) -> (any Rule)? { all.first { $0.id == id } }
}

/// The analysis step of the pipeline: runs the rules over a linked model.
public struct Analyzer: Sendable {
    public var rules: [any Rule]

    public init(rules: [any Rule] = RuleCatalogue.all) {
        self.rules = rules
    }

    public func findings(for context: RuleContext) -> [Finding] {
        rules.flatMap { $0.check(context) }.sorted()
    }
}
