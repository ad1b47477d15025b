/// Bounded label values for metrics and logs: one per route, never an id or a raw path.
enum RouteLabel: Int, CaseIterable, Sendable {
    case layout, layouts, storedLayout, storedAttributes, health, live, ready, metrics, cache, unknown

    /// Static, so an access line copies it without escaping it.
    var name: StaticString {
        switch self {
        case .layout: return "/v1/layout"
        case .layouts: return "/v1/layouts"
        case .storedLayout: return "/v1/layouts/{id}"
        case .storedAttributes: return "/v1/layouts/{id}/attributes"
        case .health: return "/healthz"
        case .live: return "/livez"
        case .ready: return "/readyz"
        case .metrics: return "/metrics"
        case .cache: return "/v1/cache"
        case .unknown: return "unmatched"
        }
    }
}

/// The status codes the service answers with; anything else is counted as "other".
enum StatusLabel {
    static let codes = [200, 201, 204, 304, 400, 404, 405, 413, 415, 500, 503]

    /// The position of `status` in `codes`, `codes.count` for any other: a switch, not a search of the
    /// array, since every request is counted by it (the tests check the two agree).
    @inline(__always)
    static func index(_ status: Int) -> Int {
        switch status {
        case 200: return 0
        case 201: return 1
        case 204: return 2
        case 304: return 3
        case 400: return 4
        case 404: return 5
        case 405: return 6
        case 413: return 7
        case 415: return 8
        case 500: return 9
        case 503: return 10
        default: return 11
        }
    }

    static func name(_ index: Int) -> String { index < codes.count ? String(codes[index]) : "other" }
}
