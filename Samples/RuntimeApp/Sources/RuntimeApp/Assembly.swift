import Swinject

// Swinject: registrations in an assembly, lookups with `resolve`.

protocol Networking { func get(_ path: String) -> String }
struct URLNetwork: Networking { func get(_ path: String) -> String { "GET \(path)" } }
struct Database { let name: String }
protocol Logging { func log(_ message: String) }
struct FeedService {
    let network: Networking
    func latest() -> String { network.get("/feed") }
}
struct Tracker { func track(_ event: String) {} }

final class ServiceAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Networking.self) { _ in URLNetwork() }
        container.register(Database.self, name: "primary") { _ in Database(name: "primary") }
        container.register(FeedService.self) { resolver in FeedService(network: resolver.resolve(Networking.self)!) }
        // cpdi sample: unused-registration — nothing resolves `Tracker` any more.
        container.register(Tracker.self) { _ in Tracker() }
    }
}

func runSwinject() {
    let resolver = Assembler([ServiceAssembly()]).resolver
    report(resolver.resolve(FeedService.self)?.latest())
    report(resolver.resolve(Database.self, name: "primary"))
    // cpdi sample: unprovided-dependency — registered only as "primary": nil at run time.
    report(resolver.resolve(Database.self, name: "backup"))
    // cpdi sample: unprovided-dependency — nothing registers a logger: nil at run time.
    report(resolver.resolve(Logging.self))
}
