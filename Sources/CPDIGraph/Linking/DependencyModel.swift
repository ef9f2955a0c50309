import CPDIFacts

/// A declaration together with the file and module it comes from.
///
/// Kept in one copy-on-write box: the symbol table keys every alias, protocol and function by name in tables
/// whose slots would otherwise hold the whole declaration, and passes copy declarations around a great deal
/// (one reference count instead of one per field).
public struct Declared<Fact: Sendable>: Sendable {
    private struct Fields: Sendable {
        var fact: Fact
        var file: String
        var module: String
    }

    private var storage: CopyOnWrite<Fields>

    public init(fact: Fact, file: String, module: String) {
        storage = CopyOnWrite(Fields(fact: fact, file: file, module: module))
    }

    public var fact: Fact {
        _read { yield storage.value.fact }
        _modify { yield &storage.value.fact }
    }
    public var file: String {
        _read { yield storage.value.file }
        _modify { yield &storage.value.file }
    }
    public var module: String {
        _read { yield storage.value.module }
        _modify { yield &storage.value.module }
    }
}

/// What a component is constrained by: an alias, a leaf protocol, or a name declared elsewhere.
public struct Requirement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case alias, leaf, unknown }
    /// The resolved qualified name (as written when unknown).
    public var name: String
    public var kind: Kind
    /// Where the constraint is written.
    public var reference: TypeReference
}

public enum ComponentForm: Sendable, Equatable {
    case type(TypeKind)
    case function
}

/// A type or function that receives dependencies.
///
/// Its fields live in one copy-on-write box: the model keys every component by name in a dictionary whose
/// slots would otherwise hold all of them inline, and at 100,000 components its table (sized for a quarter
/// more than it holds) was 61 MB.
public struct Component: Sendable {
    private struct Fields: Sendable {
        var name: String
        var form: ComponentForm
        var file: String
        var module: String
        var position: SourcePosition
        var access: AccessLevel
        var requirements: [Requirement]
        var property: DependencyPropertyFact?
        var heldType: String?
        var genericParameter: String?
        var propertyOwner: String?
        var initializerExtras: [Requirement] = []
    }

    private var storage: CopyOnWrite<Fields>

    public init(
        name: String, form: ComponentForm, file: String, module: String, position: SourcePosition, access: AccessLevel,
        requirements: [Requirement], property: DependencyPropertyFact?, heldType: String?, genericParameter: String? = nil,
        propertyOwner: String? = nil
    ) {
        storage = CopyOnWrite(Fields(
            name: name, form: form, file: file, module: module, position: position, access: access,
            requirements: requirements, property: property, heldType: heldType, genericParameter: genericParameter,
            propertyOwner: propertyOwner
        ))
    }

    public var name: String {
        _read { yield storage.value.name }
        _modify { yield &storage.value.name }
    }
    public var form: ComponentForm {
        _read { yield storage.value.form }
        _modify { yield &storage.value.form }
    }
    public var file: String {
        _read { yield storage.value.file }
        _modify { yield &storage.value.file }
    }
    public var module: String {
        _read { yield storage.value.module }
        _modify { yield &storage.value.module }
    }
    public var position: SourcePosition {
        _read { yield storage.value.position }
        _modify { yield &storage.value.position }
    }
    public var access: AccessLevel {
        _read { yield storage.value.access }
        _modify { yield &storage.value.access }
    }
    public var requirements: [Requirement] {
        _read { yield storage.value.requirements }
        _modify { yield &storage.value.requirements }
    }
    /// The stored property that holds the dependencies, if the component keeps them.
    public var property: DependencyPropertyFact? {
        _read { yield storage.value.property }
        _modify { yield &storage.value.property }
    }
    /// The concrete container the component holds instead of a generic value (`AppDependency`,
    /// `SplicedFooDependencies<External>`).
    public var heldType: String? {
        _read { yield storage.value.heldType }
        _modify { yield &storage.value.heldType }
    }
    /// The generic parameter that stands for the dependencies (`Dependencies` in `Foo<Dependencies: FooDependencies>`).
    public var genericParameter: String? {
        _read { yield storage.value.genericParameter }
        _modify { yield &storage.value.genericParameter }
    }
    /// The generic base class that declares `property`, where the component inherits it
    /// (`InheritedGenericDependencies`); nil where the component declares its own.
    public var propertyOwner: String? {
        _read { yield storage.value.propertyOwner }
        _modify { yield &storage.value.propertyOwner }
    }
    /// What an initializer takes beyond the composition the property keeps (`init(dependencies: HasA & HasB & HasC)`
    /// storing `HasB & HasC`): never read through the property, but every caller must bring it.
    public var initializerExtras: [Requirement] {
        _read { yield storage.value.initializerExtras }
        _modify { yield &storage.value.initializerExtras }
    }

    /// The alias a component is constrained by when there is exactly one (`FooDependencies`).
    public var ownAlias: String? {
        requirements.count == 1 && requirements[0].kind == .alias ? requirements[0].name : nil
    }
}

/// A concrete type that provides dependencies by conforming to aliases or dependency protocols.
public struct Container: Sendable {
    public var name: String
    public var file: String
    public var module: String
    public var position: SourcePosition
    public var access: AccessLevel
    /// The aliases and protocols it conforms to, with where each conformance is written.
    public var conformances: [(name: String, file: String, position: SourcePosition)]
}

/// One resolved hand-over of dependencies from a component (or top-level code) to a child component.
public struct ResolvedForward: Sendable, Equatable {
    /// The component doing the forwarding; nil for code outside any component.
    public var source: String?
    public var target: String
    public var via: ForwardVia
    public var file: String
    public var position: SourcePosition
    /// False when a freshly built value (a spliced type) is handed on instead of the caller's own dependencies.
    public var passesOwnDependencies: Bool
    /// The component whose stored dependencies were handed on (`viewModel.dependencies`), when not the source's own.
    public var holder: String? = nil
    /// One of several same-named helpers or methods the call may reach (`child.start(dependencies:)` with
    /// `child` of unknown type): what it needs may be needed, but it is nobody's definite child.
    public var isAmbiguous = false
}

/// Why a component's alias is not judged (SPEC §4b): a place its dependencies go that cpdi does not
/// follow, so whatever receives them there may need any member.
public struct NotJudgedReason: Codable, Sendable, Equatable, Comparable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Handed to a call cpdi cannot resolve, or to a parameter that takes no dependencies.
        case handedOff
        case returned, assigned, collected, cast, keyPath, combined, other
        /// A member read that no protocol of the alias declares (dynamic member lookup, a constrained
        /// extension): what it stands for is unknown.
        case unknownMember
        /// Its alias is named in the app's own words and written somewhere that is none of its components
        /// (`TypedAliasOwnership`): code there may need what the alias brings.
        case unseenAliasUse

        init(_ flow: UnfollowedFlowKind) {
            switch flow {
            case .returned: self = .returned
            case .assigned: self = .assigned
            case .collected: self = .collected
            case .cast: self = .cast
            case .keyPath: self = .keyPath
            case .combined: self = .combined
            case .other: self = .other
            }
        }
    }

    public var kind: Kind
    /// What the code does, in a few words ("returned by `makeDependencies`").
    public var detail: String
    public var file: String
    public var position: SourcePosition

    public init(kind: Kind, detail: String, file: String, position: SourcePosition) {
        self.kind = kind
        self.detail = detail
        self.file = file
        self.position = position
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.position, lhs.detail) < (rhs.file, rhs.position, rhs.detail)
    }
}

/// Everything linked: declarations by name, components, containers, resolved forwards and flattened leaves.
/// Rules read this; reporters read the `DependencyGraph` built from it.
public struct DependencyModel: Sendable {
    public var conventions: NamingConventions
    /// The names among `conventions` learnt from the code: in the app's own words, so what the typed
    /// dependencies' passes ask of names written in own words they ask of these too (`TypedAliasOwnership`).
    public var learnt = InferredNaming()
    public var files: [String: FileFacts] {
        didSet { sortedFilePaths = files.keys.sorted() }
    }
    public var modules: [String: String]
    public var symbols: SymbolTable
    public var components: [String: Component] {
        didSet { sortedComponentNames = components.keys.sorted() }
    }
    /// The keys of `files` and `components`, sorted once for the rules that walk them in order.
    public private(set) var sortedFilePaths: [String]
    public private(set) var sortedComponentNames: [String]
    public var containers: [String: Container]
    public var forwards: [ResolvedForward] {
        didSet { forwardsByFile = Self.indicesByFile(forwards) }
    }
    /// Components constrained by each alias, sorted.
    public var owners: [String: [String]]
    /// The run-time styles' registrations and injections (see `RegistrationLinking`).
    public var runtime = RuntimeRegistry()
    /// Concrete containers against the components they are handed to (see `ContainerCoverageLinking`).
    public var coverage = ContainerCoverage()
    /// Which components each piece of code speaks for (see `Attribution`).
    public var attribution: Attribution
    /// Which aliases compose each alias, for the passes and reviews that must know what an edit ripples into.
    public let aliasComposers: AliasComposers
    /// What each component's scope reads, forwards and hands off (see `ScopeAttribution`), by component.
    public var scopes: [String: ComponentScope] = [:]
    /// What each protocol offers (requirements and extension members), shared by every pass and rule.
    public var leafMembers: LeafMembers
    /// Aliases in the app's own words that stand for an associated type nothing constrains
    /// (`TypedAliasOwnership.freeAssociatedTypeWitnesses`).
    public var freeAssociatedTypeWitnesses: Set<String> = []
    /// Hand-offs of own dependencies that could not be followed, by source component.
    public var opaqueHandOffs: [String: [NotJudgedReason]] = [:]
    /// The index in `forwards` of each forward, by file, in order: indices rather than copies of the forwards.
    private var forwardsByFile: [String: [Int]]

    private static func indicesByFile(_ forwards: [ResolvedForward]) -> [String: [Int]] {
        var byFile: [String: [Int]] = [:]
        for (index, forward) in forwards.enumerated() { byFile[forward.file, default: []].append(index) }
        return byFile
    }

    public init(
        conventions: NamingConventions, files: [String: FileFacts], modules: [String: String], symbols: SymbolTable,
        components: [String: Component], containers: [String: Container], forwards: [ResolvedForward],
        owners: [String: [String]], attribution: Attribution, leafMembers: LeafMembers? = nil, aliasComposers: AliasComposers? = nil
    ) {
        self.attribution = attribution
        // Both depend on the symbols alone: the linker has them built on its other core meanwhile.
        self.leafMembers = leafMembers ?? LeafMembers(symbols: symbols)
        self.aliasComposers = aliasComposers ?? AliasComposers(symbols)
        self.conventions = conventions
        self.files = files
        self.modules = modules
        self.symbols = symbols
        self.components = components
        self.containers = containers
        self.forwards = forwards
        self.owners = owners
        self.forwardsByFile = Self.indicesByFile(forwards)
        self.sortedFilePaths = files.keys.sorted()
        self.sortedComponentNames = components.keys.sorted()
    }

    /// The leaves a component needs: its requirements, flattened.
    /// What a caller must bring: the requirements' leaves, and what an initializer takes beyond them.
    public func leaves(of component: Component) -> Set<String> {
        let leaves = component.requirements.reduce(into: Set<String>()) { $0.formUnion(symbols.leaves(ofRequirement: $1)) }
        return component.initializerExtras.reduce(into: leaves) { $0.formUnion(symbols.leaves(ofRequirement: $1)) }
    }

    /// The files whose code speaks for a component: where it is declared and where it is extended.
    public func codeFiles(of component: Component) -> [String] {
        guard case .type = component.form else { return [component.file] }
        return Array(Set(symbols.typeDeclarations[component.name, default: []].map(\.file) + [component.file])).sorted()
    }

    /// Member names read from the dependencies value anywhere in a file (value and type level).
    public func usedMembers(inFile file: String) -> Set<String> {
        Set(files[file]?.uses.map(\.member) ?? [])
    }

    /// Components a file hands its own dependencies to.
    public func forwardedTargets(fromFile file: String) -> [ResolvedForward] {
        (forwardsByFile[file] ?? []).compactMap { forwards[$0].passesOwnDependencies ? forwards[$0] : nil }
    }
}
