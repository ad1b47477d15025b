#ifndef HS_REJECTION_CATALOGUE_H
#define HS_REJECTION_CATALOGUE_H

/*
 * The requests the server answers itself, declared once: the enum hs_rejection, the server's table
 * and the owner's problems (LayoutServer) expand from this list; docs/http.md's table and
 * openapi.yaml are held to it by LayoutServerTests.
 *
 * X(NAME, status, slug, title, when): HS_REJECT_<NAME>, whose name in lower case with hyphens is the
 * refusal's `reason` in metrics; the status line's code; the owner's problem type
 * (/problems/<slug>) and title; and when the server answers it. A refusal is named by its slug unless
 * other answers share it: the framing faults under malformed-request, the body budget under the
 * service's own server-busy. The order is that of the metrics' series.
 */
#define HS_REJECTIONS(X)                                                                                    \
    X(CONFLICTING_CONTENT_LENGTHS, 400, "malformed-request", "Bad Request",                                 \
      "two different `Content-Length` headers")                                                             \
    X(CONTENT_LENGTH_WITH_TRANSFER_ENCODING, 400, "malformed-request", "Bad Request",                       \
      "`Content-Length` and `Transfer-Encoding` together")                                                  \
    X(MISSING_HOST, 400, "malformed-request", "Bad Request", "an HTTP/1.1 request without `Host`")          \
    X(REQUEST_TIMEOUT, 408, "request-timeout", "Request Timeout",                                           \
      "the request did not arrive in full within its deadline, from its first byte")                        \
    X(BODY_TOO_LARGE, 413, "body-too-large", "Content Too Large",                                           \
      "the body is over its cap, by its `Content-Length` or as it arrives (inflated, if gzip)")             \
    X(URI_TOO_LONG, 414, "uri-too-long", "URI Too Long",                                                    \
      "the request target (path and query) is over its cap")                                                \
    X(UNSUPPORTED_TRANSFER_CODING, 501, "unsupported-transfer-coding", "Not Implemented",                   \
      "a transfer coding other than `chunked`")                                                             \
    X(TOO_MANY_CONNECTIONS, 503, "too-many-connections", "Service Unavailable",                             \
      "a connection past the limit of open ones (answered as it is accepted)")                              \
    X(BODY_BUDGET, 503, "server-busy", "Service Unavailable",                                               \
      "the body would take the bodies being received past their budget")                                    \
    X(INTERNAL, 500, "internal", "Internal Server Error",                                                   \
      "the handler returned without answering, or libmicrohttpd met an internal error")                     \
    X(MALFORMED_REQUEST, 400, "malformed-request", "Bad Request",                                           \
      "a request line or header that is not strict HTTP/1.1")                                               \
    X(HEADERS_TOO_LARGE, 431, "headers-too-large", "Request Header Fields Too Large",                       \
      "the request line and headers do not fit the connection's memory")                                    \
    X(HTTP_VERSION_NOT_SUPPORTED, 505, "http-version-not-supported", "HTTP Version Not Supported",          \
      "an HTTP version other than 1.0 and 1.1")                                                             \
    X(NUL_IN_TARGET, 400, "malformed-request", "Bad Request",                                               \
      "`%00` (an encoded NUL) in the path or query")                                                        \
    X(MALFORMED_GZIP_BODY, 400, "malformed-request", "Bad Request",                                         \
      "a body sent with `Content-Encoding: gzip` that is not gzip")

#endif
