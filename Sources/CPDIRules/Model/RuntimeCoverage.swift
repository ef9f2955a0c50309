import CPDIFacts
import CPDIGraph

/// How many run-time registrations and injections cpdi judged, and why it left the others alone (SPEC §4b):
/// an injected property or a registration is called unused only when every possible reader is in sight.
public struct RuntimeCoverage: Codable, Sendable, Equatable {
    /// Registrations declared in the sources (the libraries' own keys are not counted).
    public var registrations: Int
    /// Injected properties and lookups written as calls.
    public var injections: Int
    /// Those cpdi does not judge, each with its reason.
    public var notJudged: [Item]

    public init(registrations: Int, injections: Int, notJudged: [Item]) {
        self.registrations = registrations
        self.injections = injections
        self.notJudged = notJudged
    }

    public struct Item: Codable, Sendable, Equatable {
        /// `registration` or `injection` (is it used?), or `lookup` (is it provided?).
        public var kind: String
        public var name: String
        public var reason: String
        public var file: String
        public var line: Int
        public var column: Int

        public init(kind: String, name: String, reason: String, file: String, line: Int, column: Int) {
            self.kind = kind
            self.name = name
            self.reason = reason
            self.file = file
            self.line = line
            self.column = column
        }
    }

    public static let empty = RuntimeCoverage(registrations: 0, injections: 0, notJudged: [])
}

extension RuntimeCoverage {
    public init(model: DependencyModel) {
        let runtime = model.runtime
        var notJudged: [Item] = []
        let declared = runtime.sortedRegistrations.filter { !$0.file.isEmpty }
        for registration in declared {
            guard case .notJudged(let reason) = registration.usage else { continue }
            notJudged.append(Item(
                kind: "registration", name: registration.name, reason: reason, file: registration.file,
                line: registration.position.line, column: registration.position.column
            ))
        }
        for injection in runtime.injections {
            guard case .notJudged(let reason) = injection.usage else { continue }
            let position = injection.fact.namePosition ?? injection.fact.position
            notJudged.append(Item(
                kind: "injection", name: "\(injection.owner).\(injection.fact.property)", reason: reason, file: injection.file,
                line: position.line, column: position.column
            ))
        }
        // An injection or lookup cpdi cannot call provided or unprovided; optional ones are never claimed either way.
        for injection in runtime.injections where injection.resolution == .unknown && !injection.fact.isOptional {
            notJudged.append(Item(
                kind: "lookup", name: "\(injection.owner).\(injection.fact.property): \(injection.keyName)",
                reason: injection.notJudgedReason
                    ?? "registered where cpdi cannot see all of its store (a library's container, or a registration it cannot read)",
                file: injection.file, line: injection.fact.position.line, column: injection.fact.position.column
            ))
        }
        for resolution in runtime.resolutions where resolution.result == .unknown && !resolution.fact.isOptional && resolution.fact.position.line > 0 {
            let reason = resolution.notJudgedReason ?? (resolution.type == nil
                ? "a lookup whose type cpdi cannot tell"
                : resolution.fact.throughHelper
                    ? "a lookup through the app's own generic helper, which cpdi does not follow"
                    : "its store has a registration cpdi cannot read")
            notJudged.append(Item(
                kind: "lookup", name: "\(resolution.owner): \(resolution.type ?? "?")", reason: reason, file: resolution.file,
                line: resolution.fact.position.line, column: resolution.fact.position.column
            ))
        }
        self.init(registrations: declared.count, injections: runtime.injections.count + runtime.resolutions.count, notJudged: notJudged)
    }

    /// "12 run-time registrations and 30 injections, 2 not judged, 1 lookup not judged as provided", for the
    /// summary line; nil when there are none. Whether a registration or injection is used and whether a lookup is
    /// provided are two questions, and one injection may leave both open, so they are counted apart.
    public var summary: String? {
        guard registrations + injections > 0 else { return nil }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let lookups = notJudged.count { $0.kind == "lookup" }
        let unused = notJudged.count - lookups
        var open: [String] = []
        if unused > 0 { open.append("\(unused) not judged") }
        if lookups > 0 { open.append("\(count(lookups, "lookup")) not judged as provided") }
        let judged = open.isEmpty ? "all judged" : open.joined(separator: ", ")
        return "\(count(registrations, "run-time registration")) and \(count(injections, "injection")), \(judged)"
    }
}
