/// The shortest decimal that parses back to a given double, found with exact integer arithmetic for the
/// numbers a layout answer is made of: non-integral values from 2^-9 (about 0.002) to 2^52 in magnitude (offsets at
/// @2x and @3x such as `20381.333333333332`, centres, parallax offsets).
///
/// Why not the standard library's printer: it handles every double, so it spends most of its time on
/// the general case; answers print a hundred or so of these per request and it was a fifth of the hot
/// path. Within this range all the arithmetic fits in 128 bits: scale the value to 17 or 18
/// significant digits, take the interval of integers that still round to the same double, strip the
/// most trailing zeros any integer in it allows, and keep the one nearest the exact value. Where the
/// standard library's choice could come down to tie-breaking (a candidate exactly on a rounding
/// boundary, a value exactly halfway, a power of two, whose lower neighbour is nearer) this returns
/// nil and the caller falls back to the standard library, so the two always agree (tests compare
/// them on millions of values).
struct ShortestDecimal: Equatable {
    /// The decimal is `significand × 10^exponent`, with no trailing zeros in `significand`.
    var significand: UInt64
    var exponent: Int

    init?(_ value: Double) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001_953_125, magnitude < 4_503_599_627_370_496 else { return nil }
        // Eighths (widths of 93.5, centres at 40.75) are exact decimals of at most three places, and
        // below 2^40 no shorter decimal is within half a gap between doubles of them.
        let eighths = magnitude * 8
        // Through Int64, not UInt64: x86-64 converts signed integers in one instruction and unsigned
        // ones in eight, and below 2^43 the two are the same.
        if magnitude < 1_099_511_627_776, Double(Int64(eighths)) == eighths {
            let count = UInt64(Int64(eighths))
            switch count.trailingZeroBitCount {
            case 0: (significand, exponent) = (count * 125, -3)
            case 1: (significand, exponent) = ((count >> 1) * 25, -2)
            case 2: (significand, exponent) = ((count >> 2) * 5, -1)
            default: return nil
            }
            return
        }
        guard magnitude.significandBitPattern != 0 else { return nil }
        // magnitude = mantissa / 2^shift exactly; shift > 0 and a nonzero fraction for every non-integer.
        let mantissa = magnitude.significandBitPattern | (1 << 52)
        let shift = 1075 - Int(magnitude.exponentBitPattern)
        guard shift > 0, mantissa & ((1 &<< UInt64(shift)) &- 1) != 0 else { return nil }

        // Scale by 10^scale so that x = mantissa × 10^scale / 2^shift lies in [10^16, 2·10^17):
        // floor(log10(2^e)) is (e × 78913) >> 18 for the exponents here. Below 2^-9 the scale would
        // pass 10^19, which no longer fits a word: those go to the standard library.
        let scale = 16 - (((52 - shift) * 78913) >> 18)
        guard scale < powersOfTen.count else { return nil }
        let power = powersOfTen[scale]
        // The 128-bit product, as two words; shift is at most 62, so every shift below is in range.
        let (productHigh, productLow) = mantissa.multipliedFullWidth(by: power)
        let whole = productHigh &<< UInt64(64 - shift) | productLow &>> UInt64(shift)
        let fraction = productLow & ((1 &<< UInt64(shift)) &- 1)
        // A decimal m at this scale parses back to the value when |m − x| < 10^scale / 2^(shift+1),
        // half the gap between neighbouring doubles; in units of 2^-(shift+1): |m·2^(shift+1) − 2·x·2^shift| < 10^scale.
        let doubled = UInt128(productHigh) &<< 65 | UInt128(productLow) &<< 1
        let below = doubled &- UInt128(power)
        let above = doubled &+ UInt128(power)
        let boundaryShift = UInt64(shift + 1)
        let boundaryMask = (1 &<< boundaryShift) &- 1
        // A candidate exactly on a boundary rounds to even: leave that to the standard library.
        guard UInt64(truncatingIfNeeded: below) & boundaryMask != 0, UInt64(truncatingIfNeeded: above) & boundaryMask != 0
        else { return nil }
        var low = UInt64(truncatingIfNeeded: below &>> UInt128(boundaryShift)) &+ 1
        var high = UInt64(truncatingIfNeeded: above &>> UInt128(boundaryShift))
        guard low <= high else { return nil }

        // Strip the most trailing zeros the interval allows. Values with a long expansion (a third, a
        // parallax offset) allow none or one (two thirds of parallax offsets are 16 digits long), which
        // the first two tests find; the rest go by halving steps (0.1 has seventeen to lose).
        var stripped = 0
        var quotient = whole
        var unit: UInt64 = 1
        @inline(__always) func strip(_ step: Int, _ divisor: UInt64) -> Bool {
            let nextLow = (low &+ divisor &- 1) / divisor
            let nextHigh = high / divisor
            guard nextLow <= nextHigh else { return false }
            (low, high, quotient) = (nextLow, nextHigh, quotient / divisor)
            stripped += step
            unit &*= divisor
            return true
        }
        if strip(1, 10), strip(1, 10) {
            _ = strip(16, 10_000_000_000_000_000)
            _ = strip(8, 100_000_000)
            _ = strip(4, 10_000)
            _ = strip(2, 100)
            _ = strip(1, 10)
        }

        // Of the candidates left, the one nearest the exact value (x / 10^stripped, rounded).
        var nearest = quotient
        if stripped == 0 {
            let half: UInt64 = 1 &<< UInt64(shift - 1)
            guard fraction != half else { return nil }
            if fraction > half { nearest &+= 1 }
        } else {
            let remainder = whole &- quotient &* unit
            let half = unit / 2
            guard remainder != half || fraction != 0 else { return nil }
            if remainder >= half { nearest &+= 1 }
        }
        nearest = min(max(nearest, low), high)
        guard nearest % 10 != 0 else { return nil }
        significand = nearest
        exponent = stripped - scale
    }
}
/// 10^0 through 10^19, every power of ten a UInt64 holds.
let powersOfTen: [UInt64] = [
    1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
