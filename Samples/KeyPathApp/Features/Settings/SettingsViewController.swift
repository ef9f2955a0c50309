import UIKit

final class SettingsViewController: UIViewController {
    private let viewModel: SettingsViewModel
    private let unitSwitch = UISwitch()

    init(viewModel: SettingsViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = .systemBackground
        unitSwitch.isOn = viewModel.usesCelsius
        unitSwitch.addTarget(self, action: #selector(unitsChanged), for: .valueChanged)
        navigationItem.rightBarButtonItem = UIBarButtonItem(customView: unitSwitch)
    }

    @objc private func unitsChanged() {
        viewModel.usesCelsius = unitSwitch.isOn
    }
}
