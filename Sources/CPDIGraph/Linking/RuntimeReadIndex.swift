import CPDIFacts

/// Every file's reads, indexed once. It notes what it is asked (`AskedReads`).
struct ReadIndex {
    let asked = AskedReadsLog()
    /// Chains of property reads, typed when a question first asks about the name they end on (`ChainTyping`).
    private let chains: ChainTyping

    /// Each file's number in the lists of readers below, given to each path as the index first meets it.
    private var fileNumbers: [String: Int32] = [:]
    /// `MemberNameHash.bare(name, in: type)` → files where `name` is written alone in `type` or a type nested in it.
    private var bare: [UInt32: FileNumbers] = [:]
    /// `name` → the capitalised bases it is read on (`Log` of `Log.name`), each with the files reading it.
    private var onTypes: [String: [String: FileNumbers]] = [:]
    /// `MemberNameHash.of(name)` → files reading a static `name` or an enum case.
    private var typeLevelMembers: [UInt32: FileNumbers] = [:]
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
    /// `NameReads.memberKeys` of every file.
    private var memberKeys: Set<UInt32> = []
    /// The generic parameters and associated types of every type and protocol of the sources: visible in
    /// their extensions in other files, where a read cannot tell them from a type's name.
    private var genericNames: Set<String> = []
    /// Classes by the first name they inherit, as written: their direct subclasses, found once for every question.
    private(set) var classChildren: [String: [String]] = [:]
    /// Types declared `@dynamicMemberLookup`.
    let dynamicMemberTypes: Set<String>
    /// `name` → the bases of `Base[\.name]`, each with the files reading it.
    private var subscriptKeyPaths: [String: [String: FileNumbers]] = [:]
    /// The roots of the key-path parameters of every subscript the sources declare (`?`: not known), each
    /// with the type declaring the subscript (empty: none).
    let keyPathSubscriptRoots: [(type: String, root: String)]
    /// Every `typealias` name of the sources.
    let aliasNames: Set<String>

    /// `Owner|property` → the type a whole key path injects into it, where the container property says.
    let injectedPropertyTypes: [String: String]
    /// Types (by name and last name) with an initializer that runs code (`InitializerFact.runsCode`).
    private var initializersRunningCode: Set<String> = []

    /// Whether the sources declare a type, protocol or type alias of `type`'s last name.
    func declaresType(named type: String) -> Bool { declaredNames.contains(Self.lastName(type)) }

    init(files: [FileFacts], containers: KeyPathContainers, modules: [String: String]) {
        self.modules = modules
        let injectedTypes = Self.injectedPropertyTypes(files, containers: containers)
        injectedPropertyTypes = injectedTypes
        let declaredTypes = Set(files.flatMap { $0.types.lazy.filter { $0.kind != .extension }.map(\.name) })
        chains = ChainTyping(files: files, injectedTypes: injectedTypes, declaredTypes: declaredTypes)
        var requirements: Set<String> = []
        var dynamicMemberTypes: Set<String> = []
        var keyPathSubscriptRoots: Set<String> = []
        var aliasNames: Set<String> = []
        for file in files {
            // By path, so that two facts of one path (there should be none) count as one file, as paths did.
            let number = fileNumbers[file.path] ?? Int32(fileNumbers.count)
            fileNumbers[file.path] = number
            // Once per file: each `file.runtime.reads` written out below copied the file's run-time facts whole.
            let reads = file.runtime.reads
            keyPathSubscriptRoots.formUnion(reads.keyPathSubscriptRoots)
            for alias in reads.typeAliases {
                let (before, after) = alias.firstBarSplit
                let name = String(before)
                aliasNames.insert(name)
                aliasNames.insert(Self.lastName(name))
                if let after { aliasTargets.insert(Self.lastName(String(after))) }
            }
            for read in reads.subscriptKeyPaths {
                let parts = read.barSeparated(maxSplits: 1)
                if parts.count == 2 { subscriptKeyPaths[parts[1], default: [:]][parts[0], default: FileNumbers()].insert(number) }
            }
            for read in reads.bare { bare[read, default: FileNumbers()].insert(number) }
            for read in reads.members { chains.members[read, default: FileNumbers()].insert(number) }
            for read in reads.typeLevelMembers { typeLevelMembers[read, default: FileNumbers()].insert(number) }
            dynamicMemberTypes.formUnion(reads.dynamicMemberTypes)
            for read in reads.onTypes {
                let parts = read.barSeparated(maxSplits: 1)
                if parts.count == 2 { onTypes[parts[1], default: [:]][parts[0], default: FileNumbers()].insert(number) }
            }
            memberKeys.formUnion(reads.memberKeys)
            for read in reads.typedMembers {
                let parts = read.barSeparated(maxSplits: 1)
                if parts.count == 2 { chains.typed[parts[1], default: [:]][parts[0], default: FileNumbers()].insert(number) }
            }
            imports[file.path] = file.imports
            let module = modules[file.path] ?? ""
            for alias in file.aliases where !alias.isInline {
                declaredNames.insert(Self.lastName(alias.name))
                declaringModules[Self.lastName(alias.name), default: []].insert(module)
            }
            for type in file.types {
                let last = Self.lastName(type.name)
                if type.initializers.contains(where: \.runsCode) {
                    initializersRunningCode.insert(type.name)
                    initializersRunningCode.insert(last)
                }
                if type.kind != .extension { declaringModules[last, default: []].insert(module) }
                for parameter in type.genericParameters + type.associatedTypes { genericNames.insert(parameter.name) }
                if type.kind == .class, let parent = type.inheritedTypes.first?.name { classChildren[parent, default: []].append(type.name) }
                if type.kind != .extension { declaredNames.insert(last) }
                let inherited = type.inheritedTypes.map { Self.lastName($0.name) }
                if type.kind == .protocol {
                    requirements.formUnion(type.requirements)
                    protocols[last, default: ([], [])].requirements.formUnion(type.requirements)
                    protocols[last, default: ([], [])].inherited.formUnion(inherited)
                } else {
                    conformances[last, default: []].formUnion(inherited)
                    for name in inherited { conformanceFiles[last, default: [:]][name, default: []].insert(file.path) }
                }
            }
        }
        self.requirements = requirements
        self.dynamicMemberTypes = dynamicMemberTypes
        self.aliasNames = aliasNames
        self.keyPathSubscriptRoots = keyPathSubscriptRoots.sorted().map { entry in
            let parts = entry.barSeparated(maxSplits: 1, omittingEmptySubsequences: false)
            return parts.count == 2 ? (parts[0], parts[1]) : ("", entry)
        }
        // Typed once every file's declarations are known (a chain may start at a global of another file and
        // continue through a library's type), and only when asked about.
        for file in files {
            let number = fileNumbers[file.path]!
            // `Start|path|name`, split when typed; what follows the last bar is the name the chain ends on.
            for read in file.runtime.reads.propertyMembers {
                guard let (_, name) = read.lastBarSplit else { continue }
                let chain = ChainTyping.Read(read: read, file: file.path, number: number)
                chains.pending[MemberNameHash.of(NameReads.withoutOnlyTypedMark(String(name))), default: []].append(chain)
            }
        }
    }

    /// Types the chains that end on a name of `hash`, the first time a question asks about one, into the indexes
    /// of typed and member reads. Two names of one hash only type each other's chains early.
    private func typeChains(endingOn hash: UInt32) {
        guard let reads = chains.pending.removeValue(forKey: hash) else { return }
        if chains.facts == nil {
            let files = chains.files
            chains.facts = ChainFacts(
                injectedTypes: chains.injectedTypes, memberTypes: Self.memberTypes(files), superclasses: Self.superclasses(files),
                declaredTypes: chains.declaredTypes, libraryExtensions: libraryExtensions(files), globals: Self.globals(files, modules: modules)
            )
        }
        for read in reads {
            let parts = read.read.barSeparated(omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let name = NameReads.withoutOnlyTypedMark(parts[2])
            if let type = type(ofChain: parts[1], from: parts[0], readIn: read.file, chains.facts!) {
                chains.typed[name, default: [:]][type, default: FileNumbers()].insert(read.number)
            } else if name == parts[2] {
                chains.members[MemberNameHash.of(name), default: FileNumbers()].insert(read.number)
            }
        }
    }

    /// Whether one of `files` (by path; nil: any file) is among `readers`.
    private func anyOf(_ files: [String]?, in readers: FileNumbers) -> Bool {
        guard let files else { return true }
        return files.contains { fileNumbers[$0].map(readers.contains) ?? false }
    }

    private static func lastName(_ name: String) -> String { String(name.lastDottedPart) }

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
    /// Whether building a `name` runs code of the sources (see `initializersRunningCode`).
    func initializerRunsCode(_ name: String) -> Bool {
        initializersRunningCode.contains(name) || initializersRunningCode.contains(Self.lastName(name))
    }

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
        return anyOf(files, in: readers)
    }

    func isMemberRead(_ name: String, files: [String]?) -> Bool {
        asked.note(name)
        let hash = MemberNameHash.of(name)
        typeChains(endingOn: hash)
        guard let readers = chains.members[hash] else { return false }
        return anyOf(files, in: readers)
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
    /// `Type|property` (or `Type|.property` for a static one, as `keyedBy` writes it) → the type every file
    /// declares it with; left out where two declarations disagree or one has no type.
    static func memberTypes(_ files: [FileFacts], keyedBy key: (String) -> String = { $0 }) -> [String: String] {
        var found: [String: String] = [:]
        for file in files {
            for entry in file.runtime.reads.memberTypes {
                guard let (before, after) = entry.lastBarSplit else { continue }
                let property = key(String(before)), type = String(after)
                // Kept where every file agrees; "" marks a disagreement, which stays.
                if let known = found[property] {
                    if known != type { found[property] = "" }
                } else {
                    found[property] = type
                }
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
        typeChains(endingOn: MemberNameHash.of(name))
        return keys(of: chains.typed[name], in: files)
    }

    /// The capitalised bases `name` is read on (in `files`, when given), sorted.
    func readers(onTypes name: String, files: [String]?) -> [String] {
        asked.note(name)
        return keys(of: onTypes[name], in: files)
    }

    private func keys(of readers: [String: FileNumbers]?, in files: [String]?) -> [String] {
        (readers ?? [:]).filter { anyOf(files, in: $0.value) }.keys.sorted()
    }

    /// The bases `name` is read on as `Base[\.name]` (in `files`, when given), sorted.
    func subscriptKeyPathBases(of name: String, files: [String]?) -> [String] {
        asked.note(name)
        return keys(of: subscriptKeyPaths[name], in: files)
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
        return anyOf(files, in: readers)
    }
}

/// The chains of property reads `ReadIndex` types on demand, and the two indexes typing them adds to. A review asks
/// about a few names, often only those of a handful of registrations; typing every chain of every file up front was
/// about a seventh of a large app's run-time linking. The review runs on one thread.
final class ChainTyping: @unchecked Sendable {
    struct Read {
        /// As the facts keep it: `Start|path|name`, the name as read (`NameReads.withoutOnlyTypedMark` takes its mark off).
        let read: String
        let file: String
        let number: Int32
    }

    let files: [FileFacts]
    let injectedTypes: [String: String]
    let declaredTypes: Set<String>
    /// Chains not typed yet, by `MemberNameHash` of the name they end on.
    var pending: [UInt32: [Read]] = [:]
    /// Made when the first chain is typed.
    var facts: ChainFacts?
    /// `name` → the types it is read on with certainty, each with the files reading it.
    var typed: [String: [String: FileNumbers]] = [:]
    /// `MemberNameHash.of(name)` → files reading some value's `name`.
    var members: [UInt32: FileNumbers] = [:]

    init(files: [FileFacts], injectedTypes: [String: String], declaredTypes: Set<String>) {
        self.files = files
        self.injectedTypes = injectedTypes
        self.declaredTypes = declaredTypes
    }
}

/// What typing a chain of properties (`NameReads.propertyMembers`) asks of the sources besides the index.
struct ChainFacts {
    /// `Type|property` → the type of what a whole key path injects into it.
    let injectedTypes: [String: String]
    /// `Type|property` → its written type, where the sources agree.
    let memberTypes: [String: String]
    let superclasses: [String: String]
    let declaredTypes: Set<String>
    /// The last names of the protocols of the sources and of the types they extend without declaring them:
    /// what may add a member to a library's type.
    let libraryExtensions: [String]
    /// A file's top-level `let app = XCUIApplication()` by name: the type built (empty where two disagree) and
    /// the modules of the files declaring one.
    let globals: [String: (type: String, modules: Set<String>)]
}

extension ReadIndex {
    /// What a chain ends on when it went through a value of a library's type: no type of the sources.
    static let libraryValue = "(a library's value)"

    /// Protocols that give a type no member a bare name could mean but `hashValue`.
    private static let memberlessProtocols: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "AnyObject",
    ]

    /// The type of `path` read from `start`: `start|property` (`.property` when static), then each next property
    /// on the type the one before declares (`session.user`). Nil when one step's type is not known for certain.
    /// A first step no type of the sources declares may name a global (`app` of `let app = XCUIApplication()`);
    /// from a library's type built that way, every step the sources add nothing of that name to stays the
    /// library's (`app.staticTexts["Done"]`), and the chain ends on `libraryValue`.
    func type(ofChain path: String, from start: String, readIn file: String, _ chains: ChainFacts) -> String? {
        let isStatic = path.hasPrefix(".")
        var type = start
        var throughLibrary = false
        let steps = path.dropFirst(isStatic ? 1 : 0).utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for (index, step) in steps.enumerated() {
            let property = String(Substring(step))
            if throughLibrary {
                // A library's type written without generic arguments and built from nothing: its members give
                // the library's values, unless an extension of the sources adds one of that name.
                guard !chains.libraryExtensions.contains(where: { declares(property, $0) }) else { return nil }
                continue
            }
            // Which subscript of the sources' types a step calls is not told.
            if property.hasPrefix("[") { return nil }
            // A property the type does not declare may be its superclass's (`StreamTestCase.stream` read in a test).
            var owner: String? = type, next: String?
            var depth = 0
            while let current = owner, next == nil, depth < 32 {
                let key = "\(current)|\(index == 0 && isStatic ? "." : "")\(property)"
                if let injected = chains.injectedTypes[key] {
                    next = injected
                } else if let declared = chains.memberTypes[key] {
                    // Its type is written in the type declaring the property.
                    next = Self.resolve(declared, writtenIn: current, declaredTypes: chains.declaredTypes)
                }
                owner = chains.superclasses[current]
                depth += 1
            }
            if next == nil, index == 0, !isStatic, let global = global(named: property, readFrom: start, in: file, chains) {
                if isLibraryType(global) {
                    throughLibrary = true
                    continue
                }
                next = global
            }
            guard let next else { return nil }
            type = next
        }
        return throughLibrary ? Self.libraryValue : type
    }

    /// The type of the global `name`, when `name` written in `scope` can be nothing else: `scope`, the types
    /// around it and everything they inherit are the sources' own (a library's class or protocol may bring a
    /// member of any name) and declare no member of that name, and the file sees the global's module.
    private func global(named name: String, readFrom scope: String, in file: String, _ chains: ChainFacts) -> String? {
        guard let global = chains.globals[name], !global.type.isEmpty, name != "hashValue", sees(global: global.modules, from: file),
            let around = ownTypes(around: scope), !around.contains(where: { memberKeys.contains(MemberNameHash.bare(name, in: Substring($0))) })
        else { return nil }
        return global.type
    }

    private func sees(global declaring: Set<String>, from path: String) -> Bool {
        guard let module = modules[path], !module.isEmpty, !declaring.contains("") else { return true }
        if declaring.contains(module) { return true }
        let imported = Set(imports[path] ?? [])
        return declaring.contains { imported.contains(Self.moduleIdentifier($0)) || imported.contains($0) }
    }

    /// The last names of `scope`, the types it is nested in and everything they inherit, when all are the
    /// sources' own types and protocols or protocols that bring no member (`Equatable`, left out); else nil.
    private func ownTypes(around scope: String) -> Set<String>? {
        var pending = TypeScopes.around(scope).map { Self.lastName(String($0)) }
        var seen: Set<String> = []
        while let type = pending.popLast() {
            if Self.memberlessProtocols.contains(type) { continue }
            guard seen.insert(type).inserted else { continue }
            guard declaredNames.contains(type), !aliasNames.contains(type) else { return nil }
            pending += (conformances[type] ?? []).map(Self.lastName) + (protocols[type]?.inherited ?? []).map(Self.lastName)
        }
        return seen
    }

    /// Whether `type` (a last name) declares `member`; a subscript step also by a subscript taking a default.
    private func declares(_ member: String, _ type: String) -> Bool {
        memberKeys.contains(MemberNameHash.bare(member, in: Substring(type)))
            || member.hasPrefix("[") && memberKeys.contains(MemberNameHash.bare(NameReads.anySubscript, in: Substring(type)))
    }

    /// See `ChainFacts.libraryExtensions`.
    func libraryExtensions(_ files: [FileFacts]) -> [String] {
        var found: Set<String> = []
        for file in files {
            for type in file.types {
                let last = Self.lastName(type.name)
                if type.kind == .protocol || type.kind == .extension && (!declaredNames.contains(last) || protocols[last] != nil) { found.insert(last) }
            }
        }
        return found.sorted()
    }

    static func globals(_ files: [FileFacts], modules: [String: String]) -> [String: (type: String, modules: Set<String>)] {
        var found: [String: (type: String, modules: Set<String>)] = [:]
        for file in files {
            for entry in file.runtime.reads.memberTypes where entry.hasPrefix("|") {
                let parts = entry.barSeparated(omittingEmptySubsequences: false)
                guard parts.count == 3 else { continue }
                let name = String(parts[1]), type = String(parts[2]), module = modules[file.path] ?? ""
                if var known = found[name] {
                    if known.type != type { known.type = "" }
                    known.modules.insert(module)
                    found[name] = known
                } else {
                    found[name] = (type, [module])
                }
            }
        }
        return found
    }
}

/// Files by number (given to each path in the order a `ReadIndex` first meets it), ascending and each once. Reads are
/// noted file after file, so a number mostly goes at the end. Sets of paths hashed a path of some 80 bytes for every
/// read of every file, the largest single cost of indexing a large app with run-time injection.
struct FileNumbers {
    private(set) var numbers: [Int32] = []

    mutating func insert(_ number: Int32) {
        guard let last = numbers.last, number <= last else { return numbers.append(number) }
        let place = firstIndex(notBelow: number)
        if place == numbers.count || numbers[place] != number { numbers.insert(number, at: place) }
    }

    func contains(_ number: Int32) -> Bool {
        let place = firstIndex(notBelow: number)
        return place < numbers.count && numbers[place] == number
    }

    private func firstIndex(notBelow number: Int32) -> Int {
        var low = 0, high = numbers.count
        while low < high {
            let middle = (low + high) / 2
            if numbers[middle] < number { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
