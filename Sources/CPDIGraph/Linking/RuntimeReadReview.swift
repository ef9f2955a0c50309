import CPDIFacts

/// Pass: whether anything reads each injected property and each registration (SPEC §4b, run-time styles).
///
/// "Nothing reads it" is claimed only where cpdi sees every possible reader:
/// - an **injected property** is read by its name written alone (or `self.x`, `$x`, `_x`) in its type, an
///   extension of it, a type nested in it or a subclass, or by `.x` on any value anywhere (for a private one,
///   in its own file); `.x` alone and `SomeType.x` read a static member or an enum case, so they count for
///   static properties only. It is not judged when it is kept on purpose (`// periphery:ignore`), `@objc`, `dynamic`
///   or an `override`, a requirement of a protocol its type or a subclass may conform to (read through the
///   protocol), a global of a file's top level, or public in a scan with no app in it (clients of the library
///   may read it). A local of a free function or a closure is read only by its name in that body.
/// - a **registration** is read by an injection or lookup that resolves to it; a type it also answers for
///   (`.implements(P.self)`) by any injection or lookup of that type in its store; a key-path property also by
///   `.x` or `\.x` anywhere and by its name in its container's own code. Overrides
///   (`withDependencies { $0.x = … }`, `.dependency(\.x, …)`, `Container.shared.x.register { … }`) write
///   it and read nothing. It is not judged when kept on purpose, when it is public in a scan with no app, or
///   when its store has a lookup whose type cpdi cannot tell (`resolve()` whose value goes nowhere typed).
struct RuntimeReadReview {
    let files: [FileFacts]
    let symbols: SymbolTable
    let containers: KeyPathContainers
    /// Each file's module, by path; a file without one is taken to see every declaration.
    var modules: [String: String] = [:]

    func run(on registry: inout RuntimeRegistry, lookedUp: [RuntimeDialect: Set<String>] = [:]) {
        let reads = ReadIndex(files: files, containers: containers, modules: modules)
        for index in registry.injections.indices {
            registry.injections[index].usage = usage(of: registry.injections[index], reads: reads, holdsApp: registry.holdsApp)
        }
        var used: Set<String> = []
        for injection in registry.injections {
            if case .registered(let name) = injection.resolution { used.insert(name) }
        }
        var unreadable: [RuntimeDialect: Resolution] = [:]
        defer { registry.askedReads = reads.asked.reads }
        var unreadableLibraryLookups: [RuntimeDialect: Resolution] = [:]
        for resolution in registry.resolutions {
            if case .registered(let name) = resolution.result { used.insert(name) }
            guard resolution.type == nil else { continue }
            if resolution.asksOnlyForLibraryTypes {
                if unreadableLibraryLookups[resolution.fact.dialect] == nil { unreadableLibraryLookups[resolution.fact.dialect] = resolution }
            } else if unreadable[resolution.fact.dialect] == nil {
                unreadable[resolution.fact.dialect] = resolution
            }
        }
        for name in registry.registrations.keys {
            let registration = registry.registrations[name]!
            // A library initializer's unknown lookups may ask for a library type, never for one of the sources.
            let isOwnType = symbols.typeDeclarations[registration.key] != nil || symbols.protocols[registration.key] != nil
            let unreadable = unreadable[registration.dialect] ?? (isOwnType ? nil : unreadableLibraryLookups[registration.dialect])
            registry.registrations[name]!.usage = usage(
                of: registration, isInjected: used.contains(name), unreadable: unreadable, reads: reads,
                holdsApp: registry.holdsApp
            )
            registry.registrations[name]!.unusedAliases = unusedAliases(
                of: registry.registrations[name]!, lookedUp: lookedUp[registration.dialect] ?? [],
                judged: unreadable == nil, holdsApp: registry.holdsApp
            )
        }
    }

    /// The `.implements(P.self)` of a used registration that no lookup asks for. An unused registration is
    /// reported whole; a store with a lookup of unknown type may ask for any of them.
    private func unusedAliases(of registration: Registration, lookedUp: Set<String>, judged: Bool, holdsApp: Bool) -> [AliasSite] {
        guard judged, registration.usage == .used, !registration.isIgnored, !registration.file.isEmpty,
            !registration.access.isVisibleOutsideModule || holdsApp
        else { return [] }
        var seen: Set<String> = [registration.key]
        return registration.aliasSites.filter { !lookedUp.contains($0.type) && seen.insert($0.type).inserted }
    }

    // MARK: Injected properties

    private func usage(of injection: Injection, reads: ReadIndex, holdsApp: Bool) -> Registration.Usage {
        let fact = injection.fact
        if fact.isIgnored { return .notJudged("kept on purpose (periphery:ignore)") }
        if fact.isDynamic { return .notJudged("@objc, dynamic or override: read where cpdi cannot see") }
        // A local of a free function or closure is read only in its body: by its name, outside any type.
        guard let owner = fact.enclosingType ?? (fact.isLocal ? "" : nil) else { return .notJudged("a top-level variable") }
        if fact.access.isVisibleOutsideModule, !holdsApp { return .notJudged("public in a library: its clients may read it") }
        let readers = [owner] + subclasses(of: owner, reads: reads)
        if reads.requirements.contains(fact.property), reads.mayConform(readers, toProtocolRequiring: fact.property, aliases: symbols) {
            return .notJudged("a protocol requires `\(fact.property)`: it may be read through the protocol")
        }
        let isFilePrivate = fact.access.isFileScoped || fact.isLocal
        // A protocol of a library may require the name too; a `private` or `fileprivate` property can be no
        // witness of one.
        if !isFilePrivate, let unseen = reads.unseenConformance(of: readers, symbols: symbols) {
            guard let writer = unseen.writtenIn else {
                return .notJudged("its type conforms to `\(unseen.name)`, declared outside the analysed sources, which may require `\(fact.property)`")
            }
            return .notJudged(
                "its type conforms to `\(unseen.name)` in \(writer), which imports no module of the sources declaring it: perhaps a library's protocol, which may require `\(fact.property)`"
            )
        }
        let files = isFilePrivate ? [injection.file] : nil
        for reader in readers where reads.isBareRead(fact.property, in: reader, files: files) { return .used }
        if reads.isMemberRead(fact.property, files: files) { return .used }
        // `call.name` with `call: Call`: a read of `name` only if `Call` may be this type.
        for type in reads.typedReaders(of: fact.property, files: files) where !isCertainlyAnother(type, than: readers, reads: reads) { return .used }
        if reads.mayReadThroughKeyPathSubscript(fact.property, files: files, readers: readers, review: self) { return .used }
        // Only a static property is read on a type (`Feature.clock`) or as an implicit member.
        if fact.isStatic, reads.isTypeLevelRead(fact.property, files: files) || !reads.readers(onTypes: fact.property, files: files).isEmpty {
            return .used
        }
        // `Log.clock` is static when `Log` is a type; a base the sources do not declare may be a value.
        for base in reads.readers(onTypes: fact.property, files: files) where !isType(base) { return .used }
        return .unused
    }

    /// Whether `Base[…]`, `base` a type the sources declare, certainly cannot call a subscript declared in
    /// `type`: `type` is a struct, enum or actor of the sources other than `base`, or a class that `base`
    /// neither is nor inherits from. A protocol's subscript (a protocol `base` may conform to), one outside a
    /// type, and names that are also type aliases or declared twice over stay possible.
    fileprivate func isCertainlyWithout(subscriptOf type: String, base: String, reads: ReadIndex) -> Bool {
        guard !type.isEmpty, type != base, !Self.isWritten(base, asOneOf: [type]), !Self.isWritten(type, asOneOf: [base]),
            !reads.aliasNames.contains(type), !reads.aliasNames.contains(base), symbols.protocols[type] == nil, symbols.protocols[base] == nil
        else { return false }
        func kinds(_ name: String) -> Set<TypeKind> { Set((symbols.typeDeclarations[name] ?? []).map(\.fact.kind).filter { $0 != .extension }) }
        let declaring = kinds(type), based = kinds(base)
        guard declaring.count == 1, let kind = declaring.first else { return false }
        // A library's type (`InjectedValues` of a package the app only extends) is no type of the sources and
        // cannot inherit one; a generic parameter may be bound to any, so it stays possible.
        if based.isEmpty { return reads.isLibraryType(base) }
        guard based.count == 1 else { return false }
        switch kind {
        case .struct, .enum, .actor: return true
        case .class: return based.first != .class || !subclasses(of: type, reads: reads).contains { Self.isWritten($0, asOneOf: [base]) }
        default: return false
        }
    }

    /// A type the sources declare (not only extend) that is none of `readers`: its instances have no
    /// property of theirs. A type the sources do not declare may be a generic parameter or an alias of one.
    private func isCertainlyAnother(_ type: String, than readers: [String], reads: ReadIndex) -> Bool {
        guard !Self.isWritten(type, asOneOf: readers), !reads.dynamicMemberTypes.contains(type) else { return false }
        if symbols.protocols[type] != nil { return true }
        return (symbols.typeDeclarations[type] ?? []).contains { $0.fact.kind != .extension }
    }

    /// Whether `type` may be one of `readers` under another name: one of them, a protocol or a type alias of the sources.
    fileprivate func mayName(_ type: String, oneOf readers: [String], reads: ReadIndex) -> Bool {
        Self.isWritten(type, asOneOf: readers) || symbols.protocols[type] != nil || reads.aliasNames.contains(type)
            || reads.dynamicMemberTypes.contains(type)
    }

    /// One of `readers`, or a reader's last name: `Call` written inside `Outer` may be `Outer.Call`.
    private static func isWritten(_ type: String, asOneOf readers: [String]) -> Bool {
        let last = type.split(separator: ".").last
        return readers.contains(type) || readers.contains { $0.split(separator: ".").last == last }
    }

    /// A name the sources declare or extend as a type (`Log`, `Feature.State`, `extension UIColor`).
    private func isType(_ name: String) -> Bool {
        symbols.protocols[name] != nil || symbols.typeDeclarations[name] != nil
    }

    /// Classes inheriting from `type`, at any depth, by the first type they inherit.
    private func subclasses(of type: String, reads: ReadIndex) -> [String] {
        var found: [String] = []
        var queue = reads.classChildren[type] ?? []
        while let next = queue.popLast() {
            guard !found.contains(next) else { continue }
            found.append(next)
            queue += reads.classChildren[next] ?? []
        }
        return found
    }

    // MARK: Registrations

    private func usage(
        of registration: Registration, isInjected: Bool, unreadable: Resolution?, reads: ReadIndex, holdsApp: Bool
    ) -> Registration.Usage {
        if isInjected || registration.file.isEmpty { return .used }
        if registration.isIgnored { return .notJudged("kept on purpose (periphery:ignore)") }
        if registration.access.isVisibleOutsideModule, !holdsApp { return .notJudged("public in a library: its clients may read it") }
        if registration.isKeyPath {
            if reads.isMemberRead(registration.key, files: nil) || reads.isTypeLevelRead(registration.key, files: nil)
                || !reads.readers(onTypes: registration.key, files: nil).isEmpty
                || !reads.typedReaders(of: registration.key, files: nil).isEmpty
                || !reads.subscriptKeyPathBases(of: registration.key, files: nil).isEmpty
            {
                return .used
            }
            if let container = registration.container, reads.isBareRead(registration.key, in: container, files: nil) { return .used }
            return .unused
        }
        if let unreadable {
            return .notJudged("\(unreadable.file):\(unreadable.fact.position.line): a lookup whose type cpdi cannot tell")
        }
        return .unused
    }
}

/// Every file's reads, indexed once. It notes what it is asked (`AskedReads`).
private struct ReadIndex {
    let asked = AskedReadsLog()

    /// `MemberNameHash.bare(name, in: type)` → files where `name` is written alone in `type` or a type nested in it.
    private var bare: [UInt32: Set<String>] = [:]
    /// `MemberNameHash.of(name)` → files reading some value's `name`.
    private var members: [UInt32: Set<String>] = [:]
    /// `name` → the types it is read on with certainty, each with the files reading it.
    private var typed: [String: [String: Set<String>]] = [:]
    /// `name` → the capitalised bases it is read on (`Log` of `Log.name`), each with the files reading it.
    private var onTypes: [String: [String: Set<String>]] = [:]
    /// `MemberNameHash.of(name)` → files reading a static `name` or an enum case.
    private var typeLevelMembers: [UInt32: Set<String>] = [:]
    /// Names some protocol in the sources requires.
    let requirements: Set<String>
    /// By a protocol's last name: what its declarations require and the names they inherit.
    private var protocols: [String: (requirements: Set<String>, inherited: Set<String>)] = [:]
    /// By a type's last name: the names its declarations and extensions inherit.
    private var conformances: [String: Set<String>] = [:]
    /// By a type's last name, then by a name it inherits: the files whose declarations write that inheritance.
    private var conformanceFiles: [String: [String: Set<String>]] = [:]
    /// By a last name: the modules of the files declaring a type, protocol or type alias of that name.
    private var declaringModules: [String: Set<String>] = [:]
    /// Each file's module and imports, by path.
    private let modules: [String: String]
    private var imports: [String: [String]] = [:]
    /// The last names of the types some `typealias` of the sources names.
    private var aliasTargets: Set<String> = []
    /// The last names of the types, protocols and type aliases the sources declare.
    private var declaredNames: Set<String> = []
    /// The generic parameters and associated types of every type and protocol of the sources: visible in
    /// their extensions in other files, where a read cannot tell them from a type's name.
    private var genericNames: Set<String> = []
    /// Classes by the first name they inherit, as written: their direct subclasses, found once for every question.
    private(set) var classChildren: [String: [String]] = [:]
    /// Types declared `@dynamicMemberLookup`.
    let dynamicMemberTypes: Set<String>
    /// `name` → the bases of `Base[\.name]`, each with the files reading it.
    private var subscriptKeyPaths: [String: [String: Set<String>]] = [:]
    /// The roots of the key-path parameters of every subscript the sources declare (`?`: not known), each
    /// with the type declaring the subscript (empty: none).
    let keyPathSubscriptRoots: [(type: String, root: String)]
    /// Every `typealias` name of the sources.
    let aliasNames: Set<String>

    init(files: [FileFacts], containers: KeyPathContainers, modules: [String: String]) {
        self.modules = modules
        let injectedTypes = Self.injectedPropertyTypes(files, containers: containers)
        let memberTypes = Self.memberTypes(files)
        let superclasses = Self.superclasses(files)
        let declaredTypes = Set(files.flatMap { $0.types.lazy.filter { $0.kind != .extension }.map(\.name) })
        var requirements: Set<String> = []
        var dynamicMemberTypes: Set<String> = []
        var keyPathSubscriptRoots: Set<String> = []
        var aliasNames: Set<String> = []
        for file in files {
            keyPathSubscriptRoots.formUnion(file.runtime.reads.keyPathSubscriptRoots)
            for alias in file.runtime.reads.typeAliases {
                aliasNames.insert(String(alias.prefix { $0 != "|" }))
                if let bar = alias.firstIndex(of: "|") { aliasTargets.insert(Self.lastName(String(alias[alias.index(after: bar)...]))) }
            }
            for read in file.runtime.reads.subscriptKeyPaths {
                let parts = read.split(separator: "|", maxSplits: 1).map(String.init)
                if parts.count == 2 { subscriptKeyPaths[parts[1], default: [:]][parts[0], default: []].insert(file.path) }
            }
            for read in file.runtime.reads.bare { bare[read, default: []].insert(file.path) }
            for read in file.runtime.reads.members { members[read, default: []].insert(file.path) }
            for read in file.runtime.reads.typeLevelMembers { typeLevelMembers[read, default: []].insert(file.path) }
            dynamicMemberTypes.formUnion(file.runtime.reads.dynamicMemberTypes)
            for read in file.runtime.reads.onTypes {
                let parts = read.split(separator: "|", maxSplits: 1).map(String.init)
                if parts.count == 2 { onTypes[parts[1], default: [:]][parts[0], default: []].insert(file.path) }
            }
            for read in file.runtime.reads.propertyMembers {
                let parts = read.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3 else { continue }
                if let type = Self.type(
                    ofChain: parts[1], from: parts[0], injectedTypes: injectedTypes, memberTypes: memberTypes, superclasses: superclasses,
                    declaredTypes: declaredTypes
                ) {
                    typed[parts[2], default: [:]][type, default: []].insert(file.path)
                } else {
                    members[MemberNameHash.of(parts[2]), default: []].insert(file.path)
                }
            }
            for read in file.runtime.reads.typedMembers {
                let parts = read.split(separator: "|", maxSplits: 1).map(String.init)
                if parts.count == 2 { typed[parts[1], default: [:]][parts[0], default: []].insert(file.path) }
            }
            imports[file.path] = file.imports
            let module = modules[file.path] ?? ""
            for alias in file.aliases {
                declaredNames.insert(Self.lastName(alias.name))
                declaringModules[Self.lastName(alias.name), default: []].insert(module)
            }
            for type in file.types {
                if type.kind != .extension { declaringModules[Self.lastName(type.name), default: []].insert(module) }
                for parameter in type.genericParameters + type.associatedTypes { genericNames.insert(parameter.name) }
                if type.kind == .class, let parent = type.inheritedTypes.first?.name { classChildren[parent, default: []].append(type.name) }
                if type.kind != .extension { declaredNames.insert(Self.lastName(type.name)) }
                let inherited = type.inheritedTypes.map { Self.lastName($0.name) }
                if type.kind == .protocol {
                    requirements.formUnion(type.requirements)
                    protocols[Self.lastName(type.name), default: ([], [])].requirements.formUnion(type.requirements)
                    protocols[Self.lastName(type.name), default: ([], [])].inherited.formUnion(inherited)
                } else {
                    conformances[Self.lastName(type.name), default: []].formUnion(inherited)
                    for name in inherited { conformanceFiles[Self.lastName(type.name), default: [:]][name, default: []].insert(file.path) }
                }
            }
        }
        self.requirements = requirements
        self.dynamicMemberTypes = dynamicMemberTypes
        self.keyPathSubscriptRoots = keyPathSubscriptRoots.sorted().map { entry in
            let parts = entry.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : ("", entry)
        }
        self.aliasNames = aliasNames
    }

    private static func lastName(_ name: String) -> String { String(LeafFlattening.simpleName(name)) }

    /// Whether one of `readers` (a type and its subclasses) may conform to a protocol of the sources that
    /// requires `name`, itself or through the protocols it inherits: then its property may be the witness,
    /// read through the protocol. A type alias among the names inherited may compose such a protocol, and one
    /// naming a reader may extend it with one. Types are compared by their last name, so two types of one name
    /// count as one.
    func mayConform(_ readers: [String], toProtocolRequiring name: String, aliases symbols: SymbolTable) -> Bool {
        // `extension Alias: P` adds the conformance under another name.
        if readers.contains(where: { aliasTargets.contains(Self.lastName($0)) }) { return true }
        var pending = readers.flatMap { conformances[Self.lastName($0)] ?? [] }
        var seen: Set<String> = []
        while let inherited = pending.popLast() {
            guard seen.insert(inherited).inserted else { continue }
            if aliasNames.contains(inherited) || symbols.aliases[inherited] != nil { return true }
            guard let declared = protocols[inherited] else { continue }
            if declared.requirements.contains(name) { return true }
            pending.append(contentsOf: declared.inherited)
        }
        return false
    }

    /// A name that is certainly a type declared outside the sources: no type, protocol, type alias, generic
    /// parameter or associated type of the sources has its last name, and it is not `Self`.
    func isLibraryType(_ name: String) -> Bool {
        let last = Self.lastName(name)
        return last != "Self" && !declaredNames.contains(last) && !genericNames.contains(last) && !aliasNames.contains(name)
            && !aliasNames.contains(last)
    }

    /// The first name one of `readers` inherits that is declared nowhere in the sources and is no standard
    /// protocol or base class cpdi knows (`StandardConformances`): a library's protocol, whose requirements
    /// cpdi cannot see, or a library's class.
    func unseenConformance(of readers: [String], symbols: SymbolTable) -> (name: String, writtenIn: String?)? {
        for reader in readers {
            for inherited in (conformances[Self.lastName(reader)] ?? []).sorted() {
                if StandardConformances.requirements(of: inherited) != nil { continue }
                guard declaredNames.contains(inherited) || symbols.aliases[inherited] != nil || aliasNames.contains(inherited) else {
                    return (inherited, nil)
                }
                // Declared in the sources, but perhaps not where the conformance is written: a file of another
                // module that imports no module declaring it names a library's protocol of that name.
                let writers = (conformanceFiles[Self.lastName(reader)]?[inherited] ?? []).sorted()
                if let blind = writers.first(where: { !sees(inherited, from: $0) }) { return (inherited, blind) }
            }
        }
        return nil
    }

    /// Whether the file at `path` can see a declaration of the sources named `name`: one of its own module, or
    /// of a module it imports (or whose declaration of that name it imports). A file or a declaration whose
    /// module is not known sees and is seen by all.
    private func sees(_ name: String, from path: String) -> Bool {
        guard let module = modules[path], !module.isEmpty, let declaring = declaringModules[name], !declaring.contains("") else { return true }
        if declaring.contains(module) { return true }
        let imported = imports[path] ?? []
        // A target `My-App` is imported as `My_App`.
        return declaring.contains { ImportedNames.bring(Substring(name), of: Self.moduleIdentifier($0), imported) || ImportedNames.bring(Substring(name), of: $0, imported) }
    }

    private static func moduleIdentifier(_ target: String) -> String {
        String(target.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `name` written alone in `type`, an extension of it or a type nested in it (static members are
    /// visible there unqualified); each read was kept under every type it sits in.
    func isBareRead(_ name: String, in type: String, files: [String]?) -> Bool {
        let key = MemberNameHash.bare(name, in: Substring(type))
        asked.reads.bare.insert(key)
        guard let readers = bare[key] else { return false }
        return files.map { !readers.isDisjoint(with: $0) } ?? true
    }

    func isMemberRead(_ name: String, files: [String]?) -> Bool {
        asked.note(name)
        guard let readers = members[MemberNameHash.of(name)] else { return false }
        return files.map { !readers.isDisjoint(with: $0) } ?? true
    }

    /// The type of `path` read from `start`: `start|property` (`.property` when static), then each next property
    /// on the type the one before declares (`session.user`). Nil when one step's type is not known for certain.
    private static func type(
        ofChain path: String, from start: String, injectedTypes: [String: String], memberTypes: [String: String],
        superclasses: [String: String], declaredTypes: Set<String>
    ) -> String? {
        let isStatic = path.hasPrefix(".")
        var type = start
        for (index, property) in path.dropFirst(isStatic ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            // A property the type does not declare may be its superclass's (`StreamTestCase.stream` read in a test).
            var owner: String? = type, next: String?
            var depth = 0
            while let current = owner, next == nil, depth < 32 {
                let key = "\(current)|\(index == 0 && isStatic ? "." : "")\(property)"
                if let injected = injectedTypes[key] {
                    next = injected
                } else if let declared = memberTypes[key] {
                    // Its type is written in the type declaring the property.
                    next = Self.resolve(declared, writtenIn: current, declaredTypes: declaredTypes)
                }
                owner = superclasses[current]
                depth += 1
            }
            guard let next else { return nil }
            type = next
        }
        return type
    }

    /// A type name as written in `scope`, resolved as Swift looks it up: a type nested in `scope` or in a type
    /// around it first (`Context` in `Stage` is `Stage.Context` when the sources declare one), else as written.
    private static func resolve(_ written: String, writtenIn scope: String, declaredTypes: Set<String>) -> String {
        var outer = Substring(scope)
        while !outer.isEmpty {
            let candidate = "\(outer).\(written)"
            if declaredTypes.contains(candidate) { return candidate }
            guard let dot = outer.lastIndex(of: ".") else { break }
            outer = outer[..<dot]
        }
        return written
    }

    /// Each class of the sources whose first inherited name is a class of the sources (not a protocol, not a
    /// library class): that superclass. A name declared as a class twice over with different parents has none.
    private static func superclasses(_ files: [FileFacts]) -> [String: String] {
        var classes: Set<String> = [], others: Set<String> = []
        for file in files {
            for type in file.types where type.kind != .extension { if type.kind == .class { classes.insert(type.name) } else { others.insert(type.name) } }
        }
        var found: [String: String] = [:]
        for file in files {
            for type in file.types where type.kind == .class {
                guard let parent = type.inheritedTypes.first?.name, classes.contains(parent), !others.contains(parent) else { continue }
                found[type.name] = found[type.name] == nil || found[type.name] == parent ? parent : ""
            }
        }
        return found.filter { !$0.value.isEmpty }
    }

    /// `Type|property` → its type, where every file that declares it with one agrees (a property declared in
    /// one file and read in another, often in an extension).
    private static func memberTypes(_ files: [FileFacts]) -> [String: String] {
        var found: [String: String] = [:]
        for file in files {
            for entry in file.runtime.reads.memberTypes {
                guard let bar = entry.lastIndex(of: "|") else { continue }
                let property = String(entry[..<bar]), type = String(entry[entry.index(after: bar)...])
                found[property] = found[property] == nil || found[property] == type ? type : ""
            }
        }
        return found.filter { !$0.value.isEmpty }
    }

    /// `Type|property` → the type of what it injects, for properties injected by a whole key path whose
    /// container property has a written type that no other container's property of that name contradicts.
    private static func injectedPropertyTypes(_ files: [FileFacts], containers: KeyPathContainers) -> [String: String] {
        var keyTypes: [String: String] = [:]
        for file in files {
            for property in file.runtime.containerProperties where containers.counts(property) {
                let known = keyTypes[property.name]
                keyTypes[property.name] = known == nil || known == property.valueType ? (property.valueType ?? "") : ""
            }
        }
        var found: [String: String] = [:]
        for file in files {
            for injection in file.runtime.injections where injection.isWholeKey && !injection.isLocal {
                guard let owner = injection.enclosingType, case .keyPath(let key) = injection.key, let type = keyTypes[key], !type.isEmpty
                else { continue }
                let entry = "\(owner)|\(injection.property)"
                found[entry] = found[entry] == nil || found[entry] == type ? type : ""
            }
        }
        return found.filter { !$0.value.isEmpty }
    }

    /// The types `name` is read on with certainty (in `files`, when given), sorted.
    func typedReaders(of name: String, files: [String]?) -> [String] {
        asked.note(name)
        return Self.keys(of: typed[name], in: files)
    }

    /// The capitalised bases `name` is read on (in `files`, when given), sorted.
    func readers(onTypes name: String, files: [String]?) -> [String] {
        asked.note(name)
        return Self.keys(of: onTypes[name], in: files)
    }

    private static func keys(of readers: [String: Set<String>]?, in files: [String]?) -> [String] {
        (readers ?? [:]).filter { entry in files.map { !entry.value.isDisjoint(with: $0) } ?? true }.keys.sorted()
    }

    /// The bases `name` is read on as `Base[\.name]` (in `files`, when given), sorted.
    func subscriptKeyPathBases(of name: String, files: [String]?) -> [String] {
        asked.note(name)
        return Self.keys(of: subscriptKeyPaths[name], in: files)
    }

    /// Whether some `Base[\.name]` may read the `name` of one of `readers`. The key path's root is what the
    /// subscript's parameter names: a subscript the sources declare gives it (`keyPathSubscriptRoots`); any
    /// other is a library's, whose root is a library type (a key path without a written root cannot have its
    /// root inferred from a generic parameter), or `Self` of the base. So it may only where the base may be
    /// a reader, or some subscript of the sources that `Base` may have takes a key path whose root may be one.
    func mayReadThroughKeyPathSubscript(_ name: String, files: [String]?, readers: [String], review: RuntimeReadReview) -> Bool {
        let bases = subscriptKeyPathBases(of: name, files: files)
        guard !bases.isEmpty else { return false }
        if bases.contains(where: { review.mayName($0, oneOf: readers, reads: self) }) { return true }
        return keyPathSubscriptRoots.contains { declared in
            // Rooted at its own type (`KeyPath<Self, T>` in a protocol's extension): it reads the base's own
            // member, which the bases above answer for.
            declared.root != declared.type
                && (declared.root == "?" || review.mayName(declared.root, oneOf: readers, reads: self))
                && bases.contains { !review.isCertainlyWithout(subscriptOf: declared.type, base: $0, reads: self) }
        }
    }

    func isTypeLevelRead(_ name: String, files: [String]?) -> Bool {
        asked.note(name)
        guard let readers = typeLevelMembers[MemberNameHash.of(name)] else { return false }
        return files.map { !readers.isDisjoint(with: $0) } ?? true
    }
}
