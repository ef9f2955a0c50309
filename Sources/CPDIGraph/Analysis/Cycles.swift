/// Cycles of a directed graph of names, found through strongly connected components (Tarjan).
///
/// Written out rather than taken from SwiftGraph: its cycle search lists every elementary cycle
/// (exponential on dense graphs) where one representative cycle per component is wanted, and a
/// component search is a few dozen lines. Iterative, so deep chains cannot overflow the stack.
public enum Cycles {
    /// The strongly connected components that contain a cycle (two or more nodes, or one node with an
    /// edge to itself). Each is sorted, and the list is sorted by first node, whatever the input order.
    public static func components(of successors: [String: [String]]) -> [[String]] {
        // Names become their rank among all names, so the search indexes arrays instead of hashing
        // strings; ranks keep the order of the names, so visiting order and results are unchanged.
        let nodes = Set(successors.keys).union(successors.values.joined()).sorted()
        let rank = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($0.element, $0.offset) })
        var next = [[Int]](repeating: [], count: nodes.count)
        for (node, targets) in successors { next[rank[node]!] = Set(targets.map { rank[$0]! }).sorted() }
        var index = [Int?](repeating: nil, count: nodes.count)
        var lowLink = [Int](repeating: 0, count: nodes.count)
        var onStack = [Bool](repeating: false, count: nodes.count)
        var stack: [Int] = []
        var found: [[Int]] = []
        var counter = 0

        for root in nodes.indices where index[root] == nil {
            // Each frame is a node and how many of its successors have been looked at.
            var frames: [(node: Int, position: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let successors = next[frame.node]
                if frame.position < successors.count {
                    frames[frames.count - 1].position += 1
                    let successor = successors[frame.position]
                    if let successorIndex = index[successor] {
                        if onStack[successor] { lowLink[frame.node] = min(lowLink[frame.node], successorIndex) }
                    } else {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[frame.node])
                }
                guard lowLink[frame.node] == index[frame.node] else { continue }
                var component: [Int] = []
                while let top = stack.popLast() {
                    onStack[top] = false
                    component.append(top)
                    if top == frame.node { break }
                }
                if component.count > 1 || successors.contains(frame.node) { found.append(component.sorted()) }
            }
        }
        return found.sorted { $0[0] < $1[0] }.map { $0.map { nodes[$0] } }
    }

    /// One cycle per component: the shortest one through the component's first node, ties broken by
    /// name, listed from that node (the node is not repeated at the end).
    public static func representativeCycles(of successors: [String: [String]]) -> [[String]] {
        components(of: successors).map { shortestCycle(through: $0[0], within: Set($0), successors: successors) }
    }

    private static func shortestCycle(through start: String, within members: Set<String>, successors: [String: [String]]) -> [String] {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in Array(Set(successors[node] ?? [])).sorted() where members.contains(successor) {
                if successor == start {
                    var path = [node]
                    while let before = previous[path[0]] { path.insert(before, at: 0) }
                    return path
                }
                guard previous[successor] == nil, successor != start else { continue }
                previous[successor] = node
                queue.append(successor)
            }
        }
        return [start]
    }
}
