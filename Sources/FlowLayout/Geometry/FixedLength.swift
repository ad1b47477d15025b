/// A length as an exact 128-bit fixed-point number of 2⁻⁶⁴ points: the running sums along the scroll
/// axis (line starts, docs/flow-layout.md §6.5) are kept in it so that they are associative. A sum of
/// lines then has the same bits however it was grouped, which is what lets an updated layout reuse
/// the untouched part of a tree of lines and still give the frames of a fresh one, bit for bit.
///
/// Every double of magnitude 2⁻¹² or more converts exactly (lengths are at most 10⁹ points, so a sum of
/// a million of them stays far inside the 2⁶³ range); smaller ones are truncated to 2⁻⁶⁴, the same way
/// wherever they occur. Converting back rounds once, to nearest even. A value type.
struct FixedLength: Hashable, Comparable, Sendable {
    /// The two's-complement value: `high` is the integer part (floor), `low` the fraction in 2⁻⁶⁴.
    private(set) var high: Int64
    private(set) var low: UInt64

    static let zero = FixedLength(high: 0, low: 0)
    /// Beyond every length either way: where a least or a greatest kept as values come starts.
    static let greatest = FixedLength(high: .max, low: .max)
    static let least = FixedLength(high: .min, low: 0)

    private init(high: Int64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The exact value of `value` (see the type's note on tiny magnitudes); non-finite values are 0.
    /// Whole numbers take a short path: most lengths are.
    @inline(__always)
    init(_ value: Double) {
        if let whole = Self.whole(value) { self = whole } else { self.init(fraction: value) }
    }

    /// `init(_:)` with the fractional path inlined too: for a loop that converts a length a cell (a
    /// masonry placement's heights, mostly fractional). Elsewhere it stays a call, which keeps the
    /// paths that convert a bound or two short.
    @inline(__always)
    init(converting value: Double) {
        self = Self.whole(value) ?? Self.fraction(value)
    }

    /// `value` when it is a whole number: truncated and converted back (two instructions; `rounded` is
    /// a library call on baseline x86-64).
    @inline(__always)
    private static func whole(_ value: Double) -> FixedLength? {
        guard value.magnitude < 0x1p62 else { return nil }
        let whole = Int64(value)
        return Double(whole) == value ? FixedLength(high: whole, low: 0) : nil
    }

    /// `value`, or the least or greatest length past ±2⁶⁰ and for infinities: a search bound.
    init(clamping value: Double) {
        if value < -0x1p60 {
            self = .least
        } else if value > 0x1p60 || value.isNaN {
            self = .greatest
        } else {
            self.init(value)
        }
    }

    private init(fraction value: Double) {
        self = Self.fraction(value)
    }

    @inline(__always)
    private static func fraction(_ value: Double) -> FixedLength {
        guard value.isFinite, value != 0 else { return .zero }
        // |value| = significand · 2^exponent with an integer significand of at most 53 bits, read
        // from the bits (the exponent's accessor is a call into the runtime).
        let bits = value.bitPattern
        let biased = Int((bits >> 52) & 0x7FF)
        let significand = (bits & 0x000F_FFFF_FFFF_FFFF) | (biased == 0 ? 0 : 1 << 52)
        let exponent = (biased == 0 ? 1 : biased) - 1075 + 64
        var magnitude: (high: UInt64, low: UInt64)
        if exponent >= 64 {
            magnitude = (significand << UInt64(exponent - 64), 0)
        } else if exponent > 0 {
            magnitude = (significand >> UInt64(64 - exponent), significand << UInt64(exponent))
        } else if exponent > -64 {
            magnitude = (0, significand >> UInt64(-exponent))
        } else {
            magnitude = (0, 0)
        }
        let result = FixedLength(high: Int64(bitPattern: magnitude.high), low: magnitude.low)
        return value < 0 ? -result : result
    }

    /// The nearest double (ties to even).
    @inline(__always)
    var doubleValue: Double {
        if low == 0 { return Double(high) }
        return rounded
    }

    private var rounded: Double {
        if high < 0 { return -(-self).doubleValue }
        let high = UInt64(bitPattern: self.high)
        // The top 64 significant bits, with any bit below them folded into the last one ("sticky"):
        // the conversion of that word rounds exactly as the whole value would.
        let (word, rest, scale) = high == 0 ? (low, 0, -64) : (high, low, 0)
        let shift = word.leadingZeroBitCount
        var top = shift == 0 ? word : word << UInt64(shift) | rest >> UInt64(64 - shift)
        if rest << UInt64(shift) != 0 { top |= 1 }
        // Its top bit is set: halved with the sticky bit kept, it converts as a signed word (one
        // instruction) and rounds the same; the power of two is built from its bits.
        let half = Double(Int64(bitPattern: top >> 1 | top & 1))
        return half * Double(bitPattern: UInt64(1023 + 1 + scale - shift) << 52)
    }

    @inline(__always)
    static func + (a: FixedLength, b: FixedLength) -> FixedLength {
        let (low, carry) = a.low.addingReportingOverflow(b.low)
        return FixedLength(high: a.high &+ b.high &+ (carry ? 1 : 0), low: low)
    }

    static prefix func - (a: FixedLength) -> FixedLength {
        let (low, carry) = (~a.low).addingReportingOverflow(1)
        return FixedLength(high: ~a.high &+ (carry ? 1 : 0), low: low)
    }

    static func - (a: FixedLength, b: FixedLength) -> FixedLength { a + -b }

    static func += (a: inout FixedLength, b: FixedLength) { a = a + b }

    /// `a` times a count (which must not overflow the range).
    static func * (a: FixedLength, count: Int) -> FixedLength {
        let negative = count < 0
        let factor = UInt64(count.magnitude)
        let (carry, low) = factor.multipliedFullWidth(by: a.low)
        let product = FixedLength(high: a.high &* Int64(bitPattern: factor) &+ Int64(bitPattern: carry), low: low)
        return negative ? -product : product
    }

    @inline(__always)
    static func < (a: FixedLength, b: FixedLength) -> Bool { a.high != b.high ? a.high < b.high : a.low < b.low }

    static func min(_ a: FixedLength, _ b: FixedLength) -> FixedLength { a < b ? a : b }
    static func max(_ a: FixedLength, _ b: FixedLength) -> FixedLength { a < b ? b : a }
}
