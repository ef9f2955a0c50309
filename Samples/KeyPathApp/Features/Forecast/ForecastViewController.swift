import UIKit

final class ForecastViewController: UITableViewController {
    private let viewModel: ForecastViewModel

    init(viewModel: ForecastViewModel) {
        self.viewModel = viewModel
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Forecast"
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "gearshape"), style: .plain, target: self, action: #selector(openSettings)
        )
        Task { await viewModel.load(); tableView.reloadData() }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.days.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        let day = viewModel.days[indexPath.row]
        cell.textLabel?.text = day.date.formatted(date: .abbreviated, time: .omitted)
        cell.detailTextLabel?.text = "\(viewModel.temperature(day.low)) – \(viewModel.temperature(day.high))"
        return cell
    }

    @objc private func openSettings() {
        navigationController?.pushViewController(SettingsViewController(viewModel: SettingsViewModel()), animated: true)
    }
}
