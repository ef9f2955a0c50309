import CPDIFacts
import CPDIGraph

/// The external dependencies wrapped by a spliced type, read from outside it.
public struct ExternalAccess: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "external-access",
        defaultSeverity: .warning,
        summary: "The external dependencies wrapped by a spliced type are read outside that type.",
        explanation: """
            A spliced type wraps the dependencies its callers provide and re-exposes each member that \
            its component's alias needs. Reaching through it (`dependencies.externalDependencies.tracker`) \
            bypasses that list: the read is invisible to the alias, survives the member being removed \
            from it, and couples the component to whatever its caller happens to pass. Read the member \
            the spliced type forwards instead, adding it there if it is missing (and keep the wrapped \
            value `private`). A spliced type is recognised by the configured spliced names, and its \
            wrapped value is the stored property typed by its generic parameter or by an external alias; \
            only reads through a dependencies value are checked, so a same-named property of an \
            unrelated type is not mistaken for it.
            """,
        triggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol RepositoryDependency { var repository: Repository { get } }
                typealias ProductDetailViewDependencies = RepositoryDependency
                typealias ProductDetailViewExternalDependencies = TrackingDependency
                struct SplicedProductDetailViewDependencies<External: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
                    let externalDependencies: External
                    let repository: Repository
                }
                struct ProductDetailView<External: ProductDetailViewExternalDependencies> {
                    let dependencies: SplicedProductDetailViewDependencies<External>
                    func appear() { dependencies.1️⃣externalDependencies.tracker.track("detail") }
                }
                """,
                findings: ["1️⃣": "`ProductDetailView` reads `externalDependencies` of `SplicedProductDetailViewDependencies` directly; read a member that `SplicedProductDetailViewDependencies` forwards instead"]
            ),
        ],
        nonTriggering: [
            RuleExample(
                """
                protocol TrackingDependency { var tracker: Tracker { get } }
                protocol RepositoryDependency { var repository: Repository { get } }
                typealias ProductDetailViewDependencies = RepositoryDependency & TrackingDependency
                typealias ProductDetailViewExternalDependencies = TrackingDependency
                struct SplicedProductDetailViewDependencies<External: ProductDetailViewExternalDependencies>: ProductDetailViewDependencies {
                    private let externalDependencies: External
                    let repository: Repository
                    var tracker: Tracker { externalDependencies.tracker }
                    static func == (lhs: Self, rhs: Self) -> Bool { lhs.externalDependencies.tracker === rhs.externalDependencies.tracker }
                }
                struct ProductDetailView<External: ProductDetailViewExternalDependencies> {
                    let dependencies: SplicedProductDetailViewDependencies<External>
                    func appear() { dependencies.tracker.track("detail") }
                }
                struct Installer {
                    let plan: Plan
                    func run() { plan.externalDependencies.forEach { install($0) } }
                }
                """
            ),
        ]
    )

    public func check(_ context: RuleContext) -> [Finding] {
        let model = context.model
        let wrapped = wrappedProperties(model)
        guard !wrapped.isEmpty else { return [] }
        var findings: [Finding] = []
        for path in model.sortedFilePaths {
            for read in model.files[path]!.declarations.dependencyMemberReads {
                // Only reads through a dependencies value: a spliced value is held as one, and another
                // type's `plan.externalDependencies` is then not mistaken for it.
                guard let owners = wrapped[read.member], let base = read.base, model.conventions.isDependenciesValueName(base),
                    !owners.contains(where: { owner in read.enclosingType.map { $0 == owner || $0.hasPrefix("\(owner).") } ?? false })
                else { continue }
                let reader = enclosingComponent(of: read.enclosingType, in: model) ?? read.enclosingType ?? fileName(path)
                let spliced = owners.map { "`\($0)`" }.joined(separator: " or ")
                findings.append(finding(
                    file: path, at: read.position,
                    "`\(reader)` reads `\(read.member)` of \(spliced) directly; read a member that \(spliced) forwards instead",
                    component: reader, member: read.member,
                    suggestion: "forward the member from \(spliced) and read it there, keeping `\(read.member)` private"
                ))
            }
        }
        return findings
    }

    /// Wrapped property names and the spliced types that hold them.
    private func wrappedProperties(_ model: DependencyModel) -> [String: [String]] {
        let symbols = model.symbols
        var found: [String: [String]] = [:]
        for name in symbols.sortedTypeNames where symbols.isDeclaredType(name) {
            guard model.conventions.isSplicedTypeName(LeafName.simple(name)), let main = symbols.typeDeclarations[name]?.first
            else { continue }
            let generics = Set(main.fact.genericParameters.map(\.name))
            for property in symbols.typeDeclarations[name]!.flatMap(\.fact.dependencyProperties) where property.isStored {
                guard let type = property.type else { continue }
                let isExternal = generics.contains(type.name)
                    || model.conventions.isExternalAliasName(LeafName.simple(type.name))
                if isExternal, !(found[property.name] ?? []).contains(name) { found[property.name, default: []].append(name) }
            }
        }
        return found
    }
}
