import UIKit

final class ProfileViewController: UIViewController {
    // Deliberate violation (unprovided-dependency): no `Module { … }` registers `ProfileModuleType`,
    // so the first read of `profileModule` stops the app.
    @Inject private var profileModule: ProfileModuleType

    private lazy var loader: ProfileLoading = profileModule.component()
    private let nameLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(nameLabel)
        Task { nameLabel.text = try await loader.loadProfile().name }
    }
}
