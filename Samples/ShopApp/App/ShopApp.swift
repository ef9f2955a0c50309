import SwiftUI

@main
struct ShopApp: App {
    /// The single container for the whole app; everything below receives a slice of it.
    private let dependencies = AppDependencies.live()

    var body: some Scene {
        WindowGroup {
            RootTabView(dependencies: dependencies)
        }
    }
}
