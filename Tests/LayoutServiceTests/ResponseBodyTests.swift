import FlowLayout
import Testing

@testable import LayoutService
@testable import WireKit

/// An answer's body is the writer's buffer itself, lent to the HTTP server without a copy.
@Suite("Response body")
struct ResponseBodyTests {
    @Test("the body is the bytes written, with value equality")
    func bodyIsTheWrittenBytes() {
        var writer = JSONWriter(capacity: 16)
        writer.raw("{\"a\":")
        writer.number(20381.333333333332)
        writer.raw(",\"b\":[1,2,3]}")
        let body = writer.body
        #expect(Array(body) == writer.bytes)
        #expect(String(decoding: body, as: UTF8.self) == #"{"a":20381.333333333332,"b":[1,2,3]}"#)
        #expect(body == ResponseBody(Array(#"{"a":20381.333333333332,"b":[1,2,3]}"#.utf8)))
        #expect(body != ResponseBody(Array(#"{"a":20381.333333333332,"b":[1,2,4]}"#.utf8)))
        #expect(ResponseBody([]).isEmpty && ResponseBody([]) == [])
    }

    @Test("lent bytes stay valid until released, after every other reference is gone")
    func lentBytesOutliveTheResponse() {
        weak var buffer: ByteBuffer?
        var lent: (bytes: UnsafeRawBufferPointer, context: UnsafeMutableRawPointer)?
        do {
            var writer = JSONWriter(capacity: 16)
            writer.raw("\"lent\"")
            let response = ServiceResponse(status: 200, contentType: "application/json", body: writer.body)
            buffer = response.body.buffer
            lent = response.body.retainedBytes()
        }
        #expect(buffer != nil)
        #expect(String(decoding: lent!.bytes, as: UTF8.self) == "\"lent\"")
        ResponseBody.release(lent!.context)
        #expect(buffer == nil)
    }

    /// The parallax offset's one-constant spellings against the general one.
    @Test(arguments: [Point(x: 0, y: 12.749232343909927), Point(x: -0.0, y: -3), Point(x: 7.5, y: 0), Point(x: 1, y: 2), Point(x: 0, y: 0)])
    func parallaxOffsetSpellings(offset: Point) {
        let attributes = LayoutAttributes(
            kind: .cell, section: 0, item: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10), zIndex: 0, parallaxOffset: offset)
        var suffix = JSONWriter()
        suffix.attributeSuffix(attributes)
        var general = JSONWriter()
        general.raw(",\"parallaxOffset\":")
        general.point(offset)
        general.byte(UInt8(ascii: "}"))
        #expect(String(decoding: suffix.bytes, as: UTF8.self) == String(decoding: general.bytes, as: UTF8.self))
    }
}
