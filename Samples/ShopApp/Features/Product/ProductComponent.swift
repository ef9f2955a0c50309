import Foundation

typealias ProductComponentDependencies = LoggingDependency // used by the extension below

/// Common behaviour of the small views a product page is built from.
// cpdi sample: associatedtype-dependencies (by design, not one of the forwarding violations) — the guide's
// discouraged "if you must" pattern, kept so forwarding through a conformance is covered
protocol ProductComponent {
    associatedtype Dependencies: ProductComponentDependencies

    var dependencies: Dependencies { get }
    var sku: String { get }
}

extension ProductComponent {
    /// Logs with the product's SKU as context.
    func log(_ message: String) {
        dependencies.logger.log(.debug, "[product \(sku)] \(message)")
    }
}
