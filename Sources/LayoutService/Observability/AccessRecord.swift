import Logging

/// One request's access-log fields, carried as a single metadata value.
///
/// A line per request is on the hot path: a `Logger.Metadata` dictionary of ten entries, boxed numbers
/// and a sort of the keys cost more than answering a scroll. As one typed value, `JSONLogHandler`
/// writes the fields straight into the line, as members of it with numbers as numbers; any other
/// handler prints `description` (`method=POST route=… status=200 …`).
///
/// A final class, not a struct: a metadata value holds it by reference, where a struct this size would
/// be copied into a box of its own on every request.
public final class AccessRecord: CustomStringConvertible, Sendable {
    /// The metadata key the record travels under; JSON lines show its fields, not this key.
    public static let metadataKey = "access"

    let requestID: String
    let method: String
    let route: RouteLabel
    let status: Int
    let nanoseconds: Int64
    let requestBytes: Int
    let responseBytes: Int
    let cacheHit: Bool?
    let items: Int?
    let error: String?

    init(
        requestID: String, method: String, route: RouteLabel, status: Int, nanoseconds: Int64, requestBytes: Int,
        responseBytes: Int, cacheHit: Bool?, items: Int?, error: String?
    ) {
        self.requestID = requestID
        self.method = method
        self.route = route
        self.status = status
        self.nanoseconds = nanoseconds
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.cacheHit = cacheHit
        self.items = items
        self.error = error
    }

    /// Microseconds with one decimal, as the line shows them.
    var durationMicroseconds: Double { Double(nanoseconds / 100) / 10 }

    public var description: String {
        var text = "method=\(method) route=\(route.name) status=\(status) duration_us=\(durationMicroseconds)"
        text += " request_bytes=\(requestBytes) response_bytes=\(responseBytes) request_id=\(requestID)"
        if let cacheHit { text += " cache=\(cacheHit ? "hit" : "miss")" }
        if let items { text += " items=\(items)" }
        if let error { text += " error=\"\(error)\"" }
        return text
    }

    /// The fields as JSON members (each preceded by a comma), keys in alphabetical order.
    func writeMembers(into writer: inout JSONWriter) {
        if let cacheHit { writer.raw(cacheHit ? ",\"cache\":\"hit\"" : ",\"cache\":\"miss\"") }
        // Tenths of a microsecond as `113.9` (or `113` for a whole number) by integer arithmetic: the
        // shortest-double printer would spell the same and cost more on every line.
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
        writer.string(requestID)
        writer.raw(",\"response_bytes\":")
        writer.integer(responseBytes)
        writer.raw(",\"route\":\"")
        writer.raw(route.name)
        writer.byte(UInt8(ascii: "\""))
        writer.raw(",\"status\":")
        writer.integer(status)
    }
}
