import SwiftUI

struct Review: Identifiable, Decodable {
    let id: String
    let author: String
    let rating: Int
    let text: String
}

typealias ProductReviewsViewDependencies = NetworkingDependency // used here
    & ProductComponentDependencies // required by ProductComponent

struct ProductReviewsView<Dependencies: ProductReviewsViewDependencies>: View, ProductComponent {
    let dependencies: Dependencies
    let sku: String
    @State private var reviews: [Review] = []

    init(dependencies: Dependencies, sku: String) {
        self.dependencies = dependencies
        self.sku = sku
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Reviews")
                .font(.title3.bold())
            if reviews.isEmpty {
                Text("No reviews yet")
                    .foregroundStyle(.secondary)
            }
            ForEach(reviews) { review in
                VStack(alignment: .leading, spacing: 4) {
                    Text(String(repeating: "★", count: review.rating) + "  " + review.author)
                        .font(.subheadline)
                    Text(review.text)
                }
            }
        }
        .task(id: sku) {
            do {
                let data = try await dependencies.httpClient.get("products/\(sku)/reviews")
                reviews = try JSONDecoder().decode([Review].self, from: data)
                log("loaded \(reviews.count) reviews")
            } catch {
                log("reviews failed: \(error)")
            }
        }
    }
}
