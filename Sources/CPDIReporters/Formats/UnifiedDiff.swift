/// A unified diff (as `diff -u` and `git apply` read it) of one file's text before and after `cpdi fix`.
public enum UnifiedDiff {
    public static func render(path: String, old: String, new: String, context: Int = 3) -> String {
        let before = lines(old)
        let after = lines(new)
        // Which lines of each side are not shared: the standard library's diff (a shortest edit script).
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in after.difference(from: before) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        guard !removed.isEmpty || !inserted.isEmpty else { return "" }
        // Walk both sides together: each step keeps a shared line, or takes a removed or inserted one.
        enum Step { case same(Int, Int), remove(Int), insert(Int) }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                steps.append(.remove(i)); i += 1
            } else if j < after.count, inserted.contains(j) {
                steps.append(.insert(j)); j += 1
            } else {
                steps.append(.same(i, j)); i += 1; j += 1
            }
        }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        // Changes closer than twice the context share a hunk.
        let changes = steps.indices.filter { !isSame(steps[$0]) }
        var groups: [[Int]] = []
        for change in changes {
            if let last = groups.last?.last, change - last <= 2 * context { groups[groups.count - 1].append(change) } else { groups.append([change]) }
        }
        for group in groups {
            let hunk = steps[max(0, group.first! - context)..<min(steps.count, group.last! + context + 1)]
            let (oldStart, oldCount, newStart, newCount) = counts(hunk)
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for step in hunk {
                switch step {
                case .same(let a, _): output += " \(before[a])\n"
                case .remove(let a): output += "-\(before[a])\n"
                case .insert(let b): output += "+\(after[b])\n"
                }
            }
        }
        return output

        func isSame(_ step: Step) -> Bool { if case .same = step { return true } else { return false } }

        func counts(_ hunk: ArraySlice<Step>) -> (Int, Int, Int, Int) {
            var oldLines: [Int] = [], newLines: [Int] = []
            for step in hunk {
                switch step {
                case .same(let a, let b): oldLines.append(a); newLines.append(b)
                case .remove(let a): oldLines.append(a)
                case .insert(let b): newLines.append(b)
                }
            }
            let oldStart = oldLines.first.map { $0 + 1 } ?? firstNewIndex(hunk, side: .old)
            let newStart = newLines.first.map { $0 + 1 } ?? firstNewIndex(hunk, side: .new)
            return (oldStart, oldLines.count, newStart, newLines.count)
        }

        enum Side { case old, new }
        // An empty side of a hunk is numbered by the line before it, as diff does.
        func firstNewIndex(_ hunk: ArraySlice<Step>, side: Side) -> Int {
            var position = 0
            for step in steps[..<hunk.startIndex] {
                switch (step, side) {
                case (.same(let a, _), .old), (.remove(let a), .old): position = a + 1
                case (.same(_, let b), .new), (.insert(let b), .new): position = b + 1
                default: break
                }
            }
            return position
        }
    }

    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
