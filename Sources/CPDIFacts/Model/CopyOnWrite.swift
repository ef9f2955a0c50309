/// A value kept in one shared box, copied only when it is written while shared.
///
/// Facts and model entries are large structs that passes copy, sort, key and store many times. Boxed, a copy
/// counts one reference instead of one per field, and a dictionary slot holds one reference instead of the
/// whole value (tables are sized for a quarter more entries than they hold).
public struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
    @usableFromInline
    final class Box: @unchecked Sendable {
        // Written only after `value`'s modify made the box unique, so no two values ever see a write and no
        // access overlaps another: the run-time exclusivity check on every read is not needed.
        @exclusivity(unchecked) @usableFromInline var value: Value

        @inlinable init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ value: Value) { box = Box(value) }

    @inlinable public var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether both hold the very same box, and so are equal without comparing.
    @inlinable public func sharesStorage(with other: Self) -> Bool { box === other.box }
}
