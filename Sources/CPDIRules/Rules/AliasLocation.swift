import CPDIGraph

/// A component's alias kept in some other file.
public struct AliasLocation: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "alias-location",
        defaultSeverity: .info,
        summary: "A component's alias is declared in another file than the component.",
        explanation: """
            Usage is judged per file: the alias at the top of `Foo.swift` should list what that file \
            reads plus the aliases of what it builds or calls, and a reviewer checks one against the \
            other without leaving the file. An alias gathered into a shared `Dependencies.swift` drifts \
            away from the code it describes and is easily borrowed by other types. Move it to the top of \
            the component's file (a file that extends the component counts as its file too). Only \
            information, because the compiler and the graph are unaffected; it is about finding things.
            """,
        triggering: [
            RuleExample(
                files: [
                    "Dependencies.swift": """
                        protocol TrackingDependency { var tracker: Tracker { get } }
                        typealias 1️⃣CartSummaryViewDependencies = TrackingDependency
                        """,
                    "CartSummaryView.swift": """
                        struct CartSummaryView<Dependencies: CartSummaryViewDependencies> {
                            let dependencies: Dependencies
                            func checkout() { dependencies.tracker.track("checkout") }
                        }
                        """,
                ],
                findings: ["1️⃣": "`CartSummaryViewDependencies` is declared in Dependencies.swift, away from `CartSummaryView` in CartSummaryView.swift; move it to the top of CartSummaryView.swift"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "CartSummaryView.swift": """
                        struct CartSummaryView<Dependencies: CartSummaryViewDependencies> {
                            let dependencies: Dependencies
                        }
                        """,
                    "CartSummaryView+Checkout.swift": """
                        protocol TrackingDependency { var tracker: Tracker { get } }
                        // A file that extends the component is its file too.
                        typealias CartSummaryViewDependencies = TrackingDependency
                        typealias CartSummaryView_trackDependencies = TrackingDependency
                        extension CartSummaryView {
                            func checkOut() { dependencies.tracker.track("checkout") }
                            static func track<D: CartSummaryView_trackDependencies>(dependencies: D) {
                                dependencies.tracker.track("summary")
                            }
                        }
                        """,
                ]
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let ownership = context.ownership
        return model.owners.keys.sorted().compactMap { aliasName in
            guard let alias = model.symbols.aliases[aliasName], !model.symbols.isUndeclaredAlias(aliasName),
                let owner = (model.owners[aliasName] ?? []).first(where: { ownership.isOwnAlias(alias.fact, of: $0) }),
                let component = model.components[owner]
            else { return nil }
            let files = model.codeFiles(of: component)
            guard !files.contains(alias.file) else { return nil }
            return finding(
                file: alias.file, at: alias.fact.position,
                "`\(aliasName)` is declared in \(fileName(alias.file)), away from `\(owner)` in \(fileName(component.file)); move it to the top of \(fileName(component.file))",
                component: owner, member: aliasName,
                suggestion: "move `\(aliasName)` to \(fileName(component.file))"
            )
        }
    }
}
