/// A 128-bit content hash that is the same in every process and on every run (Swift's `Hasher` is
/// seeded per process), so a `layoutId` names the same layout on every replica.
///
/// Two independent 64-bit lanes over 64-bit words with a murmur3 finaliser: fast enough to hash a
/// million item sizes in a few milliseconds. Not cryptographic: it guards against accidents, not an
/// adversary who crafts collisions.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lowercase hex digits.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 32)
        for shift in 0..<16 {
            bytes[15 - shift] = digits[Int((high >> (UInt64(shift) * 4)) & 0xF)]
            bytes[31 - shift] = digits[Int((low >> (UInt64(shift) * 4)) & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses 32 hex digits, as `description` writes them.
    public init?(hex: some StringProtocol) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 32 else { return nil }
        var words: [UInt64] = [0, 0]
        for (index, byte) in utf8.enumerated() {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            words[index / 16] = words[index / 16] << 4 | UInt64(digit)
        }
        self.init(high: words[0], low: words[1])
    }
}

/// Feeds values into a `ContentHash`.
public struct ContentHasher: Sendable {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var count: UInt64 = 0

    public init() {}

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

    @inline(__always)
    public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    @inline(__always)
    public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 0) }

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
