import SwiftUI

typealias ProductImageViewDependencies = ImageLoadingDependency // used here
    & View_autoExpandDependencies // required by `.autoExpand(dependencies:)`, declared in View+AutoExpand.swift

struct ProductImageView<Dependencies: ProductImageViewDependencies>: View {
    let dependencies: Dependencies
    let imageURL: URL?
    @State private var image: UIImage?

    init(dependencies: Dependencies, imageURL: URL?) {
        self.dependencies = dependencies
        self.imageURL = imageURL
    }

    var body: some View {
        ZStack {
            Color.gray.opacity(0.1)
            if let image {
                Image(uiImage: image)
                    .resizable()
                    .scaledToFit()
            } else {
                ProgressView()
            }
        }
        .autoExpand(dependencies: dependencies)
        .task(id: imageURL) {
            guard let imageURL else { return }
            image = await dependencies.imageLoader.image(for: imageURL)
        }
    }
}
