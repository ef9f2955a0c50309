import Services

// Splicing: the payments feature brings its own dependency and wraps what the app provides.
typealias PaymentsExternalDependencies = LoggingDependency

protocol PaymentsDependency { var method: String { get } }

typealias PaymentsViewDependencies = LoggingDependency & PaymentsDependency

struct SplicedPaymentsViewDependencies<External: PaymentsExternalDependencies>: PaymentsViewDependencies {
    let externalDependencies: External
    var logger: Logging { externalDependencies.logger }
    var method: String { "card" }
}

struct PaymentsView<Dependencies: PaymentsViewDependencies> {
    let dependencies: Dependencies
    func pay() { dependencies.logger.log("pay by \(dependencies.method)") }
}
