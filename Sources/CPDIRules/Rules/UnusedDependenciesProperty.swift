import CPDIGraph

/// A component that keeps its dependencies and never touches them.
public struct UnusedDependenciesProperty: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unused-dependencies-property",
        defaultSeverity: .warning,
        summary: "A component stores its dependencies and never reads them or passes them on.",
        explanation: """
            A stored dependencies value that is never read and never forwarded is dead weight: every \
            caller must supply it and the component keeps everything in it alive for its whole lifetime. \
            Drop the property (and the alias and generic parameter with it), or use it.
            """,
        triggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ReceiptViewDependencies = LoggingDependency
                struct ReceiptView<Dependencies: ReceiptViewDependencies> {
                    let 1️⃣dependencies: Dependencies
                    let total: Int
                    init(dependencies: Dependencies, total: Int) {
                        self.dependencies = dependencies
                        self.total = total
                    }
                }
                """,
                findings: ["1️⃣": "`ReceiptView` stores `dependencies` but never reads it or hands it on"]
            ),
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ReceiptListDependencies = LoggingDependency & ReceiptRowDependencies
                final class ReceiptList<Dependencies: ReceiptListDependencies> {
                    // The initializer hands on and reads its parameter, which has the same name.
                    let 1️⃣dependencies: Dependencies
                    let row: ReceiptRow<Dependencies>
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.row = ReceiptRow(dependencies: dependencies)
                        dependencies.logger.log("list")
                    }
                }
                typealias ReceiptRowDependencies = LoggingDependency
                struct ReceiptRow<Dependencies: ReceiptRowDependencies> {
                    let dependencies: Dependencies
                    func show() { dependencies.logger.log("row") }
                }
                """,
                findings: ["1️⃣": "`ReceiptList` stores `dependencies` but never reads it or hands it on"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol LoggingDependency { var logger: Logger { get } }
                typealias ReceiptViewDependencies = LoggingDependency & ReceiptRowDependencies
                struct ReceiptView<Dependencies: ReceiptViewDependencies> {
                    let dependencies: Dependencies
                    let row: ReceiptRow<Dependencies>
                    init(dependencies: Dependencies) {
                        self.dependencies = dependencies
                        self.row = ReceiptRow(dependencies: dependencies)
                    }
                    // Reads the stored copy: a fresh row for every reload.
                    func reloaded() -> ReceiptRow<Dependencies> { ReceiptRow(dependencies: dependencies) }
                }
                typealias ReceiptRowDependencies = LoggingDependency
                struct ReceiptRow<Dependencies: ReceiptRowDependencies> {
                    let dependencies: Dependencies
                    func show() { self.dependencies.logger.log("row") }
                }
                typealias ProductComponentDependencies = LoggingDependency
                protocol ProductComponent {
                    associatedtype Dependencies: ProductComponentDependencies
                    var dependencies: Dependencies { get }
                }
                extension ProductComponent {
                    func log(_ text: String) { dependencies.logger.log(text) }
                }
                // The protocol extension reads it.
                struct Badge<Dependencies: ProductComponentDependencies>: ProductComponent {
                    let dependencies: Dependencies
                }
                """
            ),
            RuleExample(
                """
                struct Feature: Hashable {
                    let name: String
                }
                // Named values of the type itself, whatever their names: no type holds its dependencies as one of itself.
                extension Feature {
                    static let linkDependencies = Feature(name: "link")
                    static let buildDependencies = Self(name: "build")
                }
                enum Tool {
                    struct Option: Hashable { let flag: String }
                }
                extension Tool.Option {
                    // `Tool.Option(...)` builds a `Tool.Option`, not a `Tool`.
                    static let skipDependencies = Tool.Option(flag: "--skip-dependencies")
                }
                func linksDependencies(_ enabled: Set<Feature>) -> Bool { enabled.contains(.linkDependencies) }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        return model.sortedComponentNames.compactMap { name in
            let component = model.components[name]!
            guard case .type(let kind) = component.form, kind != .protocol,
                let property = component.property, property.isStored,
                // Stored by a generic base class other subclasses share: not this component's to remove.
                component.propertyOwner == nil,
                model.scopes[name]?.storedDependenciesRead == false,
                // Proven or silent: where its dependencies go somewhere cpdi does not follow, say nothing.
                model.scopes[name]?.isJudged == true,
                // A protocol that requires the property keeps it, read or not: removing it would not compile.
                !(model.attribution.conformances[name] ?? []).contains(where: {
                    model.symbols.protocols[$0]?.fact.requirements.contains(property.name) ?? false
                })
            else { return nil }
            return finding(
                file: component.file, at: property.position,
                "`\(name)` stores `\(property.name)` but never reads it or hands it on",
                component: name, member: property.name,
                suggestion: "remove `\(property.name)` from `\(name)` or use it"
            )
        }
    }
}
