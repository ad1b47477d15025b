/// The shortest decimal that parses back to a given double, found with exact integer arithmetic for the
/// numbers a layout answer is made of: non-integral values from 2^-9 (about 0.002) to 2^52 in magnitude (offsets at
/// @2x and @3x such as `20381.333333333332`, centres, parallax offsets).
///
/// Why not the standard library's printer: it handles every double, and answers print a hundred or
/// so of these per request. Within this range the arithmetic is exact in 64-bit words and one
/// 128-bit product: scale the value by the power of ten that makes the interval of values rounding to the same double between
/// one and ten units wide, take the one multiple of ten it may hold (one digit shorter, trailing zeros
/// stripped), or else the nearer of the integers just below and above the value. Where the
/// standard library's choice could come down to tie-breaking (a candidate exactly on a rounding
/// boundary, a value exactly halfway, a power of two, whose lower neighbour is nearer) this returns
/// nil and the caller falls back to the standard library, so the two always agree (tests compare
/// them on millions of values).
@usableFromInline
struct ShortestDecimal: Equatable {
    /// The decimal is `significand × 10^exponent`, with no trailing zeros in `significand`.
    @usableFromInline var significand: UInt64
    @usableFromInline var exponent: Int

    @usableFromInline init?(_ value: Double) {
        let magnitude = value.magnitude
        guard magnitude >= 0.001_953_125, magnitude < 4_503_599_627_370_496 else { return nil }
        // magnitude = mantissa / 2^shift exactly (shift ≤ 61 here).
        let mantissa = magnitude.significandBitPattern | (1 << 52)
        let shift = 1075 - Int(magnitude.exponentBitPattern)
        // Eighths (widths of 93.5, centres at 40.75) are exact decimals of at most three places, and
        // below 2^40 (shift > 12) no shorter decimal is within half a gap between doubles of them:
        // read from the bits, their count of eighths is the mantissa without its last shift − 3 bits,
        // all zero.
        if shift > 12, mantissa & ((1 &<< UInt64(shift &- 3)) &- 1) == 0 {
            let count = mantissa &>> UInt64(shift &- 3)
            switch count.trailingZeroBitCount {
            case 0: (significand, exponent) = (count * 125, -3)
            case 1: (significand, exponent) = ((count >> 1) * 25, -2)
            case 2: (significand, exponent) = ((count >> 2) * 5, -1)
            default: return nil
            }
            return
        }
        guard magnitude.significandBitPattern != 0 else { return nil }
        // A nonzero fraction for every non-integer.
        guard shift > 0, mantissa & ((1 &<< UInt64(shift)) &- 1) != 0 else { return nil }

        // Scale by 10^scale, the smallest power of ten at least 2^shift, so that the interval of
        // values that round to this double, one unit in the last place wide, is [1, 10) wide (as in
        // Schubfach): a shorter decimal is then the one multiple of ten it may hold, and otherwise
        // the answer is the integer just below x = mantissa × 10^scale / 2^shift or just above it.
        // ceil(log10(2^shift)) is ((shift × 78913) >> 18) + 1 (shift × log10 2 is never whole).
        // Below 2^-9 the scale would pass 10^19, which no longer fits a word: those go to the
        // standard library.
        let scale = ((shift &* 78913) &>> 18) &+ 1
        guard scale < powersOfTen.count else { return nil }
        let power = powersOfTen[scale]
        // Exact: x's whole part, and its fraction in units of 2^-shift (shift is at most 61 here).
        let (productHigh, productLow) = mantissa.multipliedFullWidth(by: power)
        let whole = productHigh &<< UInt64(64 &- shift) | productLow &>> UInt64(shift)
        let unit: UInt64 = 1 &<< UInt64(shift)
        let fraction = productLow & (unit &- 1)
        // Distances from x in units of 2^-shift: a candidate parses back when nearer than half the
        // interval (10^scale / 2, whole since scale ≥ 1). One exactly that far rounds to even, which
        // this leaves to the standard library. No distance below overflows: 6 × 2^61 < 2^64.
        let reach = power &>> 1

        // One digit fewer: the multiple of ten just below x or just above it, at most one of which
        // the interval holds. Either is out of reach when more than five units away.
        let tens = whole / 10
        let ones = whole &- tens &* 10
        let belowDistance = ones <= 5 ? ones &* unit &+ fraction : .max
        let aboveDistance = ones >= 5 ? (10 &- ones) &* unit &- fraction : .max
        guard belowDistance != reach, aboveDistance != reach else { return nil }
        if (belowDistance < reach) != (aboveDistance < reach) {
            (significand, exponent) = Self.strippingZeros(aboveDistance < reach ? tens &+ 1 : tens, exponent: 1 &- scale)
            return
        }

        // All the digits: the integer below x or the one above, whichever parses back, and the nearer
        // when both do (x exactly halfway, a tie, goes to the standard library).
        let aboveWhole = unit &- fraction
        guard fraction != reach, aboveWhole != reach, fraction != aboveWhole else { return nil }
        var nearest = whole
        if aboveWhole < reach && (fraction >= reach || aboveWhole < fraction) { nearest &+= 1 }
        // A multiple of ten would have been found one digit shorter.
        guard nearest % 10 != 0 else { return nil }
        significand = nearest
        exponent = -scale
    }

    /// `value × 10^exponent` with the trailing zeros of `value` moved into the exponent.
    @inline(__always)
    private static func strippingZeros(_ value: UInt64, exponent: Int) -> (UInt64, Int) {
        var value = value
        var exponent = exponent
        @inline(__always) func strip(_ zeros: Int, _ power: UInt64) {
            if value % power == 0 {
                value /= power
                exponent &+= zeros
            }
        }
        strip(16, 10_000_000_000_000_000)
        strip(8, 100_000_000)
        strip(4, 10_000)
        strip(2, 100)
        strip(1, 10)
        return (value, exponent)
    }
}
/// 10^0 through 10^19, every power of ten a UInt64 holds.
@usableFromInline let powersOfTen: [UInt64] = [
    1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
