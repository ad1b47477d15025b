import CoreMetrics
import FlowLayout
import Prometheus

/// The service's metrics, recorded through swift-metrics into a Prometheus registry of its own.
///
/// Every handle is made once, at start, for every route and status, so recording a request is a few
/// atomic additions with no lookup and no lock.
final class ServiceMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    private let requests: [[CoreMetrics.Counter]]
    private let durations: [CoreMetrics.Timer]
    private let requestBytes: [CoreMetrics.Recorder]
    private let responseBytes: [CoreMetrics.Recorder]
    private let items: CoreMetrics.Recorder
    private let inFlight: CoreMetrics.Meter

    /// Sub-millisecond buckets: a scroll answer takes tens of microseconds.
    static let durationBuckets: [Duration] = [
        .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
    ]
    static let byteBuckets: [Double] = [64, 256, 1024, 4096, 16384, 65536, 262_144, 1_048_576, 4_194_304, 16_777_216]
    static let itemBuckets: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]

    init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        factory.valueHistogramBuckets = [
            "layoutd_http_request_size_bytes": Self.byteBuckets,
            "layoutd_http_response_size_bytes": Self.byteBuckets,
            "layoutd_items_per_request": Self.itemBuckets,
        ]
        requests = RouteLabel.allCases.map { route in
            (0...StatusLabel.codes.count).map { status in
                CoreMetrics.Counter(
                    label: "layoutd_http_requests_total",
                    dimensions: [("route", route.name.description), ("status", StatusLabel.name(status))], factory: factory)
            }
        }
        durations = RouteLabel.allCases.map {
            CoreMetrics.Timer(label: "layoutd_http_request_duration_seconds", dimensions: [("route", $0.name.description)], factory: factory)
        }
        requestBytes = RouteLabel.allCases.map {
            CoreMetrics.Recorder(label: "layoutd_http_request_size_bytes", dimensions: [("route", $0.name.description)], aggregate: true, factory: factory)
        }
        responseBytes = RouteLabel.allCases.map {
            CoreMetrics.Recorder(label: "layoutd_http_response_size_bytes", dimensions: [("route", $0.name.description)], aggregate: true, factory: factory)
        }
        items = CoreMetrics.Recorder(label: "layoutd_items_per_request", aggregate: true, factory: factory)
        inFlight = CoreMetrics.Meter(label: "layoutd_http_requests_in_flight", factory: factory)
    }

    func started() { inFlight.increment() }

    func finished(route: RouteLabel, status: Int, nanoseconds: Int64, requestBytes: Int, responseBytes: Int, itemCount: Int?) {
        inFlight.decrement()
        requests[route.rawValue][StatusLabel.index(status)].increment()
        durations[route.rawValue].recordNanoseconds(nanoseconds)
        self.requestBytes[route.rawValue].record(requestBytes)
        self.responseBytes[route.rawValue].record(responseBytes)
        if let itemCount { items.record(itemCount) }
    }

    /// The Prometheus text exposition: the registry, then what other parts own (cache, build).
    func exposition(cache: LayoutCache, extra: [UInt8]) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32 * 1024)
        registry.emit(into: &buffer)
        let statistics = cache.statistics
        var text = ""
        func metric(_ name: String, _ type: String, _ help: String, _ value: Int) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        metric("layoutd_cache_hits_total", "counter", "Base-layout cache lookups that found the layout.", statistics.hits)
        metric("layoutd_cache_misses_total", "counter", "Base-layout cache lookups that did not.", statistics.misses)
        metric("layoutd_cache_evictions_total", "counter", "Base layouts evicted to stay within the byte budget.", statistics.evictions)
        metric("layoutd_cache_builds_total", "counter", "Base layouts built.", statistics.builds)
        metric("layoutd_cache_entries", "gauge", "Base layouts in the cache.", statistics.entries)
        metric("layoutd_cache_bytes", "gauge", "Bytes of base layouts in the cache.", statistics.bytes)
        metric("layoutd_cache_budget_bytes", "gauge", "The cache's byte budget.", cache.byteBudget)
        text += "# HELP layoutd_build_info Build of this process.\n# TYPE layoutd_build_info gauge\n"
        text += "layoutd_build_info{version=\"\(BuildInfo.version)\",algorithm_version=\"\(FlowLayoutInput.algorithmVersion)\",swift=\"\(BuildInfo.swiftVersion)\"} 1\n"
        buffer.append(contentsOf: text.utf8)
        buffer.append(contentsOf: extra)
        return buffer
    }
}

/// What `layoutd_build_info` reports.
public enum BuildInfo {
    public static let version = "1.0.0"
    #if compiler(>=6.3)
    public static let swiftVersion = "6.3"
    #else
    public static let swiftVersion = "6"
    #endif
}
