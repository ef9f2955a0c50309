protocol WidgetWorkerType {
    func fetch(id: Int) async throws -> Widget
}

protocol WidgetRemote {
    func fetch(id: Int) async throws -> Widget
}

protocol WidgetStore {
    func widget(id: Int) -> Widget?
    func save(_ widget: Widget)
}

struct Widget: Codable, Equatable {
    let id: Int
    let title: String
}

struct WidgetWorker: WidgetWorkerType {
    let store: WidgetStore
    let remote: WidgetRemote

    func fetch(id: Int) async throws -> Widget {
        if let cached = store.widget(id: id) { return cached }
        let widget = try await remote.fetch(id: id)
        store.save(widget)
        return widget
    }
}

struct WidgetNetworkRemote: WidgetRemote {
    let httpService: HTTPServiceType

    func fetch(id: Int) async throws -> Widget {
        try await httpService.get(Widget.self, path: "widgets/\(id)")
    }
}

final class WidgetDiskStore: WidgetStore {
    private var widgets: [Int: Widget] = [:]
    func widget(id: Int) -> Widget? { widgets[id] }
    func save(_ widget: Widget) { widgets[widget.id] = widget }
}
