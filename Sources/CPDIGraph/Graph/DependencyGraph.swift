import CPDIFacts

/// The graph of SPEC §3 as a plain value: what reporters draw and what `graph --format json` saves.
public struct DependencyGraph: Codable, Sendable, Equatable {
    public var nodes: [Node]
    public var edges: [Edge]
    /// Components that nobody forwards dependencies to (the entry points of the app).
    public var roots: [String]

    public init(nodes: [Node], edges: [Edge], roots: [String]) {
        self.nodes = nodes
        self.edges = edges
        self.roots = roots
    }

    public func node(id: String) -> Node? { nodes.first { $0.id == id } }
}

public enum NodeKind: String, Codable, Sendable, CaseIterable {
    /// A type or function that receives dependencies.
    case component
    /// A type alias composing dependencies.
    case alias
    /// A protocol describing one dependency.
    case leaf
    /// A concrete type that provides dependencies (an app container, a spliced type).
    case container
    /// A module or key registered in one of the run-time styles.
    case registration
}

public struct Node: Codable, Sendable, Equatable {
    /// `kind:QualifiedName`, stable across runs.
    public var id: String
    public var kind: NodeKind
    public var name: String
    public var module: String
    /// Empty for leaves declared outside the analysed sources.
    public var file: String
    public var line: Int
    public var column: Int
    public var access: AccessLevel
    /// Components and aliases: the leaves they end up requiring, flattened and sorted.
    public var leaves: [String]?

    public init(
        id: String, kind: NodeKind, name: String, module: String, file: String, line: Int, column: Int,
        access: AccessLevel, leaves: [String]? = nil
    ) {
        self.id = id
        self.kind = kind
        self.name = name
        self.module = module
        self.file = file
        self.line = line
        self.column = column
        self.access = access
        self.leaves = leaves
    }

    public static func id(_ kind: NodeKind, _ name: String) -> String { "\(kind.rawValue):\(name)" }
}

public enum EdgeKind: String, Codable, Sendable, CaseIterable {
    /// alias → member (alias or leaf)
    case composes
    /// component → the alias or leaves it is constrained by
    case requires
    /// component → child component it hands its dependencies to
    case forwardsTo
    /// component → leaf whose members it reads
    case uses
    /// container → leaf it satisfies
    case provides
    /// component → registration it injects
    case injects
}

/// How a forward happens in the source.
public enum ForwardVia: String, Codable, Sendable, CaseIterable {
    case construction, superclass, helper, method, assignment, conformance
    /// `Row<Dependencies>` written inside a component generic over `Dependencies`.
    case typeArgument
}

public struct Edge: Codable, Sendable, Equatable, Comparable {
    public var from: String
    public var to: String
    public var kind: EdgeKind
    public var via: ForwardVia?
    /// Where the edge is written (the alias member, the call, the access).
    public var file: String
    public var line: Int
    public var column: Int

    public init(from: String, to: String, kind: EdgeKind, via: ForwardVia? = nil, file: String, line: Int, column: Int) {
        self.from = from
        self.to = to
        self.kind = kind
        self.via = via
        self.file = file
        self.line = line
        self.column = column
    }

    /// By endpoints, kind, manner, then place; field by field, as tuples would, without building them.
    public static func < (lhs: Edge, rhs: Edge) -> Bool {
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        if lhs.to != rhs.to { return lhs.to < rhs.to }
        if lhs.kind != rhs.kind { return lhs.kind.rawValue < rhs.kind.rawValue }
        if lhs.via != rhs.via { return (lhs.via?.rawValue ?? "") < (rhs.via?.rawValue ?? "") }
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }
}
