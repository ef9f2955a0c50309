import CPDIFacts
import CPDIGraph
import Foundation

/// A compact binary form of `Codable` values, for the facts cache.
///
/// Foundation's coders were measured on the facts of 742 files (swift-syntax's size): JSON took
/// ~70 ms to decode and binary property lists ~180 ms, more than a whole warm run may cost. This
/// format leaves the keys out (values follow in the order synthesized `Codable` visits them) and
/// tags every value with its kind, so a value read against the wrong shape fails to decode (a cache
/// miss) instead of being misread. The order only changes with the type's declaration, which changes
/// the facts format (`FactsFormat`) and so the cache fingerprint; saved results of `cpdi diff` are
/// keyed by the executable itself.
enum CompactCoder {
    /// - Parameter genericOnly: bypass the fast paths for the most numerous facts; tests compare both ways.
    static func encode(_ value: some Encodable, genericOnly: Bool = false) throws -> [UInt8] {
        let writer = CompactWriter()
        writer.genericOnly = genericOnly
        // Through `write`, not `encode(to:)`, so that a value with a fast path (the facts of a file) takes it at the top too.
        try writer.write(value)
        return writer.bytes
    }

    /// The encoded form with every `SourcePosition` left out (a placeholder tag stays in its place), and the
    /// positions in the order they were written: two values with equal bytes differ in their positions only.
    /// Fields named in `leavingOut` are written as absent.
    static func encodeApart(_ value: some Encodable, leavingOut: Set<String> = []) throws -> (bytes: [UInt8], positions: [SourcePosition]) {
        let writer = CompactWriter()
        writer.positions = []
        writer.leftOut = leavingOut
        try writer.write(value)
        return (writer.bytes, writer.positions ?? [])
    }

    /// - Parameter strings: where long strings are shared with those of earlier values (see `SharedStrings`).
    static func decode<T: Decodable>(
        _ type: T.Type, from bytes: UnsafeRawBufferPointer, sharing strings: SharedStrings? = nil, genericOnly: Bool = false
    ) throws -> T {
        let reader = CompactReader(bytes, strings: strings)
        reader.genericOnly = genericOnly
        return try reader.read(T.self)
    }
}

/// The tag in front of every value.
enum CompactTag: UInt8 {
    case absent = 0x00, present, keyed, unkeyed, string, bool, signed, unsigned, double
    /// `[UInt32]` as a count and four little-endian bytes each: hash sets, which are long and read on
    /// every warm run, with no tag or container per element.
    case words
}

// MARK: - Writing

// Not private: the fast paths for the facts of a file extend it from `CompactCoder+Facts.swift`.
final class CompactWriter: Encoder {
    var bytes: [UInt8] = []
    /// When set, positions are collected here instead of written (`CompactCoder.encodeApart`).
    var positions: [SourcePosition]?
    /// Keys whose values are written as absent (`CompactCoder.encodeApart`).
    var leftOut: Set<String> = []
    /// Every value but the primitives through its own `encode(to:)`: what the fast paths must match, byte for byte.
    var genericOnly = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init() { bytes.reserveCapacity(1024) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        bytes.append(CompactTag.keyed.rawValue)
        return KeyedEncodingContainer(KeyedWriter(writer: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        bytes.append(CompactTag.unkeyed.rawValue)
        let slot = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        return UnkeyedWriter(writer: self, countSlot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleWriter(writer: self) }

    func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    func write(_ value: String) {
        bytes.append(CompactTag.string.rawValue)
        var value = value
        value.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    func write(_ value: Bool) { bytes.append(contentsOf: [CompactTag.bool.rawValue, value ? 1 : 0]) }

    func write(signed value: Int64) {
        bytes.append(CompactTag.signed.rawValue)
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func write(unsigned value: UInt64) {
        bytes.append(CompactTag.unsigned.rawValue)
        varint(value)
    }

    func write(_ value: Double) {
        bytes.append(CompactTag.double.rawValue)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Primitives directly, anything else through its own `encode(to:)`.
    func write<T: Encodable>(_ value: T) throws {
        // Compared by type, not cast with `as?`: every nested value comes through here, and each failed
        // cast was a call into the runtime (a quarter of encoding a result).
        if T.self == String.self { return write(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return write(signed: Int64(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
        if T.self == SourcePosition.self { return write(unsafeBitCast(value, to: SourcePosition.self)) }
        if T.self == [UInt32].self { return write(words: unsafeBitCast(value, to: [UInt32].self)) }
        if genericOnly { return try value.encode(to: self) }
        if T.self == [String].self { return write(list: unsafeBitCast(value, to: [String].self), element: write) }
        if T.self == AccessLevel.self { return write(unsafeBitCast(value, to: AccessLevel.self).rawValue) }
        if T.self == TypeKind.self { return write(unsafeBitCast(value, to: TypeKind.self).rawValue) }
        if T.self == ForwardKind.self { return write(unsafeBitCast(value, to: ForwardKind.self).rawValue) }
        // The most numerous facts, written field by field as their synthesized `encode(to:)` would. Not while
        // fields are being left out by name (`encodeApart`), which only their keyed containers can do.
        if leftOut.isEmpty {
            if T.self == TypeReference.self { return write(unsafeBitCast(value, to: TypeReference.self)) }
            if T.self == [TypeReference].self { return write(list: unsafeBitCast(value, to: [TypeReference].self), element: write) }
            if T.self == AliasMention.self { return write(unsafeBitCast(value, to: AliasMention.self)) }
            if T.self == [AliasMention].self { return write(list: unsafeBitCast(value, to: [AliasMention].self), element: write) }
            if T.self == [UseFact].self { return write(list: unsafeBitCast(value, to: [UseFact].self), element: write) }
            if T.self == [AliasFact].self { return write(list: unsafeBitCast(value, to: [AliasFact].self), element: write) }
            if T.self == [GenericParameterFact].self { return write(list: unsafeBitCast(value, to: [GenericParameterFact].self), element: write) }
            if T.self == [DependencyPropertyFact].self { return try write(list: unsafeBitCast(value, to: [DependencyPropertyFact].self), element: write) }
            if T.self == [TypeFact].self { return try write(list: unsafeBitCast(value, to: [TypeFact].self), element: write) }
            // Everything else with a fast path (forwards, run-time facts, initializers, …) is reached through the
            // facts of a file only: left out of this chain, which every value without one still walks.
            if T.self == FileFacts.self { return try write(unsafeBitCast(value, to: FileFacts.self)) }
            if T.self == [Node].self { return write(list: unsafeBitCast(value, to: [Node].self), element: write) }
            if T.self == [Edge].self { return write(list: unsafeBitCast(value, to: [Edge].self), element: write) }
        }
        try value.encode(to: self)
    }

    /// An array as `Array.encode(to:)` writes it into an unkeyed container: the tag, the count in four bytes, the elements.
    func write<Element>(list: [Element], element: (Element) throws -> Void) rethrows {
        bytes.append(CompactTag.unkeyed.rawValue)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: list.count).littleEndian) { bytes.append(contentsOf: $0) }
        for item in list { try element(item) }
    }

    func write(_ alias: AliasFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(alias.name)
        write(optional: alias.enclosingType)
        write(alias.access.rawValue)
        write(alias.position)
        write(list: alias.members, element: write)
        write(alias.isInline)
    }

    func write(_ parameter: GenericParameterFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(parameter.name)
        write(list: parameter.constraints, element: write)
    }

    func write(_ property: DependencyPropertyFact) throws {
        bytes.append(CompactTag.keyed.rawValue)
        write(property.name)
        write(optional: property.type, element: write)
        write(property.isStored)
        write(property.position)
        write(property.access.rawValue)
        try writeOptional(property.tuple)
    }

    func write(_ type: TypeFact) throws {
        bytes.append(CompactTag.keyed.rawValue)
        write(type.kind.rawValue)
        write(type.name)
        write(type.access.rawValue)
        write(type.position)
        write(list: type.genericParameters, element: write)
        write(list: type.inheritedTypes, element: write)
        try write(list: type.dependencyProperties, element: write)
        write(list: type.initializers, element: write)
        write(list: type.requirements, element: write)
        write(list: type.propertyRequirements, element: write)
        write(words: type.extensionMemberHashes)
        write(list: type.associatedTypes, element: write)
        write(type.isTestSuite)
        try write(type.genericCases)
        write(list: type.superclassArguments) { write(list: $0, element: write) }
        write(type.generatesMock)
    }

    func write(_ reference: TypeReference) {
        bytes.append(CompactTag.keyed.rawValue)
        write(reference.name)
        write(list: reference.genericArguments, element: write)
        write(reference.position)
        write(optional: reference.element)
    }

    func write(_ mention: AliasMention) {
        bytes.append(CompactTag.keyed.rawValue)
        write(mention.name)
        write(optional: mention.enclosingType)
        write(optional: mention.enclosingFunction)
        write(optional: mention.composedBy)
    }

    func write(_ use: UseFact) {
        bytes.append(CompactTag.keyed.rawValue)
        write(use.base)
        write(optional: use.holder)
        write(optional: use.holderType)
        write(use.member)
        write(optional: use.next)
        write(use.isHandedOn)
        write(optional: use.deadCopy)
        write(use.isTypeLevel)
        write(optional: use.enclosingType)
        write(optional: use.enclosingFunction)
        write(optional: use.value, element: write)
        write(use.position)
    }

    func write(_ value: ValueIdentity) {
        bytes.append(CompactTag.keyed.rawValue)
        write(optional: value.genericOwner)
        write(optional: value.declaredType)
    }

    func write(optional value: String?) {
        write(optional: value, element: write)
    }

    /// An optional as `encodeIfPresent` writes it: absent, or present and the value.
    func write<Value>(optional value: Value?, element: (Value) -> Void) {
        guard let value else { return bytes.append(CompactTag.absent.rawValue) }
        bytes.append(CompactTag.present.rawValue)
        element(value)
    }

    func write(words: [UInt32]) {
        bytes.append(CompactTag.words.rawValue)
        varint(UInt64(words.count))
        for word in words { withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
    }

    /// Positions are in every fact; writing them directly (the same bytes as synthesized `Codable` gives)
    /// saves a container per position on both sides.
    func write(_ position: SourcePosition) {
        bytes.append(CompactTag.keyed.rawValue)
        if positions != nil { return positions!.append(position) }
        write(signed: Int64(position.line))
        write(signed: Int64(position.column))
    }

    func writeOptional<T: Encodable>(_ value: T?) throws {
        guard let value else { return bytes.append(CompactTag.absent.rawValue) }
        bytes.append(CompactTag.present.rawValue)
        try write(value)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: CompactWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.bytes.append(CompactTag.absent.rawValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if !writer.leftOut.isEmpty, writer.leftOut.contains(key.stringValue) { return writer.bytes.append(CompactTag.absent.rawValue) }
        try writer.write(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.write(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.write(value) }
    // Synthesized `Codable` skips nil optionals by default; a positional format must mark them.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try writer.writeOptional(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try writer.writeOptional(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        writer.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { writer.unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { writer }
    mutating func superEncoder(forKey key: Key) -> any Encoder { writer }
}

private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let writer: CompactWriter
    let countSlot: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: CompactWriter, countSlot: Int) {
        self.writer = writer
        self.countSlot = countSlot
    }

    /// The count sits in front of the elements; it is patched as elements are added.
    private mutating func added() {
        count += 1
        let value = UInt32(truncatingIfNeeded: count)
        for index in 0..<4 { writer.bytes[countSlot + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    mutating func encodeNil() throws {
        writer.bytes.append(CompactTag.absent.rawValue)
        added()
    }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.write(value)
        added()
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        added()
        return writer.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        added()
        return writer.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        added()
        return writer
    }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let writer: CompactWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.bytes.append(CompactTag.absent.rawValue) }
    mutating func encode(_ value: Bool) throws { writer.write(value) }
    mutating func encode(_ value: String) throws { writer.write(value) }
    mutating func encode(_ value: Double) throws { writer.write(value) }
    mutating func encode(_ value: Float) throws { writer.write(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.write(signed: value) }
    mutating func encode(_ value: UInt) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.write(unsigned: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.write(value) }
}

// MARK: - Reading

/// Long strings decoded so far, held once: the facts of every file repeat the same alias, protocol and
/// module names, and a warm run decodes the facts of every file (at 100,000 components, 70 MB less).
/// Looked up by their bytes, so a string seen before costs no allocation; sharded by hash, so that the
/// threads decoding files side by side seldom wait for each other. Bytes, not `==`, which also equates two
/// spellings of one accented letter: each name keeps its own bytes, as a run without the cache has them.
final class SharedStrings: @unchecked Sendable {
    private final class Shard: @unchecked Sendable {
        let lock = NSLock()
        /// The first string of each hash of its bytes.
        var byHash: [UInt64: String] = [:]
        /// Strings whose hash another string had first: rare, looked up as strings.
        var others: Set<String> = []
    }

    private let shards = (0..<16).map { _ in Shard() }

    func shared(_ bytes: UnsafeRawBufferPointer) -> String {
        let hash = Self.hash(bytes)
        let shard = shards[Int(hash >> 60)]
        shard.lock.lock()
        defer { shard.lock.unlock() }
        if var existing = shard.byHash[hash] {
            let same = existing.withUTF8 { stored in
                stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
            }
            if same { return existing }
            let text = String(decoding: bytes, as: UTF8.self)
            if let found = shard.others.firstIndex(of: text) { return shard.others[found] }
            shard.others.insert(text)
            return text
        }
        let text = String(decoding: bytes, as: UTF8.self)
        shard.byHash[hash] = text
        return text
    }

    /// FNV-1a: cheap over the few dozen bytes of a name, and the same in every run.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Lets go of the tables (the strings stay with the facts that hold them): decoding after this shares anew.
    func forget() {
        for shard in shards {
            shard.lock.lock()
            shard.byHash = [:]
            shard.others = []
            shard.lock.unlock()
        }
    }
}

// Not private, like `CompactWriter`.
final class CompactReader: Decoder {
    let bytes: UnsafeRawBufferPointer
    let strings: SharedStrings?
    var offset = 0
    /// Every value but the primitives through its own `init(from:)` (see `CompactWriter.genericOnly`).
    var genericOnly = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ bytes: UnsafeRawBufferPointer, strings: SharedStrings?) {
        self.bytes = bytes
        self.strings = strings
    }

    func corrupt(_ what: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "cache entry: \(what) at byte \(offset)"))
    }

    // Inlined: every field of every value read goes through these few, and calls were a fifth of walking a saved graph.
    @inline(__always)
    func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw corrupt("unexpected end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    @inline(__always)
    func expect(_ tag: CompactTag) throws {
        guard try byte() == tag.rawValue else { throw corrupt("expected \(tag)") }
    }

    /// Consumes an absent marker if one is next.
    func takeAbsent() -> Bool {
        guard offset < bytes.count, bytes[offset] == CompactTag.absent.rawValue else { return false }
        offset += 1
        return true
    }

    func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw corrupt("overlong number") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.keyed)
        return KeyedDecodingContainer(KeyedReader(reader: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.unkeyed)
        guard offset + 4 <= bytes.count else { throw corrupt("unexpected end") }
        var count = 0
        for index in 0..<4 { count |= Int(bytes[offset + index]) << (8 * index) }
        offset += 4
        return UnkeyedReader(reader: self, count: count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleReader(reader: self) }

    func readString() throws -> String {
        let span = try stringSpan()
        let text = UnsafeRawBufferPointer(rebasing: bytes[span])
        // Up to 15 bytes a string lives inside the value; longer ones may share a buffer.
        guard span.count > 15, let strings else { return String(decoding: text, as: UTF8.self) }
        return strings.shared(text)
    }

    func readBool() throws -> Bool {
        try expect(.bool)
        return try byte() != 0
    }

    func readSigned<T: FixedWidthInteger & SignedInteger>(_ type: T.Type) throws -> T {
        try expect(.signed)
        let raw = try varint()
        let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let result = T(exactly: value) else { throw corrupt("number out of range") }
        return result
    }

    func readUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws -> T {
        try expect(.unsigned)
        guard let result = T(exactly: try varint()) else { throw corrupt("number out of range") }
        return result
    }

    func readDouble() throws -> Double {
        try expect(.double)
        guard offset + 8 <= bytes.count else { throw corrupt("unexpected end") }
        var pattern: UInt64 = 0
        for index in 0..<8 { pattern |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Double(bitPattern: pattern)
    }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if type == String.self { return try readString() as! T }
        if type == Int.self { return try readSigned(Int.self) as! T }
        if type == Bool.self { return try readBool() as! T }
        if type == SourcePosition.self {
            try expect(.keyed)
            return SourcePosition(line: try readSigned(Int.self), column: try readSigned(Int.self)) as! T
        }
        if type == [UInt32].self { return try readWords() as! T }
        if genericOnly { return try T(from: self) }
        if type == [String].self { return try readList(readString) as! T }
        if type == AccessLevel.self { return try readRaw(AccessLevel.self) as! T }
        if type == TypeKind.self { return try readRaw(TypeKind.self) as! T }
        if type == ForwardKind.self { return try readRaw(ForwardKind.self) as! T }
        if type == TypeReference.self { return try readTypeReference() as! T }
        if type == [TypeReference].self { return try readList(readTypeReference) as! T }
        if type == AliasMention.self { return try readAliasMention() as! T }
        if type == [AliasMention].self { return try readList(readAliasMention) as! T }
        if type == [UseFact].self { return try readList(readUseFact) as! T }
        if type == [AliasFact].self { return try readList(readAliasFact) as! T }
        if type == [GenericParameterFact].self { return try readList(readGenericParameter) as! T }
        if type == [DependencyPropertyFact].self { return try readList(readDependencyProperty) as! T }
        if type == [TypeFact].self { return try readList(readTypeFact) as! T }
        if type == FileFacts.self { return try readFileFacts() as! T }
        if type == [Node].self { return try readList(readNode) as! T }
        if type == [Edge].self { return try readList(readEdge) as! T }
        return try T(from: self)
    }

    /// An array as `Array.init(from:)` reads it from an unkeyed container.
    func readList<Element>(_ element: () throws -> Element) throws -> [Element] {
        // Every element takes at least a byte: a count past the end is damage, not a reason to reserve memory.
        let count = try listCount()
        var list: [Element] = []
        list.reserveCapacity(count)
        for _ in 0..<count { list.append(try element()) }
        return list
    }

    /// A `String`-backed enum, as its synthesized `init(from:)` reads it; an unknown case is damage.
    func readRaw<Value: RawRepresentable>(_ type: Value.Type) throws -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: try readString()) else { throw corrupt("unknown \(Value.self)") }
        return value
    }

    func readTypeReference() throws -> TypeReference {
        try expect(.keyed)
        let name = try readString()
        let arguments = try readList(readString)
        let position = try read(SourcePosition.self)
        return TypeReference(name: name, genericArguments: arguments, position: position, element: try readOptional(String.self))
    }

    func readAliasFact() throws -> AliasFact {
        try expect(.keyed)
        let name = try readString(), enclosingType = try readOptional(String.self), access = try readRaw(AccessLevel.self)
        let position = try read(SourcePosition.self), members = try readList(readTypeReference)
        return AliasFact(name: name, enclosingType: enclosingType, access: access, position: position, members: members, isInline: try readBool())
    }

    func readGenericParameter() throws -> GenericParameterFact {
        try expect(.keyed)
        let name = try readString()
        return GenericParameterFact(name: name, constraints: try readList(readTypeReference))
    }

    func readDependencyProperty() throws -> DependencyPropertyFact {
        try expect(.keyed)
        let name = try readString()
        let type = try readOptional(readTypeReference)
        let isStored = try readBool(), position = try read(SourcePosition.self), access = try readRaw(AccessLevel.self)
        var property = DependencyPropertyFact(name: name, type: type, isStored: isStored, position: position, access: access)
        property.tuple = try readOptional([TupleElementFact].self)
        return property
    }

    func readTypeFact() throws -> TypeFact {
        try expect(.keyed)
        let kind = try readRaw(TypeKind.self), name = try readString(), access = try readRaw(AccessLevel.self)
        var type = TypeFact(kind: kind, name: name, access: access, position: try read(SourcePosition.self))
        type.genericParameters = try readList(readGenericParameter)
        type.inheritedTypes = try readList(readTypeReference)
        type.dependencyProperties = try readList(readDependencyProperty)
        type.initializers = try readList(readInitializer)
        type.requirements = try readList(readString)
        type.propertyRequirements = try readList(readPropertyRequirement)
        type.extensionMemberHashes = try readWords()
        type.associatedTypes = try readList(readGenericParameter)
        type.isTestSuite = try readBool()
        type.genericCases = try read([GenericCaseFact].self)
        type.superclassArguments = try readList { try readList(readTypeReference) }
        type.generatesMock = try readBool()
        return type
    }

    func readUseFact() throws -> UseFact {
        try expect(.keyed)
        let base = try readString(), holder = try readOptional(String.self), holderType = try readOptional(String.self)
        let member = try readString(), next = try readOptional(String.self), isHandedOn = try readBool()
        let deadCopy = try readOptional(String.self), isTypeLevel = try readBool()
        let enclosingType = try readOptional(String.self), enclosingFunction = try readOptional(String.self)
        let value = try readOptional(readValueIdentity)
        var use = UseFact(
            base: base, member: member, isTypeLevel: isTypeLevel, enclosingType: enclosingType, enclosingFunction: enclosingFunction,
            position: try read(SourcePosition.self), holder: holder, holderType: holderType
        )
        use.next = next
        use.isHandedOn = isHandedOn
        use.deadCopy = deadCopy
        use.value = value
        return use
    }

    func readValueIdentity() throws -> ValueIdentity {
        try expect(.keyed)
        return ValueIdentity(genericOwner: try readOptional(String.self), declaredType: try readOptional(String.self))
    }

    func readAliasMention() throws -> AliasMention {
        try expect(.keyed)
        let name = try readString()
        let enclosingType = try readOptional(String.self)
        let enclosingFunction = try readOptional(String.self)
        return AliasMention(name: name, enclosingType: enclosingType, enclosingFunction: enclosingFunction, composedBy: try readOptional(String.self))
    }

    func readWords() throws -> [UInt32] {
        try expect(.words)
        let count = Int(try varint())
        guard count <= (bytes.count - offset) / 4 else { throw corrupt("words past the end") }
        let start = offset
        offset += count * 4
        return (0..<count).map { index in
            var word: UInt32 = 0
            for byte in 0..<4 { word |= UInt32(bytes[start + index * 4 + byte]) << (8 * UInt32(byte)) }
            return word
        }
    }

    func readOptional<T: Decodable>(_ type: T.Type) throws -> T? {
        try readOptional { try read(type) }
    }

    /// An optional as `decodeIfPresent` reads it, its value read by `element`.
    func readOptional<Value>(_ element: () throws -> Value) throws -> Value? {
        if takeAbsent() { return nil }
        try expect(.present)
        return try element()
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: CompactReader
    var codingPath: [any CodingKey] { [] }
    /// Keys are not stored; values are read in the order they were written.
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { reader.takeAbsent() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try reader.read(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.readString() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try reader.readSigned(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.readBool() }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try reader.readOptional(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try reader.readOptional(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try reader.container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try reader.unkeyedContainer() }
    func superDecoder() throws -> any Decoder { reader }
    func superDecoder(forKey key: Key) throws -> any Decoder { reader }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let reader: CompactReader
    let total: Int
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    init(reader: CompactReader, count: Int) {
        self.reader = reader
        self.total = count
    }

    private mutating func next() throws {
        guard !isAtEnd else { throw reader.corrupt("read past the last element") }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, reader.takeAbsent() else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next()
        return try reader.read(type)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return try reader.container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try reader.unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        try next()
        return reader
    }
}

private struct SingleReader: SingleValueDecodingContainer {
    let reader: CompactReader
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { reader.takeAbsent() }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.readBool() }
    func decode(_ type: String.Type) throws -> String { try reader.readString() }
    func decode(_ type: Double.Type) throws -> Double { try reader.readDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.readDouble()) }
    func decode(_ type: Int.Type) throws -> Int { try reader.readSigned(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.readSigned(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.readSigned(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.readSigned(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.readSigned(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.readUnsigned(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.readUnsigned(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.readUnsigned(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.readUnsigned(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.readUnsigned(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reader.read(type) }
}
