/// A 128-bit content hash that is the same in every process and on every run (Swift's `Hasher` is
/// seeded per process), so a `layoutId` names the same layout on every replica.
///
/// Two independent 64-bit lanes over 64-bit words with a murmur3 finaliser: fast enough to hash a
/// million item sizes in a few milliseconds. Not cryptographic: it guards against accidents, not an
/// adversary who crafts collisions.
///
/// The engine only computes it (`FlowLayoutInput.contentHash`); how it is spelled on the wire is the
/// service's business. A value type.
public struct ContentHash: Hashable, Sendable {
    /// The first 64 bits (the first lane).
    public var high: UInt64
    /// The last 64 bits (the second lane).
    public var low: UInt64

    /// The hash of these two words.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}

/// Feeds values into a `ContentHash`. The same values in the same order give the same hash on every
/// platform, process and run; each `combine` is O(1) (O(count) for bytes). A value type.
public struct ContentHasher: Sendable {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var count: UInt64 = 0

    /// A hasher that has seen nothing.
    public init() {}

    /// Feeds one 64-bit word.
    @inline(__always)
    public mutating func combine(_ word: UInt64) {
        a = ((a ^ word) &* 0x9E37_79B9_7F4A_7C15)
        a = (a << 31) | (a >> 33)
        b = (b &+ (word ^ 0xC2B2_AE3D_27D4_EB4F)) &* 0x1656_67B1_9E37_79F9
        b ^= b >> 29
        count &+= 1
    }

    /// Hashes the bit pattern, with -0 folded into 0 so equal lengths hash equally.
    @inline(__always)
    public mutating func combine(_ value: Double) { combine((value == 0 ? 0 : value).bitPattern) }

    /// Bytes, eight at a time.
    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            combine(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(bytes[index])
            index += 1
        }
        combine(tail)
        combine(UInt64(bytes.count))
    }

    /// Feeds an integer as its 64-bit two's complement.
    @inline(__always)
    public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    /// Feeds 1 for true, 0 for false.
    @inline(__always)
    public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

    /// The hash of everything fed so far (and of how many words). The hasher may go on being fed.
    public func finalize() -> ContentHash {
        ContentHash(high: Self.mix(a ^ count), low: Self.mix(b ^ (count &* 0xFF51_AFD7_ED55_8CCD)))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x &*= 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}
