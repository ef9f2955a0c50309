import CPDIGraph
import CPDIRules

/// What a change did to the dependency graph and the findings: a pure function of two results (see
/// `ResultDiff.init(base:head:)`), so two saved results can be compared again without scanning.
public struct ResultDiff: Codable, Sendable, Equatable {
    /// Bumped whenever the shape changes; its JSON Schema is `Schema/cpdi-diff.schema.json`.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: AnalysisResult.Tool
    public var base: Side
    public var head: Side
    /// Findings in head that base does not have, and findings of base that head no longer has.
    public var introduced: [Finding]
    public var fixed: [Finding]
    /// Nodes (components, aliases, leaves, containers, registrations) only in head, and only in base.
    public var addedNodes: [Node]
    public var removedNodes: [Node]
    /// Edges by their ends, kind and manner (not by line, which any edit above them moves).
    public var addedEdges: [EdgeChange]
    public var removedEdges: [EdgeChange]
    /// Components in both whose flattened leaves grew or shrank.
    public var leafChanges: [LeafChange]
    /// Names of the changed components and of every component that forwards to one, directly or not.
    public var affected: [String]

    /// One of the two results compared.
    public struct Side: Codable, Sendable, Equatable {
        /// The revision or file the result came from, as the user named it.
        public var label: String
        public var files: Int
        public var components: Int
        public var findings: Int

        public init(label: String, files: Int, components: Int, findings: Int) {
            self.label = label
            self.files = files
            self.components = components
            self.findings = findings
        }
    }

    /// An edge added or removed, with where it is written on the side that has it.
    public struct EdgeChange: Codable, Sendable, Equatable, Comparable {
        public var from: String
        public var to: String
        public var kind: EdgeKind
        public var via: ForwardVia?
        public var file: String
        public var line: Int

        public init(_ edge: Edge) {
            from = edge.from
            to = edge.to
            kind = edge.kind
            via = edge.via
            file = edge.file
            line = edge.line
        }

        public static func < (lhs: EdgeChange, rhs: EdgeChange) -> Bool {
            (lhs.from, lhs.to, lhs.kind.rawValue, lhs.via?.rawValue ?? "") < (rhs.from, rhs.to, rhs.kind.rawValue, rhs.via?.rawValue ?? "")
        }
    }

    /// A component whose flattened leaf set changed.
    public struct LeafChange: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var file: String
        public var line: Int
        public var added: [Gained]
        public var removed: [String]

        /// A leaf the component needs now, and the children it forwards to that bring it (empty when
        /// its own alias lists the leaf).
        public struct Gained: Codable, Sendable, Equatable {
            public var leaf: String
            public var through: [String]
        }
    }

    public var isEmpty: Bool {
        introduced.isEmpty && fixed.isEmpty && addedNodes.isEmpty && removedNodes.isEmpty
            && addedEdges.isEmpty && removedEdges.isEmpty && leafChanges.isEmpty
    }
}
