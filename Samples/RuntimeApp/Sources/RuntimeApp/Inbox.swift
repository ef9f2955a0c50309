import Factory

// Factory: a container's properties are the registrations, `@Injected(\.key)` and calls resolve them.

struct APIService { func fetch() -> String { "3 messages" } }
struct PushService { let token: String }
struct LegacyCache {}
struct PreviewData { let sample = "preview" }

extension Container {
    var api: Factory<APIService> { self { APIService() } }
    // cpdi sample: unprovided-dependency — a promise (`nil`) that nothing registers.
    var push: Factory<PushService?> { self { nil } }
    // cpdi sample: unused-registration — nothing resolves `legacyCache`.
    var legacyCache: Factory<LegacyCache> { self { LegacyCache() } }
    // cpdi sample: unused-registration — only replaced for previews, never resolved.
    var previewData: Factory<PreviewData> { self { PreviewData() } }
}

final class InboxModel {
    @Injected(\.api) var api
    @Injected(\.push) var push; static let injectedAt = #line
    // cpdi sample: unused-injection — a second, lazy handle on the API that nothing reads.
    @LazyInjected(\.api) private var spareAPI

    func summary() -> String { api.fetch() }
}

func runFactory() {
    Container.shared.previewData.register { PreviewData() }
    report(InboxModel().summary())
    report(Container.shared.api())
    report(InboxModel().push, line: InboxModel.injectedAt)
}
