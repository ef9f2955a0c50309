/// Why a render failed; `message` is a single line fit to show the user as is.
public struct GraphvizError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case malformedDOT, unknownEngine, unknownFormat, layoutFailed, renderFailed
    }

    public let kind: Kind
    public let message: String

    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        // Graphviz ends messages with newlines and splits some over several calls; callers want one line.
        self.message = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
