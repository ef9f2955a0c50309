internal import CGraphviz
import Foundation

/// The one gate to libgraphviz. Graphviz keeps process-wide mutable state (lexer, error
/// handler, job lists, plugin caches) and crashes when two threads use it at once, so every
/// call into it happens inside `run`, under one lock. NSLock rather than Synchronization.Mutex
/// because the package still deploys to macOS 13, where Mutex is unavailable.
final class GraphvizSession: @unchecked Sendable {
    static let shared = GraphvizSession()

    private let lock = NSLock()
    // Everything below is only touched while `lock` is held.
    // One context reused across calls, since each gvContext/gvFreeContext cycle leaks a few KB
    // inside Graphviz; dropped after a layout or render failure, which can leave half-built
    // jobs behind in it (a bad format's job would otherwise haunt the next render).
    private var context: Context?
    private var messages: [(isError: Bool, text: String)] = []

    struct Context {
        let gvc: OpaquePointer
        let engines: [String]
        let formats: [String]
    }

    func run<R>(_ body: (Context) throws(GraphvizError) -> R) throws(GraphvizError) -> R {
        lock.lock()
        defer { lock.unlock() }
        let current = context ?? open()
        context = current
        messages.removeAll()
        _ = agreseterrors()
        do {
            return try body(current)
        } catch {
            if error.kind == .layoutFailed || error.kind == .renderFailed {
                gvFreeContext(current.gvc)
                context = nil
            }
            throw error
        }
    }

    /// Whether Graphviz reported an error since `run` began. Call only inside `run`.
    var failed: Bool { agerrors() >= Int32(AGERR.rawValue) }

    /// Graphviz's error-level messages since `run` began, as one line. Call only inside `run`.
    var errorText: String? {
        let text = messages.filter(\.isError).map(\.text).joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    private func open() -> Context {
        // Installed before gvContext so even plugin-loading complaints are captured, not printed.
        _ = agseterrf { text in
            if let text { GraphvizSession.shared.record(String(cString: text)) }
            return 0
        }
        let gvc = gvContext()!
        return Context(gvc: gvc, engines: Self.plugins(gvc, "layout"), formats: Self.plugins(gvc, "device"))
    }

    /// Graphviz hands the handler the level ("Error"/"Warning"), then ": ", then the text,
    /// with continuation lines arriving bare; reassemble them into messages.
    private func record(_ piece: String) {
        switch piece {
        case "Error": messages.append((true, ""))
        case "Warning": messages.append((false, ""))
        case ": " where messages.last?.text.isEmpty == true: break
        default:
            if messages.isEmpty { messages.append((true, "")) }
            messages[messages.count - 1].text += piece
        }
    }

    private static func plugins(_ gvc: OpaquePointer, _ kind: String) -> [String] {
        var count: Int32 = 0
        guard let list = cgv_plugin_list(gvc, kind, &count) else { return [] }
        defer { cgv_free_plugin_list(list, count) }
        let names = (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
        return Array(Set(names)).sorted()
    }
}
