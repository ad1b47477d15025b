import Testing

@testable import LayoutService

@Suite("Request ids")
struct RequestIDTests {
    @Test func generatedIdsAreThePrefixAndACounterInHex() throws {
        let ids = RequestIDs()
        let first = ids.id(for: nil)
        let prefix = try #require(first.split(separator: "-").first)
        #expect(first == "\(prefix)-1")
        for expected in 2...300 {
            #expect(ids.id(for: nil) == "\(prefix)-\(String(expected, radix: 16))")
        }
    }

    @Test func aSaneClientIdIsKeptAndAnOddOneReplaced() {
        let ids = RequestIDs()
        #expect(ids.id(for: "trace-42") == "trace-42")
        #expect(ids.id(for: "has space") != "has space")
        #expect(ids.id(for: String(repeating: "x", count: 129)).count < 129)
        #expect(ids.id(for: "") != "")
    }
}
