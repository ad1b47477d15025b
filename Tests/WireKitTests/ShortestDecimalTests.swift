import SeededRandom
import Testing

@testable import WireKit

/// `JSONWriter` prints most layout values with its own `ShortestDecimal` and the rest with the
/// standard library's printer: both must spell every double the same way, or equal answers could
/// differ in bytes depending on which path a number took.
@Suite("Shortest decimal")
struct ShortestDecimalTests {
    private func written(_ value: Double) -> String {
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The standard library's spelling, which the writer's must equal for every non-integral value.
    private func expectStandardSpelling(_ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard value.isFinite, value.rounded(.towardZero) != value else { return }
        let text = written(value)
        #expect(text == value.description, "\(value.description) written as \(text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (20381.333333333332, "20381.333333333332"), (343.4166666666667, "343.4166666666667"), (17.7, "17.7"),
        (0.002, "0.002"), (0.05, "0.05"), (-93.5, "-93.5"), (4503599627370495.5, "4503599627370495.5"),
        (0.30000000000000004, "0.30000000000000004"), (0.1, "0.1"), (0.5, "0.5"), (40.75, "40.75"),
        (0.125, "0.125"), (1099511627775.875, "1099511627775.875"),
    ])
    func layoutValues(value: Double, expected: String) {
        #expect(ShortestDecimal(value) != nil)
        #expect(written(value) == expected)
    }

    @Test func handsTieBreakingCasesToTheStandardLibrary() {
        // Powers of two (a nearer lower neighbour) that are not eighths, a value halfway between its two
        // shortest candidates (…327.87 and …327.88), integers and values outside the range.
        for value in [0.0625, 1.0 / 1024, 0.001, 140737488355327.875, 2.0, 1e-4, 1e300, 4503599627370496.0, -0.0] {
            #expect(ShortestDecimal(value) == nil, "\(value)")
        }
    }

    @Test func pixelFractionsAtEveryScale() {
        var generator = SplitMix64(seed: 1)
        for _ in 0..<100_000 {
            let whole = Double(generator.next() % 2_000_000)
            for denominator in [2.0, 3, 4, 6, 8, 12, 7, 9, 16] {
                let numerator = Double(generator.next() % UInt64(denominator))
                expectStandardSpelling((whole * denominator + numerator) / denominator)
                expectStandardSpelling(-(whole + numerator / denominator))
            }
        }
    }

    @Test func eighthsAtEveryMagnitude() {
        var generator = SplitMix64(seed: 4)
        for bits in 0..<50 {
            for _ in 0..<2000 {
                let whole = Double(generator.next() >> UInt64(64 - max(bits, 1)))
                let eighth = Double(generator.next() % 8) / 8
                expectStandardSpelling(whole + eighth)
                expectStandardSpelling(-(whole + eighth))
            }
        }
    }

    @Test func shortDecimals() {
        var generator = SplitMix64(seed: 2)
        for _ in 0..<200_000 {
            let places = Double([1, 10, 100, 1000, 10_000, 1_000_000][Int(generator.next() % 6)])
            expectStandardSpelling(Double(generator.next() % 100_000_000) / places)
        }
    }

    @Test func randomBitPatternsAcrossTheRange() {
        var generator = SplitMix64(seed: 3)
        // Exponents from 2^-10 (below 0.001) to 2^53, every mantissa pattern.
        for _ in 0..<500_000 {
            let exponent = 1013 + generator.next() % 64
            let value = Double(bitPattern: exponent << 52 | generator.next() & 0x000F_FFFF_FFFF_FFFF)
            expectStandardSpelling(value)
            expectStandardSpelling(value.nextUp)
        }
    }

    @Test func neighboursOfDecimalBoundaries() {
        var power = 0.001
        while power < 4e15 {
            for value in [power, power.nextUp, power.nextDown, power * 1.5, (power * 10).nextDown] {
                expectStandardSpelling(value)
                expectStandardSpelling(-value)
            }
            power *= 10
        }
    }
}
