import SwiftUI

typealias OldBannerDependencies = ImageLoadingDependency // used here
    & TrackingDependency // used here

struct Campaign: Hashable {
    let id: String
    let headline: String
    let artworkURL: URL
}

/// The seasonal campaign banner that used to sit on top of the home screen.
/// No screen shows it at the moment; it is kept for the next campaign.
struct OldBanner<Dependencies: OldBannerDependencies>: View {
    let dependencies: Dependencies
    let campaign: Campaign
    @State private var artwork: UIImage?

    init(dependencies: Dependencies, campaign: Campaign) {
        self.dependencies = dependencies
        self.campaign = campaign
    }

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            if let artwork {
                Image(uiImage: artwork)
                    .resizable()
                    .scaledToFill()
            } else {
                Color.gray.opacity(0.2)
            }
            Text(campaign.headline)
                .font(.headline)
                .padding()
        }
        .frame(height: 140)
        .clipped()
        .onTapGesture {
            dependencies.tracker.track(.bannerTapped(campaign: campaign.id))
        }
        .task {
            artwork = await dependencies.imageLoader.image(for: campaign.artworkURL)
        }
    }
}
