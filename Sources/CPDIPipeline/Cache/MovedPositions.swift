import CPDIFacts
import CPDIGraph

/// How an edit moved one file's facts, when it changed nothing else about them: a comment or a blank line
/// added, a function body edited where it reads no dependency. The two extractions encode to the same bytes
/// once their positions are left out, so every fact is the same fact at another place.
///
/// Linking and the rules use a position in three ways only: they copy it into the result, they compare it
/// with another position of the same file (to order facts, or to match a place with a place), and a
/// `cpdi:disable:next` comment covers the line right after its own. So when the moves keep the order of
/// every pair of positions, which positions share a line, and which lines follow each other, a run on the
/// moved facts gives the saved result with these positions moved, and nothing else changed
/// (`AnalysisResult.movingPositions`). Any other move (two statements swapped, a line split or joined
/// between facts) is no `MovedPositions`, and the run links as usual.
///
/// The names a file reads may differ as well, where none of the names read or no longer read could change an
/// answer (`NamesThatMatter`): the member names (`FileFacts.memberNameHashes`) only answer whether some file
/// reads a member of a given protocol (`ContainerCoverage`), so names no protocol offers change nothing; the
/// names read for the run-time styles (`RuntimeStyleFacts.reads`) only answer the questions the saved run's
/// review asked (`AskedReads`). A body edited to call `items.count` where it called `items.first` moves the
/// file's facts and reads other names; the result is the same.
struct MovedPositions: Sendable {
    let file: String
    private let moves: [SourcePosition: SourcePosition]

    /// - Parameters:
    ///   - offeredMembers: the member names some protocol offers (`LeafMembers.offeredMembers`).
    ///   - askedReads: what the saved run asked of the files' run-time reads.
    init?(file: String, from old: FileFacts, to new: FileFacts, offeredMembers: Set<UInt32>, askedReads: AskedReads = AskedReads()) {
        // Names read that answer nothing are left out of the comparison (by key: each name is one field's only).
        // Each field is copied out before comparing: two accessor reads held at once in one comparison were seen
        // to read a freed copy under the address sanitizer, when the facts were mutated copies.
        var leftOut: Set<String> = []
        let oldNames = old.memberNameHashes, newNames = new.memberNameHashes
        if oldNames != newNames {
            guard Set(oldNames).symmetricDifference(newNames).isDisjoint(with: offeredMembers) else { return nil }
            leftOut.insert("memberNameHashes")
        }
        let oldReads = old.runtime.reads, newReads = new.runtime.reads
        if oldReads != newReads {
            guard askedReads.answersAlike(oldReads, newReads) else { return nil }
            leftOut.insert("reads")
        }
        guard let before = try? CompactCoder.encodeApart(old, leavingOut: leftOut), let after = try? CompactCoder.encodeApart(new, leavingOut: leftOut),
              before.bytes == after.bytes, before.positions.count == after.positions.count
        else { return nil }
        var moves: [SourcePosition: SourcePosition] = [:]
        var sources: [SourcePosition: SourcePosition] = [:]
        for (from, to) in zip(before.positions, after.positions) {
            // One place moves to one place: two facts at the same place stay together, and apart ones apart.
            if let known = moves[from], known != to { return nil }
            if let known = sources[to], known != from { return nil }
            moves[from] = to
            sources[to] = from
        }
        guard Self.keepsOrderAndLines(moves) else { return nil }
        self.file = file
        self.moves = moves
    }

    /// Where a position of this file's old facts is now; nil for one no fact had.
    func moved(line: Int, column: Int) -> (line: Int, column: Int)? {
        moves[SourcePosition(line: line, column: column)].map { ($0.line, $0.column) }
    }

    /// Whether the moves keep the order of every two positions, the lines they share, the lines that follow
    /// each other, and line 0 (no place) where it is.
    private static func keepsOrderAndLines(_ moves: [SourcePosition: SourcePosition]) -> Bool {
        let ordered = moves.sorted { $0.key < $1.key }
        for (previous, next) in zip(ordered, ordered.dropFirst()) {
            let (from, to) = (previous.key, next.key), (movedFrom, movedTo) = (previous.value, next.value)
            guard movedFrom < movedTo,
                  (from.line == to.line) == (movedFrom.line == movedTo.line),
                  (from.line + 1 == to.line) == (movedFrom.line + 1 == movedTo.line)
            else { return false }
        }
        return ordered.allSatisfy { ($0.key.line == 0) == ($0.value.line == 0) }
    }
}
