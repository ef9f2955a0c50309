/// A 128-bit hash of bytes, to address cached facts by the content they were extracted from.
///
/// Fast rather than cryptographic: it runs over every source file on every run, and the inputs are a
/// team's own sources, not an adversary's. Two 64-bit lanes each fold 8 bytes at a time with a full
/// 64×64→128-bit multiply (the mixing step of wyhash-like hashes), and the length goes in at the end,
/// so 8 MB hash in a few milliseconds. Linux Foundation has no CryptoKit, and a library for one hash
/// is not worth a dependency.
struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Hashes the parts one after the other, each with its length, so `["ab", "c"]` ≠ `["a", "bc"]`.
    init(_ parts: UnsafeRawBufferPointer...) {
        var hasher = ContentHasher()
        for part in parts { hasher.combine(part) }
        self = hasher.finish()
    }

    init(_ parts: [UInt8]...) {
        var hasher = ContentHasher()
        for part in parts { part.withUnsafeBytes { hasher.combine($0) } }
        self = hasher.finish()
    }

    var description: String {
        let digits = String(high, radix: 16) + ":" + String(low, radix: 16)
        return digits.split(separator: ":").map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
    }

    /// The inverse of `description`: 32 hexadecimal digits.
    init?(hex: Substring) {
        guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }

    var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (8 * UInt64($0))) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (8 * UInt64($0))) }
    }
}

struct ContentHasher {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private static let primeA: UInt64 = 0xA076_1D64_78BD_642F
    private static let primeB: UInt64 = 0xE703_7ED1_A0B4_28DB
    private static let primeC: UInt64 = 0x8EBC_6AF0_9C88_C6E3

    private static func mix(_ x: UInt64, _ y: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: y)
        return product.high ^ product.low
    }

    mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        let count = bytes.count
        while offset + 8 <= count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            a = Self.mix(a ^ word, Self.primeA)
            b = Self.mix(b ^ word ^ Self.primeC, Self.primeB) &+ a
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        a = Self.mix(a ^ tail ^ UInt64(count), Self.primeA)
        b = Self.mix(b ^ tail ^ Self.primeC, Self.primeB) &+ a
    }

    func finish() -> ContentHash {
        ContentHash(high: Self.mix(a ^ Self.primeB, b ^ Self.primeC), low: Self.mix(b ^ Self.primeA, a ^ Self.primeB))
    }
}
