import Services

/// The root: builds every screen with the app's container.
public enum ShopApp {
    public static func run(with app: AppDependencies) -> String {
        let home = Home(dependencies: app).show()
        let total = CheckoutScreen(dependencies: app).total()
        let orders = Orders(dependencies: app).show()
        let profile = Profile(dependencies: app).show()
        PaymentsView(dependencies: SplicedPaymentsViewDependencies(externalDependencies: app)).pay()
        SettingsScreen(dependencies: app).open()
        Services.Badge(dependencies: app).show()
        OldBanner(dependencies: app).show()
        return "\(home) \(total) \(orders) \(profile) \(Badge(dependencies: app).show())"
    }
}
