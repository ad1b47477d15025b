import Logging

/// One request's access-log fields, carried as a single metadata value.
///
/// A line per request is on the hot path: a `Logger.Metadata` dictionary of ten entries, boxed numbers
/// and a sort of the keys cost more than answering a scroll. As one typed value, `JSONLogHandler`
/// writes the fields straight into the line, as members of it with numbers as numbers; any other
/// handler prints `description` (`method=POST route=… status=200 …`).
public struct AccessRecord: CustomStringConvertible, Sendable {
    /// The metadata key the record travels under; JSON lines show its fields, not this key.
    public static let metadataKey = "access"

    var requestID: String
    var method: String
    var route: String
    var status: Int
    var nanoseconds: Int64
    var requestBytes: Int
    var responseBytes: Int
    var cacheHit: Bool?
    var items: Int?
    var error: String?

    /// Microseconds with one decimal, as the line shows them.
    var durationMicroseconds: Double { Double(nanoseconds / 100) / 10 }

    public var description: String {
        var text = "method=\(method) route=\(route) status=\(status) duration_us=\(durationMicroseconds)"
        text += " request_bytes=\(requestBytes) response_bytes=\(responseBytes) request_id=\(requestID)"
        if let cacheHit { text += " cache=\(cacheHit ? "hit" : "miss")" }
        if let items { text += " items=\(items)" }
        if let error { text += " error=\"\(error)\"" }
        return text
    }

    /// The fields as JSON members (each preceded by a comma), keys in alphabetical order.
    func writeMembers(into writer: inout JSONWriter) {
        if let cacheHit { writer.raw(cacheHit ? ",\"cache\":\"hit\"" : ",\"cache\":\"miss\"") }
        writer.raw(",\"duration_us\":")
        writer.number(durationMicroseconds)
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
        writer.string(requestID)
        writer.raw(",\"response_bytes\":")
        writer.integer(responseBytes)
        writer.raw(",\"route\":")
        writer.string(route)
        writer.raw(",\"status\":")
        writer.integer(status)
    }
}
