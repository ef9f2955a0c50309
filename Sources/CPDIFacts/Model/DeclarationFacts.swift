/// How declarations that carry dependencies are written, for the style rules (parameter order, reads
/// of a spliced type's wrapped value). Kept apart from the linking facts because only rules read them.
public struct DeclarationFacts: Codable, Sendable, Equatable {
    /// One entry per initializer or function whose parameter list has a dependencies parameter.
    public var dependenciesParameters: [DependenciesParameterFact] = []
    /// `x.externalDependencies`, `dependencies.deps`: a dependencies-like member read from another value.
    public var dependencyMemberReads: [DependencyMemberRead] = []
    /// `static let shared: AppDelegateProtocol`: what a held value reached through a type's static member
    /// (`AppDelegate.shared.context`) is held by.
    public var staticProperties: [StaticPropertyFact] = []
    /// `func dequeueReusableCell<T>(for: IndexPath, cellType: T.Type) -> T`: calls returning the type they are
    /// handed (`cellType: SummaryCell.self`), which tells a local bound from such a call its type.
    public var typeReturningFunctions: [TypeReturningFunctionFact] = []
    /// `func jsonDecoder(for: Model.Type) -> DecoderProtocol.Type?`: functions returning a metatype, whose result's
    /// `init` builds what it names (`ForwardResolution`).
    public var metatypeFunctions: [MetatypeFunctionFact] = []
    /// `delegate as? Context` in a type that declares `Context` in its own body: the type and the alias as written.
    /// Such casts are the type's dependencies values when nothing else gives it one (`ComponentDiscovery`).
    public var ownAliasCasts: [OwnAliasCastFact] = []
    /// Protocols an Objective-C header declares whose members are not imported (methods), but which ask no
    /// conformer for a Swift type: Objective-C has no associated types, and nothing in their requirements can
    /// spell a composed protocol type (`ObjectiveCHeaders.read`). A conformance to one requires no alias.
    public var opaqueObjectiveCProtocols: [String] = []
    /// Classes an Objective-C header declares (`@interface OEXRouter : NSObject`): Swift sees them as classes,
    /// which ask no subclass for a type, though the sources hold no declaration of them.
    public var objectiveCClasses: [String] = []
    /// Associated types generic code constrains or ties, by name: `Dependency` for `where R.Dependency: HasLogger`,
    /// `where R.Dependency == AppDependencies` or a primary associated type; not for a tie to a generic parameter
    /// in scope, which takes whatever the conformer chooses. In first-seen order.
    public var associatedTypeTies: [String] = []
    /// Closure types a type alias names or a protocol's property requirement declares, with what each parameter
    /// takes: a value handed to such a closure goes where its parameter's type says (`ClosureParameterTyping`).
    public var closureTypes: [ClosureTypeFact] = []

    public init() {}

    mutating func releaseSpareCapacity() {
        dependenciesParameters.releaseSpareCapacity()
        dependencyMemberReads.releaseSpareCapacity()
        staticProperties.releaseSpareCapacity()
        typeReturningFunctions.releaseSpareCapacity()
        metatypeFunctions.releaseSpareCapacity()
        ownAliasCasts.releaseSpareCapacity()
        opaqueObjectiveCProtocols.releaseSpareCapacity()
        objectiveCClasses.releaseSpareCapacity()
        associatedTypeTies.releaseSpareCapacity()
        closureTypes.releaseSpareCapacity()
    }
}

/// Where the first dependencies parameter of an initializer or function stands in its list.
public struct DependenciesParameterFact: Codable, Sendable, Equatable {
    /// `init` for initializers, else the function's name.
    public var function: String
    public var enclosingType: String?
    /// 0-based place in the parameter list.
    public var index: Int
    public var label: String
    public var name: String
    /// The parameter's type as written; nil for function, tuple or collection types.
    public var type: TypeReference?
    /// The labels of the parameters before it, so a message can name them.
    public var precedingLabels: [String]
    /// Where the parameter starts (its label).
    public var position: SourcePosition
    /// `dependencies: D = .live`: a defaulted parameter belongs at the end by Swift's API guidelines.
    public var hasDefaultValue = false

    public init(
        function: String, enclosingType: String?, index: Int, label: String, name: String, type: TypeReference?,
        precedingLabels: [String], position: SourcePosition
    ) {
        self.function = function
        self.enclosingType = enclosingType
        self.index = index
        self.label = label
        self.name = name
        self.type = type
        self.precedingLabels = precedingLabels
        self.position = position
    }

    public var isInitializer: Bool { function == "init" }
}

/// A dependencies-like member read on some value other than `self` (`dependencies.externalDependencies`).
public struct DependencyMemberRead: Codable, Sendable, Equatable {
    /// The value it is read from, when that is a plain name, a type's static member or method called with no
    /// arguments (`AppDelegate.shared`, `OEXRouter.shared()`), or a member of the code's own dependencies value
    /// (`environment#router`).
    public var base: String?
    /// The type of that value when the file tells it (a declared property or local, a cast).
    public var baseType: String?
    public var member: String
    /// What is read from it next (`isEmpty` in `vault.services.isEmpty`), if anything.
    public var then: String?
    public var enclosingType: String?
    public var position: SourcePosition

    public init(base: String?, member: String, enclosingType: String?, position: SourcePosition, baseType: String? = nil) {
        self.base = base
        self.baseType = baseType
        self.member = member
        self.enclosingType = enclosingType
        self.position = position
    }
}

/// A `static` or `class` property whose type the declaration proves: written (`static let shared: Session`),
/// built (`= Session()`) or cast (`= delegate as! Session`).
public struct StaticPropertyFact: Codable, Sendable, Equatable {
    /// The type or extension declaring it, qualified as written in the file.
    public var owner: String
    public var name: String
    /// The nominal type of its value, optionals unwrapped.
    public var type: String

    public init(owner: String, name: String, type: String) {
        self.owner = owner
        self.name = name
        self.type = type
    }
}

/// `typealias ExpressionType = (Action, State, DependenciesType) -> State` (named `Reducing.ExpressionType`), or
/// `var reduce: (Action, Dependencies) -> State { get }` in a protocol (named `HasReducer.reduce`): the names of the
/// closure's parameter types by position, empty where a parameter's type has no plain name.
public struct ClosureTypeFact: Codable, Sendable, Hashable {
    public var name: String
    public var parameters: [String]

    public init(name: String, parameters: [String]) {
        self.name = name
        self.parameters = parameters
    }
}

/// A generic function returning its type parameter `T` (optionally `T?` or `T!`) and taking `T.Type` under
/// `label`: whatever type the caller hands there is what it gets back.
public struct TypeReturningFunctionFact: Codable, Sendable, Hashable {
    public var name: String
    public var label: String

    public init(name: String, label: String) {
        self.name = name
        self.label = label
    }
}

/// `func jsonDecoder(for: Model.Type) -> DecoderProtocol.Type?` in `DecoderManaging`, or a protocol's `static func
/// adapterClass() -> AdapterProtocol.Type`: a function returning the metatype of a named type.
public struct MetatypeFunctionFact: Codable, Sendable, Hashable {
    /// The type it is declared in (an extension's extended type), as written; nil for a free function.
    public var owner: String?
    public var name: String
    /// Its argument labels in order, `_` where there is none.
    public var labels: [String]
    public var isStatic: Bool
    /// The type whose metatype it returns, as written (`DecoderProtocol`).
    public var returned: String

    public init(owner: String?, name: String, labels: [String], isStatic: Bool, returned: String) {
        self.owner = owner
        self.name = name
        self.labels = labels
        self.isStatic = isStatic
        self.returned = returned
    }
}

/// A type that casts a value to an alias it declares itself (`Screen`, `Context`).
public struct OwnAliasCastFact: Codable, Sendable, Hashable {
    public var type: String
    public var alias: String

    public init(type: String, alias: String) {
        self.type = type
        self.alias = alias
    }
}

/// The call a metatype comes from, when a function returns it: `dependencies.decoderManager?.jsonDecoder(for:)`,
/// `type(of: service).adapterClass()`. Linking looks the function up where the receiver's type says.
public struct MetatypeCallHint: Codable, Sendable, Hashable {
    public enum Receiver: String, Codable, Sendable {
        /// `requestClass(for:)` or `self.requestClass(for:)`: a function of the type around the call.
        case enclosingType
        /// `service.adapterClass()` on a local whose type the file tells.
        case instance
        /// `type(of: service).adapterClass()`: a static function of that local's type.
        case metatype
        /// `dependencies.decoderManager?.jsonDecoder(for:)`: a function of the type a member of the dependencies is.
        case dependenciesMember
    }

    public var receiver: Receiver
    /// The local's type (`instance`, `metatype`) or the member's name (`dependenciesMember`).
    public var subject: String?
    public var callee: String
    public var labels: [String]

    public init(receiver: Receiver, subject: String?, callee: String, labels: [String]) {
        self.receiver = receiver
        self.subject = subject
        self.callee = callee
        self.labels = labels
    }
}

/// `let cell = view.dequeueReusableCell(for: path, cellType: SummaryCell.self)`: the call a local was bound
/// from and the type handed to it, which is the local's type when the call is a `TypeReturningFunctionFact`.
public struct TypeArgumentHint: Codable, Sendable, Hashable {
    public var callee: String
    public var label: String
    public var type: String

    public init(callee: String, label: String, type: String) {
        self.callee = callee
        self.label = label
        self.type = type
    }
}
