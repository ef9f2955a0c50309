/// Everything cpdi needs from one source file, extracted in one syntax walk.
///
/// A plain value with no syntax tree inside, so files can be extracted in parallel,
/// cached on disk and linked later without reparsing.
///
/// Its fields live in one shared, copy-on-write box: linking passes and the pipeline hand the facts of
/// every file around many times (sorted, scoped by module, keyed by path, kept beside their outcome), and
/// copying seventeen arrays and strings costs seventeen reference counts each time, one for the box.
public struct FileFacts: Codable, Sendable, Equatable {
    /// The fields, as they are encoded: the cache format is theirs.
    struct Fields: Codable, Sendable, Equatable {
        var path: String
        var aliases: [AliasFact] = []
        var types: [TypeFact] = []
        var functions: [FunctionFact] = []
        var uses: [UseFact] = []
        var forwards: [ForwardFact] = []
        var dependencyReads: [DependencyRead] = []
        var runtime = RuntimeStyleFacts()
        var declarations = DeclarationFacts()
        var suppressions: [SuppressionComment] = []
        var imports: [String] = []
        var specializations: [SpecializationFact] = []
        var unfollowedFlows: [UnfollowedFlow] = []
        var aliasMentions: [AliasMention] = []
        // No other field of the facts may be named `memberNameHashes` (or `reads`): comparing facts that only
        // moved leaves them out by their keys (`MovedPositions`).
        var memberNameHashes: [UInt32] = []
        var publicAliasArguments: [String] = []
        var typedValues: [TypedValueFact] = []
        var syntaxError: SyntaxIssue?

        mutating func releaseSpareCapacity() {
            aliases.releaseSpareCapacity()
            types.releaseSpareCapacity()
            functions.releaseSpareCapacity()
            uses.releaseSpareCapacity()
            forwards.releaseSpareCapacity()
            dependencyReads.releaseSpareCapacity()
            runtime.releaseSpareCapacity()
            declarations.releaseSpareCapacity()
            suppressions.releaseSpareCapacity()
            imports.releaseSpareCapacity()
            specializations.releaseSpareCapacity()
            unfollowedFlows.releaseSpareCapacity()
            aliasMentions.releaseSpareCapacity()
            memberNameHashes.releaseSpareCapacity()
            publicAliasArguments.releaseSpareCapacity()
            typedValues.releaseSpareCapacity()
        }
    }

    private var storage: CopyOnWrite<Fields>

    /// The path as shown to the user (relative to the working directory where possible).
    public var path: String {
        _read { yield storage.value.path }
        _modify { yield &storage.value.path }
    }
    public var aliases: [AliasFact] {
        _read { yield storage.value.aliases }
        _modify { yield &storage.value.aliases }
    }
    public var types: [TypeFact] {
        _read { yield storage.value.types }
        _modify { yield &storage.value.types }
    }
    public var functions: [FunctionFact] {
        _read { yield storage.value.functions }
        _modify { yield &storage.value.functions }
    }
    public var uses: [UseFact] {
        _read { yield storage.value.uses }
        _modify { yield &storage.value.uses }
    }
    public var forwards: [ForwardFact] {
        _read { yield storage.value.forwards }
        _modify { yield &storage.value.forwards }
    }
    /// Types that read their stored dependencies value somewhere (not counting `self.x = x`).
    public var dependencyReads: [DependencyRead] {
        _read { yield storage.value.dependencyReads }
        _modify { yield &storage.value.dependencyReads }
    }
    /// Injections and registrations of the run-time styles (`@Inject`, `@Dependency(\.key)`, `Module { … }`).
    public var runtime: RuntimeStyleFacts {
        _read { yield storage.value.runtime }
        _modify { yield &storage.value.runtime }
    }
    /// How dependencies parameters and spliced values are written, for the style rules.
    public var declarations: DeclarationFacts {
        _read { yield storage.value.declarations }
        _modify { yield &storage.value.declarations }
    }
    /// `// cpdi:disable…` comments, in source order.
    public var suppressions: [SuppressionComment] {
        _read { yield storage.value.suppressions }
        _modify { yield &storage.value.suppressions }
    }
    /// The modules the file imports (`import ShopKit` → `ShopKit`), in source order; names resolve in
    /// the file's own module first, then in these.
    public var imports: [String] {
        _read { yield storage.value.imports }
        _modify { yield &storage.value.imports }
    }
    /// `ListState<Dependencies>` written where `Dependencies` is a generic parameter in scope: handing a
    /// generic dependencies type to another component is a forward of it, even before a value is passed.
    public var specializations: [SpecializationFact] {
        _read { yield storage.value.specializations }
        _modify { yield &storage.value.specializations }
    }
    /// Places a dependencies value goes that cpdi does not follow (`return dependencies`, `[dependencies]`,
    /// `dependencies as? X`): what receives it may need anything, so its component is not judged.
    public var unfollowedFlows: [UnfollowedFlow] {
        _read { yield storage.value.unfollowedFlows }
        _modify { yield &storage.value.unfollowedFlows }
    }
    /// Every place a name that looks like a dependency alias is written as a type (`FooDependencies`,
    /// `Dependencies`, `Foo.Dependencies`), once per name and enclosing type: an alias never mentioned is dead.
    public var aliasMentions: [AliasMention] {
        _read { yield storage.value.aliasMentions }
        _modify { yield &storage.value.aliasMentions }
    }
    /// Every member name the file reads from something other than a dependencies value (`AppContainer.shared.network`,
    /// `\.network`), as a sorted set of `MemberNameHash`es: a container's leaf whose members appear here may
    /// be read through the container, so nobody may claim it unneeded. Hashes, not names, because every
    /// warm run reads them back; a collision only keeps a claim unmade, the safe side.
    public var memberNameHashes: [UInt32] {
        _read { yield storage.value.memberNameHashes }
        _modify { yield &storage.value.memberNameHashes }
    }
    /// Names written as generic arguments of public or open type aliases that are no dependency alias
    /// themselves (`public typealias EditStore = Store<State, EditDependencies>` → `EditDependencies`): a
    /// public declaration may use them through that alias.
    public var publicAliasArguments: [String] {
        _read { yield storage.value.publicAliasArguments }
        _modify { yield &storage.value.publicAliasArguments }
    }
    /// Stored properties and initializer parameters typed by a type alias this file declares, whatever the
    /// names: what `NamingInference` reads to learn an app's own words. Extracted under any naming alike.
    public var typedValues: [TypedValueFact] {
        _read { yield storage.value.typedValues }
        _modify { yield &storage.value.typedValues }
    }
    /// Set when the parser had to recover from errors; what could be read is still extracted.
    public var syntaxError: SyntaxIssue? {
        _read { yield storage.value.syntaxError }
        _modify { yield &storage.value.syntaxError }
    }

    public init(path: String) {
        storage = CopyOnWrite(Fields(path: path))
    }

    /// Gives back the room arrays kept while they grew (each doubling leaves up to half of it unused). The facts
    /// of every file stay in memory until the run ends, so at 100,000 files the slack is tens of megabytes.
    public mutating func releaseSpareCapacity() {
        storage.value.releaseSpareCapacity()
    }

    public init(from decoder: any Decoder) throws {
        storage = CopyOnWrite(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try storage.value.encode(to: encoder)
    }

    public static func == (lhs: FileFacts, rhs: FileFacts) -> Bool {
        lhs.storage.sharesStorage(with: rhs.storage) || lhs.storage.value == rhs.storage.value
    }
}

/// A name of a type as written, without generic arguments (`ProductsView.Dependencies`, `LoggingDependency`).
public struct TypeReference: Codable, Sendable, Hashable {
    public var name: String
    /// Generic arguments as written, each reduced to its own name (`Spliced<External>` → `["External"]`).
    public var genericArguments: [String]
    public var position: SourcePosition
    /// For a member of a tuple alias (`typealias Dependencies = (own: A & B, nested: C)`), its element's label.
    public var element: String?

    public init(name: String, genericArguments: [String] = [], position: SourcePosition, element: String? = nil) {
        self.name = name
        self.genericArguments = genericArguments
        self.position = position
        self.element = element
    }

    /// The last component of a dotted name (`ProductsView.Dependencies` → `Dependencies`).
    public var lastComponent: Substring { name.lastDottedPart }
}

/// `typealias Name = A & B & C` (or a single protocol / member type), top-level or nested.
public struct AliasFact: Codable, Sendable, Equatable {
    public var name: String
    /// The qualified name of the enclosing type for nested aliases (`ProductsView` for `ProductsView.Dependencies`).
    public var enclosingType: String?
    public var access: AccessLevel
    public var position: SourcePosition
    public var members: [TypeReference]
    /// No `typealias` at all: the composition a stored dependencies property is typed by
    /// (`private let dependencies: HasLogger & HasStore`), named after the property (`Home.dependencies`) and placed
    /// at it. Its components are judged like any alias's, but nothing can compose it, and no edit of it is automatic.
    public var isInline = false

    public init(
        name: String, enclosingType: String?, access: AccessLevel, position: SourcePosition, members: [TypeReference], isInline: Bool = false
    ) {
        self.name = name
        self.enclosingType = enclosingType
        self.access = access
        self.position = position
        self.members = members
        self.isInline = isInline
    }

    public var qualifiedName: String { enclosingType.map { "\($0).\(name)" } ?? name }

    /// The name of the composition an initializer takes in place (`init(dependencies: HasStore & HasPacks)`): the
    /// initializer as Swift spells it with that one label.
    public static func initializerCompositionName(label: String) -> String { "init(\(label):)" }
}

public struct GenericParameterFact: Codable, Sendable, Equatable {
    public var name: String
    /// Inline constraints and `where` clause conformances together, compositions split into members.
    public var constraints: [TypeReference]

    public init(name: String, constraints: [TypeReference]) {
        self.name = name
        self.constraints = constraints
    }
}

public enum TypeKind: String, Codable, Sendable {
    case `struct`, `class`, `actor`, `enum`, `protocol`, `extension`
}

/// A property whose name marks it as the dependencies value (`dependencies`, `services`, …).
public struct DependencyPropertyFact: Codable, Sendable, Equatable {
    public var name: String
    public var type: TypeReference?
    /// False for computed properties and protocol requirements.
    public var isStored: Bool
    public var position: SourcePosition
    /// As declared: a `private` or `fileprivate` one is read from its own file only.
    public var access: AccessLevel = .internal
    /// `let dependencies: (own: OwnDependencies, nested: NestedDependencies)`: the labelled tuple it is typed by in
    /// place, which reads (`dependencies.own.logger`) and hand-offs (`dependencies.nested`) go through.
    public var tuple: [TupleElementFact]?

    public init(name: String, type: TypeReference?, isStored: Bool, position: SourcePosition, access: AccessLevel = .internal) {
        self.name = name
        self.type = type
        self.isStored = isStored
        self.position = position
        self.access = access
    }
}

/// `own: OwnDependencies` in a labelled tuple type: the label and the type as written, whose members storing a
/// value there needs.
public struct TupleElementFact: Codable, Sendable, Equatable {
    public var label: String
    public var type: String

    public init(label: String, type: String) {
        self.label = label
        self.type = type
    }
}

public struct ParameterFact: Codable, Sendable, Equatable {
    /// The argument label callers write (`_` when none).
    public var label: String
    public var name: String
    public var type: TypeReference?
    /// Named unlike dependencies but typed by a dependency-like alias of its file (`dependency: Dependency`):
    /// a function's parameter, so every read of it is in its body (`FactCollector+TypedDependencies`).
    public var carriesDependencies = false
    /// The members of the composition it is typed by (`dependencies: HasLogger & HasStore`), sorted by name; nil for
    /// any other type.
    public var composition: [String]?

    public init(label: String, name: String, type: TypeReference?) {
        self.label = label
        self.name = name
        self.type = type
    }
}

public struct InitializerFact: Codable, Sendable, Equatable {
    public var parameters: [ParameterFact]
    public var position: SourcePosition
    /// `init<Model>(model: Model)`: names a parameter's type may be, bound at each call.
    public var genericParameters: [String]
    /// The body calls a method or function (`setupObservers()`, `NotificationCenter.default.publisher(…)`):
    /// building the value does work, which an injection nothing reads may be there to start. Read with the
    /// run-time styles' reads only.
    public var runsCode: Bool

    public init(parameters: [ParameterFact], position: SourcePosition, genericParameters: [String] = [], runsCode: Bool = false) {
        self.parameters = parameters
        self.position = position
        self.genericParameters = genericParameters
        self.runsCode = runsCode
    }
}

/// `var name: Type { get }` (or `{ get set }`) required by a protocol.
/// `let serviceProvider: ServiceProvider` or `init(context: LoginContext)`, with `ServiceProvider` and
/// `LoginContext` type aliases of the same file: the value's name and the alias's simple name.
public struct TypedValueFact: Codable, Sendable, Hashable, Comparable {
    public var name: String
    public var type: String
    /// The type whose stored property, or whose initializer's or method's parameter, it is (qualified as
    /// written in the file); nil at the top level.
    public var declaredIn: String?

    public init(name: String, type: String, declaredIn: String? = nil) {
        self.name = name
        self.type = type
        self.declaredIn = declaredIn
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.name, lhs.type, lhs.declaredIn ?? "") < (rhs.name, rhs.type, rhs.declaredIn ?? "")
    }
}

public struct PropertyRequirementFact: Codable, Sendable, Equatable {
    public var name: String
    /// The type as written, without spaces: two requirements are the same only when written alike.
    public var type: String
    public var isSettable: Bool

    public init(name: String, type: String, isSettable: Bool) {
        self.name = name
        self.type = type
        self.isSettable = isSettable
    }
}

/// A struct, class, actor, enum, protocol or extension.
/// `case detached(VM.Dependency)` in `enum Attachable<VM>`: what each payload is, as written.
public struct GenericCaseFact: Codable, Sendable, Equatable {
    public var name: String
    public var payloads: [String]

    public init(name: String, payloads: [String]) {
        self.name = name
        self.payloads = payloads
    }
}

public struct TypeFact: Codable, Sendable, Equatable {
    public var kind: TypeKind
    /// Qualified by enclosing types (`Outer.Inner`); for extensions, the extended type.
    public var name: String
    public var access: AccessLevel
    public var position: SourcePosition
    public var genericParameters: [GenericParameterFact] = []
    /// The inheritance clause in order (superclass first for classes, then protocols).
    public var inheritedTypes: [TypeReference] = []
    public var dependencyProperties: [DependencyPropertyFact] = []
    public var initializers: [InitializerFact] = []
    /// Protocols only: names of the properties and methods it requires, and of its associated types.
    public var requirements: [String] = []
    /// Protocols only: the instance properties it requires, with their types as written, in order.
    public var propertyRequirements: [PropertyRequirementFact] = []
    /// Extensions without a `where` clause only: the properties and methods they add (as `MemberNameHash`es,
    /// sorted: most extensions extend no protocol, and every warm run reads these back), which every value
    /// of an extended protocol offers as if the protocol required them.
    public var extensionMemberHashes: [UInt32] = []
    public var associatedTypes: [GenericParameterFact] = []
    /// Marked `@Suite` or holding `@Test` functions: a Swift Testing suite, not a component.
    public var isTestSuite = false
    /// Enums only: cases whose payload names a member of a generic parameter (`case detached(VM.Dependency)`),
    /// with each payload type as written.
    public var genericCases: [GenericCaseFact] = []
    /// Classes only: the generic arguments of the superclass the inheritance clause names first
    /// (`BaseFlowController<HasFeed & HasUser>`), in order, each as the names it composes; empty for an argument
    /// that is neither a name nor a composition of names.
    public var superclassArguments: [[TypeReference]] = []
    /// Protocols only: a mock generator writes a mock for it (`/// @mockable` for Mockolo,
    /// `// sourcery: AutoMockable` or inheriting `AutoMockable` for Sourcery), which a type alias cannot have.
    public var generatesMock = false

    public init(kind: TypeKind, name: String, access: AccessLevel, position: SourcePosition) {
        self.kind = kind
        self.name = name
        self.access = access
        self.position = position
    }

    public var isProtocol: Bool { kind == .protocol }
    /// A protocol with no property, method, subscript, initializer or associated type of its own: what it asks
    /// of a conformer is only what it inherits.
    public var declaresNothingOfItsOwn: Bool {
        requirements.isEmpty && associatedTypes.isEmpty && initializers.isEmpty && genericParameters.isEmpty
    }
}

/// A function or method that takes a dependencies parameter (a helper component).
public struct FunctionFact: Codable, Sendable, Equatable {
    public var name: String
    public var enclosingType: String?
    public var isStatic: Bool
    public var access: AccessLevel
    public var position: SourcePosition
    public var genericParameters: [GenericParameterFact]
    public var parameters: [ParameterFact]

    public init(
        name: String, enclosingType: String?, isStatic: Bool, access: AccessLevel, position: SourcePosition,
        genericParameters: [GenericParameterFact], parameters: [ParameterFact]
    ) {
        self.name = name
        self.enclosingType = enclosingType
        self.isStatic = isStatic
        self.access = access
        self.position = position
        self.genericParameters = genericParameters
        self.parameters = parameters
    }

    /// `Analytics.track`, or `track` for a free function.
    public var qualifiedName: String { enclosingType.map { "\($0).\(name)" } ?? name }
}

/// A member read from the dependencies value: `dependencies.logger`, `dependencies?.makeX()`,
/// or at type level `Dependencies.Cache`.
public struct UseFact: Codable, Sendable, Equatable {
    public var base: String
    /// The value whose dependencies are read, when they are not the code's own (`viewModel` in
    /// `viewModel.dependencies.logger`), and its type when the file tells it.
    public var holder: String?
    public var holderType: String?
    public var member: String
    /// What is read from the member next (`imageService` in `dependencies.own.imageService`): the read
    /// that counts when `member` is an element of a tuple alias.
    public var next: String?
    /// The member is handed on as a dependencies argument (`List(dependencies: dependencies.nested)`).
    public var isHandedOn = false
    /// `self.logger = dependencies.logger` into a `private` stored property whose name the file writes nowhere
    /// else: the copy is never read, so neither is the member, but removing it takes the copy too.
    public var deadCopy: String?
    public var isTypeLevel: Bool
    public var enclosingType: String?
    /// The qualified name of the innermost function taking a dependencies parameter, if any.
    public var enclosingFunction: String?
    /// Whose value it is, by its declared type: see `ValueIdentity`.
    public var value: ValueIdentity?
    public var position: SourcePosition

    public init(
        base: String, member: String, isTypeLevel: Bool, enclosingType: String?, enclosingFunction: String? = nil,
        position: SourcePosition, holder: String? = nil, holderType: String? = nil
    ) {
        self.base = base
        self.holder = holder
        self.holderType = holderType
        self.member = member
        self.isTypeLevel = isTypeLevel
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.position = position
    }
}

public enum ForwardKind: String, Codable, Sendable {
    /// `Child(dependencies:)`, `Helper.track(dependencies:)`, `loader.load(dependencies:)`, `.autoExpand(dependencies:)`
    case call
    /// `super.init(dependencies:)`
    case superInit
    /// `child.dependencies = dependencies`
    case assignment
}

/// The dependencies value (or another value) handed on to someone else.
///
/// The seven details most forwards leave empty (a holder, an outer call, a built type, a projection, whose value
/// it is) live in a box made only when one is set: a forward is otherwise half their size, and a large app's
/// facts hold hundreds of thousands of forwards for the whole run.
public struct ForwardFact: Codable, Sendable, Equatable {
    public var kind: ForwardKind
    /// What is called: a type or function name (`ProductImageView`, `track`, `load`, `init`), or for an
    /// assignment the assigned property.
    public var callee: String
    /// What stands before the callee, if anything simple: a type (`Analytics`), a variable (`loader`), `self`.
    public var base: String?
    /// The type of `base` when the file declares it (`let loader: ProductLoader` → `ProductLoader`).
    public var baseType: String?
    /// The argument label (or assigned property) carrying the value.
    public var label: String
    /// True when the value handed on is the caller's own dependencies (or those of a value it holds,
    /// `viewModel.dependencies`); false for a value built on the spot.
    public var passesOwnDependencies: Bool
    public var enclosingType: String?
    /// The qualified name of the innermost function taking a dependencies parameter, if any.
    public var enclosingFunction: String?
    public var position: SourcePosition
    private var details: CopyOnWrite<DetailFields>?

    private struct DetailFields: Sendable, Equatable {
        var holder: String?
        var holderType: String?
        var outerCallee: String?
        var outerLabel: String?
        var builtType: String?
        var projection: String?
        var value: ValueIdentity?
        var expectedType: TypeReference?
        var baseTypeHint: TypeArgumentHint?
        var argumentIndex: Int?
        var metatypeCall: MetatypeCallBox?
        var staticMember: String?
    }

    private var detailFields: DetailFields { details?.value ?? DetailFields() }

    private mutating func setDetail<Value>(_ field: WritableKeyPath<DetailFields, Value?>, _ value: Value?) {
        if details == nil {
            guard value != nil else { return }
            details = CopyOnWrite(DetailFields())
        }
        details!.value[keyPath: field] = value
    }

    /// `viewModel` when the value handed on is `viewModel.dependencies`, and its type when known.
    public var holder: String? {
        get { details?.value.holder }
        set { setDetail(\.holder, newValue) }
    }
    public var holderType: String? {
        get { details?.value.holderType }
        set { setDetail(\.holderType, newValue) }
    }
    /// For an implicit member call (`Child(model: .init(dependencies: dependencies))`): the call it is an
    /// argument of and the label, which together name the parameter whose type is built.
    public var outerCallee: String? {
        get { details?.value.outerCallee }
        set { setDetail(\.outerCallee, newValue) }
    }
    public var outerLabel: String? {
        get { details?.value.outerLabel }
        set { setDetail(\.outerLabel, newValue) }
    }
    /// The type of a value built on the spot (`Root(dependencies: AppDependencies.live())` → `AppDependencies`).
    public var builtType: String? {
        get { details?.value.builtType }
        set { setDetail(\.builtType, newValue) }
    }
    /// `nested` when what is handed on is `dependencies.nested`: an element of a tuple alias, or else a
    /// member read that is no forward at all.
    public var projection: String? {
        get { details?.value.projection }
        set { setDetail(\.projection, newValue) }
    }
    /// Whose value it is, by its declared type: see `ValueIdentity`.
    public var value: ValueIdentity? {
        get { details?.value.value }
        set { setDetail(\.value, newValue) }
    }
    /// For an implicit member call that a binding's written type receives (`let model: Attachable<Home> =
    /// .detached(dependencies)`): that type, whose case or static member is called.
    public var expectedType: TypeReference? {
        get { details?.value.expectedType }
        set { setDetail(\.expectedType, newValue) }
    }
    /// When `base` is a local bound from a call that may return the type handed to it, that call: linking
    /// takes the type for `baseType` where the sources declare such a function.
    public var baseTypeHint: TypeArgumentHint? {
        get { details?.value.baseTypeHint }
        set { setDetail(\.baseTypeHint, newValue) }
    }
    /// Where an unlabelled argument stands among the call's arguments, when the receiver is a value
    /// (`dependencies.reduce(action, state, dependencies)`): a closure's parameters are known by position only.
    public var argumentIndex: Int? {
        get { details?.value.argumentIndex }
        set { setDetail(\.argumentIndex, newValue) }
    }

    /// When `init` is called on a metatype a function returns (`decoderType.init(appContext:)` on `let decoderType =
    /// manager.jsonDecoder(for: model)`), that call: linking takes the metatype for `baseType` where the sources
    /// declare the function.
    public var metatypeCall: MetatypeCallHint? {
        get { details?.value.metatypeCall?.hint }
        set { setDetail(\.metatypeCall, newValue.map(MetatypeCallBox.init)) }
    }

    /// `AppDependency.shared` when that is what is handed on, a type's static member that is no dependencies value by
    /// name: linking types it by the member's declared type (`static var shared: AllDependencies`).
    public var staticMember: String? {
        get { details?.value.staticMember }
        set { setDetail(\.staticMember, newValue) }
    }

    /// Rarely set, so kept out of line: the detail box of every other forward stays its size.
    final class MetatypeCallBox: Sendable, Equatable {
        let hint: MetatypeCallHint
        init(_ hint: MetatypeCallHint) { self.hint = hint }
        static func == (lhs: MetatypeCallBox, rhs: MetatypeCallBox) -> Bool { lhs.hint == rhs.hint }
    }

    public init(
        kind: ForwardKind, callee: String, base: String?, baseType: String?, label: String,
        passesOwnDependencies: Bool, builtType: String? = nil, enclosingType: String?, enclosingFunction: String? = nil,
        position: SourcePosition, holder: String? = nil, holderType: String? = nil, outerCallee: String? = nil,
        outerLabel: String? = nil
    ) {
        self.kind = kind
        self.callee = callee
        self.base = base
        self.baseType = baseType
        self.label = label
        self.passesOwnDependencies = passesOwnDependencies
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.position = position
        self.holder = holder
        self.holderType = holderType
        self.outerCallee = outerCallee
        self.outerLabel = outerLabel
        self.builtType = builtType
    }

    public static func == (lhs: ForwardFact, rhs: ForwardFact) -> Bool {
        lhs.kind == rhs.kind && lhs.callee == rhs.callee && lhs.base == rhs.base && lhs.baseType == rhs.baseType
            && lhs.label == rhs.label && lhs.passesOwnDependencies == rhs.passesOwnDependencies
            && lhs.enclosingType == rhs.enclosingType && lhs.enclosingFunction == rhs.enclosingFunction
            && lhs.position == rhs.position && lhs.detailFields == rhs.detailFields
    }

    // The keys in the order the synthesized coding wrote them, so cached facts keep their bytes.
    private enum CodingKeys: String, CodingKey {
        case kind, callee, base, baseType, label, passesOwnDependencies, holder, holderType, outerCallee, outerLabel
        case builtType, projection, value, enclosingType, enclosingFunction, position, expectedType, baseTypeHint, argumentIndex
        case metatypeCall, staticMember
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ForwardKind.self, forKey: .kind)
        callee = try container.decode(String.self, forKey: .callee)
        base = try container.decodeIfPresent(String.self, forKey: .base)
        baseType = try container.decodeIfPresent(String.self, forKey: .baseType)
        label = try container.decode(String.self, forKey: .label)
        passesOwnDependencies = try container.decode(Bool.self, forKey: .passesOwnDependencies)
        // Read in the order `encode` writes (the compact coder is positional): the expected type comes last.
        var fields = DetailFields(
            holder: try container.decodeIfPresent(String.self, forKey: .holder),
            holderType: try container.decodeIfPresent(String.self, forKey: .holderType),
            outerCallee: try container.decodeIfPresent(String.self, forKey: .outerCallee),
            outerLabel: try container.decodeIfPresent(String.self, forKey: .outerLabel),
            builtType: try container.decodeIfPresent(String.self, forKey: .builtType),
            projection: try container.decodeIfPresent(String.self, forKey: .projection),
            value: try container.decodeIfPresent(ValueIdentity.self, forKey: .value)
        )
        enclosingType = try container.decodeIfPresent(String.self, forKey: .enclosingType)
        enclosingFunction = try container.decodeIfPresent(String.self, forKey: .enclosingFunction)
        position = try container.decode(SourcePosition.self, forKey: .position)
        fields.expectedType = try container.decodeIfPresent(TypeReference.self, forKey: .expectedType)
        fields.baseTypeHint = try container.decodeIfPresent(TypeArgumentHint.self, forKey: .baseTypeHint)
        fields.argumentIndex = try container.decodeIfPresent(Int.self, forKey: .argumentIndex)
        fields.metatypeCall = try container.decodeIfPresent(MetatypeCallHint.self, forKey: .metatypeCall).map(MetatypeCallBox.init)
        fields.staticMember = try container.decodeIfPresent(String.self, forKey: .staticMember)
        details = fields == DetailFields() ? nil : CopyOnWrite(fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let fields = detailFields
        try container.encode(kind, forKey: .kind)
        try container.encode(callee, forKey: .callee)
        try container.encodeIfPresent(base, forKey: .base)
        try container.encodeIfPresent(baseType, forKey: .baseType)
        try container.encode(label, forKey: .label)
        try container.encode(passesOwnDependencies, forKey: .passesOwnDependencies)
        try container.encodeIfPresent(fields.holder, forKey: .holder)
        try container.encodeIfPresent(fields.holderType, forKey: .holderType)
        try container.encodeIfPresent(fields.outerCallee, forKey: .outerCallee)
        try container.encodeIfPresent(fields.outerLabel, forKey: .outerLabel)
        try container.encodeIfPresent(fields.builtType, forKey: .builtType)
        try container.encodeIfPresent(fields.projection, forKey: .projection)
        try container.encodeIfPresent(fields.value, forKey: .value)
        try container.encodeIfPresent(enclosingType, forKey: .enclosingType)
        try container.encodeIfPresent(enclosingFunction, forKey: .enclosingFunction)
        try container.encode(position, forKey: .position)
        try container.encodeIfPresent(fields.expectedType, forKey: .expectedType)
        try container.encodeIfPresent(fields.baseTypeHint, forKey: .baseTypeHint)
        try container.encodeIfPresent(fields.argumentIndex, forKey: .argumentIndex)
        try container.encodeIfPresent(fields.metatypeCall?.hint, forKey: .metatypeCall)
        try container.encodeIfPresent(fields.staticMember, forKey: .staticMember)
    }
}

/// A type that reads a dependencies-like name (once per type and name is enough).
public struct DependencyRead: Codable, Sendable, Hashable {
    public var name: String
    public var enclosingType: String?

    public init(name: String, enclosingType: String?) {
        self.name = name
        self.enclosingType = enclosingType
    }
}

public struct SyntaxIssue: Codable, Sendable, Equatable {
    public var position: SourcePosition
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }
}

/// `ListState<Dependencies>` written inside a component generic over `Dependencies`.
public struct SpecializationFact: Codable, Sendable, Equatable {
    public var type: String
    /// The generic arguments that are generic parameters in scope.
    public var arguments: [String]
    public var enclosingType: String?
    public var enclosingFunction: String?
    public var position: SourcePosition

    public init(type: String, arguments: [String], enclosingType: String?, enclosingFunction: String?, position: SourcePosition) {
        self.type = type
        self.arguments = arguments
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.position = position
    }
}

/// What the declared type of a dependencies value says about whose it is. Values named like dependencies
/// (`dependencies`, `services`) need none of it: the code around them says whose they are.
public struct ValueIdentity: Codable, Sendable, Hashable {
    /// The type declaring the generic parameter the value is typed by (`ListState` for a parameter of
    /// type `Dependencies` in a method of `ListState.LoaderModel`).
    public var genericOwner: String?
    /// The alias-like type name the value is declared with (`let context: HomeDependencies`), to be checked
    /// when linking: a value typed by a concrete type is no dependencies value after all.
    public var declaredType: String?

    public init(genericOwner: String? = nil, declaredType: String? = nil) {
        self.genericOwner = genericOwner
        self.declaredType = declaredType
    }
}

/// A dependency-alias-like name written as a type, and the type it is written in.
public struct AliasMention: Codable, Sendable, Hashable {
    public var name: String
    public var enclosingType: String?
    /// The function written in, for an alias the file knows by its composition alone (`Dependency` in
    /// `func execute(dependency: Dependency)`): that function may be the component the alias belongs to.
    public var enclosingFunction: String?
    /// The alias whose declaration composes it (`typealias LoginModuleContext = LoginInteractorContext`),
    /// qualified: a composition, which linking follows, not a use of the value.
    public var composedBy: String?

    public init(name: String, enclosingType: String?, enclosingFunction: String? = nil, composedBy: String? = nil) {
        self.name = name
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.composedBy = composedBy
    }
}

extension Array {
    /// Copies the elements into a buffer of their own size when the current one has room to spare.
    mutating func releaseSpareCapacity() {
        guard capacity > count else { return }
        self = isEmpty ? [] : withUnsafeBufferPointer { Array($0) }
    }
}

/// A file's imports as `FileFacts.imports` keeps them: a module (`Kit`), or one declaration of it
/// (`Kit.Player`, from `import class Kit.Player`).
public enum ImportedNames {
    /// The module an import names.
    public static func module(of entry: String) -> Substring {
        entry.firstIndex(of: ".").map { entry[..<$0] } ?? entry[...]
    }

    /// Whether `imports` bring `name` of `module` into the file: the whole module, or that declaration.
    public static func bring(_ name: Substring, of module: String, _ imports: [String]) -> Bool {
        imports.contains { entry in
            guard let dot = entry.firstIndex(of: ".") else { return entry == module }
            return entry[..<dot] == module && entry[entry.index(after: dot)...] == name
        }
    }
}
