import CSimdJSON

/// Parses request bodies with simdjson, one reusable parser per thread.
public enum JSONDocument {
    /// Parses `bytes` and hands the root to `body`. The root and everything reached from it are only
    /// valid inside `body`. `padded` says `SJ_PADDING` readable bytes follow the input (the HTTP server
    /// guarantees it), which spares simdjson a copy. A document that does not parse throws what
    /// `malformed` makes of simdjson's message.
    public static func withRoot<Result, Failure: Error>(
        of bytes: UnsafeRawBufferPointer, padded: Bool, maxBytes: Int, malformed: (String) -> Failure,
        _ body: (JSONValue) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let parser = sj_thread_parser(max(maxBytes, bytes.count)) else {
            throw malformed("the JSON parser could not allocate memory")
        }
        var root = sj_value()
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let code = withUnsafePointer(to: 0 as UInt8) { empty in
            sj_parse(parser, base ?? empty, bytes.count, padded && base != nil, &root)
        }
        guard code == 0 else {
            throw malformed(String(cString: sj_error_message(code)))
        }
        return try body(JSONValue(raw: root))
    }
}
