import FlowLayout
import SeededRandom
import Testing
@testable import WireKit

/// The hex spelling of layout ids: written and parsed eight digits at a time, checked here against the
/// standard library's radix-16 spelling and a digit-at-a-time reading.
@Suite("Content hash hex")
struct ContentHashHexTests {
    static func reference(_ hash: ContentHash) -> String {
        func padded(_ word: UInt64) -> String {
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return padded(hash.high) + padded(hash.low)
    }

    static let samples: [ContentHash] = {
        var random = SplitMix64(seed: 0x1D5)
        let edges: [UInt64] = [0, 1, 9, 10, 15, 16, 0xA, 0x9999_9999_9999_9999, 0xAAAA_AAAA_AAAA_AAAA, .max, 1 << 63, 0x0123_4567_89AB_CDEF]
        var hashes = edges.flatMap { high in edges.map { ContentHash(high: high, low: $0) } }
        for _ in 0..<2000 { hashes.append(ContentHash(high: random.next(), low: random.next())) }
        return hashes
    }()

    @Test("description is the 32 zero-padded lowercase hex digits of both words")
    func writesDigits() {
        for hash in Self.samples { #expect(hash.description == Self.reference(hash)) }
    }

    @Test("a short spelling keeps only the last digits")
    func writesShortSpelling() {
        var buffer = [UInt8](repeating: 0, count: 16)
        buffer.withUnsafeMutableBufferPointer { ContentHash.writeHex(0xABC_DEF1, digits: 5, to: $0.baseAddress!) }
        #expect(String(decoding: buffer.prefix(5), as: UTF8.self) == "cdef1")
    }

    @Test("parsing gives back every hash from its spelling")
    func parsesSpelling() {
        for hash in Self.samples { #expect(ContentHash(hex: hash.description) == hash) }
    }

    @Test("any byte that is not a lowercase hex digit, at any position, is refused")
    func refusesOtherBytes() {
        let valid = Array(ContentHash(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210).description.utf8)
        let digits = Set("0123456789abcdef".utf8)
        for position in 0..<32 {
            for byte in UInt8.min...UInt8.max where !digits.contains(byte) {
                var spelling = valid
                spelling[position] = byte
                let parsed = spelling.withUnsafeBytes { ContentHash(hexBytes: $0) }
                #expect(parsed == nil, "byte \(byte) at \(position)")
            }
        }
        #expect(ContentHash(hex: String(decoding: valid.dropLast(), as: UTF8.self)) == nil)
        #expect(ContentHash(hex: String(decoding: valid + [UInt8(ascii: "0")], as: UTF8.self)) == nil)
    }
}
