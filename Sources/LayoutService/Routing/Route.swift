import FlowLayout

/// The service's routes, matched from a path. Methods are checked by the handler of each route so a
/// wrong one can answer 405 with the right `Allow`.
enum Route {
    case health
    case live
    case ready
    case metrics
    case layout
    case layouts
    /// `/v1/layouts/{id}`; nil when the id is not a layout id at all (answered like an unknown one).
    case storedLayout(ContentHash?, rawID: Substring)
    case storedAttributes(ContentHash?, rawID: Substring)
    case cache

    init?(path: String) {
        switch path {
        case "/healthz": self = .health
        case "/livez": self = .live
        case "/readyz": self = .ready
        case "/metrics": self = .metrics
        case "/v1/layout": self = .layout
        case "/v1/layouts": self = .layouts
        case "/v1/cache": self = .cache
        default:
            // /v1/layouts/{id} and /v1/layouts/{id}/attributes, matched on the UTF-8 view: this runs
            // for every scroll request.
            let prefix = "/v1/layouts/".utf8
            guard path.utf8.starts(with: prefix) else { return nil }
            let rest = path.utf8.dropFirst(prefix.count)
            let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let rawID = Substring(rest[..<slash])
            guard !rawID.isEmpty else { return nil }
            let id = ContentHash(hex: rawID)
            let tail = rest[slash...]
            if tail.isEmpty {
                self = .storedLayout(id, rawID: rawID)
            } else if tail.elementsEqual("/attributes".utf8) {
                self = .storedAttributes(id, rawID: rawID)
            } else {
                return nil
            }
        }
    }

    var label: RouteLabel {
        switch self {
        case .health: return .health
        case .live: return .live
        case .ready: return .ready
        case .metrics: return .metrics
        case .layout: return .layout
        case .layouts: return .layouts
        case .storedLayout: return .storedLayout
        case .storedAttributes: return .storedAttributes
        case .cache: return .cache
        }
    }

    /// The methods each route answers, for `Allow`.
    var allowed: String {
        switch self {
        case .health, .live, .ready, .metrics, .cache: return "GET, HEAD"
        case .layout, .layouts: return "POST"
        case .storedLayout: return "GET, DELETE"
        case .storedAttributes: return "GET, POST"
        }
    }
}
