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

    /// The last `digits` hex digits of a word (all 16 by default), most significant first. Out of
    /// line: the id, the ETag and the request id of every answer share one copy of it.
    @inline(never)
    public static func writeHex(_ word: UInt64, digits: Int = 16, to destination: UnsafeMutablePointer<UInt8>) {
        precondition(digits >= 0 && digits <= 16, "a word has 16 hex digits")
        // All sixteen spelled, then the last `digits` of them copied.
        let spelled = (hexDigits(UInt32(truncatingIfNeeded: word >> 32)), hexDigits(UInt32(truncatingIfNeeded: word)))
        withUnsafeBytes(of: spelled) { bytes in
            UnsafeMutableRawPointer(destination).copyMemory(from: bytes.baseAddress! + (16 - digits), byteCount: digits)
        }
    }

    /// The eight hex digits of `value` as ASCII, the most significant in the lowest byte (the order
    /// they are stored in): each nibble spread into a byte of its own, then all eight made digits at
    /// once. Every answer, ETag and request id carries 16 to 48 of them; a digit at a time cost six
    /// times the instructions.
    @inline(__always)
    private static func hexDigits(_ value: UInt32) -> UInt64 {
        var lanes = UInt64(value)
        lanes = (lanes | lanes << 16) & 0x0000_FFFF_0000_FFFF
        lanes = (lanes | lanes << 8) & 0x00FF_00FF_00FF_00FF
        lanes = (lanes | lanes << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // A nibble of 10 or more carries into bit 4 once 6 is added: those lanes get the 39 from '9' + 1 to 'a'.
        let letters = ((lanes &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let ascii = lanes &+ 0x3030_3030_3030_3030 &+ letters &* 39
        return ascii.byteSwapped.littleEndian
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
        var words = (UInt64(0), UInt64(0))
        for index in 0..<4 {
            guard let half = hexValue(bytes.loadUnaligned(fromByteOffset: 8 * index, as: UInt64.self).littleEndian)
            else { return nil }
            if index < 2 { words.0 = words.0 << 32 | UInt64(half) } else { words.1 = words.1 << 32 | UInt64(half) }
        }
        return ContentHash(high: words.0, low: words.1)
    }

    /// The value of eight lowercase hex digits (the first in the lowest byte), or nil when any byte is
    /// something else: eight bytes checked and converted at once, as `hexDigits` writes them.
    @inline(__always)
    private static func hexValue(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard word & highBits == 0 else { return nil }
        // With every byte below 0x80, adding 0x80 − c sets a lane's high bit exactly when it is ≥ c,
        // and no lane carries into the next.
        @inline(__always) func atLeast(_ bound: UInt64) -> UInt64 { word &+ ones &* (0x80 &- bound) }
        let digits = atLeast(0x30) & ~atLeast(0x3A)
        let letters = atLeast(0x61) & ~atLeast(0x67)
        guard (digits | letters) & highBits == highBits else { return nil }
        // '0'…'9' are 0x30…0x39 and 'a'…'f' 0x61…0x66: the low nibble, plus 9 for letters.
        var lanes = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((letters >> 7) & ones) &* 9
        // Pairs of lanes into bytes, bytes into 16-bit halves, halves into the 32-bit value; the first
        // digit is the most significant.
        lanes = ((lanes << 4) | (lanes >> 8)) & 0x00FF_00FF_00FF_00FF
        lanes = ((lanes << 8) | (lanes >> 16)) & 0x0000_FFFF_0000_FFFF
        return UInt32(truncatingIfNeeded: (lanes << 16) | (lanes >> 32))
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
