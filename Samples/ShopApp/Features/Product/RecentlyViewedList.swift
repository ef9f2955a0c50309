import SwiftUI

typealias RecentlyViewedListDependencies = CacheDependency // for the entry type, `Dependencies.Cache.Entry`

/// A horizontal strip of the products the user opened last.
struct RecentlyViewedList<Dependencies: RecentlyViewedListDependencies>: View {
    // cpdi sample: unused-dependencies-property — stored but never read; only the type `Dependencies.Cache.Entry` is needed
    let dependencies: Dependencies
    let entries: [Dependencies.Cache.Entry]
    let onSelect: (String) -> Void

    init(dependencies: Dependencies, entries: [Dependencies.Cache.Entry], onSelect: @escaping (String) -> Void) {
        self.dependencies = dependencies
        self.entries = entries
        self.onSelect = onSelect
    }

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach(entries, id: \.sku) { entry in
                    Button(entry.title) {
                        onSelect(entry.sku)
                    }
                    .buttonStyle(.bordered)
                }
            }
        }
    }
}
