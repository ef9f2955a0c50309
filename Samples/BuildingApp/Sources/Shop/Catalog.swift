import Services

// CPDI style: generic components, each with its own alias, forwarding the aliases of their children.

typealias PriceTagDependencies = PricingDependency

struct PriceTag<Dependencies: PriceTagDependencies> {
    let dependencies: Dependencies
    func text(_ cents: Int) -> String { dependencies.pricing.format(cents) }
}

typealias ThumbnailDependencies = ImageLoadingDependency

struct Thumbnail<Dependencies: ThumbnailDependencies> {
    let dependencies: Dependencies
    var picture: String { dependencies.images.load("product") }
}

typealias ProductRowDependencies = PriceTagDependencies
    & LoggingDependency // used here
    // cpdi sample: direct-child-dependency — only Thumbnail loads images; forward ThumbnailDependencies instead
    & ImageLoadingDependency

struct ProductRow<Dependencies: ProductRowDependencies> {
    let dependencies: Dependencies
    func render() -> String {
        dependencies.logger.log("row")
        return PriceTag(dependencies: dependencies).text(250) + Thumbnail(dependencies: dependencies).picture
    }
}

// A holder: the view keeps its model, which stores the dependencies both share.
typealias CatalogDependencies = ProductRowDependencies
    & TrackingDependency
    // cpdi sample: unused-dependency — the catalog stores nothing any more
    & HasStore

final class CatalogModel<Dependencies: CatalogDependencies> {
    let dependencies: Dependencies
    init(dependencies: Dependencies) { self.dependencies = dependencies }
}

struct Catalog<Dependencies: CatalogDependencies> {
    let model: CatalogModel<Dependencies>
    func show() -> String {
        model.dependencies.tracker.track("catalog")
        return ProductRow(dependencies: model.dependencies).render()
    }
}
