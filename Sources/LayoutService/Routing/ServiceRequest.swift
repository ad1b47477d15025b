/// One HTTP request as the service sees it: no sockets, only what routing and decoding read.
public struct ServiceRequest {
    public var method: String
    /// The path without the query string.
    public var path: String
    /// Query-string arguments in order, already percent-decoded.
    public var query: [(name: String, value: String)]
    public var contentType: String?
    public var ifNoneMatch: String?
    /// The client's `X-Request-ID`, echoed back (a fresh one is made when absent).
    public var requestID: String?
    /// The body bytes; valid for the duration of `LayoutService.handle`.
    public var body: UnsafeRawBufferPointer
    /// True when 64 readable bytes follow `body` (the HTTP server pads every body), so the JSON parser
    /// can read it in place.
    public var bodyIsPadded: Bool

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], contentType: String? = nil,
        ifNoneMatch: String? = nil, requestID: String? = nil, body: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        bodyIsPadded: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.ifNoneMatch = ifNoneMatch
        self.requestID = requestID
        self.body = body
        self.bodyIsPadded = bodyIsPadded
    }

    func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// The answer to a `ServiceRequest`.
public struct ServiceResponse: Sendable {
    public var status: Int
    public var contentType: String?
    public var headers: [(name: String, value: String)]
    public var body: ResponseBody
    /// For the access log and metrics: whether the base layout was cached, how many items the request
    /// described, and why it failed.
    var cacheHit: Bool?
    var itemCount: Int?
    var failure: String?

    public init(status: Int, contentType: String?, headers: [(name: String, value: String)] = [], body: ResponseBody) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    static func json(_ status: Int, _ writer: JSONWriter, headers: [(name: String, value: String)] = []) -> ServiceResponse {
        ServiceResponse(status: status, contentType: "application/json", headers: headers, body: writer.body)
    }

    static func empty(_ status: Int, headers: [(name: String, value: String)] = []) -> ServiceResponse {
        ServiceResponse(status: status, contentType: nil, headers: headers, body: [])
    }

    static func problem(_ problem: Problem, headers: [(name: String, value: String)] = []) -> ServiceResponse {
        var writer = JSONWriter(capacity: 256)
        writer.problem(problem)
        var response = ServiceResponse(status: problem.status, contentType: "application/problem+json", headers: headers, body: writer.body)
        response.failure = problem.detail
        return response
    }
}
