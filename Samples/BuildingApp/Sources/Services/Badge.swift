// `Badge` and `BadgeDependencies` exist in the Shop module too: two components, one per module.

public typealias BadgeDependencies = LoggingDependency

public struct Badge<Dependencies: BadgeDependencies> {
    let dependencies: Dependencies
    public init(dependencies: Dependencies) { self.dependencies = dependencies }
    public func show() { dependencies.logger.log("services badge") }
}
