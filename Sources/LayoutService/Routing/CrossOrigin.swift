
/// Which web pages on other origins may call the service, and the CORS fields that tell their
/// browsers so (the Fetch standard's CORS protocol). `--cors-origins` configures it; without it the
/// answers carry no CORS field and a browser keeps pages on other origins out.
///
/// The fields never change what an answer says: a disallowed origin gets the same status and body
/// as any client, only without `Access-Control-Allow-Origin`, so its browser withholds them.
public struct CrossOriginPolicy: Sendable, Equatable {
    public enum Origins: Sendable, Equatable {
        /// `*`: every origin, answered `Access-Control-Allow-Origin: *` (no credentials are used).
        case any
        /// Exact origins (`https://app.example.com`), answered by name, with `Vary: Origin`.
        case listed(Set<String>)
    }

    public let origins: Origins

    /// The request headers a page may send beyond the CORS-safelisted ones.
    static let allowedHeaders = "Content-Type, Content-Encoding, If-None-Match, X-Request-ID, X-Layout-Id"
    /// The answer headers a page may read beyond the CORS-safelisted ones.
    static let exposedHeaders = "ETag, Location, Retry-After, X-Request-ID"
    /// Seconds a browser may reuse a preflight's answer (Chromium keeps it two hours at most).
    static let maxAgeSeconds = "7200"

    /// Parses `--cors-origins`: `*`, or origins separated by commas (`scheme://host[:port]`, no path);
    /// nil for an empty list. Throws the message for an entry that is not an origin.
    public init?(parsing list: String) throws(CrossOriginPolicy.InvalidOrigin) {
        let entries = list.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard !entries.isEmpty else { return nil }
        if entries == ["*"] {
            origins = .any
            return
        }
        for entry in entries where !Self.isOrigin(entry) { throw InvalidOrigin(entry: entry) }
        origins = .listed(Set(entries))
    }

    public struct InvalidOrigin: Error, CustomStringConvertible {
        public let entry: String
        public var description: String {
            "'\(entry)' is not an origin: write scheme://host[:port] (no path, no trailing slash), or * alone."
        }
    }

    /// `scheme://host[:port]` as browsers send it in `Origin` (RFC 6454 §6.1).
    private static func isOrigin(_ text: String) -> Bool {
        guard let separator = text.firstRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
            && !authority.isEmpty && !authority.contains(where: { "/?#@ ".contains($0) })
    }

    /// `Access-Control-Allow-Origin` for a request from `origin`, or nil when it is not allowed.
    func allowedOrigin(_ origin: String) -> String? {
        switch origins {
        case .any: "*"
        case .listed(let names): names.contains(origin) ? origin : nil
        }
    }

    /// Whether answers vary by `Origin`: with listed origins, every answer, for caches, whoever asked.
    private var variesByOrigin: Bool {
        if case .listed = origins { return true }
        return false
    }

    /// The fields every answer (but a preflight's) to an allowed origin carries: the origin it may be
    /// read from, and the headers a page may read.
    private func readableBy(_ allowed: String) -> [(name: StaticString, value: String)] {
        [("Access-Control-Allow-Origin", allowed), ("Access-Control-Expose-Headers", Self.exposedHeaders)]
    }

    /// The CORS fields of an answer the HTTP layer makes by itself (a refusal) for a request from
    /// `origin`, as `apply` gives them to the service's own: `Vary: Origin` with listed origins, then
    /// for an allowed origin `Access-Control-Allow-Origin` and `-Expose-Headers`.
    public func refusalFields(origin: String?) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = variesByOrigin ? [("Vary", "Origin")] : []
        if let origin, let allowed = allowedOrigin(origin) {
            fields += readableBy(allowed).map { (name: $0.name.description, value: $0.value) }
        }
        return fields
    }

    /// Adds the CORS fields to an answer. A preflight (`OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`) from an allowed origin is told the path's methods and the
    /// headers it may send; any other answer to an allowed origin names it and exposes its headers.
    /// With listed origins every answer varies by `Origin`, for caches, whoever asked.
    func apply(to response: inout ServiceResponse, for request: ServiceRequest) {
        if variesByOrigin { response.variesByOrigin = true }
        guard let origin = request.origin, let allowed = allowedOrigin(origin) else { return }
        if request.method == "OPTIONS", request.accessControlRequestMethod != nil, response.status == 204,
            let methods = response.headers.first(where: { $0.name.description == "Allow" })?.value
        {
            response.headers.append((name: "Access-Control-Allow-Origin", value: allowed))
            response.headers.append((name: "Access-Control-Allow-Methods", value: methods))
            response.headers.append((name: "Access-Control-Allow-Headers", value: Self.allowedHeaders))
            response.headers.append((name: "Access-Control-Max-Age", value: Self.maxAgeSeconds))
        } else {
            response.headers += readableBy(allowed)
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
