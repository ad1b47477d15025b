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
        String(unsafeUninitializedCapacity: 32) { buffer in
            writeHex(to: buffer.baseAddress!)
            return 32
        }
    }

    /// Writes the 32 hex digits of `description` to `destination`, for writers that want them without
    /// a String (every answer names its layout).
    @inline(__always)
    public func writeHex(to destination: UnsafeMutablePointer<UInt8>) {
        Self.writeHex(high, to: destination)
        Self.writeHex(low, to: destination + 16)
    }

    /// The last `digits` hex digits of a word (all 16 by default), most significant first.
    @inline(__always)
    public static func writeHex(_ word: UInt64, digits: Int = 16, to destination: UnsafeMutablePointer<UInt8>) {
        for index in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: word >> UInt64(4 * (digits - 1 - index))) & 0xF
            // '0'…'9' then 'a'…'f': 39 is the gap from '9' + 1 to 'a'.
            destination[index] = nibble &+ 48 &+ (nibble > 9 ? 39 : 0)
        }
    }

    /// Parses 32 hex digits, as `description` writes them.
    public init?(hex: Substring) {
        var hex = hex
        guard let parsed = hex.withUTF8({ Self.parse(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    public init?(hex: String) {
        self.init(hex: Substring(hex))
    }

    /// Parses 32 hex digits from raw UTF-8.
    public init?(hexBytes: UnsafeRawBufferPointer) {
        guard let parsed = Self.parse(hexBytes) else { return nil }
        self = parsed
    }

    /// Not generic over string types on purpose: it runs for every scroll request, and an unspecialised
    /// generic walk over a UTF-8 view costs more than the rest of the routing.
    private static func parse(_ bytes: UnsafeRawBufferPointer) -> ContentHash? {
        guard bytes.count == 32 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        for index in 0..<32 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            if index < 16 { words.0 = words.0 << 4 | UInt64(digit) } else { words.1 = words.1 << 4 | UInt64(digit) }
        }
        return ContentHash(high: words.0, low: words.1)
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
