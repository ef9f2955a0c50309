import Services

typealias OldBannerDependencies = TrackingDependency

/// No longer on the home screen, kept for the seasonal campaign.
struct OldBanner<Dependencies: OldBannerDependencies> {
    let dependencies: Dependencies
    func show() { dependencies.tracker.track("banner") }
}

typealias FooterDependencies = LoggingDependency

struct Footer<Dependencies: FooterDependencies> {
    let dependencies: Dependencies
    var text: String {
        dependencies.logger.log("footer")
        return "footer"
    }
}

// cpdi sample: missing-forward — Home builds Footer but does not compose FooterDependencies
typealias HomeDependencies = CatalogDependencies
    & LoggingDependency // used here
    // cpdi sample: stale-forward — the banner left the home screen
    & OldBannerDependencies

struct Home<Dependencies: HomeDependencies> {
    let dependencies: Dependencies
    func show() -> String {
        dependencies.logger.log("home")
        Analytics.screenView(dependencies: dependencies, "home")
        return Catalog(model: CatalogModel(dependencies: dependencies)).show() + Footer(dependencies: dependencies).text
    }
}

// A helper with an alias of its own.
enum Analytics {
    typealias ScreenViewDependencies = TrackingDependency

    static func screenView<D: ScreenViewDependencies>(dependencies: D, _ name: String) {
        dependencies.tracker.track(name)
    }
}
