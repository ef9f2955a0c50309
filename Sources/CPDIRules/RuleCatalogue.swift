import CPDIFacts

/// Every rule cpdi knows, in the order `cpdi rules` lists them.
public enum RuleCatalogue {
    public static let all: [any Rule] = [
        UnusedDependency(),
        DirectChildDependency(),
        StaleForward(),
        UnusedDependenciesProperty(),
        MissingForward(),
        DeadAlias(),
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
        UnusedInjection(),
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

    /// Rules are independent pure functions of the context, so they run on all cores; the findings
    /// are sorted, so the result does not depend on which finishes first.
    public func findings(for context: RuleContext) -> [Finding] {
        let side = rules.filter { !$0.spreadsOverCores }, alone = rules.filter(\.spreadsOverCores)
        let found = Parallel.map(side.count) { index in StepTimes.measure("rule \(side[index].id)") { side[index].check(context) } }
            + alone.map { rule in StepTimes.measure("rule \(rule.id)") { rule.check(context) } }
        return found.flatMap { $0 }.filter { !$0.isInObjectiveCHeader }.sorted()
    }
}

extension Finding {
    /// A header is read only for the protocols it declares for Swift: advice written in Swift, or an edit of the
    /// header, would not fit the Objective-C it is written in.
    var isInObjectiveCHeader: Bool { ObjectiveCHeaders.isHeader(file) || editedFile.map(ObjectiveCHeaders.isHeader) == true }
}
