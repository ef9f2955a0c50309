import CPDIFacts
import CPDIGraph

/// How many components cpdi judged, and why it judged the others not at all (SPEC §4b): so that "no
/// finding" is never mistaken for "not looked at".
public struct Coverage: Codable, Sendable, Equatable {
    /// Every component (type, protocol or helper that receives dependencies).
    public var components: Int
    /// Those whose dependencies cpdi follows everywhere they go.
    public var judged: Int
    /// The others, by name, each with every place its dependencies go unfollowed.
    public var notJudged: [NotJudgedComponent]
    /// The app's own names for aliases, dependencies values and dependency protocols, learnt from the shape of
    /// its code (`NamingInference`) and used with the configured ones; nil when nothing was learnt.
    public var learntNaming: InferredNaming?
    /// Types that hold or take a value of a dependency alias under a name cpdi does not take for dependencies, and are
    /// no component (`var di: Dependencies`): cpdi does not see them at all. Nil when there is none.
    public var unseen: [UnseenHolder]?

    public init(
        components: Int, judged: Int, notJudged: [NotJudgedComponent], learntNaming: InferredNaming? = nil, unseen: [UnseenHolder]? = nil
    ) {
        self.components = components
        self.judged = judged
        self.notJudged = notJudged
        self.learntNaming = learntNaming
        self.unseen = unseen
    }

    /// `BrowserRouterService` with `var di: Dependencies`: the type, the value's name, the alias, where the type is, and
    /// whether the name is one cpdi already takes for dependencies (configured or learnt), when naming it would not help.
    public struct UnseenHolder: Codable, Sendable, Equatable {
        public var type: String
        public var value: String
        public var alias: String
        public var knownName: Bool
        public var file: String
        public var line: Int
        public var column: Int

        public init(type: String, value: String, alias: String, knownName: Bool, file: String, line: Int, column: Int) {
            self.type = type
            self.value = value
            self.alias = alias
            self.knownName = knownName
            self.file = file
            self.line = line
            self.column = column
        }
    }

    public struct NotJudgedComponent: Codable, Sendable, Equatable {
        public var component: String
        public var reasons: [Reason]

        public init(component: String, reasons: [Reason]) {
            self.component = component
            self.reasons = reasons
        }

        /// The kind a summary counts the component under: the first of its kinds in `Kind` order.
        public var mainKind: NotJudgedReason.Kind {
            let kinds = Set(reasons.map(\.kind))
            return NotJudgedReason.Kind.allCases.first(where: kinds.contains) ?? .other
        }
    }

    public struct Reason: Codable, Sendable, Equatable {
        public var kind: NotJudgedReason.Kind
        public var detail: String
        public var file: String
        public var line: Int
        public var column: Int

        public init(kind: NotJudgedReason.Kind, detail: String, file: String, line: Int, column: Int) {
            self.kind = kind
            self.detail = detail
            self.file = file
            self.line = line
            self.column = column
        }

        /// `Feed.swift:12:9: returned by \`makeDependencies\``
        public var description: String { "\(file):\(line):\(column): \(detail)" }
    }

    public static let empty = Coverage(components: 0, judged: 0, notJudged: [])
}

extension Coverage {
    /// Read off the linked model: each component's scope says where its dependencies go unfollowed.
    public init(model: DependencyModel) {
        var notJudged: [NotJudgedComponent] = []
        for name in model.sortedComponentNames {
            guard let scope = model.scopes[name], !scope.isJudged else { continue }
            notJudged.append(NotJudgedComponent(component: name, reasons: scope.notJudged.map {
                Reason(kind: $0.kind, detail: $0.detail, file: $0.file, line: $0.position.line, column: $0.position.column)
            }))
        }
        let unseen = Self.unseenHolders(model)
        self.init(
            components: model.components.count, judged: model.components.count - notJudged.count, notJudged: notJudged,
            unseen: unseen.isEmpty ? nil : unseen
        )
    }

    /// Values a file types by one of its own dependency aliases (`FileFacts.typedValues`), held or taken by a type that
    /// is no component, container, protocol or test case, nor has methods that are components: the type is in the
    /// style, under a value name cpdi does not know.
    static func unseenHolders(_ model: DependencyModel) -> [UnseenHolder] {
        let symbols = model.symbols
        // A type whose methods are components (`Reducer.reduce(action:dependencies:)`) is seen through them.
        var withMethodComponents: Set<Substring> = []
        for name in model.sortedComponentNames where model.components[name]!.form == .function {
            if let dot = name.lastIndex(of: ".") { withMethodComponents.insert(name[..<dot]) }
        }
        var tests = TestCaseTypes(symbols: symbols)
        var found: Set<String> = []
        var holders: [UnseenHolder] = []
        for path in model.sortedFilePaths {
            for value in model.files[path]!.typedValues {
                guard let declaredIn = value.declaredIn, case .type(let type)? = symbols.resolve(declaredIn, from: nil),
                    model.components[type] == nil, model.containers[type] == nil, !withMethodComponents.contains(Substring(type)),
                    !tests.contains(type),
                    case .alias(let alias)? = symbols.resolve(value.type, from: type), symbols.dependencyAliases.contains(alias),
                    symbols.leafSets[alias]?.isEmpty == false,
                    let declaration = symbols.typeDeclarations[type]?.first(where: { $0.file == path }),
                    found.insert("\(type)|\(value.name)").inserted
                else { continue }
                let known = model.conventions.isDependenciesValueName(value.name) || model.learnt.values.contains(value.name)
                holders.append(UnseenHolder(
                    type: type, value: value.name, alias: alias, knownName: known, file: path,
                    line: declaration.fact.position.line, column: declaration.fact.position.column
                ))
            }
        }
        return holders.sorted { ($0.type, $0.value) < ($1.type, $1.value) }
    }

    /// "27 of 28 components judged (1 not: 1 returns its dependencies)", for the summary line.
    public var summary: String { judgedSummary + learntSummary + unseenSummary }

    /// "; 3 types not seen, holding a dependency alias's value cpdi does not follow (`AppDelegate.di`, …)".
    private var unseenSummary: String {
        guard let unseen, !unseen.isEmpty else { return "" }
        let named = unseen.prefix(3).map { "`\($0.type).\($0.value)`" }
        let list = unseen.count > 3 ? named.joined(separator: ", ") + " and \(unseen.count - 3) more" : named.joined(separator: ", ")
        let types = "\(unseen.count) type\(unseen.count == 1 ? "" : "s")"
        return "; \(types) not seen, holding a dependency alias's value cpdi does not follow (\(list); see `cpdi why`)"
    }

    private var judgedSummary: String {
        guard components > 0 else { return "no components" }
        guard !notJudged.isEmpty else { return "\(components) component\(components == 1 ? "" : "s"), all judged" }
        let counts = Dictionary(grouping: notJudged, by: \.mainKind).mapValues(\.count)
        let parts = NotJudgedReason.Kind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.phrase(plural: $0 != 1))" } }
        return "\(judged) of \(components) components judged (\(notJudged.count) not: \(parts.joined(separator: ", ")))"
    }

    /// A few learnt names are listed; more are counted, and the JSON result lists them.
    private var learntSummary: String {
        guard let learnt = learntNaming, !learnt.isEmpty else { return "" }
        if learnt.names.count <= 6 { return " with names learnt from the code (\(learnt.summary))" }
        let counts = [(learnt.aliases.count, "alias", "aliases"), (learnt.values.count, "value", "values"), (learnt.protocols.count, "protocol", "protocols")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        return " with names learnt from the code (\(counts.joined(separator: ", ")); the JSON result lists them)"
    }
}

extension NotJudgedReason.Kind {
    /// What components of this kind do with their dependencies, as a summary says it.
    public func phrase(plural: Bool) -> String {
        let their = plural ? "their dependencies" : "its dependencies"
        func verb(_ singular: String, _ pluralForm: String) -> String { plural ? pluralForm : singular }
        switch self {
        case .handedOff: return "\(verb("hands", "hand")) \(their) to \(plural ? "calls" : "a call") cpdi cannot resolve"
        case .returned: return "\(verb("returns", "return")) \(their)"
        case .assigned: return "\(verb("stores", "store")) \(their) where cpdi does not follow"
        case .collected: return "\(verb("puts", "put")) \(their) into a collection or tuple"
        case .cast: return "\(verb("casts", "cast")) \(their)"
        case .keyPath: return "\(verb("reads", "read")) \(their) through key paths or subscripts"
        case .combined: return "\(verb("mixes", "mix")) \(their) with other values"
        case .other: return "\(verb("uses", "use")) \(their) in ways cpdi does not read"
        case .unknownMember: return "\(verb("reads", "read")) members of \(their) that no protocol declares"
        case .unseenAliasUse: return "\(plural ? "have aliases" : "has an alias") written where cpdi cannot tell what is needed"
        }
    }
}
