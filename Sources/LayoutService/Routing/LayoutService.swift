import FlowLayout

/// The service: routes a request, decodes it into engine inputs, runs the engine against the cache
/// and writes the answer. Safe to call from many threads at once.
public final class LayoutService: Sendable {
    public struct Configuration: Sendable {
        public var limits = Limits()
        /// Bytes of base layouts kept in the cache.
        public var cacheBytes = 256 * 1024 * 1024

        public init() {}
    }

    public let configuration: Configuration
    public let cache: LayoutCache

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.cache = LayoutCache(byteBudget: configuration.cacheBytes)
    }

    var decoder: LayoutRequestDecoder { LayoutRequestDecoder(limits: configuration.limits) }

    public func handle(_ request: ServiceRequest) -> ServiceResponse {
        guard let route = Route(path: request.path) else { return .problem(.notFound(request.path)) }
        let method = request.method
        switch (route, method) {
        case (.health, "GET"), (.health, "HEAD"):
            var writer = JSONWriter(capacity: 32)
            writer.raw("{\"status\":\"ok\"}")
            return .json(200, writer)
        case (.cache, "GET"), (.cache, "HEAD"):
            return cacheStatistics()
        case (.layout, "POST"):
            return layout(request)
        case (.layouts, "POST"):
            return register(request)
        case (.storedLayout(let id, let raw), "GET"):
            return metadata(id, raw: raw)
        case (.storedLayout(let id, let raw), "DELETE"):
            return delete(id, raw: raw)
        case (.storedAttributes(let id, let raw), "POST"):
            return scroll(id, raw: raw, request)
        case (.storedAttributes(let id, let raw), "GET"):
            return scrollFromQuery(id, raw: raw, request)
        default:
            return .problem(.methodNotAllowed(method, allowed: route.allowed), headers: [("Allow", route.allowed)])
        }
    }

    /// Parses a JSON body with `decode`, or gives the problem to answer instead.
    func decodeBody<Decoded>(
        _ request: ServiceRequest, _ decode: (JSONValue) throws(RequestError) -> Decoded
    ) -> Result<Decoded, Problem> {
        guard Self.isJSON(request.contentType) else { return .failure(.unsupportedMediaType(request.contentType)) }
        do {
            let decoded = try JSONDocument.withRoot(
                of: request.body, padded: request.bodyIsPadded, maxBytes: configuration.limits.maxBodyBytes
            ) { (root) throws(RequestError) in try decode(root) }
            return .success(decoded)
        } catch {
            return .failure(error.problem)
        }
    }

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingSpaces.lowercased() == "application/json"
    }

    /// Attributes of the elements in one viewport, with parallax, from a base layout.
    func attributes(of base: BaseLayout, in viewport: Viewport, parallax: Parallax?) -> [LayoutAttributes] {
        var attributes: [LayoutAttributes] = []
        base.attributes(in: viewport, into: &attributes)
        parallax?.apply(to: &attributes, viewport: viewport, scrollDirection: base.scrollDirection) { section, item in
            base.parallaxDepth(section: section, item: item)
        }
        return attributes
    }

    /// `POST /v1/layout`: the attributes of the elements in the bounds, from the cached base layout.
    private func layout(_ request: ServiceRequest) -> ServiceResponse {
        let decoded: LayoutRequest
        switch decodeBody(request, decoder.decodeLayout) {
        case .success(let value): decoded = value
        case .failure(let problem): return .problem(problem)
        }
        let key = decoded.input.contentHash
        let (base, hit) = cache.layout(for: decoded.input, key: key)
        let attributes = attributes(of: base, in: decoded.viewport, parallax: decoded.parallax)
        var writer = JSONWriter(capacity: 256 + attributes.count * 200)
        writer.layoutResponse(
            layoutId: key, cacheHit: hit, contentSize: Self.contentSize(base, decoded.viewport), attributes: attributes)
        return .json(200, writer)
    }

    /// UIKit reports no content for empty bounds (spec §1).
    static func contentSize(_ base: BaseLayout, _ viewport: Viewport) -> Size {
        viewport.bounds.isEmpty ? .zero : base.contentSize
    }

    /// `GET /v1/cache`.
    private func cacheStatistics() -> ServiceResponse {
        let statistics = cache.statistics
        var writer = JSONWriter(capacity: 160)
        writer.raw("{\"entries\":")
        writer.integer(statistics.entries)
        writer.raw(",\"bytes\":")
        writer.integer(statistics.bytes)
        writer.raw(",\"budgetBytes\":")
        writer.integer(cache.byteBudget)
        writer.raw(",\"hits\":")
        writer.integer(statistics.hits)
        writer.raw(",\"misses\":")
        writer.integer(statistics.misses)
        writer.raw(",\"evictions\":")
        writer.integer(statistics.evictions)
        writer.raw(",\"builds\":")
        writer.integer(statistics.builds)
        writer.byte(UInt8(ascii: "}"))
        return .json(200, writer)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " || result.first == "\t" { result.removeFirst() }
        while result.last == " " || result.last == "\t" { result.removeLast() }
        return result
    }
}
