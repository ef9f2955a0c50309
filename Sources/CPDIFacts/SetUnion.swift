extension Set {
    /// The union of `sets`, begun from the first set itself rather than from an empty one. Most unions in linking
    /// and the rules are of one set (a component's one owner, one requirement), and inserting its elements into a
    /// new set would hash each of them again; a shared set is copied only when a second one is added.
    @inlinable public init<S: Sequence>(unionOf sets: S) where S.Element == Set<Element> {
        var remaining = sets.makeIterator()
        guard let first = remaining.next() else {
            self = []
            return
        }
        self = first
        while let next = remaining.next() { formUnion(next) }
    }
}
