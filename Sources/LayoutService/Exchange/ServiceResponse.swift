import WireKit

/// The answer to a `ServiceRequest`.
public struct ServiceResponse: Sendable {
    public var status: Int
    public var contentType: StaticString?
    /// Spelled only as the header is written (see `forEachHeader`).
    var etag: EntityTag?
    /// `Content-Encoding: gzip` when `.gzip` (the body is then compressed).
    var contentCoding = ContentCoding.identity
    /// `Vary: Accept-Encoding`: set on answers whose body is large enough to compress, compressed or not.
    var variesByEncoding = false
    /// `Vary: Origin`: set on every answer when only listed origins may read them (`CrossOriginPolicy`).
    var variesByOrigin = false
    /// The headers an answer carries now and then (`Location`, `Allow`, `Cache-Control`).
    var headers: [(name: StaticString, value: String)]
    /// Set by `LayoutService.handle` on every answer.
    var requestID: RequestID?
    public var body: ResponseBody
    /// For the access log and metrics: whether the base layout was cached, how many items the request
    /// described, and why it failed.
    var cacheHit: Bool?
    var itemCount: Int?
    var failure: String?

    init(status: Int, contentType: StaticString?, etag: EntityTag? = nil, headers: [(name: StaticString, value: String)] = [], body: ResponseBody) {
        self.status = status
        self.contentType = contentType
        self.etag = etag
        self.headers = headers
        self.body = body
    }

    /// Every header, in order (`Content-Type`, `Content-Encoding`, `ETag`, `Vary`, the others,
    /// `X-Request-ID`), each name and
    /// value lent as bytes for the call: the HTTP layer copies them, so a scroll answer makes no
    /// strings or array for its headers.
    /// A `304` carries the validators and cache fields of its `200` (RFC 9110 §15.4.5), not the
    /// body's type and coding.
    public func forEachHeader(_ visit: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void) {
        if status != 304 {
            if let contentType { Self.visit("Content-Type", contentType, visit) }
            if contentCoding == .gzip { Self.visit("Content-Encoding", "gzip", visit) }
        }
        if let etag {
            Self.lend("ETag") { name in etag.withSpelling { visit(name, $0) } }
        }
        switch (variesByEncoding, variesByOrigin) {
        case (true, false): Self.visit("Vary", "Accept-Encoding", visit)
        case (false, true): Self.visit("Vary", "Origin", visit)
        case (true, true): Self.visit("Vary", "Accept-Encoding, Origin", visit)
        case (false, false): break
        }
        for header in headers { Self.visit(header.name, header.value, visit) }
        if let requestID {
            Self.lend("X-Request-ID") { name in requestID.withSpelling { visit(name, $0) } }
        }
    }

    private static func lend(_ text: StaticString, _ body: (UnsafeRawBufferPointer) -> Void) {
        text.withUTF8Buffer { body(UnsafeRawBufferPointer($0)) }
    }

    private static func visit(_ name: StaticString, _ value: StaticString, _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
        lend(name) { name in lend(value) { visit(name, $0) } }
    }

    private static func visit(_ name: StaticString, _ value: String, _ visit: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
        var value = value
        lend(name) { name in value.withUTF8 { visit(name, UnsafeRawBufferPointer($0)) } }
    }

    /// Marks an answer that is a pure function of its URL (a `GET` of a stored layout's view or
    /// element): anyone may cache it for as long as they like.
    mutating func cacheForever() {
        headers.append((name: "Cache-Control", value: "public, max-age=31536000, immutable"))
    }

    /// The media type of JSON, requests' and answers'.
    static let jsonMediaType: StaticString = "application/json"

    /// For answers that describe the moment (probes, metrics, the cache's counters) or a failure: a
    /// cache must not keep them (RFC 9111 lets it keep a 404 or a 200 without it).
    static let noStore: (name: StaticString, value: String) = (name: "Cache-Control", value: "no-store")

    /// For answers a cache may keep but must check with the service before each use (`If-None-Match`):
    /// a stored layout's metadata (the layout may be gone) and the playground's files (an upgrade).
    static let noCache: (name: StaticString, value: String) = (name: "Cache-Control", value: "no-cache")

    static func empty(_ status: Int, etag: EntityTag? = nil) -> ServiceResponse {
        ServiceResponse(status: status, contentType: nil, etag: etag, body: [])
    }

    /// The answer to `OPTIONS` (RFC 9110 §9.3.7): the path's methods, and nothing else to say. A CORS
    /// preflight gets the same, with the fields `CrossOriginPolicy` adds.
    static func options(allowing methods: String) -> ServiceResponse {
        ServiceResponse(status: 204, contentType: nil, headers: [(name: "Allow", value: methods)], body: [])
    }

    /// This `200` as the `304 Not Modified` a conditional request gets when `If-None-Match` names its
    /// tag: the same `ETag`, `Cache-Control` and `Vary`, so a cache updates what it holds with the
    /// 200's own fields. The body stays, unsent: the HTTP server sends its length as the 304's
    /// `Content-Length`, the length of the representation the cache holds.
    mutating func becomeNotModified(by ifNoneMatch: String) {
        guard status == 200, let etag, etag.isNamed(by: ifNoneMatch) else { return }
        status = 304
    }

    static func problem(_ problem: Problem, headers: [(name: StaticString, value: String)] = []) -> ServiceResponse {
        var headers = headers
        headers.append(noStore)
        if let seconds = problem.retryAfter { headers.append((name: "Retry-After", value: String(seconds))) }
        var response = ServiceResponse.json(problem.status, problem, contentType: "application/problem+json", headers: headers)
        response.failure = problem.detail
        return response
    }
}
