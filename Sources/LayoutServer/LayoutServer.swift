import HTTPServer
import LayoutService
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// The layout service served over HTTP by the C server: the one place where the two meet.
public final class LayoutServer: @unchecked Sendable {
    /// Settings of the HTTP layer; the service's own are in `LayoutService.Configuration`.
    public struct Configuration: Sendable {
        /// Numeric address to bind.
        public var host = "0.0.0.0"
        /// 0 picks a free port.
        public var port: UInt16 = 8080
        /// Worker threads; 0 means one per CPU.
        public var threads = 0
        /// Open connections; past it a new one is answered 503 and closed.
        public var connectionLimit = 1024
        /// Seconds a connection may stay idle between requests.
        public var connectionTimeoutSeconds = 30
        /// Seconds a request may take from its first byte to its last (408 past it); 0 for none.
        public var requestTimeoutSeconds = 30
        public var connectionMemoryBytes = 16 * 1024
        /// Longest request target, path and query (414 past it).
        public var maxURIBytes = 8 * 1024
        public var maxBodyBytes = 8 * 1024 * 1024
        /// Bytes of request bodies being received at once, counted at their declared length (503 past it).
        public var maxInflightBodyBytes = 128 * 1024 * 1024
        /// Threads for requests that may take long (`LayoutService.runsLong`); 0 means one fewer than
        /// the workers, and at least one, so that a core stays free to read and answer the others.
        public var computeThreads = 0
        /// Long requests that may wait for a compute thread; one more is answered 503 `server-busy`.
        public var computeQueue = 64

        public init() {}

        /// The compute threads `computeThreads` stands for, given the workers.
        var resolvedComputeThreads: Int {
            if computeThreads > 0 { return computeThreads }
            let workers = threads > 0 ? threads : Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            return max(1, workers - 1)
        }
    }

    public let service: LayoutService
    public let port: UInt16
    /// What the C server's callback reaches (passed unretained: this object keeps it).
    private let exchangeContext: ExchangeContext
    // Only touched by `init` and `stop`, which the owner calls once each.
    private var server: OpaquePointer?

    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(configuration: Configuration, service: LayoutService) throws {
        self.service = service
        var config = hs_config()
        hs_config_init(&config)
        config.port = configuration.port
        config.threads = UInt32(configuration.threads)
        config.connection_limit = UInt32(configuration.connectionLimit)
        config.connection_timeout_seconds = UInt32(configuration.connectionTimeoutSeconds)
        config.request_timeout_seconds = UInt32(configuration.requestTimeoutSeconds)
        config.connection_memory_limit = configuration.connectionMemoryBytes
        config.max_uri_bytes = configuration.maxURIBytes
        config.max_body_bytes = configuration.maxBodyBytes
        config.max_inflight_body_bytes = configuration.maxInflightBodyBytes
        var error = [CChar](repeating: 0, count: 256)
        exchangeContext = ExchangeContext(
            service: service,
            pool: ComputePool(threads: configuration.resolvedComputeThreads, capacity: configuration.computeQueue))
        let context = Unmanaged.passUnretained(exchangeContext).toOpaque()
        config.log = logLibraryMessage
        config.log_context = context
        // The HTTP layer's refusals tell browsers who may read them, as the service's answers do.
        if service.configuration.crossOrigin != nil { config.rejection_headers = addCrossOriginFields }
        // The server copies the bodies while it starts; these arrays only need to outlive the call.
        let bodies = Rejection.all.map { ($0, $0.problem(configuration).body) }
        let started = configuration.host.withCString { host in
            config.host = host
            return "application/problem+json".withCString { contentType in
                config.rejection_content_type = contentType
                return withRejectionBodies(bodies, in: &config) {
                    hs_server_start(&$0, handleExchange, context, &error, error.count)
                }
            }
        }
        guard let started else {
            throw StartError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.server = started
        self.port = hs_server_port(started)
    }

    /// Requests the HTTP layer answered itself, in Prometheus text, for `/metrics`: bodies refused with
    /// 413, and every rejection by its reason.
    public static func httpMetrics() -> String {
        var text = "# HELP layoutd_http_bodies_rejected_total Request bodies refused with 413 before reaching the service.\n"
            + "# TYPE layoutd_http_bodies_rejected_total counter\n"
            + "layoutd_http_bodies_rejected_total \(hs_rejections_total(.HS_REJECT_BODY_TOO_LARGE))\n"
            + "# HELP layoutd_http_rejections_total Requests and connections the HTTP layer answered itself, by reason.\n"
            + "# TYPE layoutd_http_rejections_total counter\n"
        for rejection in Rejection.all {
            text += "layoutd_http_rejections_total{reason=\"\(rejection.name)\",status=\"\(rejection.status)\"} \(hs_rejections_total(rejection))\n"
        }
        return text
    }

    /// Connections open now, and bytes of request bodies being received (counted against the budget).
    public var openConnections: Int { server.map { hs_server_open_connections($0) } ?? 0 }
    public var inflightBodyBytes: Int { server.map { hs_server_inflight_body_bytes($0) } ?? 0 }

    /// Stops accepting connections; requests on open ones still complete, each answered with
    /// `Connection: close`.
    public func quiesce() {
        if let server { hs_server_quiesce(server) }
    }

    /// Requests received and not yet answered.
    public var inFlight: Int { server.map { hs_server_in_flight($0) } ?? 0 }

    /// Stops accepting connections, lets requests in flight finish for up to `drainMilliseconds`, then
    /// closes everything. Idempotent.
    public func stop(drainMilliseconds: Int = 5000) {
        guard let server else { return }
        self.server = nil
        hs_server_stop(server, UInt32(max(0, drainMilliseconds)))
    }

    deinit { stop(drainMilliseconds: 0) }
}

/// The service and the threads long requests run on: what the C server's callback needs.
private final class ExchangeContext: Sendable {
    let service: LayoutService
    let pool: ComputePool

    init(service: LayoutService, pool: ComputePool) {
        self.service = service
        self.pool = pool
    }
}

/// A request handed to a compute thread with its suspended exchange. The server keeps everything the
/// request lends (path, headers, body) until the exchange is resumed, whichever thread reads it.
private struct DeferredExchange: @unchecked Sendable {
    let request: ServiceRequest
    let exchange: OpaquePointer
}

/// The C server's callback, on one of its worker threads. A top-level function, not a closure, so it
/// carries no actor isolation into threads Swift does not know. A request that may take long goes to
/// a compute thread, its connection suspended meanwhile; the rest are answered here.
private func handleExchange(_ context: UnsafeMutableRawPointer?, _ exchange: OpaquePointer?) {
    guard let context, let exchange else { return }
    let target = Unmanaged<ExchangeContext>.fromOpaque(context).takeUnretainedValue()
    let service = target.service
    let request = serviceRequest(exchange, crossOrigin: service.configuration.crossOrigin != nil)
    guard service.runsLong(request), let deferred = hs_exchange_defer(exchange) else {
        respond(service.handle(request), on: exchange)
        return
    }
    let job = DeferredExchange(request: request, exchange: deferred)
    let queued = target.pool.submit {
        respond(service.handle(job.request), on: job.exchange)
        hs_exchange_resume(job.exchange)
    }
    if !queued {
        respond(service.refuseBusy(request, waiting: target.pool.capacity), on: deferred)
        hs_exchange_resume(deferred)
    }
}

/// The CORS fields of a refusal the HTTP layer answers itself (a 413, say), so that a page of an
/// allowed origin can read it.
private func addCrossOriginFields(_ context: UnsafeMutableRawPointer?, _ exchange: OpaquePointer?) {
    guard let context, let exchange else { return }
    let target = Unmanaged<ExchangeContext>.fromOpaque(context).takeUnretainedValue()
    guard let policy = target.service.configuration.crossOrigin else { return }
    for field in policy.refusalFields(origin: header(exchange, "Origin")?.description) {
        _ = hs_exchange_add_header(exchange, field.name, field.value)
    }
}

/// libmicrohttpd's own messages (a connection it could not serve, a request it refused), through the
/// service's log like every other line, marked as the HTTP layer's.
private func logLibraryMessage(_ context: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let context, let message else { return }
    let target = Unmanaged<ExchangeContext>.fromOpaque(context).takeUnretainedValue()
    target.service.configuration.logger.warning("\(String(cString: message))", metadata: ["component": "http"])
}

/// The request an exchange holds, its text lent from the server's buffers.
/// `Origin` and the preflight's method are looked up only when the service answers other origins.
private func serviceRequest(_ exchange: OpaquePointer, crossOrigin: Bool) -> ServiceRequest {
    var length = 0
    let body = hs_exchange_body(exchange, &length)
    let method = methodName(hs_exchange_method(exchange))
    let request = ServiceRequest(
        method: method,
        path: lentText(hs_exchange_path(exchange)),
        query: queryArguments(exchange),
        contentType: header(exchange, "Content-Type"),
        ifNoneMatch: listHeader(exchange, "If-None-Match")?.description,
        acceptEncoding: listHeader(exchange, "Accept-Encoding"),
        requestID: header(exchange, "X-Request-ID")?.description,
        origin: crossOrigin ? header(exchange, "Origin")?.description : nil,
        accessControlRequestMethod: crossOrigin && method == "OPTIONS" ? header(exchange, "Access-Control-Request-Method")?.description : nil,
        unsupportedContentCoding: hs_exchange_unsupported_coding(exchange).map { String(cString: $0) },
        body: UnsafeRawBufferPointer(start: body, count: length),
        bodyIsPadded: true)
    return request
}

/// Sets `response` as the exchange's answer, its headers included.
private func respond(_ response: ServiceResponse, on exchange: OpaquePointer) {
    // The server sends straight from the answer's buffer and lets go of it once sent.
    let (bytes, lent) = response.body.retainedBytes()
    let status = hs_exchange_respond_lent(
        exchange, UInt32(response.status), bytes.baseAddress, bytes.count, { ResponseBody.release($0!) }, lent)
    guard status == 0 else { return }
    response.forEachHeader { name, value in
        _ = hs_exchange_add_header_bytes(exchange, name.baseAddress, name.count, value.baseAddress, value.count)
    }
}

/// The request method as a `String`: the API's methods as literals (no copy, no UTF-8 check, no code
/// of the string initializer on the hot path), anything else copied.
private func methodName(_ text: UnsafePointer<CChar>) -> String {
    if strcmp(text, "POST") == 0 { return "POST" }
    if strcmp(text, "GET") == 0 { return "GET" }
    return String(cString: text)
}

/// A C string of the exchange's, read in place: valid while the exchange is.
private func lentText(_ text: UnsafePointer<CChar>) -> RequestText {
    RequestText(lending: UnsafeRawBufferPointer(start: text, count: strlen(text)))
}

/// A request header by name, read in place like `lentText`. Names are literals, which Swift passes to
/// C as constant strings (a `String` value would be copied into a new array for each call).
private func header(_ exchange: OpaquePointer, _ name: UnsafePointer<CChar>) -> RequestText? {
    hs_exchange_header(exchange, name).map(lentText)
}

/// A list-valued header, its field lines read as one comma-joined list (RFC 9110 §5.3): libmicrohttpd
/// keeps each line apart, and the first alone would drop the others' elements.
private func listHeader(_ exchange: OpaquePointer, _ name: UnsafePointer<CChar>) -> RequestText? {
    hs_exchange_header_list(exchange, name).map(lentText)
}

/// Query arguments in order; none (and no allocation) for the usual POST.
private func queryArguments(_ exchange: OpaquePointer) -> [(name: String, value: String)] {
    var arguments: [(name: String, value: String)] = []
    withUnsafeMutablePointer(to: &arguments) { pointer in
        hs_exchange_each_query(exchange, { context, name, value in
            guard let context, let name, let value else { return }
            context.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
                .append((String(cString: name), String(cString: value)))
        }, pointer)
    }
    return arguments
}

/// Points `config.rejections` at `bodies`, laid end to end in one buffer, for the duration of `body`
/// (the server copies them while it starts).
private func withRejectionBodies<T>(
    _ bodies: [(Rejection, [UInt8])], in config: inout hs_config, _ body: (inout hs_config) -> T
) -> T {
    bodies.flatMap(\.1).withUnsafeBytes { all in
        withUnsafeMutableBytes(of: &config.rejections) { table in
            let slots = table.bindMemory(to: hs_bytes.self)
            var offset = 0
            for (rejection, bytes) in bodies {
                slots[Int(rejection.rawValue)] = hs_bytes(bytes: all.baseAddress.map { $0 + offset }, length: bytes.count)
                offset += bytes.count
            }
        }
        return body(&config)
    }
}
