import HTTPServer
import LayoutService

/// A request the HTTP layer refuses by itself. Its name, status, problem type and title are the C
/// server's catalogue's (HTTPServer's rejection_catalogue.h); the service writes its problem, with a
/// detail that names the configured limit, and the server sends it.
typealias Rejection = hs_rejection

extension Rejection {
    /// Every rejection, in the catalogue's order.
    static let all = (0..<HS_REJECTION_COUNT).map { Rejection(rawValue: UInt32($0))! }

    private var entry: hs_rejection_entry { hs_rejection_describe(self).pointee }

    /// Its identifier after `HS_REJECT_` in lower case, words joined by hyphens: its metric's `reason`.
    var name: String { String(cString: entry.name).lowercased().replacing("_", with: "-") }

    var status: Int { Int(entry.status) }

    func problem(_ configuration: LayoutServer.Configuration) -> Problem {
        Problem(slug: String(cString: entry.slug), title: String(cString: entry.title), status: status,
                detail: detail(configuration))
    }

    /// What the client is told; a rejection added to the catalogue does not compile until it has one.
    private func detail(_ configuration: LayoutServer.Configuration) -> String {
        switch self {
        case .HS_REJECT_CONFLICTING_CONTENT_LENGTHS: "The request has two different Content-Length headers."
        case .HS_REJECT_CONTENT_LENGTH_WITH_TRANSFER_ENCODING: "The request has both Content-Length and Transfer-Encoding."
        case .HS_REJECT_MISSING_HOST: "An HTTP/1.1 request must have a Host header."
        case .HS_REJECT_REQUEST_TIMEOUT:
            "The request did not arrive in full within \(configuration.requestTimeoutSeconds) seconds of its first byte."
        case .HS_REJECT_BODY_TOO_LARGE: "The request body is larger than the limit of \(configuration.maxBodyBytes) bytes."
        case .HS_REJECT_URI_TOO_LONG:
            "The request target (path and query) is longer than the limit of \(configuration.maxURIBytes) bytes."
        case .HS_REJECT_UNSUPPORTED_TRANSFER_CODING: "The only transfer coding accepted is chunked."
        case .HS_REJECT_TOO_MANY_CONNECTIONS:
            "The server holds its limit of \(configuration.connectionLimit) connections; retry after a second, or reuse a connection."
        case .HS_REJECT_BODY_BUDGET:
            "The request bodies being received would pass the server's budget of \(configuration.maxInflightBodyBytes) bytes; retry after a second."
        case .HS_REJECT_INTERNAL: "The handler produced no answer."
        case .HS_REJECT_MALFORMED_REQUEST: "The request is not well-formed HTTP/1.1."
        case .HS_REJECT_HEADERS_TOO_LARGE:
            "The request line and headers do not fit in the \(configuration.connectionMemoryBytes) bytes a connection has for them."
        case .HS_REJECT_HTTP_VERSION_NOT_SUPPORTED: "Only HTTP/1.1 and HTTP/1.0 are served."
        case .HS_REJECT_NUL_IN_TARGET:
            "The request target holds %00, an encoded NUL byte, which no path segment or query parameter may contain."
        case .HS_REJECT_MALFORMED_GZIP_BODY:
            "The body is sent with Content-Encoding: gzip but is not gzip data, or ends before its gzip stream does."
        }
    }
}
