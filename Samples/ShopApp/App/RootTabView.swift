import SwiftUI

typealias RootTabViewDependencies = LoggingDependency // used here
    & HomeViewDependencies // required by HomeView
    & CartScreenDependencies // required by CartScreen

struct RootTabView<Dependencies: RootTabViewDependencies>: View {
    let dependencies: Dependencies

    var body: some View {
        TabView {
            NavigationStack {
                HomeView(dependencies: dependencies)
            }
            .tabItem { Label("Shop", systemImage: "bag") }

            NavigationStack {
                CartScreen(dependencies: dependencies)
            }
            .tabItem { Label("Cart", systemImage: "cart") }
        }
        .onAppear {
            dependencies.logger.log(.info, "Root tabs shown")
        }
    }
}
