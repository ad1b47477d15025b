import Testing

@testable import LayoutService

@Suite("Request ids")
struct RequestIDTests {
    @Test func generatedIdsAreThePrefixAndACounterInHex() throws {
        let ids = RequestIDs()
        let first = ids.id(for: nil).description
        let prefix = try #require(first.split(separator: "-").first)
        #expect(first == "\(prefix)-1")
        for expected in 2...300 {
            #expect(ids.id(for: nil).description == "\(prefix)-\(String(expected, radix: 16))")
        }
    }

    @Test func aSaneClientIdIsKeptAndAnOddOneReplaced() {
        let ids = RequestIDs()
        #expect(ids.id(for: "trace-42").description == "trace-42")
        #expect(ids.id(for: "has space").description != "has space")
        #expect(ids.id(for: String(repeating: "x", count: 129)).description.count < 129)
        #expect(ids.id(for: "").description != "")
    }

    @Test func madeIdsAreSpelledLikeStringRadix16() {
        for (prefix, counter) in [(UInt32(0), UInt64(0)), (0xF, 0x10), (0xDEAD_BEEF, .max), (0x1000_0000, 0xABC)] {
            #expect(RequestID(prefix: prefix, counter: counter).description
                == String(prefix, radix: 16) + "-" + String(counter, radix: 16))
        }
    }
}
