import UIKit

final class WidgetViewController: UIViewController {
    @Inject private var widgetModule: WidgetModuleType
    @Inject private var settings: AppSettings

    /// Components come from the module, type-safe; only the module itself is looked up at run time.
    private lazy var worker: WidgetWorkerType = widgetModule.component()
    private let titleLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(titleLabel)
        Task {
            let widget = try await worker.fetch(id: 3)
            titleLabel.text = settings.showsPreviews ? widget.title : "Widget \(widget.id)"
        }
    }
}
