import SwiftUI

typealias ProductThumbnailDependencies = ImageLoadingDependency // used here

struct ProductThumbnail<Dependencies: ProductThumbnailDependencies>: View {
    let dependencies: Dependencies
    let url: URL?
    let side: CGFloat
    @State private var image: UIImage?

    init(dependencies: Dependencies, url: URL?, side: CGFloat = 56) {
        self.dependencies = dependencies
        self.url = url
        self.side = side
    }

    var body: some View {
        Group {
            if let image {
                Image(uiImage: image)
                    .resizable()
                    .scaledToFill()
            } else {
                Image(systemName: "photo")
                    .foregroundStyle(.tertiary)
            }
        }
        .frame(width: side, height: side)
        .clipShape(RoundedRectangle(cornerRadius: 8))
        .task(id: url) {
            guard let url else { return }
            image = await dependencies.imageLoader.image(for: url)
        }
    }
}
