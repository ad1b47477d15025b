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

    /// The position of `status` in `codes`, `codes.count` for any other: one load from a table made
    /// from `codes`, not a search of it, since every request is counted by it.
    @inline(__always)
    static func index(_ status: Int) -> Int {
        status >= 0 && status < indexes.count ? Int(indexes[status]) : codes.count
    }

    /// `index` of every status below 600.
    private static let indexes: [UInt8] = {
        var table = [UInt8](repeating: UInt8(codes.count), count: 600)
        for (index, code) in codes.enumerated() { table[code] = UInt8(index) }
        return table
    }()

    static func name(_ index: Int) -> String { index < codes.count ? String(codes[index]) : "other" }
}
