import Foundation
import Testing

@testable import WireKit

@Suite("JSON writer")
struct JSONWriterTests {
    private func written(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-42.0, "-42"), (67.5, "67.5"), (0.1, "0.1"),
        (78.66666666666667, "78.66666666666667"), (1e-5, "1e-05"), (9007199254740991.0, "9007199254740991"),
        (1e300, "1e+300"), (-2.5e-7, "-2.5e-07"),
    ])
    func numbersAreShortestRoundTrip(value: Double, expected: String) {
        let text = written(value)
        #expect(text == expected)
        // Whatever the spelling, it parses back to the same double.
        let parsed = try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber]
        #expect(parsed?.first?.doubleValue == (value == 0 ? 0 : value))
    }

    @Test func randomDoublesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
            let text = written(value)
            #expect(Double(text) == value, "\(value) written as \(text)")
        }
    }

    @Test func integersUseNoFraction() {
        var writer = JSONWriter()
        for value in [0, 7, 10, 99, 1234567890, -1, Int.max, Int.min + 1] {
            writer.integer(value)
            writer.byte(UInt8(ascii: ","))
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "0,7,10,99,1234567890,-1,\(Int.max),\(Int.min + 1),")
    }

    @Test func stringsAreEscaped() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\u{1}é")
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == "\"a\\\"b\\\\c\\nd\\u0001é\"")
        let parsed = try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(parsed?.first == "a\"b\\c\nd\u{1}é")
    }

    /// Strings of every length up to three words, with a character that needs escaping (or none) at
    /// every position: the word-at-a-time scan must hand over to the byte loop wherever it sits.
    @Test func escapingAtEveryPositionAroundTheWords() throws {
        let plain = Array("layoutd-request-id/é0123456789".unicodeScalars)
        for length in 0...24 {
            for special in ["", "\"", "\\", "\n", "\u{1F}", "\u{0}"] {
                for position in 0...length {
                    var text = String(String.UnicodeScalarView(plain[0..<length]))
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    var writer = JSONWriter()
                    writer.string(text)
                    let data = Data("[".utf8 + writer.bytes + "]".utf8)
                    let parsed = try JSONSerialization.jsonObject(with: data) as? [String]
                    #expect(parsed == [text], "\(text.debugDescription) written as \(String(decoding: writer.bytes, as: UTF8.self))")
                    if special.isEmpty { break }
                }
            }
        }
    }

    @Test func aWriterGrowsPastItsCapacityWithoutLosingBytes() {
        // From 16 bytes, through every kind of append, past several doublings; the bytes seen along
        // the way and the body taken at the end are what a roomy writer writes.
        func write(_ writer: inout JSONWriter) -> [Int] {
            var counts: [Int] = []
            for index in 0..<400 {
                writer.raw(",\"key\":")
                writer.number(Double(index) / 3)
                writer.byte(UInt8(ascii: " "))
                writer.string("text \(index) with a \"quote\"")
                writer.integer(-index)
                counts.append(writer.count)
            }
            return counts
        }
        var small = JSONWriter(capacity: 16)
        var roomy = JSONWriter(capacity: 1 << 20)
        #expect(write(&small) == write(&roomy))
        #expect(small.bytes == roomy.bytes)
        #expect(Array(small.body) == roomy.bytes)
    }
}
