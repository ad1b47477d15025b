
/// One HTTP request as the service sees it: no sockets, only what routing and decoding read.
///
/// Its members are constants (`let`), so a request is built in place and never copied.
public struct ServiceRequest {
    public let method: String
    /// The path without the query string.
    public let path: RequestText
    /// Query-string arguments in order, already percent-decoded.
    public let query: [(name: String, value: String)]
    public let contentType: RequestText?
    public let ifNoneMatch: String?
    /// Read only for an answer large enough to compress (`ServiceResponse.encode(for:)`).
    public let acceptEncoding: RequestText?
    /// The client's `X-Request-ID`, echoed back (a fresh one is made when absent).
    public let requestID: String?
    /// `Origin`, and a preflight's `Access-Control-Request-Method`: read only when the service
    /// answers other origins (`CrossOriginPolicy`).
    public let origin: String?
    public let accessControlRequestMethod: String?
    /// The body's `Content-Encoding` when the HTTP layer could not decode it (it inflates gzip): 415.
    public let unsupportedContentCoding: String?
    /// The body bytes; valid for the duration of `LayoutService.handle`.
    public let body: UnsafeRawBufferPointer
    /// True when 64 readable bytes follow `body` (the HTTP server pads every body), so the JSON parser
    /// can read it in place.
    public let bodyIsPadded: Bool

    public init(
        method: String, path: RequestText, query: [(name: String, value: String)] = [], contentType: RequestText? = nil,
        ifNoneMatch: String? = nil, acceptEncoding: RequestText? = nil, requestID: String? = nil, origin: String? = nil,
        accessControlRequestMethod: String? = nil, unsupportedContentCoding: String? = nil,
        body: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), bodyIsPadded: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.contentType = contentType
        self.ifNoneMatch = ifNoneMatch
        self.acceptEncoding = acceptEncoding
        self.requestID = requestID
        self.origin = origin
        self.accessControlRequestMethod = accessControlRequestMethod
        self.unsupportedContentCoding = unsupportedContentCoding
        self.body = body
        self.bodyIsPadded = bodyIsPadded
    }

    func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The first query parameter given more than once (`x=1&x=2`: which one is meant is not ours to
    /// guess), or nil. O(m²) for m parameters: a handful.
    var repeatedQueryName: String? {
        for index in query.indices.dropFirst() where query[..<index].contains(where: { $0.name == query[index].name }) {
            return query[index].name
        }
        return nil
    }
}
