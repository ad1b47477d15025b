import FlowLayout
import LayoutStore
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
import WireKit
#endif

/// The service: routes a request, decodes it into engine inputs, runs the engine against the cache
/// and writes the answer. Safe to call from many threads at once.
public final class LayoutService: Sendable {
    public struct Configuration: Sendable {
        public var limits = Limits()
        /// Bytes of base layouts kept in the cache.
        public var cacheBytes = 256 * 1024 * 1024
        /// Where request lines and errors go; silent unless the process sets a handler.
        public var logger = Logger(label: "layoutd", factory: { _ in SwiftLogNoOpLogHandler() })
        /// Level of the one line logged per request.
        public var accessLogLevel: Logger.Level = .info
        /// The store of layouts behind the cache; nil keeps them in the cache alone, this process's
        /// memory (`--store memory:`, a `MemoryLayoutStore` over the cache).
        public var store: (any LayoutStore)?
        /// How often the layouts used from the cache are refreshed in a shared store (an eighth of its
        /// `--store-ttl`, so one in use never expires there).
        public var storeRefreshMilliseconds = 3_600_000
        /// Bytes of answers over 64 KiB written and not yet sent, all connections together (503
        /// `server-busy` past it).
        public var maxInflightAnswerBytes = 128 * 1024 * 1024
        /// The web origins whose pages may read the answers (`--cors-origins`); nil for none.
        public var crossOrigin: CrossOriginPolicy?
        /// More Prometheus text appended to `/metrics` (the HTTP layer's own figures).
        public var extraMetrics: @Sendable () -> String = { "" }

        public init() {}
    }

    public let configuration: Configuration
    public var cache: LayoutCache { layouts.cache }
    /// Where stored layouts live: `configuration.store`, else the in-memory store over the cache.
    public var store: any LayoutStore { layouts.store }
    let layouts: StoredLayouts
    /// `layouts.store.isShared`, read once: every request asks (`runsLong`).
    private let storeIsShared: Bool
    let metrics = ServiceMetrics()
    let answers: AnswerBudget
    private let requestIDs = RequestIDs()
    private let ready = Atomic<Bool>(true)

    /// The lowest level the logger writes, read once: a logger's level is fixed when it is made, and
    /// asking it copies the logger, whose handler's reference count every worker thread would update.
    private let loggerLevel: Logger.Level

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.layouts = StoredLayouts(
            cache: LayoutCache(byteBudget: configuration.cacheBytes), store: configuration.store,
            refreshInterval: .milliseconds(configuration.storeRefreshMilliseconds))
        self.storeIsShared = layouts.store.isShared
        self.loggerLevel = configuration.logger.logLevel
        self.answers = AnswerBudget(limit: configuration.maxInflightAnswerBytes)
    }

    /// `/readyz` answers 503 once this is false: set while draining so load balancers stop sending.
    public var isReady: Bool {
        get { ready.load(ordering: .acquiring) }
        set { ready.store(newValue, ordering: .releasing) }
    }

    var decoder: LayoutRequestDecoder { LayoutRequestDecoder(limits: configuration.limits) }

    /// Answers one request: routed through `routes`, and observed (metrics, one access line) around
    /// whichever handler answers it.
    public func handle(_ request: ServiceRequest) -> ServiceResponse {
        guard let (path, parameters) = Self.pathTable.match(request.path) else {
            return observed(request, route: .unknown) { .problem(.notFound(request.path.description)) }
        }
        return observed(request, route: path.label) {
            if let coding = request.unsupportedContentCoding {
                return .problem(.unsupportedContentCoding(coding), headers: [("Accept-Encoding", "gzip")])
            }
            if !request.query.isEmpty, let repeated = request.repeatedQueryName {
                return .problem(QueryParameters.invalid(repeated, "is given more than once"))
            }
            if let handler = path.handler(for: request.method) {
                do throws(Problem) { return try handler(self, request, parameters) } catch { return .problem(error) }
            }
            let allow: (name: StaticString, value: String) = ("Allow", path.allowed)
            return .problem(.methodNotAllowed(request.method, allowed: allow.value), headers: [allow])
        }
    }

    /// Whether a request may take long enough to hold up the other connections of the thread that
    /// reads it, and should run on a thread of its own: a body over 16 KiB (registrations, one-shot
    /// layouts, lists of bounds, update batches), any batch of updates or fling (transitions, frames'
    /// attributes), or a scroll body over 1 KiB (a list of bounds); with a shared store, any request that may
    /// wait for it (`needsStore`). Cheap: a scroll's small body, a GET, a probe are answered where they
    /// are read.
    public func runsLong(_ request: ServiceRequest) -> Bool {
        if storeIsShared, needsStore(request) { return true }
        guard request.method == "POST" else { return false }
        let bytes = request.body.count
        if bytes > 16 * 1024 { return true }
        let path = request.path
        // A scroll's path ends in "attributes", compared once, and only for a body over 1 KiB.
        return bytes > 1024 ? path.hasSuffix("/attributes") || path.hasSuffix("/updates") || path.hasSuffix("/fling")
            : path.lastByte == UInt8(ascii: "g") ? path.hasSuffix("/fling") : path.hasSuffix("/updates")
    }

    /// Whether a request may wait for a shared store: a registration, a deletion, or any route of a
    /// stored layout this replica has not cached. Such requests run off the HTTP threads too, so that
    /// a slow store holds up only the requests that need it (docs/architecture.md §3).
    private func needsStore(_ request: ServiceRequest) -> Bool {
        guard request.method != "OPTIONS", let (path, parameters) = Self.pathTable.match(request.path) else { return false }
        if path.label == .layouts { return request.method == "POST" }
        guard let id = parameters.id?.layoutID else { return false }
        return request.method == "DELETE" || !cache.contains(id)
    }

    /// The answer to a long request that found every compute thread busy and `waiting` more queued:
    /// 503 `server-busy` with `Retry-After`, observed like any other answer.
    public func refuseBusy(_ request: ServiceRequest, waiting: Int) -> ServiceResponse {
        let label = Self.pathTable.match(request.path).map { $0.path.label } ?? .unknown
        return observed(request, route: label) { .problem(.computeBusy(waiting: waiting)) }
    }

    /// The middleware every handler runs inside: times the answer, compresses it when the client asks
    /// (`encode(for:)`), counts it, stamps the request id on it and logs it.
    @inline(__always)
    private func observed(_ request: ServiceRequest, route label: RouteLabel, _ handler: () -> ServiceResponse) -> ServiceResponse {
        let start = Self.monotonicNanoseconds()
        metrics.started()
        var response = handler()
        response.encode(for: request.acceptEncoding, cacheable: request.method == "GET" || request.method == "HEAD")
        // The method is compared only for a conditional request: a scroll pays for neither.
        if let condition = request.ifNoneMatch, request.method == "GET" || request.method == "HEAD" {
            response.becomeNotModified(by: condition)
        }
        if let crossOrigin = configuration.crossOrigin { crossOrigin.apply(to: &response, for: request) }
        finish(&response, of: request, route: label, startedAt: start)
        return response
    }

    /// A large answer takes its bytes from the budget of answers waiting for their clients, or is
    /// replaced by `503 server-busy`. Out of line: a scroll's answer never comes here.
    @inline(never)
    private func countAgainstAnswers(_ response: inout ServiceResponse) {
        if !response.body.take(from: answers) { response = .problem(.answersBusy(waiting: answers.taken)) }
    }

    /// In place, through `inout`: finishing a returned answer made Swift copy it out and destroy the
    /// original.
    private func finish(_ response: inout ServiceResponse, of request: ServiceRequest, route label: RouteLabel, startedAt start: Int64) {
        if response.body.count > AnswerBudget.unbudgetedBytes { countAgainstAnswers(&response) }
        let requestID = requestIDs.id(for: request.requestID)
        response.requestID = requestID
        let elapsed = Self.monotonicNanoseconds() - start
        metrics.finished(
            route: label, status: response.status, nanoseconds: elapsed, requestBytes: request.body.count,
            responseBytes: response.body.count, itemCount: response.itemCount)
        log(request, route: label, response: response, requestID: requestID, nanoseconds: elapsed)
    }

    private func log(_ request: ServiceRequest, route: RouteLabel, response: ServiceResponse, requestID: RequestID, nanoseconds: Int64) {
        let level: Logger.Level = response.status >= 500 ? .error : configuration.accessLogLevel
        guard loggerLevel <= level else { return }
        let logger = configuration.logger
        let record = AccessRecord(
            requestID: requestID, method: request.method, route: route, status: response.status,
            nanoseconds: nanoseconds, requestBytes: request.body.count, responseBytes: response.body.count,
            cacheHit: response.cacheHit, items: response.itemCount, error: response.failure)
        // An explicit `source`: swift-log otherwise derives it from #fileID, a new String per line.
        record.withCurrent { logger.log(level: level, "request", source: "LayoutService") }
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// `GET /metrics`.
    func metricsExposition() -> ServiceResponse {
        let extra = configuration.extraMetrics() + (store.isShared ? store.counters.exposition(health: store.health) : "")
        let body = metrics.exposition(cache: cache, extra: Array(extra.utf8))
        return ServiceResponse(
            status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", headers: [ServiceResponse.noStore], body: ResponseBody(body))
    }

    /// A probe's answer: the state now and a shared store's, which no cache may keep.
    func status(_ state: ProbeStatus.State, _ code: Int) -> ServiceResponse {
        .json(code, ProbeStatus(state: state, store: store.isShared ? store.health : nil), headers: [ServiceResponse.noStore])
    }

    /// Parses a JSON body with `decode`, or throws the problem to answer instead (thrown, so the usual
    /// answer carries no wrapper to destroy).
    func decodeBody<Decoded>(
        _ request: ServiceRequest, _ decode: (JSONValue) throws(RequestError) -> Decoded
    ) throws(Problem) -> Decoded {
        guard request.contentType?.isMediaType(ServiceResponse.jsonMediaType) == true else {
            throw .unsupportedMediaType(request.contentType?.description)
        }
        do {
            return try JSONDocument.withRoot(
                of: request.body, padded: request.bodyIsPadded, maxBytes: configuration.limits.maxBodyBytes
            ) { (root) throws(RequestError) in try decode(root) }
        } catch {
            throw error.problem
        }
    }

    /// `POST /v1/layout`: the attributes of the elements in the bounds, from the cached base layout.
    func layout(_ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let decoded = try decodeBody(request, decoder.decodeLayout)
        let key = decoded.input.contentHash
        let (base, hit) = cache.layout(for: decoded.input, key: key)
        var response = view(
            base, id: key, decoded.viewport, orthogonalOffsets: decoded.orthogonalOffsets, parallax: decoded.parallax,
            carouselEffect: decoded.carouselEffect, cacheHit: hit, etag: nil, pointer: "/bounds")
        if response.status == 200 { response.itemCount = base.itemCount }
        return response
    }

    /// UIKit reports no content for empty bounds (docs/flow-layout.md §1).
    static func contentSize(_ base: BaseLayout, _ viewport: Viewport) -> Size {
        viewport.bounds.isEmpty ? .zero : base.contentSize
    }

    /// `GET /v1/cache`.
    func cacheStatistics() -> ServiceResponse {
        .json(200, CacheAnswer(statistics: cache.statistics, budgetBytes: cache.byteBudget), headers: [ServiceResponse.noStore])
    }
}
