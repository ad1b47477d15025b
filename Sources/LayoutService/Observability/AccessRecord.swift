import Logging
import WireKit

/// One request's access-log fields, the context of the line `LayoutService` logs for it.
///
/// The record travels the way request context (a trace id) does in swift-log, not as a
/// `Logger.Metadata` dictionary made per line: the service makes it the thread's current record for
/// the one `Logger.log` call (`withCurrent`), `JSONLogHandler` writes it straight into the line as
/// typed members, and any other handler gets the same fields as metadata from `metadataProvider`
/// (`method=POST route=… status=200 …` for swift-log's `StreamLogHandler`). The record lives on the
/// logging thread's stack.
public struct AccessRecord: Sendable {
    let requestID: RequestID
    let method: String
    let route: RouteLabel
    let status: Int
    let nanoseconds: Int64
    let requestBytes: Int
    /// The body's bytes as sent: the compressed ones when the answer went gzip (as
    /// `layoutd_http_response_size_bytes` counts them); headers are not counted.
    let responseBytes: Int
    let cacheHit: Bool?
    let items: Int?
    let error: String?

    /// The current record as metadata, for handlers other than `JSONLogHandler`; empty on lines that
    /// are not access lines.
    public static let metadataProvider = Logger.MetadataProvider { current?.metadata ?? [:] }

    /// Runs `body` (the `Logger.log` call) with `self` as this thread's current record.
    func withCurrent(_ body: () -> Void) {
        let current = Self.currentRecord.pointer
        let previous = current.pointee
        withUnsafePointer(to: self) { record in
            current.pointee = UnsafeRawPointer(record)
            body()
            current.pointee = previous
        }
    }

    /// The record of the access line this thread is logging, if it is logging one.
    static var current: AccessRecord? {
        currentRecord.existing?.pointee.map { $0.assumingMemoryBound(to: AccessRecord.self).pointee }
    }

    /// Where the record on the logging thread's stack is, set only for the duration of `withCurrent`,
    /// so it never outlives the record.
    private static let currentRecord = ThreadLocal<UnsafeRawPointer?>("the access log") { nil }

    /// The fields as swift-log metadata (numbers as numbers), keys as in the JSON line.
    var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "method": .string(method), "route": "\(route.name)", "status": .stringConvertible(status),
            "duration_us": .stringConvertible(durationMicroseconds), "request_bytes": .stringConvertible(requestBytes),
            "response_bytes": .stringConvertible(responseBytes), "request_id": .string(requestID.description),
        ]
        if let cacheHit { metadata["cache"] = .string(cacheHit ? "hit" : "miss") }
        if let items { metadata["items"] = .stringConvertible(items) }
        if let error { metadata["error"] = .string(error) }
        return metadata
    }

    /// Microseconds with one decimal, as the line shows them.
    var durationMicroseconds: Double { Double(nanoseconds / 100) / 10 }

    /// The fields as JSON members (each preceded by a comma), keys in alphabetical order.
    func writeMembers(into writer: inout JSONWriter) {
        if let cacheHit { writer.raw(cacheHit ? ",\"cache\":\"hit\"" : ",\"cache\":\"miss\"") }
        // Tenths of a microsecond as `113.9` (or `113` for a whole number), as the shortest-double
        // printer would spell them, by integer arithmetic.
        let tenths = Int(nanoseconds / 100)
        writer.raw(",\"duration_us\":")
        writer.integer(tenths / 10)
        if tenths % 10 != 0 {
            writer.byte(UInt8(ascii: "."))
            writer.byte(UInt8(truncatingIfNeeded: tenths % 10) &+ 48)
        }
        if let error {
            writer.raw(",\"error\":")
            writer.string(error)
        }
        if let items {
            writer.raw(",\"items\":")
            writer.integer(items)
        }
        writer.raw(",\"method\":")
        writer.string(method)
        writer.raw(",\"request_bytes\":")
        writer.integer(requestBytes)
        writer.raw(",\"request_id\":")
        requestID.withSpelling { writer.string(utf8: $0) }
        writer.raw(",\"response_bytes\":")
        writer.integer(responseBytes)
        writer.raw(",\"route\":\"")
        writer.raw(route.name)
        writer.byte(UInt8(ascii: "\""))
        writer.raw(",\"status\":")
        writer.integer(status)
    }
}
