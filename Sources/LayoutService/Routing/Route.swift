import FlowLayout

/// The service's routes, matched from a path. Methods are checked by the handler of each route so a
/// wrong one can answer 405 with the right `Allow`.
enum Route {
    case health
    case layout
    case layouts
    /// `/v1/layouts/{id}`; nil when the id is not a layout id at all (answered like an unknown one).
    case storedLayout(ContentHash?, rawID: Substring)
    case storedAttributes(ContentHash?, rawID: Substring)
    case cache

    init?(path: String) {
        switch path {
        case "/healthz": self = .health
        case "/v1/layout": self = .layout
        case "/v1/layouts": self = .layouts
        case "/v1/cache": self = .cache
        default:
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 4, parts[0].isEmpty, parts[1] == "v1", parts[2] == "layouts", !parts[3].isEmpty else {
                return nil
            }
            let id = ContentHash(hex: parts[3])
            if parts.count == 4 {
                self = .storedLayout(id, rawID: parts[3])
            } else if parts.count == 5, parts[4] == "attributes" {
                self = .storedAttributes(id, rawID: parts[3])
            } else {
                return nil
            }
        }
    }

    /// The methods each route answers, for `Allow`.
    var allowed: String {
        switch self {
        case .health, .cache: return "GET, HEAD"
        case .layout, .layouts: return "POST"
        case .storedLayout: return "GET, DELETE"
        case .storedAttributes: return "GET, POST"
        }
    }
}
