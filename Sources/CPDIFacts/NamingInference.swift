/// The names an app gives its aliases, dependencies values and dependency protocols where they are not the
/// configured ones (`typealias ServiceProvider = NavigatorProvider & SessionServiceProvider` stored as
/// `let serviceProvider: ServiceProvider`). Learnt from the shape of the code, never from a name:
///
/// - a **Has-protocol** declares one or more instance properties, every one typed by something other than
///   plain data (`String`, `Int`, `Date`, `URL`, collections, …), and nothing else;
/// - a **dependency alias** composes (or renames) Has-protocols, dependency protocols by configured name, and
///   other dependency aliases, and nothing else; every alias of that simple name in the app must be one;
/// - a **dependencies value** is a stored property or a parameter typed by a dependency alias
///   that its own file declares (`FileFacts.typedValues`); its name must not also hold any other kind of
///   value somewhere in the app. A value named like a property that a protocol of its type requires is what
///   a container provides, so it teaches nothing.
///
/// Only what such a value reaches is learnt: its name, the aliases from its type down, and the Has-protocols
/// they compose. The names are added to the configured conventions as exact names, and the files that contain
/// one are extracted again under them; nothing is learnt from an app written in the configured words.
public struct InferredNaming: Codable, Sendable, Hashable {
    public var aliases: [String] = []
    public var values: [String] = []
    public var protocols: [String] = []

    public init(aliases: [String] = [], values: [String] = [], protocols: [String] = []) {
        self.aliases = aliases
        self.values = values
        self.protocols = protocols
    }

    public var isEmpty: Bool { aliases.isEmpty && values.isEmpty && protocols.isEmpty }

    /// Every learnt name: a file containing none of them is extracted alike under both vocabularies, since
    /// extraction matches names only against the identifiers a file holds.
    public var names: [String] { aliases + values + protocols }

    /// The configured conventions with the learnt names added.
    public func applied(to conventions: NamingConventions) -> NamingConventions {
        guard !isEmpty else { return conventions }
        var extended = conventions
        func exact(_ names: [String]) -> [NamePattern] { names.compactMap { try? NamePattern($0) } }
        extended.aliasNames += exact(aliases)
        extended.dependenciesPropertyNames += exact(values)
        extended.dependencyProtocolNames += exact(protocols)
        return extended
    }

    /// Whether a file's bytes contain a learnt name anywhere: only such a file can be extracted differently
    /// under the learnt names. Made once per run and asked of every file.
    public var writtenTest: @Sendable ([UInt8]) -> Bool {
        let needles = names.map { Array($0.utf8) }
        return { bytes in !needles.isEmpty && LineTable.containsAny(of: needles, in: bytes) }
    }

    /// The learnt names, one line each kind, for the summary and `cpdi why`.
    public var summary: String {
        var parts: [String] = []
        if !aliases.isEmpty { parts.append("aliases \(aliases.joined(separator: ", "))") }
        if !values.isEmpty { parts.append("values \(values.joined(separator: ", "))") }
        if !protocols.isEmpty { parts.append("protocols \(protocols.joined(separator: ", "))") }
        return parts.joined(separator: "; ")
    }
}

public enum NamingInference {
    /// Sources in memory extracted as a run extracts files: under the configured names, then, where names are
    /// learnt from those facts, each source that contains one again under them.
    public static func extractLearning(
        _ sources: [(path: String, text: String)], conventions: NamingConventions, learns: Bool = true
    ) -> (facts: [FileFacts], naming: InferredNaming) {
        var facts = sources.map { FactExtractor.extract(path: $0.path, source: $0.text, conventions: conventions) }
        let naming = learns ? infer(from: facts, conventions: conventions) : InferredNaming()
        guard !naming.isEmpty else { return (facts, naming) }
        let learnt = naming.applied(to: conventions), isWritten = naming.writtenTest
        for (index, source) in sources.enumerated() where isWritten(Array(source.text.utf8)) {
            facts[index] = FactExtractor.extract(path: source.path, source: source.text, conventions: learnt)
        }
        return (facts, naming)
    }

    /// What the facts of a whole app teach beyond `conventions`; empty for an app in the configured words.
    public static func infer(from files: [FileFacts], conventions: NamingConventions) -> InferredNaming {
        let found = files.flatMap(\.typedValues)
        guard !found.isEmpty else { return InferredNaming() }
        let hasProtocols = Self.hasProtocols(in: files)
        let definitions = Self.aliasDefinitions(in: files)
        // A value named like a property its type's protocols require is what a container provides (`let container:
        // Repositories` or `init(container:)` in a type conforming to `HasRealmContainer`), not a component's
        // dependencies.
        let witnesses = Self.requiredProperties(in: files, definitions: definitions)
        let typed = found.filter { value in value.declaredIn.map { !(witnesses[Self.simple($0)]?.contains(value.name) ?? false) } ?? true }
        guard !typed.isEmpty else { return InferredNaming() }
        let dependencyAliases = Self.dependencyAliases(
            definitions, hasProtocols: hasProtocols, concreteTypes: Self.concreteTypes(in: files), conventions: conventions
        )
        // A value name counts only where every value so named and typed by an alias of its file is a dependencies value.
        var valueTypes: [String: Set<String>] = [:]
        for value in typed { valueTypes[value.name, default: []].insert(value.type) }
        var values: Set<String> = [], reachedAliases: Set<String> = []
        for (name, types) in valueTypes where types.allSatisfy(dependencyAliases.contains) {
            guard let first = name.first, first.isLowercase else { continue }
            if !conventions.isDependenciesValueName(name) { values.insert(name) }
            reachedAliases.formUnion(types)
        }
        // The aliases and protocols those values reach.
        var pending = Array(reachedAliases), protocols: Set<String> = []
        while let alias = pending.popLast() {
            for member in definitions[alias]?.flatMap({ $0 }) ?? [] {
                if dependencyAliases.contains(member), reachedAliases.insert(member).inserted { pending.append(member) }
                if hasProtocols.contains(member), !conventions.isDependencyProtocolName(member) { protocols.insert(member) }
            }
        }
        guard !values.isEmpty || reachedAliases.contains(where: { !conventions.isAliasName($0) }) || !protocols.isEmpty else {
            return InferredNaming()
        }
        return InferredNaming(
            aliases: reachedAliases.filter { !conventions.isAliasName($0) }.sorted(), values: values.sorted(), protocols: protocols.sorted()
        )
    }

    /// Byte by byte (`lastDottedPart`): inference runs on every run, warm ones too, and asks this of every type's name.
    static func simple(_ name: String) -> String { String(name.lastDottedPart) }

    /// A type as written without its trailing `?` and `!`.
    static func unwrapped(_ written: String) -> String {
        var type = Substring(written)
        while type.hasSuffix("?") || type.hasSuffix("!") { type = type.dropLast() }
        return String(type)
    }

    /// The property names each type (by simple name) must provide: those the protocols it conforms to require,
    /// through protocol inheritance and through the aliases written in its inheritance clauses.
    static func requiredProperties(in files: [FileFacts], definitions: [String: [[String]]]) -> [String: Set<String>] {
        var protocols: [String: (inherited: [String], properties: [String])] = [:]
        var conformances: [String: Set<String>] = [:]
        for file in files {
            for type in file.types {
                let name = simple(type.name)
                if type.kind == .protocol {
                    // A property typed by the protocol's own associated type (`associatedtype ServiceProvider; var
                    // serviceProvider: ServiceProvider { get }`) is the conformer's own value of its own choosing, not
                    // something a container provides.
                    let associated = Set(type.associatedTypes.map(\.name))
                    let provided = type.propertyRequirements.filter { !associated.contains(Self.unwrapped($0.type)) }
                    protocols[name] = (type.inheritedTypes.map { simple($0.name) }, provided.map(\.name))
                } else {
                    conformances[name, default: []].formUnion(type.inheritedTypes.map { simple($0.name) })
                }
            }
        }
        var required: [String: Set<String>] = [:]
        for (type, inherited) in conformances {
            var names: Set<String> = [], seen: Set<String> = []
            var pending = Array(inherited)
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                if let declared = protocols[next] {
                    names.formUnion(declared.properties)
                    pending += declared.inherited
                }
                for members in definitions[next] ?? [] { pending += members }
            }
            if !names.isEmpty { required[type] = names }
        }
        return required
    }

    /// Protocols every declaration of which requires only instance properties of other than plain data.
    static func hasProtocols(in files: [FileFacts]) -> Set<String> {
        var verdicts: [String: Bool] = [:]
        for file in files {
            for type in file.types where type.kind == .protocol {
                let simple = Self.simple(type.name)
                let shaped = !type.requirements.isEmpty && type.associatedTypes.isEmpty
                    && type.propertyRequirements.count == type.requirements.count
                    && type.propertyRequirements.allSatisfy { !isPlainData($0.type) }
                verdicts[simple] = (verdicts[simple] ?? true) && shaped
            }
        }
        return Set(verdicts.filter(\.value).keys)
    }

    /// Each alias's simple name with the simple names of what it composes, one list per declaration; tuples,
    /// generic types and functions are no compositions and leave an empty list.
    static func aliasDefinitions(in files: [FileFacts]) -> [String: [[String]]] {
        var definitions: [String: [[String]]] = [:]
        for file in files {
            var composed: Set<String> = []
            for alias in file.aliases where !alias.isInline {
                let members = alias.members.contains { $0.element != nil || !$0.genericArguments.isEmpty } ? [] : alias.members.map { simple($0.name) }
                definitions[alias.name, default: []].append(members)
                composed.insert(alias.qualifiedName)
            }
            for entry in file.runtime.reads.typeAliases {
                let parts = entry.barSeparated(maxSplits: 1)
                guard parts.count == 2, !composed.contains(parts[0]) else { continue }
                definitions[simple(parts[0]), default: []].append([simple(parts[1])])
            }
        }
        return definitions
    }

    /// Aliases whose every declaration composes only dependency protocols and dependency aliases (a fixpoint:
    /// `LoginContext = AppContext`, `AppContext = HasStore & HasPacks`).
    static func dependencyAliases(
        _ definitions: [String: [[String]]], hasProtocols: Set<String>, concreteTypes: Set<String>, conventions: NamingConventions
    ) -> Set<String> {
        var known: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for (name, declarations) in definitions where !known.contains(name) {
                // Aliases are known by simple name, so `Context = NavigatorContext & FavoritesInteractor.Context`
                // composes another type's `Context` under its own name. That counts as composing a dependency alias
                // when some declaration of the name composes no such `Context` (a base), and no concrete type
                // bears the name (`typealias Context = Store.Context` naming a struct).
                let selfReferenced = declarations.contains { $0.contains(name) }
                if selfReferenced, concreteTypes.contains(name) || !declarations.contains(where: { !$0.contains(name) }) { continue }
                let qualifies = declarations.allSatisfy { members in
                    !members.isEmpty && members.allSatisfy { member in
                        member == name || hasProtocols.contains(member) || known.contains(member)
                            || (definitions[member] == nil && !concreteTypes.contains(member) && conventions.isDependencyProtocolName(member))
                    }
                }
                if qualifies {
                    known.insert(name)
                    changed = true
                }
            }
        }
        return known
    }

    /// Structs, classes, actors and enums by simple name: a type named like a dependency protocol
    /// (`TimeStampContainer`) is none.
    static func concreteTypes(in files: [FileFacts]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            for type in file.types where type.kind != .protocol && type.kind != .extension {
                names.insert(simple(type.name))
            }
        }
        return names
    }

    /// Values a dependency protocol would not hand out: text, numbers, dates, collections, tuples, images.
    static func isPlainData(_ written: String) -> Bool {
        let type = Substring(unwrapped(written))
        if type.hasPrefix("[") || type.hasPrefix("(") && !type.contains("->") { return true }
        if type.hasPrefix("Optional<") || type.hasPrefix("Array<") || type.hasPrefix("Set<") || type.hasPrefix("Dictionary<") { return true }
        return plainDataTypes.contains(String(type.split(separator: ".").last ?? type))
    }

    static let plainDataTypes: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "CGFloat", "Decimal", "NSNumber", "Date", "URL", "UUID", "Data", "TimeInterval", "NSString",
        "AttributedString", "NSAttributedString", "UIImage", "NSImage", "Image", "UIColor", "NSColor", "Color", "CGPoint", "CGSize",
        "CGRect", "IndexPath", "DateComponents", "Void",
    ]
}
