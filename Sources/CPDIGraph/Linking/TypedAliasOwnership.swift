import CPDIFacts

/// Pass: an alias named in the app's own words (`ForecastModel.Context`, `Reducer.Dependency`) is a dependency
/// alias only because some file typed a dependencies value with it. Names like `FooDependencies` are followed
/// wherever they are written; these are not, so before their components are judged, every place the alias
/// is written must be inside one of its components, or of a component whose alias composes it. A type
/// cpdi does not see as such a component may read what the alias brings, or hand it on: then the
/// alias's components are not judged, and the reason names where the alias is written.
struct TypedAliasOwnership {
    let model: DependencyModel
    /// Protocols Objective-C headers declare without members cpdi imports, and classes they declare: neither asks
    /// for a Swift type.
    private let objectiveCTypes: Set<String>
    /// Associated types some generic code constrains or ties to a declared type (`where R.Dependency: HasLogger`),
    /// by name: a conformer's alias for one of them must stay as it is.
    private let tiedAssociatedTypes: Set<String>
    /// Value names learnt from the code, asked about for every component.
    private let learntValues: Set<String>
    /// The aliases these passes ask about: named in the app's own words (or learnt), declared in the sources, with
    /// a component whose dependencies value is known by its type alone. Sorted.
    private var typed: [String] = []

    init(model: DependencyModel) {
        self.model = model
        learntValues = Set(model.learnt.values)
        var objectiveCTypes: Set<String> = []
        var tied: Set<String> = []
        for path in model.sortedFilePaths {
            let declarations = model.files[path]!.declarations
            objectiveCTypes.formUnion(declarations.opaqueObjectiveCProtocols)
            objectiveCTypes.formUnion(declarations.objectiveCClasses)
            tied.formUnion(declarations.associatedTypeTies)
        }
        self.objectiveCTypes = objectiveCTypes
        tiedAssociatedTypes = tied
        let learnt = Set(model.learnt.aliases)
        let named = model.owners.keys.filter { alias in
            let simple = String(alias.lastDottedPart)
            return (!model.conventions.isAliasName(simple) || learnt.contains(simple)) && model.symbols.aliases[alias] != nil
        }
        // Asked second: the name tests above are cheap, and few aliases pass them.
        typed = named.filter { model.owners[$0]!.contains(where: isKnownByTypeAlone) }.sorted()
    }

    /// Aliases standing for an associated type that no code written against its protocol constrains or ties
    /// (`typealias Dependency = SettingsDependency` in a `Reducer` whose `associatedtype Dependency` is free):
    /// such code can read nothing of them, so their components are judged. Only their members may not be
    /// taken out whole when the alias is just another alias (`AliasMemberReview`): stores built on the
    /// protocol may spell that other alias for the same type.
    func freeAssociatedTypeWitnesses() -> Set<String> {
        var witnesses: Set<String> = []
        for alias in typed {
            guard let home = model.symbols.aliases[alias]!.fact.enclosingType, model.symbols.protocols[home] == nil,
                let declarations = model.symbols.typeDeclarations[home]
            else { continue }
            let simple = String(alias.lastDottedPart)
            let requirements = declarations.flatMap(\.fact.inheritedTypes).map { requirement(named: simple, of: $0.name, scope: home) }
            if requirements.contains(where: { if case .free = $0 { true } else { false } }),
                requirements.allSatisfy({ if case .declared = $0 { false } else if case .unknown = $0 { false } else { true } }) {
                witnesses.insert(alias)
            }
        }
        return witnesses
    }

    /// The reasons each component of an unproven alias is not judged, by component.
    func unprovenComponents() -> [String: [NotJudgedReason]] {
        let symbols = model.symbols
        let learnt = Set(model.learnt.aliases)
        guard !typed.isEmpty else { return [:] }

        // Aliases composing each alias, however far up: their components hold the alias's leaves too.
        func composing(_ alias: String) -> Set<String> {
            model.aliasComposers.allComposers(of: alias).subtracting([alias])
        }

        // Every type's subclasses, found once for all aliases: (subclass, its file), in name order.
        var subclasses: [String: [(name: String, file: String)]] = [:]
        for name in symbols.sortedTypeNames {
            for declaration in symbols.typeDeclarations[name]! {
                guard let parent = declaration.fact.inheritedTypes.first, case .type(let home)? = symbols.resolve(parent.name, from: name)
                else { continue }
                subclasses[home, default: []].append((name, declaration.file))
            }
        }
        var problems: [String: NotJudgedReason] = [:]
        for alias in typed {
            let isLearnt = learnt.contains(String(alias.lastDottedPart))
            if let problem = homeProblem(of: alias, subclasses: subclasses, isLearnt: isLearnt) { problems[alias] = problem }
        }
        // Where each typed alias is written, outside its own components and theirs. A learnt name is followed
        // wherever it is written, as a configured one is: only its home is asked about (`homeProblem`).
        var allowed: [String: Set<String>] = [:]
        for alias in typed {
            allowed[alias] = composing(alias).union([alias]).reduce(into: Set<String>()) { $0.formUnion(model.owners[$1] ?? []) }
        }
        let typedSet = Set(typed.filter { !learnt.contains(String($0.lastDottedPart)) })
        for path in model.sortedFilePaths {
            for mention in model.files[path]!.aliasMentions {
                guard case .alias(let alias)? = symbols.resolve(mention.name, from: mention.enclosingType), typedSet.contains(alias),
                    problems[alias] == nil
                else { continue }
                // Written in an alias composing it: that alias's components are among those allowed.
                if let composer = mention.composedBy, case .alias? = symbols.resolve(composer, from: nil) { continue }
                let around = model.attribution.components(type: mention.enclosingType, function: mention.enclosingFunction)
                if !around.contains(where: { allowed[alias]!.contains($0) }) {
                    let place = mention.enclosingType.map { "`\($0)`" } ?? "top-level code"
                    problems[alias] = NotJudgedReason(
                        kind: .unseenAliasUse,
                        detail: "its alias `\(alias)` is also written in \(place), which is none of the components it reaches",
                        file: path, position: declarationPosition(of: mention.enclosingType, in: path)
                    )
                }
            }
        }
        // An alias composed by an unproven one may be read through it.
        var changed = true
        while changed {
            changed = false
            for alias in typed where problems[alias] == nil {
                guard let composer = composing(alias).sorted().first(where: { problems[$0] != nil }) else { continue }
                var reason = problems[composer]!
                reason.detail = "its alias `\(alias)` is composed by `\(composer)`, and " + reason.detail.replacingOccurrences(of: "its alias", with: "that alias")
                problems[alias] = reason
                changed = true
            }
        }

        var result: [String: [NotJudgedReason]] = [:]
        for (alias, reason) in problems {
            for owner in model.owners[alias] ?? [] { result[owner, default: []].append(reason) }
        }
        return result
    }

    /// A component whose dependencies value its file recognised by type, not by name.
    /// A value whose name was learnt from the code counts as known by its type: its name is the app's own word.
    private func isKnownByTypeAlone(_ name: String) -> Bool {
        guard let component = model.components[name] else { return false }
        let learnt = learntValues
        func isConfiguredName(_ name: String) -> Bool { model.conventions.isDependenciesValueName(name) && !learnt.contains(name) }
        if let property = component.property { return !isConfiguredName(property.name) }
        func isTyped(_ parameters: [ParameterFact]) -> Bool {
            let named = parameters.contains { isConfiguredName($0.label) || isConfiguredName($0.name) }
            return !named && parameters.contains { $0.carriesDependencies || learnt.contains($0.label) || learnt.contains($0.name) }
        }
        if component.form == .function, let function = model.symbols.functions[name]?.fact { return isTyped(function.parameters) }
        // A type that takes them only in an initializer (`init(dependency: Dependency)`), keeping none.
        let initializers = (model.symbols.typeDeclarations[name] ?? []).flatMap(\.fact.initializers)
        return initializers.contains { isTyped($0.parameters) }
    }

    /// Why an alias may be written where the sources cannot all be seen: a top-level alias other files may
    /// name, or one nested in a type declared or subclassed in other files too (whose code names it bare).
    /// A learnt name is seen wherever it is written (every file that holds it is extracted under it), so only
    /// what the alias is for counts then: a protocol's alias, or a type a conformance requires.
    private func homeProblem(of alias: String, subclasses: [String: [(name: String, file: String)]], isLearnt: Bool) -> NotJudgedReason? {
        let symbols = model.symbols
        let declared = symbols.aliases[alias]!
        func problem(_ detail: String) -> NotJudgedReason {
            NotJudgedReason(kind: .unseenAliasUse, detail: detail, file: declared.file, position: declared.fact.position)
        }
        guard let home = declared.fact.enclosingType else {
            if isLearnt || declared.fact.access == .private || declared.fact.access == .fileprivate { return nil }
            return problem("its alias `\(alias)` is declared at the top level, where code in other files may name it")
        }
        // A protocol's alias is every conformer's own (`typealias Context = …` in `DecoderProtocol`, written bare as
        // `Context` in each decoder): a learnt name is followed in all of them, so their reads are seen together.
        // Not so when a requirement of the protocol takes it (`func fetch(environment: Environment)`): the
        // requirement has no body, and what it needs is up to implementations cpdi may not see.
        let homeProtocol = symbols.protocols[home]
        let declarations = symbols.typeDeclarations[home] ?? []
        let takingRequirement = (model.owners[alias] ?? []).first { $0 == home || $0.hasPrefix("\(home).") }
        if homeProtocol != nil, isLearnt, let takingRequirement {
            return problem("its alias `\(alias)` is taken by `\(takingRequirement)`, a requirement with no body, which conformers may meet reading anything")
        }
        guard homeProtocol == nil ? !declarations.isEmpty : isLearnt else {
            return problem("its alias `\(alias)` is declared in a protocol, whose conformers name it as their own")
        }
        let simple = String(alias.lastDottedPart)
        for inherited in declarations.flatMap(\.fact.inheritedTypes) + (homeProtocol?.fact.inheritedTypes ?? []) {
            switch requirement(named: simple, of: inherited.name, scope: home) {
            case .none, .free: continue
            case .declared(let proto):
                return problem("its alias `\(alias)` is the `\(simple)` type `\(proto)` requires of `\(home)`, which code using `\(proto)` needs as it is")
            case .unknown(let name):
                return problem("its alias `\(alias)` may be a type `\(name)`, declared outside the analysed sources, requires of `\(home)`")
            }
        }
        if isLearnt { return nil }
        if let elsewhere = declarations.first(where: { $0.file != declared.file }) {
            return problem("its alias `\(alias)` belongs to `\(home)`, which `\(elsewhere.file)` also declares or extends")
        }
        if let subclass = subclasses[home]?.first(where: { $0.file != declared.file }) {
            return problem("its alias `\(alias)` belongs to `\(home)`, which `\(subclass.name)` in `\(subclass.file)` inherits from")
        }
        return nil
    }

    private enum AssociatedTypeRequirement {
        case none
        /// A protocol of the sources whose associated type of the alias's name nothing constrains or ties, so code
        /// written against the protocol can read nothing of it.
        case free(String)
        /// A protocol of the sources that declares an associated type of the alias's name, constrained or tied.
        case declared(String)
        /// A protocol or alias outside the sources: what it requires cannot be seen.
        case unknown(String)
    }

    /// Whether a conformance requires an associated type of this name (`Reducer`'s `Dependency`), which the
    /// alias then stands for: generic code written against the protocol needs that very type.
    private func requirement(named name: String, of inherited: String, scope: String) -> AssociatedTypeRequirement {
        var seen: Set<String> = []
        var pending: [(String, String?)] = [(inherited, scope)]
        while let (reference, from) = pending.popLast() {
            switch model.symbols.resolve(reference, from: from) {
            case .protocolType(let proto):
                guard seen.insert(proto).inserted, let declared = model.symbols.protocols[proto] else { continue }
                // An associated type, or an alias the protocol declares (`typealias ServiceProvider = …` in
                // `TodayPresentable`), which a conformer's alias of that name must equal.
                let declaresAlias = model.symbols.aliases["\(proto).\(name)"] != nil
                if let associated = declared.fact.associatedTypes.first(where: { $0.name == name }) {
                    let isFree = associated.constraints.isEmpty && !tiedAssociatedTypes.contains(name) && !declaresAlias
                    return isFree ? .free(proto) : .declared(proto)
                }
                if declaresAlias { return .declared(proto) }
                pending += declared.fact.inheritedTypes.map { ($0.name, proto) }
            case .type:
                continue  // a superclass requires no type
            case nil:
                if objectiveCTypes.contains(reference) { continue }  // Objective-C has no associated types
                guard let standard = StandardConformances.requirements(of: reference) else { return .unknown(reference) }
                if standard.contains(name) { return .declared(reference) }
            case .alias(let alias):
                // `class Home: HomeViewModel` where `HomeViewModel` only composes other protocols (or is a type alias of
                // a composition): what it requires is what its members require.
                guard seen.insert(alias).inserted else { continue }
                if let composing = model.symbols.protocols[alias] {
                    pending += composing.fact.inheritedTypes.map { ($0.name, alias) }
                } else if let declared = model.symbols.aliases[alias] {
                    pending += declared.fact.members.map { ($0.name, declared.fact.enclosingType) }
                } else {
                    return .unknown(reference)
                }
            }
        }
        return .none
    }

    /// Where a type of the file is declared, for a reason to point at; the file's start when none is.
    private func declarationPosition(of type: String?, in path: String) -> SourcePosition {
        guard let type, let declaration = model.symbols.typeDeclarations[type]?.first(where: { $0.file == path }) else {
            return SourcePosition(line: 1, column: 1)
        }
        return declaration.fact.position
    }
}
