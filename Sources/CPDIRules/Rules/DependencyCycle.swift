import CPDIGraph

/// Aliases that compose each other, or components that hand their dependencies round in a loop.
public struct DependencyCycle: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "dependency-cycle",
        defaultSeverity: .error,
        summary: "A cycle among alias compositions or component forwards.",
        explanation: """
            Aliases that compose each other, directly or through others, do not compile (an alias \
            cannot refer to itself), and components that build each other with their dependencies force \
            each one's alias to contain the other's, which is the same loop in disguise; the usual \
            escape, listing the child's leaves instead of its alias, only hides it. Break the loop: \
            let a parent or coordinator build both components, or split the part they share into a \
            component of its own. An error, because the structure cannot be expressed correctly. Each \
            loop is reported once, where it leaves its alphabetically first member, and a loop of \
            components is not reported again when their aliases already form it. A component that \
            builds itself (a recursive view) is not a loop.
            """,
        triggering: [
            RuleExample(
                files: [
                    "ProfileView.swift": """
                        protocol LoggingDependency { var logger: Logger { get } }
                        typealias ProfileViewDependencies = LoggingDependency & FollowersViewDependencies
                        struct ProfileView<Dependencies: ProfileViewDependencies> {
                            let dependencies: Dependencies
                            var body: some View { FollowersView(dependencies: dependencies) }
                        }
                        """,
                    "FollowersView.swift": """
                        typealias FollowersViewDependencies = 1️⃣ProfileViewDependencies
                        struct FollowersView<Dependencies: FollowersViewDependencies> {
                            let dependencies: Dependencies
                            var body: some View { ProfileView(dependencies: dependencies) }
                        }
                        """,
                ],
                findings: ["1️⃣": "`FollowersViewDependencies` → `ProfileViewDependencies` → `FollowersViewDependencies`: these aliases compose each other in a loop; remove `ProfileViewDependencies` from `FollowersViewDependencies` or split what they share into an alias of its own"]
            ),
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ListViewDependencies = LoggingDependency
                struct ListView<Dependencies: ListViewDependencies> {
                    let dependencies: Dependencies
                    var body: some View { DetailView(dependencies: dependencies) }
                }
                typealias DetailViewDependencies = LoggingDependency
                struct DetailView<Dependencies: DetailViewDependencies> {
                    let dependencies: Dependencies
                    var body: some View { 1️⃣ListView(dependencies: dependencies) }
                }
                """,
                findings: ["1️⃣": "`DetailView` → `ListView` → `DetailView`: these components hand their dependencies to each other in a loop; let a parent build both, or split what they share into a component of its own"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias CommentViewDependencies = LoggingDependency
                // A recursive view builds itself; that is not a loop between components.
                struct CommentView<Dependencies: CommentViewDependencies> {
                    let dependencies: Dependencies
                    let replies: [Comment]
                    var body: some View { ForEach(replies) { CommentView(dependencies: dependencies, replies: $0.replies) } }
                }
                typealias ThreadViewDependencies = CommentViewDependencies & LoggingDependency
                struct ThreadView<Dependencies: ThreadViewDependencies> {
                    let dependencies: Dependencies
                    var body: some View { CommentView(dependencies: dependencies, replies: []) }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let cycles = model.dependencyCycles()
        let aliasLoops = Set(cycles.filter { $0.kind == .aliasComposition }.map { Set($0.names) })
        return cycles.compactMap { cycle in
            let names = cycle.names
            let loop = (names + [names[0]]).map { "`\($0)`" }.joined(separator: " → ")
            let first = cycle.steps[0]
            switch cycle.kind {
            case .aliasComposition:
                return finding(
                    file: first.file, at: first.position,
                    "\(loop): these aliases compose each other in a loop; remove `\(first.to)` from `\(first.from)` or split what they share into an alias of its own",
                    component: model.owners[first.from]?.first ?? first.from, member: first.to,
                    suggestion: "remove `\(first.to)` from `\(first.from)`"
                )
            case .componentForward:
                let ownAliases = names.compactMap { model.components[$0]?.ownAlias }
                if ownAliases.count == names.count, aliasLoops.contains(Set(ownAliases)) { return nil }
                return finding(
                    file: first.file, at: first.position,
                    "\(loop): these components hand their dependencies to each other in a loop; let a parent build both, or split what they share into a component of its own",
                    component: first.from, member: first.to,
                    suggestion: "stop `\(first.from)` from handing its dependencies to `\(first.to)`"
                )
            }
        }
    }
}
