/// Source text with swift-format style position markers (`1️⃣` … `🔟`) taken out.
///
/// Rule examples and extraction tests write a marker right before the token a finding or fact must
/// point at; once the markers are removed, `self["1️⃣"]` is that token's 1-based line and UTF-8
/// byte column, as `SourcePosition` counts them.
public struct MarkedSource: Sendable {
    public static let markerNames = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    public let text: String
    public let markers: [String: SourcePosition]

    public init(_ marked: String) {
        var text = ""
        var markers: [String: SourcePosition] = [:]
        var line = 1
        var column = 1
        for character in marked {
            let string = String(character)
            if Self.markerNames.contains(string) {
                // A repeated marker keeps its first place, so the duplicate shows up as a missed expectation.
                if markers[string] == nil { markers[string] = SourcePosition(line: line, column: column) }
                continue
            }
            text.append(character)
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += string.utf8.count
            }
        }
        self.text = text
        self.markers = markers
    }

    /// The position of a marker that must be present in the source.
    public subscript(_ marker: String) -> SourcePosition {
        guard let position = markers[marker] else { preconditionFailure("no marker \(marker) in the source") }
        return position
    }
}
