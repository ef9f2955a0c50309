import CPDIFacts

/// What `cpdi graph` draws and how. Every choice left nil is made by `LayoutStrategy` from the size
/// and shape of the graph, so the default always finishes and stays readable.
public struct GraphOptions: Sendable, Equatable {
    /// Which kinds of node and edge make up the picture.
    public enum View: String, CaseIterable, Sendable {
        /// Components, containers and run-time registrations; who forwards dependencies to whom and who
        /// injects what: the architecture.
        case components
        /// Alias compositions down to their leaves.
        case aliases
        /// Every node, and every edge but `uses` (requires + composes already show them).
        case full
    }

    /// How nodes are grouped: per module, per folder (the node's file's directory), or not at all.
    public enum Grouping: String, CaseIterable, Sendable {
        case module, folder
        /// Drawn as is: no clusters, or no collapse.
        case flat = "none"
    }

    public var view: View
    /// Node names, or module names, to draw with their neighbourhood; empty draws everything.
    public var focus: [String]
    /// How many edges away from a focused node, in either direction, are still drawn.
    public var depth: Int
    /// A leaf: draw only the components that end up requiring it, and how it reaches them.
    public var reverse: String?
    /// Globs over node names and file paths; empty includes everything.
    public var include: [NamePattern]
    public var exclude: [NamePattern]
    public var hideLeaves: Bool
    /// nil: clusters per module when the graph spans several modules and is drawn flat.
    public var cluster: Grouping?
    /// nil: collapse when the graph is too large to lay out or read; `.flat` never collapses.
    public var collapse: Grouping?
    /// nil: chosen by size (dot for small and collapsed graphs, sfdp for large flat ones).
    public var engine: String?
    /// Links point at `prefix + path + "#L" + line` when set, else at paths relative to `linkBase`.
    public var linkPrefix: String?
    /// The folder of the written file (relative to the working directory), so relative links resolve.
    public var linkBase: String?
    /// Links, the legend and the strategy note; the HTML report turns them off, as it has its own.
    public var decorations: Bool

    public init(
        view: View = .components, focus: [String] = [], depth: Int = 1, reverse: String? = nil,
        include: [NamePattern] = [], exclude: [NamePattern] = [], hideLeaves: Bool = false,
        cluster: Grouping? = nil, collapse: Grouping? = nil, engine: String? = nil,
        linkPrefix: String? = nil, linkBase: String? = nil, decorations: Bool = true
    ) {
        self.view = view
        self.focus = focus
        self.depth = depth
        self.reverse = reverse
        self.include = include
        self.exclude = exclude
        self.hideLeaves = hideLeaves
        self.cluster = cluster
        self.collapse = collapse
        self.engine = engine
        self.linkPrefix = linkPrefix
        self.linkBase = linkBase
        self.decorations = decorations
    }

    /// What the HTML report opens on: the components view as `cpdi graph` draws it, without the links,
    /// legend and notes the page has of its own.
    public static let report = GraphOptions(decorations: false)
    /// The report's second picture, for a reader who asks for aliases and leaves: the whole graph, flat
    /// and undecorated.
    public static let reportFull = GraphOptions(view: .full, cluster: Grouping.flat, decorations: false)
}

/// A view that cannot be drawn as asked (an unknown focus or leaf name); one line for the user.
public struct GraphViewError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
