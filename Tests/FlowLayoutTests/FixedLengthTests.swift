@testable import FlowLayout
import SeededRandom
import Testing

/// `FixedLength` reads back as the nearest double: IEEE addition rounds the exact sum of two doubles
/// once, so the exact sum of two lengths, read back, must be their double sum, bit for bit.
@Suite("Fixed lengths")
struct FixedLengthTests {
    @Test func anExactSumOfTwoReadsBackAsTheirDoubleSum() {
        var random = SplitMix64(seed: 2207)
        func length() -> Double {
            // Magnitudes from 2⁻¹² (the least that converts exactly) to 2⁴⁰, either sign.
            let magnitude = Double(sign: .plus, exponent: Int.random(in: -12...40, using: &random), significand: 1)
            let value = Double.random(in: magnitude..<2 * magnitude, using: &random)
            return Bool.random(using: &random) ? value : -value
        }
        for _ in 0..<100_000 {
            let (a, b) = (length(), length())
            let sum = FixedLength(a) + FixedLength(b)
            #expect(sum.doubleValue == a + b, "\(a) + \(b)")
            #expect(FixedLength(a).doubleValue == a)
        }
    }

    @Test func wholeAndTinyValuesReadBack() {
        for value in [0, 1, -1, 0x1p-12, -0x1p-12, 0x1p62, 12_345.5, -0.75, 0x1p-64 * 3] {
            #expect(FixedLength(value).doubleValue == value, "\(value)")
        }
    }
}
