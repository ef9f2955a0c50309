import UIKit

final class SettingsViewController: UITableViewController {
    typealias Services = HasErrorReporter & HasStateService & HasPersistenceProvider

    private enum Row: Int, CaseIterable {
        case largeText
        case removeOfflineCopies
    }

    let services: Services

    init(services: Services) {
        self.services = services
        super.init(style: .insetGrouped)
        title = "Settings"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        switch Row(rawValue: indexPath.row) {
        case .largeText:
            cell.textLabel?.text = "Large text"
            cell.accessoryType = services.stateService.prefersLargeText ? .checkmark : .none
        case .removeOfflineCopies:
            cell.textLabel?.text = "Remove offline articles"
            cell.textLabel?.textColor = .systemRed
        case nil:
            break
        }
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch Row(rawValue: indexPath.row) {
        case .largeText:
            services.stateService.prefersLargeText.toggle()
            tableView.reloadRows(at: [indexPath], with: .automatic)
        case .removeOfflineCopies:
            do {
                try services.persistenceProvider.removeAll()
                services.stateService.bookmarkedIDs.removeAll()
            } catch {
                services.errorReporter.report(error, context: "settings.removeOfflineCopies")
            }
        case nil:
            break
        }
    }
}
