import FlowLayout
import WireKit

extension LayoutService {
    /// Every route the service answers, declared once: the methods, the path template, the label its
    /// requests are counted and logged under, the statuses its handler may answer, and the handler.
    /// Matching, dispatch, `405` with `Allow`, and the route and status labels of `/metrics` all follow
    /// from this table (`pathTable`); a test answers every status of every route. A `GET` route
    /// answers `HEAD` too (RFC 9110 §9.3.2): the same handler and headers, the body left unsent by the
    /// HTTP server; every path answers `OPTIONS` with its methods (`ServiceResponse.options`).
    ///
    /// Paths are matched in the order of the table (stored-layout scrolls, most requests, first);
    /// `Allow` lists a path's methods in the order of its rows. A handler that takes a
    /// `ResolvedLayout` gets the layout its path names, resolved first (`LayoutService.resolve`: 404 `layout-not-found`, 503
    /// `store-unavailable`); a handler answers a refusal by throwing its problem.
    static let routes: [Route] = [
        Route(["GET"], "/v1/layouts/{id}/attributes", .storedAttributes, [200, 304, 400, 404]) { (service, layout: ResolvedLayout, request, _) throws(Problem) in
            try service.scrollFromQuery(layout, request)
        },
        Route(["POST"], "/v1/layouts/{id}/attributes", .storedAttributes, [200, 400, 404, 415]) { (service, layout: ResolvedLayout, request, _) throws(Problem) in
            try service.scroll(layout, request)
        },
        Route(["POST"], "/v1/layout", .layout, [200, 400, 415]) { (service, request, _) throws(Problem) in
            try service.layout(request)
        },
        Route(["POST"], "/v1/layouts", .layouts, [200, 201, 400, 415, 507]) { (service, request, _) throws(Problem) in
            try service.register(request)
        },
        Route(["POST"], "/v1/layouts/{id}/updates", .storedUpdates, [200, 201, 400, 404, 415, 507]) { (service, layout: ResolvedLayout, request, _) throws(Problem) in
            try service.update(layout, request)
        },
        Route(["GET"], "/v1/layouts/{id}/items/{section}/{item}", .storedItem, [200, 304, 400, 404]) { (service, layout: ResolvedLayout, request, path) throws(Problem) in
            try service.item(layout, request, path)
        },
        Route(["GET"], "/v1/layouts/{id}/headers/{section}", .storedHeader, [200, 304, 400, 404]) { (service, layout: ResolvedLayout, request, path) throws(Problem) in
            try service.supplementary(.header, layout, request, path)
        },
        Route(["GET"], "/v1/layouts/{id}/footers/{section}", .storedFooter, [200, 304, 400, 404]) { (service, layout: ResolvedLayout, request, path) throws(Problem) in
            try service.supplementary(.footer, layout, request, path)
        },
        Route(["GET"], "/v1/layouts/{id}/hit", .storedHit, [200, 304, 400, 404]) { (service, layout: ResolvedLayout, request, _) throws(Problem) in
            try service.hitTest(layout, request)
        },
        Route(["POST"], "/v1/layouts/{id}/fling", .storedFling, [200, 400, 404, 415]) { (service, layout: ResolvedLayout, request, _) throws(Problem) in
            try service.fling(layout, request)
        },
        Route(["GET"], "/v1/layouts/{id}", .storedLayout, [200, 304, 404]) { (service, layout: ResolvedLayout, _, _) throws(Problem) in
            service.metadata(layout)
        },
        Route(["DELETE"], "/v1/layouts/{id}", .storedLayout, [204, 404]) { (service, request, path) throws(Problem) in
            try service.delete(path.id, request)
        },
        Route(["GET"], "/v1/cache", .cache, [200]) { service, _, _ in service.cacheStatistics() },
        Route(["GET"], "/healthz", .health, [200]) { service, _, _ in service.status(.ok, 200) },
        Route(["GET"], "/livez", .live, [200]) { service, _, _ in service.status(.ok, 200) },
        Route(["GET"], "/readyz", .ready, [200, 503]) { service, _, _ in
            service.isReady ? service.status(.ready, 200) : service.status(.draining, 503)
        },
        Route(["GET"], "/metrics", .metrics, [200]) { service, _, _ in service.metricsExposition() },
        Route(["GET"], "/playground", .playground, [200, 304]) { service, _, _ in service.playgroundFile("") },
        Route(["GET"], "/playground/{file}", .playgroundFile, [200, 304, 404]) { service, request, file in
            service.playgroundFile(file.id?.spelling(in: request.path) ?? "")
        },
        Route(["GET"], "/", .root, [302]) { service, _, _ in service.rootRedirect() },
    ]

    /// `routes` by path template, for matching (WireKit's `PathTable`).
    static let pathTable = PathTable(
        routes.map { (methods: $0.methods, template: $0.template, label: $0.label, handler: $0.handler) },
        options: { allowed -> Route.Handler in { @Sendable _, _, _ in .options(allowing: allowed) } })

    /// Statuses any request may get whatever its route: `204` for `OPTIONS` (every path answers it,
    /// CORS preflights included), `404` for a path no route has, `405` for a method the path's routes
    /// do not answer, `415` for a body in a content coding the server cannot read.
    static let routingStatuses = [204, 404, 405, 415]
}

/// One row of `LayoutService.routes`.
struct Route: Sendable {
    /// Handlers get their path's parameters (`id` nil on a path without one), and throw the problem
    /// to answer instead (rendered in one place, `LayoutService.handle`).
    typealias Handler = @Sendable (LayoutService, ServiceRequest, PathParameters) throws(Problem) -> ServiceResponse
    /// A handler of a stored layout's path: the layout the path names, then the request and the path's
    /// other parameters.
    typealias StoredHandler = @Sendable (LayoutService, ResolvedLayout, ServiceRequest, PathParameters) throws(Problem) -> ServiceResponse

    let methods: [String]
    let template: StaticString
    let label: RouteLabel
    let statuses: [Int]
    let handler: Handler

    init(_ methods: [String], _ template: StaticString, _ label: RouteLabel, _ statuses: [Int], _ handler: @escaping Handler) {
        (self.methods, self.template, self.label, self.statuses, self.handler) = (methods, template, label, statuses, handler)
    }

    init(_ methods: [String], _ template: StaticString, _ label: RouteLabel, _ statuses: [Int], _ stored: @escaping StoredHandler) {
        self.init(methods, template, label, statuses) { (service, request, path) throws(Problem) in
            try stored(service, try service.resolve(path.id, request), request, path)
        }
    }
}

/// The label of a route in metrics and logs: its path template, never an id or a
/// raw path; `unknown` for a path no route has.
enum RouteLabel: Int, CaseIterable, Sendable {
    case layout, layouts, storedLayout, storedAttributes, storedUpdates, health, live, ready, metrics, cache
    case storedItem, storedHeader, storedFooter, storedHit, storedFling
    case playground, playgroundFile, root, unknown

    /// Static, so an access line copies it without escaping it.
    var name: StaticString { Self.names[rawValue] }

    /// The template of each label, by `rawValue` (`unmatched` for `unknown`).
    private static let names: [StaticString] = allCases.map { label in
        guard label != .unknown else { return "unmatched" }
        guard let template = LayoutService.pathTable.template(of: label) else { preconditionFailure("no route has the label \(label)") }
        return template
    }
}

/// The statuses counted in `/metrics`: every status a route of the table may answer and the routing
/// statuses, ascending; anything else is counted as "other".
enum StatusLabel {
    static let codes: [Int] = Array(Set(LayoutService.routes.flatMap(\.statuses) + LayoutService.routingStatuses)).sorted()

    /// The position of `status` in `codes`, `codes.count` for any other: one load from a table made
    /// from `codes`, since every request is counted by it.
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
