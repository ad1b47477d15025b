import FlowLayout

#if canImport(Glibc)
import Glibc
#endif

/// The service's routes, matched from a path. Methods are checked by the handler of each route so a
/// wrong one can answer 405 with the right `Allow`.
enum Route {
    case health
    case live
    case ready
    case metrics
    case layout
    case layouts
    /// `/v1/layouts/{id}`.
    case storedLayout(PathID)
    case storedAttributes(PathID)
    case cache

    init?(path: RequestText) {
        // Matched on the raw UTF-8, fixed routes by length and bytes: this runs for every request, and
        // a `switch` over strings compares the path with each literal in turn.
        guard let route = path.withUTF8(Self.route) else { return nil }
        self = route
    }

    private static let fixed: [(path: StaticString, route: Route)] = [
        ("/healthz", .health), ("/livez", .live), ("/readyz", .ready), ("/metrics", .metrics),
        ("/v1/layout", .layout), ("/v1/layouts", .layouts), ("/v1/cache", .cache),
    ]

    private static func route(_ bytes: UnsafeRawBufferPointer) -> Route? {
        for (fixedPath, route) in fixed where fixedPath.utf8CodeUnitCount == bytes.count {
            if memcmp(bytes.baseAddress!, fixedPath.utf8Start, bytes.count) == 0 { return route }
        }
        // /v1/layouts/{id} and /v1/layouts/{id}/attributes.
        return storedLayoutRoute(bytes)
    }

    private static func storedLayoutRoute(_ bytes: UnsafeRawBufferPointer) -> Route? {
        let prefix: StaticString = "/v1/layouts/"
        let suffix: StaticString = "/attributes"
        guard bytes.count > prefix.utf8CodeUnitCount,
            memcmp(bytes.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
        else { return nil }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[prefix.utf8CodeUnitCount...])
        // memchr rather than `firstIndex(of:)`, which steps through the 32 digits of an id a byte at a time.
        let start = rest.baseAddress!
        let slash = memchr(start, Int32(UInt8(ascii: "/")), rest.count).map { start.distance(to: UnsafeRawPointer($0)) }
            ?? rest.count
        guard slash > 0 else { return nil }
        let idBytes = UnsafeRawBufferPointer(rebasing: rest[..<slash])
        let id = ContentHash(hexBytes: idBytes).map(PathID.valid)
            ?? .invalid(bytes: prefix.utf8CodeUnitCount..<prefix.utf8CodeUnitCount + slash)
        if slash == rest.count { return .storedLayout(id) }
        let tail = UnsafeRawBufferPointer(rebasing: rest[slash...])
        guard tail.count == suffix.utf8CodeUnitCount,
            memcmp(tail.baseAddress!, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0
        else { return nil }
        return .storedAttributes(id)
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

/// The `{id}` of a stored layout's path: a layout id when it is 32 lowercase hex digits, else where
/// the text sits in the path (answered like an unknown id). Plain values either way: a `String` here
/// made every route a value with reference counting to copy and destroy on every request.
enum PathID {
    case valid(ContentHash)
    case invalid(bytes: Range<Int>)

    var layoutID: ContentHash? {
        if case .valid(let id) = self { return id }
        return nil
    }

    /// The id as the client wrote it in `path`, for a 404's message.
    func spelling(in path: RequestText) -> String {
        switch self {
        case .valid(let id): return id.description
        case .invalid(let range): return path.withUTF8 { String(decoding: $0[range], as: UTF8.self) }
        }
    }
}
