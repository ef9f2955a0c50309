import Services

// Same names as in Services, a different component.
typealias BadgeDependencies = PricingDependency

struct Badge<Dependencies: BadgeDependencies> {
    let dependencies: Dependencies
    func show() -> String { dependencies.pricing.format(100) }
}
