import HTTPServer
import LayoutService

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
        public var connectionLimit = 1024
        public var connectionTimeoutSeconds = 30
        public var connectionMemoryBytes = 16 * 1024
        public var maxBodyBytes = 8 * 1024 * 1024

        public init() {}
    }

    public let service: LayoutService
    public let port: UInt16
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
        config.connection_memory_limit = configuration.connectionMemoryBytes
        config.max_body_bytes = configuration.maxBodyBytes
        var error = [CChar](repeating: 0, count: 256)
        let context = Unmanaged.passUnretained(service).toOpaque()
        let started = configuration.host.withCString { host in
            config.host = host
            return hs_server_start(&config, handleExchange, context, &error, error.count)
        }
        guard let started else {
            throw StartError(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.server = started
        self.port = hs_server_port(started)
    }

    /// Request bodies refused with 413 by the HTTP layer, in Prometheus text, for `/metrics`.
    public static func httpMetrics() -> String {
        "# HELP layoutd_http_bodies_rejected_total Request bodies refused with 413 before reaching the service.\n"
            + "# TYPE layoutd_http_bodies_rejected_total counter\n"
            + "layoutd_http_bodies_rejected_total \(hs_rejected_bodies_total())\n"
    }

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

/// The C server's callback, on one of its worker threads. A top-level function, not a closure, so it
/// carries no actor isolation into threads Swift does not know.
private func handleExchange(_ context: UnsafeMutableRawPointer?, _ exchange: OpaquePointer?) {
    guard let context, let exchange else { return }
    let service = Unmanaged<LayoutService>.fromOpaque(context).takeUnretainedValue()
    var length = 0
    let body = hs_exchange_body(exchange, &length)
    let request = ServiceRequest(
        method: methodName(hs_exchange_method(exchange)),
        path: lentText(hs_exchange_path(exchange)),
        query: queryArguments(exchange),
        contentType: header(exchange, "Content-Type"),
        ifNoneMatch: header(exchange, "If-None-Match")?.description,
        requestID: header(exchange, "X-Request-ID")?.description,
        body: UnsafeRawBufferPointer(start: body, count: length),
        bodyIsPadded: true)
    let response = service.handle(request)
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
