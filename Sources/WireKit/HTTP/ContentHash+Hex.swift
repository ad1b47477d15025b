import FlowLayout

/// The wire spelling of a content hash (a `layoutId`, the ETag's first half): 32 lowercase hex digits,
/// `high` first. The engine only hashes; spelling ids is the service's business.
extension ContentHash: CustomStringConvertible {
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
    func writeHex(to destination: UnsafeMutablePointer<UInt8>) {
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
    /// once, since every answer, ETag and request id carries 16 to 48 of them.
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
    init?(hex: Substring) {
        var hex = hex
        guard let parsed = hex.withUTF8({ Self.parse(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    init?(hex: String) {
        self.init(hex: Substring(hex))
    }

    /// Parses 32 hex digits from raw UTF-8.
    init?(hexBytes: UnsafeRawBufferPointer) {
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
