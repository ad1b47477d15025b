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

    public func handle(_ request: ServiceRequest) -> ServiceResponse {
        switch request.path {
        case "/v1/layout":
            guard request.method == "POST" else { return methodNotAllowed(request, allowed: "POST") }
            return layout(request)
        case "/healthz":
            guard request.method == "GET" || request.method == "HEAD" else {
                return methodNotAllowed(request, allowed: "GET, HEAD")
            }
            var writer = JSONWriter(capacity: 32)
            writer.raw("{\"status\":\"ok\"}")
            return .json(200, writer)
        default:
            return .problem(.notFound(request.path))
        }
    }

    private func methodNotAllowed(_ request: ServiceRequest, allowed: String) -> ServiceResponse {
        .problem(.methodNotAllowed(request.method, allowed: allowed), headers: [("Allow", allowed)])
    }

    /// `POST /v1/layout`: the attributes of the elements in the bounds, from the cached base layout.
    private func layout(_ request: ServiceRequest) -> ServiceResponse {
        guard isJSON(request.contentType) else { return .problem(.unsupportedMediaType(request.contentType)) }
        let decoded: LayoutRequest
        do {
            let decoder = LayoutRequestDecoder(limits: configuration.limits)
            decoded = try JSONDocument.withRoot(
                of: request.body, padded: request.bodyIsPadded, maxBytes: configuration.limits.maxBodyBytes
            ) { root in try decoder.decodeLayout(root) }
        } catch let error as RequestError {
            return .problem(error.problem)
        } catch {
            return .problem(Problem(slug: "invalid-field", title: "Invalid Field", status: 400, detail: "\(error)"))
        }

        let key = decoded.input.contentHash
        let (base, hit) = cache.layout(for: decoded.input, key: key)
        var attributes: [LayoutAttributes] = []
        base.attributes(in: decoded.viewport, into: &attributes)
        decoded.parallax?.apply(to: &attributes, viewport: decoded.viewport, scrollDirection: base.scrollDirection) { section, item in
            base.parallaxDepth(section: section, item: item)
        }

        var writer = JSONWriter(capacity: 256 + attributes.count * 200)
        // UIKit reports no content for empty bounds (spec §1).
        let contentSize = decoded.viewport.bounds.isEmpty ? Size.zero : base.contentSize
        writer.layoutResponse(layoutId: key, cacheHit: hit, contentSize: contentSize, attributes: attributes)
        return .json(200, writer)
    }

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    private func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingSpaces.lowercased() == "application/json"
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
