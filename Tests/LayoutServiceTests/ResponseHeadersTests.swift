import FlowLayout
import Testing

@testable import LayoutService
@testable import WireKit

@Suite("Response headers")
struct ResponseHeadersTests {
    private let layout = ContentHash(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)

    private func fields(_ response: ServiceResponse) -> [String] {
        var fields: [String] = []
        response.forEachHeader { name, value in
            fields.append(String(decoding: name, as: UTF8.self) + ": " + String(decoding: value, as: UTF8.self))
        }
        return fields
    }

    @Test func entityTagsAreQuotedHexOfTheLayoutAndTheView() {
        #expect(EntityTag(layout: layout).spelling == "\"0123456789abcdeffedcba9876543210\"")
        #expect(EntityTag(layout: layout, view: 0xA).spelling == "\"0123456789abcdeffedcba9876543210-000000000000000a\"")
        #expect(EntityTag(layout: layout, view: .max).spelling.utf8.count == EntityTag.maximumLength)
    }

    @Test func ifNoneMatchNamesTheTagOrAny() {
        let tag = EntityTag(layout: layout, view: 7)
        #expect(tag.isNamed(by: tag.spelling))
        #expect(tag.isNamed(by: "*") && tag.isNamed(by: " * "))
        #expect(tag.isNamed(by: "W/" + tag.spelling) && tag.isNamed(by: "\"a\",\t" + tag.spelling + " , \"b\""))
        #expect(!tag.isNamed(by: EntityTag(layout: layout, view: 8).spelling))
        #expect(!tag.isNamed(by: EntityTag(layout: layout).spelling))
        #expect(!tag.isNamed(by: "*, " + EntityTag(layout: layout).spelling) && !tag.isNamed(by: ""))
    }

    @Test func headersComeInOrderWithTheRequestIDLast() {
        var response = ServiceResponse(
            status: 201, contentType: "application/json", etag: EntityTag(layout: layout), headers: [(name: "Location", value: "/v1/layouts/x")],
            body: [])
        response.requestID = RequestID(given: "trace-1")
        #expect(fields(response) == [
            "Content-Type: application/json", "ETag: \"0123456789abcdeffedcba9876543210\"", "Location: /v1/layouts/x",
            "X-Request-ID: trace-1",
        ])
        #expect(fields(.empty(204)) == [])
        var counted = ServiceResponse.empty(204)
        counted.requestID = RequestID(prefix: 0x6A1B_54FC, counter: 0x2F)
        #expect(fields(counted) == ["X-Request-ID: 6a1b54fc-2f"])
    }
}
