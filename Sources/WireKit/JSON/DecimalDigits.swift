/// The decimal digits of unsigned integers, written straight into memory: the inner loop of every
/// number an answer holds (a 17-digit `20381.333333333332` at @3x, integers such as `4899`).
///
/// Eight digits at a time with SWAR arithmetic: one 64-bit word holds eight lanes of one digit each.
public enum DecimalDigits {
    /// Bytes a write may store past its last digit: callers reserve them.
    @inlinable static var slack: Int { 8 }

    /// Decimal digits of `value` (1 for 0): an estimate from its bit length (× log10 2), corrected by
    /// one comparison.
    @inlinable @inline(__always)
    static func count(_ value: UInt64) -> Int {
        let odd = value | 1
        let estimate = ((64 - odd.leadingZeroBitCount) &* 1233) >> 12
        return estimate + (odd >= powersOfTen[estimate] ? 1 : 0)
    }

    /// Writes `value` without leading zeros from `start` and returns how many digits it took; may
    /// store up to `slack` bytes after them. Below 100 (indices, the whole part of a parallax offset
    /// or a progress) the one or two digits are stored directly, without counting or the SWAR word.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, to start: UnsafeMutableRawPointer) -> Int {
        if value < 100 {
            let tens = value / 10
            let ones = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
            if tens == 0 {
                start.storeBytes(of: ones, as: UInt8.self)
                return 1
            }
            start.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens), as: UInt8.self)
            start.storeBytes(of: ones, toByteOffset: 1, as: UInt8.self)
            return 2
        }
        let digits = count(value)
        write(value, count: digits, to: start)
        return digits
    }

    /// Writes `value` as `count` (1 to 20) decimal digits, zero-padded, from `start`; may store up to
    /// `slack` bytes after them. `value` must be below 10^count.
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, count: Int, to start: UnsafeMutableRawPointer) {
        var rest = value
        var left = count
        var position = start
        // Leading groups first, each stored as a whole word that the next group overwrites from
        // where its own digits end.
        @inline(__always) func storeDigits(above groupDigits: Int, power: UInt64) {
            guard left > groupDigits else { return }
            let leading = rest / power
            rest &-= leading &* power
            storeLeading(leading, digits: left &- groupDigits, at: position)
            position += left &- groupDigits
            left = groupDigits
        }
        storeDigits(above: 16, power: 10_000_000_000_000_000)
        storeDigits(above: 8, power: 100_000_000)
        storeLeading(rest, digits: left, at: position)
    }

    /// Stores `value` (below 10^digits) as `digits` (1 to 8) digits at `position`, then zero bytes to
    /// fill a word.
    @inline(__always)
    @usableFromInline static func storeLeading(_ value: UInt64, digits: Int, at position: UnsafeMutableRawPointer) {
        let word = eightDigits(value) &>> UInt64(8 &* (8 &- digits))
        position.storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// The eight ASCII digits of `value` (below 10^8), zero-padded, the first in the lowest byte.
    ///
    /// Splits into two lanes of four digits (32 bits each), each into two lanes of two (16 bits),
    /// each into two of one (8 bits); every lane's quotient is a multiply and a shift, exact for the
    /// lane's range, and no lane's product reaches the next lane.
    @inlinable @inline(__always)
    static func eightDigits(_ value: UInt64) -> UInt64 {
        let high = value / 10_000
        var lanes = high | (value &- high &* 10_000) << 32
        // n / 100 = (n × 5243) >> 19 for n < 43,699.
        let hundreds = (lanes &* 5243) >> 19 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        // n / 10 = (n × 103) >> 10 for n < 179.
        let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) << 8
        return lanes | 0x3030_3030_3030_3030
    }
}
