/// Where a dependencies value goes when it is neither read (`dependencies.logger`), handed to someone
/// (`Child(dependencies:)`), stored in the own dependencies property nor copied into a local: places cpdi
/// does not follow. What reaches them may need any member of the alias, so the component the value
/// belongs to is not judged (SPEC §4b). Every occurrence of a dependencies value is sorted into exactly
/// one of those ways by `ValueFlowReading`.
public enum UnfollowedFlowKind: String, Codable, Sendable, CaseIterable, Comparable {
    /// `return dependencies`, or the value a getter, function or closure ends with.
    case returned
    /// `router.context = dependencies`, `let any: Any = dependencies`: into a place typed otherwise.
    case assigned
    /// `[dependencies]`, `["d": dependencies]`, `(dependencies, 1)`: into an array, dictionary or tuple.
    case collected
    /// `dependencies as? HomeDependencies`, `as!`, `as`.
    case cast
    /// `dependencies[keyPath: path]` with a path held elsewhere, or any other subscript of it.
    case keyPath
    /// `flag ? dependencies : other`, `dependencies ?? other`: mixed with another value.
    case combined
    /// `&dependencies`, `dependencies()`, `switch dependencies`, and anything else cpdi does not read.
    case other

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One place a dependencies value goes that cpdi does not follow.
public struct UnfollowedFlow: Codable, Sendable, Equatable {
    public var kind: UnfollowedFlowKind
    /// The name the value goes by (`dependencies`, `context`).
    public var name: String
    /// What the code does, briefly and as written (`return dependencies`, `as? HomeDependencies`).
    public var detail: String
    public var enclosingType: String?
    public var enclosingFunction: String?
    /// The value is a held one's (`viewModel.dependencies`), and that value's name and type when known.
    public var holder: String?
    public var holderType: String?
    /// Whose value it is, by its declared type: see `ValueIdentity`.
    public var value: ValueIdentity?
    public var position: SourcePosition
    /// `controller.injectDependencies()`: a held value's member named like dependencies, called. A method of
    /// the holder unless some type declares a property of that name (a closure handing the value out).
    public var isCall = false
    /// `as? AppContainer`, `as! Services`: the type a cast asks for, as written, when it has a plain name.
    public var castType: String?

    public init(
        kind: UnfollowedFlowKind, name: String, detail: String, enclosingType: String?, enclosingFunction: String?,
        position: SourcePosition, holder: String? = nil, holderType: String? = nil, value: ValueIdentity? = nil
    ) {
        self.kind = kind
        self.name = name
        self.detail = detail
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.holder = holder
        self.holderType = holderType
        self.value = value
        self.position = position
    }
}

/// A name as a number: FNV-1a over its UTF-8 bytes, the same in every process and on every machine. Facts
/// that are sets of names read keep these instead of the names: every warm run reads them back, and two
/// names with one number only make something count as read that was not, the silent side.
public enum MemberNameHash {
    public static func of(_ name: String) -> UInt32 { continuing(2_166_136_261, name) }

    /// The hash of a name from its UTF-8 bytes, without building a string: equal to `of` of the same name.
    public static func of(utf8 bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// `type|name`: `name` written alone inside `type` (`|name` at the top level).
    public static func bare(_ name: String, in type: Substring) -> UInt32 {
        continuing(continuing(continuing(2_166_136_261, type), "|"), name)
    }

    private static func continuing(_ start: UInt32, _ text: some StringProtocol) -> UInt32 {
        var hash = start
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }
}

/// The name a type is written by last: `Feature.ViewModel` → `ViewModel`, `Box<Item>?` → `Box`. A registration
/// and a lookup of one type may qualify it differently, but both end in this name.
public enum TypeMentionName {
    public static func last(of type: String) -> Substring {
        var name = type[...]
        if let open = name.firstIndex(of: "<") { name = name[..<open] }
        while let end = name.last, end == "?" || end == "!" || end == " " { name = name.dropLast() }
        if name.hasPrefix("any ") { name = name.dropFirst(4) }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return name
    }
}
