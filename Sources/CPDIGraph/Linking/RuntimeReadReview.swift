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
///   it and read nothing. It is not judged when kept on purpose, when it is public in a scan with no app,
///   when its store has a lookup whose type cpdi cannot tell (`resolve()` whose value goes nowhere typed), or,
///   for a type, when a lookup cpdi does not read could ask for it: the type is a library's, it is written where
///   a lookup could take it from (`TypeMentionIndex`), or a lookup cpdi read names another type of its last name.
/// Lookups nothing registers are reviewed first (`withholdUnprovable`).
struct RuntimeReadReview {
    let files: [FileFacts]
    let symbols: SymbolTable
    let containers: KeyPathContainers
    /// Each file's module, by path; a file without one is taken to see every declaration.
    var modules: [String: String] = [:]

    func run(on registry: inout RuntimeRegistry, lookedUp: [RuntimeDialect: Set<String>] = [:]) {
        let reads = ReadIndex(files: files, containers: containers, modules: modules)
        let mentions = TypeMentionIndex(files: files, asked: reads.asked)
        var lookedUpByLastName: [Substring: Set<String>] = [:]
        for type in lookedUp.values.joined() { lookedUpByLastName[TypeMentionName.last(of: type), default: []].insert(type) }
        // As written, too: `@Injected var viewModel: ViewModel` may be a nested type's lookup.
        let written = registry.injections.compactMap { if case .type(let type) = $0.fact.key { type } else { nil } }
            + registry.resolutions.compactMap { if case .type(let type)? = $0.fact.key { type } else { nil } }
        for type in written { lookedUpByLastName[TypeMentionName.last(of: type), default: []].insert(type) }
        withholdUnprovable(&registry, reads: reads, mentions: mentions)
        let built = Self.builtTypes(registry)
        let entryFiles = Set(files.filter(\.runtime.isEntryPoint).map(\.path))
        for index in registry.injections.indices {
            let injection = registry.injections[index]
            registry.injections[index].usage = usage(
                of: injection, reads: reads, built: entryFiles.contains(injection.file) ? built : nil, holdsApp: registry.holdsApp
            )
        }
        var used = registry.alsoAnswering
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
                of: registration, isInjected: used.contains(name), unreadable: unreadable, reads: reads, mentions: mentions,
                lookedUpByLastName: lookedUpByLastName, holdsApp: registry.holdsApp
            )
            registry.registrations[name]!.unusedAliases = unusedAliases(
                of: registry.registrations[name]!, lookedUp: lookedUp[registration.dialect] ?? [],
                judged: unreadable == nil, holdsApp: registry.holdsApp
            ).filter { reads.declaresType(named: $0.type) && mentions.fileWritingForLookup($0.type) == nil }
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

    /// `built`: for an injection in the file that starts the program, the types each registration builds.
    private func usage(of injection: Injection, reads: ReadIndex, built: [String: Set<String>]?, holdsApp: Bool) -> Registration.Usage {
        let fact = injection.fact
        if fact.isIgnored { return .notJudged("kept on purpose (periphery:ignore)") }
        if fact.isDynamic { return .notJudged("@objc, dynamic or override: read where cpdi cannot see") }
        // `@Injected private var eventsHandler: ApplicationEventsHandler` in the `@main` app, whose `init` starts
        // observers: an eager wrapper builds the value with the app, and keeping it alive may be all it is for.
        if let built, let type = eagerlyBuiltType(of: injection, reads: reads),
            let working = ([type] + (built[type] ?? [])).sorted().first(where: reads.initializerRunsCode)
        {
            return .notJudged("it builds a `\(working)` as its owner is built, whose initializer runs code: it may be kept for that")
        }
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

    /// The type an eager injection wrapper builds with its owner (`@Injected`, `@InjectedObject`, a
    /// hand-written `@Inject`): its written type, or the type of the container property its key path names.
    /// Lazy wrappers (`@LazyInjected`, swift-dependencies' `@Dependency`) build nothing until read.
    private func eagerlyBuiltType(of injection: Injection, reads: ReadIndex) -> String? {
        let fact = injection.fact
        guard !fact.wrapper.contains("Lazy"), fact.wrapper != "Dependency", fact.dialect != .swiftDependencies else { return nil }
        switch fact.key {
        case .type(let written): return written
        case .keyPath: return reads.injectedPropertyTypes["\(fact.enclosingType ?? "")|\(fact.property)"]
        case .keyType: return nil
        }
    }

    /// By each type a registration answers for, the types it builds (`register { Impl() }.implements(P.self)`).
    private static func builtTypes(_ registry: RuntimeRegistry) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for registration in registry.registrations.values {
            let made = registration.implementation ?? registration.key
            for type in [registration.key] + registration.alsoAs.sorted() where type != made { found[type, default: []].insert(made) }
        }
        return found
    }

    /// Whether `Base[…]`, `base` a type the sources declare, certainly cannot call a subscript declared in
    /// `type`: `type` is a struct, enum or actor of the sources other than `base`, or a class that `base`
    /// neither is nor inherits from. A protocol's subscript (a protocol `base` may conform to), one outside a
    /// type, and names that are also type aliases or declared twice over stay possible.
    func isCertainlyWithout(subscriptOf type: String, base: String, reads: ReadIndex) -> Bool {
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
        // A library's value is none of the sources' types; it may be one the sources only extend.
        if type == ReadIndex.libraryValue { return !readers.contains { reads.isLibraryType($0) } }
        guard !Self.isWritten(type, asOneOf: readers), !reads.dynamicMemberTypes.contains(type) else { return false }
        if symbols.protocols[type] != nil { return true }
        return (symbols.typeDeclarations[type] ?? []).contains { $0.fact.kind != .extension }
    }

    /// Whether `type` may be one of `readers` under another name: one of them, a protocol or a type alias of the sources.
    func mayName(_ type: String, oneOf readers: [String], reads: ReadIndex) -> Bool {
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
        of registration: Registration, isInjected: Bool, unreadable: Resolution?, reads: ReadIndex, mentions: TypeMentionIndex,
        lookedUpByLastName: [Substring: Set<String>], holdsApp: Bool
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
        // A lookup of `ViewModel` written in `ResetPasswordView` and a registration of `ResetPasswordView.ViewModel`:
        // one type may be written more ways than cpdi tells apart.
        if let other = lookedUpByLastName[TypeMentionName.last(of: registration.key)]?.subtracting([registration.key]).min() {
            return .notJudged("a lookup of `\(other)` may ask for it written another way")
        }
        // The proof needs the type to be the sources' own: a lookup cpdi does not read may hand its value to a
        // library that asks for one of its own types, and the library's declaration is what writes it.
        guard reads.declaresType(named: registration.key) else {
            return .notJudged("`\(TypeMentionName.last(of: registration.key))` is declared outside the sources: a lookup cpdi does not read may hand it to a library that asks for it")
        }
        // Any lookup must write the type it asks for, or take it from a parameter, a property or a generic
        // argument that does; written anywhere such a lookup cpdi does not read could stand, it may be asked for.
        if let file = mentions.fileWritingForLookup(registration.key) {
            return .notJudged("`\(TypeMentionName.last(of: registration.key))` is also written in \(file), where a lookup cpdi does not read may ask for it")
        }
        return .unused
    }
}
