/// Cycles of a directed graph of names, found through strongly connected components (Tarjan).
///
/// Written out rather than taken from SwiftGraph: its cycle search lists every elementary cycle
/// (exponential on dense graphs) where one representative cycle per component is wanted, and a
/// component search is a few dozen lines. Iterative, so deep chains cannot overflow the stack.
public enum Cycles {
    /// The strongly connected components that contain a cycle (two or more nodes, or one node with an
    /// edge to itself). Each is sorted, and the list is sorted by first node, whatever the input order.
    public static func components(of successors: [String: [String]]) -> [[String]] {
        let nodes = Set(successors.keys).union(successors.values.joined()).sorted()
        let next = successors.mapValues { Array(Set($0)).sorted() }
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var found: [[String]] = []
        var counter = 0

        for root in nodes where index[root] == nil {
            // Each frame is a node and how many of its successors have been looked at.
            var frames: [(node: String, position: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let successors = next[frame.node] ?? []
                if frame.position < successors.count {
                    frames[frames.count - 1].position += 1
                    let successor = successors[frame.position]
                    if index[successor] == nil {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        stack.append(successor)
                        onStack.insert(successor)
                        frames.append((successor, 0))
                    } else if onStack.contains(successor) {
                        lowLink[frame.node] = min(lowLink[frame.node]!, index[successor]!)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[frame.node]!)
                }
                guard lowLink[frame.node] == index[frame.node] else { continue }
                var component: [String] = []
                while let top = stack.popLast() {
                    onStack.remove(top)
                    component.append(top)
                    if top == frame.node { break }
                }
                if component.count > 1 || successors.contains(frame.node) { found.append(component.sorted()) }
            }
        }
        return found.sorted { $0[0] < $1[0] }
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
