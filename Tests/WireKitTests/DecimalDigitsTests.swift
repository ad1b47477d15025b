import SeededRandom
import Testing

@testable import WireKit

/// The SWAR digit writer against the standard library's decimal spelling, at every width it serves.
@Suite("Decimal digits")
struct DecimalDigitsTests {
    /// `value` written `count` digits wide, and the bytes after them untouched beyond the slack.
    private func written(_ value: UInt64, count: Int) -> String {
        var buffer = [UInt8](repeating: UInt8(ascii: "#"), count: 20 + DecimalDigits.slack + 8)
        buffer.withUnsafeMutableBytes { DecimalDigits.write(value, count: count, to: $0.baseAddress!) }
        #expect(buffer[(count + DecimalDigits.slack)...].allSatisfy { $0 == UInt8(ascii: "#") }, "wrote past the slack")
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    private func padded(_ value: UInt64, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: count - text.count) + text
    }

    @Test func everyWidthWithRandomValues() {
        var generator = SplitMix64(seed: 12)
        for count in 1...20 {
            let limit: UInt64? = count < 20 ? powersOfTen[count] : nil
            for _ in 0..<20_000 {
                let value = limit.map { generator.next() % $0 } ?? generator.next()
                #expect(written(value, count: count) == padded(value, count))
            }
        }
    }

    /// Without leading zeros (the direct one- and two-digit path, then the counted one): the standard
    /// library's spelling, and nothing stored past the slack.
    @Test func shortestSpellingOfSmallAndLargeValues() {
        var generator = SplitMix64(seed: 13)
        var values = Array(0..<1000 as Range<UInt64>) + [UInt64.max]
        for power in powersOfTen where power > 1 { values += [power - 1, power, power + 1] }
        for _ in 0..<20_000 { values.append(generator.next() >> (generator.next() % 64)) }
        for value in values {
            var buffer = [UInt8](repeating: UInt8(ascii: "#"), count: 20 + DecimalDigits.slack + 8)
            let count = buffer.withUnsafeMutableBytes { DecimalDigits.write(value, to: $0.baseAddress!) }
            #expect(String(decoding: buffer[0..<count], as: UTF8.self) == String(value))
            #expect(buffer[(count + DecimalDigits.slack)...].allSatisfy { $0 == UInt8(ascii: "#") }, "wrote past the slack")
        }
    }

    @Test func boundariesOfEveryWidth() {
        for count in 1...20 {
            var values: [UInt64] = [0, 1, 9, UInt64.max]
            for power in powersOfTen where power > 1 { values += [power - 1, power, power + 1, power / 2] }
            for value in values where count == 20 || value < powersOfTen[count] {
                #expect(written(value, count: count) == padded(value, count))
            }
        }
    }

    @Test func countIsTheNumberOfDigits() {
        var values: [UInt64] = [0, UInt64.max]
        for power in powersOfTen { values += [power - 1, power, power + 1] }
        for value in values { #expect(DecimalDigits.count(value) == String(value).count, "\(value)") }
    }

    /// Every four-digit lane value, in both lanes of the eight-digit word.
    @Test func everyLaneValue() {
        for low in 0..<UInt64(10_000) {
            for high in [0, 1, 4999, 9999, low] as [UInt64] {
                let value = high * 10_000 + low
                #expect(written(value, count: 8) == padded(value, 8))
            }
        }
    }
}
