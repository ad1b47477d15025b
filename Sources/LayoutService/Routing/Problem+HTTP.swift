
/// The problems the HTTP layer answers by itself, before a request reaches the service: framing it
/// cannot trust, limits, deadlines and budgets. The service writes their bodies, the server sends them.
extension Problem {
    public static func malformedFraming(_ detail: String) -> Problem {
        Problem(slug: "malformed-request", title: "Bad Request", status: 400, detail: detail)
    }

    public static func requestTimeout(seconds: Int) -> Problem {
        Problem(slug: "request-timeout", title: "Request Timeout", status: 408,
                detail: "The request did not arrive in full within \(seconds) seconds of its first byte.")
    }

    public static func bodyTooLarge(limit: Int) -> Problem {
        Problem(slug: "body-too-large", title: "Content Too Large", status: 413,
                detail: "The request body is larger than the limit of \(limit) bytes.")
    }

    public static func malformedGzip() -> Problem {
        Problem(slug: "malformed-request", title: "Bad Request", status: 400,
                detail: "The body is sent with Content-Encoding: gzip but is not gzip data, or ends before its gzip stream does.")
    }

    public static func uriTooLong(limit: Int) -> Problem {
        Problem(slug: "uri-too-long", title: "URI Too Long", status: 414,
                detail: "The request target (path and query) is longer than the limit of \(limit) bytes.")
    }

    public static func unknownTransferCoding() -> Problem {
        Problem(slug: "unsupported-transfer-coding", title: "Not Implemented", status: 501,
                detail: "The only transfer coding accepted is chunked.")
    }

    public static func connectionLimit(_ limit: Int) -> Problem {
        Problem(slug: "too-many-connections", title: "Service Unavailable", status: 503,
                detail: "The server holds its limit of \(limit) connections; retry after a second, or reuse a connection.")
    }

    public static func bodyBudget(_ budget: Int) -> Problem {
        Problem(slug: "server-busy", title: "Service Unavailable", status: 503,
                detail: "The request bodies being received would pass the server's budget of \(budget) bytes; retry after a second.")
    }

    public static func headersTooLarge(limit: Int) -> Problem {
        Problem(slug: "headers-too-large", title: "Request Header Fields Too Large", status: 431,
                detail: "The request line and headers do not fit in the \(limit) bytes a connection has for them.")
    }

    public static func httpVersionNotSupported() -> Problem {
        Problem(slug: "http-version-not-supported", title: "HTTP Version Not Supported", status: 505,
                detail: "Only HTTP/1.1 and HTTP/1.0 are served.")
    }

    public static func noAnswer() -> Problem {
        Problem(slug: "internal", title: "Internal Server Error", status: 500, detail: "The handler produced no answer.")
    }

    /// The problem's `application/problem+json` body, as the service writes it, for the HTTP layer's
    /// own refusals (copied once, at start).
    public var body: [UInt8] { Array(encoded()) }
}
