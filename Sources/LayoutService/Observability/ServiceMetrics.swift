import FlowLayout
import Synchronization
import WireKit

/// The service's request metrics: integer slots in per-thread shards, summed and written as Prometheus
/// text when `/metrics` is scraped.
///
/// Every series is an `Atomic<Int>` slot, and there are `shardCount` copies of all of them, each block
/// starting on its own cache line; a thread records into its own shard, so worker threads do not
/// write each other's cache lines. The additions are relaxed read-modify-writes, not plain stores:
/// two threads share a shard when there are more threads than shards, and a scrape reads slots while
/// workers add to them. Relaxed is enough, since each slot is a counter on its own and nothing is
/// published through it; so a scrape is not a snapshot (it may count a request but not yet its
/// duration), but a histogram's buckets, `+Inf` and `_count` come from the same slots and agree.
///
/// `@unchecked Sendable`: the slots are reached through a pointer, and are only ever touched atomically
/// after `init`.
final class ServiceMetrics: @unchecked Sendable {
    /// Sub-millisecond buckets: a scroll answer takes tens of microseconds.
    static let durationBuckets: [Duration] = [
        .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500),
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .seconds(1),
    ]
    static let byteBuckets: [Int] = [64, 256, 1024, 4096, 16384, 65536, 262_144, 1_048_576, 4_194_304, 16_777_216]
    static let itemBuckets: [Int] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// A power of two: more than the worker threads of any sensible configuration (one per CPU by
    /// default), so each worker has a shard of its own. 16 shards of about 4 KiB.
    static let shardCount = 16

    /// Where a histogram lives: `bounds.count + 1` bucket slots, the last one for values above every
    /// bound, then the sum. Buckets are not cumulative in the slots; the exposition adds them up.
    struct Histogram {
        /// Ascending bounds, in the unit recorded (nanoseconds, bytes, items).
        let bounds: UnsafeBufferPointer<Int>
        /// Its first slot, from the start of its block (a route's or the shard's).
        let offset: Int

        var slotCount: Int { bounds.count + 2 }
        var sumSlot: Int { offset + bounds.count + 1 }

        /// The first bucket whose bound is at least `value` (Prometheus's `le`: a value equal to a bound
        /// is counted in that bound's bucket), or `bounds.count` above them all: a binary search, four
        /// steps for fourteen bounds.
        @inline(__always)
        func bucket(of value: Int) -> Int {
            var low = 0
            var count = bounds.count
            while count > 0 {
                let half = count &>> 1
                if bounds[low &+ half] < value {
                    low &+= half &+ 1
                    count &-= half &+ 1
                } else {
                    count = half
                }
            }
            return low
        }
    }

    // A shard: the in-flight gauge, one block per route (requests by status, then the duration,
    // request size and response size histograms), then the items histogram, padded to a cache line.
    private static let inFlightSlot = 0
    private static let statusCount = StatusLabel.codes.count + 1
    private let routeStride: Int
    private let shardStride: Int
    private let duration: Histogram
    private let requestSize: Histogram
    private let responseSize: Histogram
    private let items: Histogram
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    /// Every histogram's bounds, in one allocation.
    private let bounds: UnsafeMutableBufferPointer<Int>

    init() {
        let nanoseconds = Self.durationBuckets.map { duration in
            let (seconds, attoseconds) = duration.components
            precondition(attoseconds % 1_000_000_000 == 0, "duration buckets are whole nanoseconds")
            return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        }
        bounds = .allocate(capacity: nanoseconds.count + Self.byteBuckets.count + Self.itemBuckets.count)
        var next = bounds.baseAddress!
        func place(_ values: [Int]) -> UnsafeBufferPointer<Int> {
            precondition(zip(values, values.dropFirst()).allSatisfy(<), "bucket bounds ascend")
            next.initialize(from: values, count: values.count)
            defer { next += values.count }
            return UnsafeBufferPointer(start: next, count: values.count)
        }
        let durationBounds = place(nanoseconds)
        let byteBounds = place(Self.byteBuckets)
        let itemBounds = place(Self.itemBuckets)

        duration = Histogram(bounds: durationBounds, offset: Self.statusCount)
        requestSize = Histogram(bounds: byteBounds, offset: duration.offset + duration.slotCount)
        responseSize = Histogram(bounds: byteBounds, offset: requestSize.offset + requestSize.slotCount)
        routeStride = responseSize.offset + responseSize.slotCount
        items = Histogram(bounds: itemBounds, offset: 1 + RouteLabel.allCases.count * routeStride)
        let line = 64 / MemoryLayout<Atomic<Int>>.stride
        shardStride = (items.offset + items.slotCount + line - 1) / line * line

        let count = Self.shardCount * shardStride
        slots = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Atomic<Int>>.stride, alignment: 64)
            .bindMemory(to: Atomic<Int>.self, capacity: count)
        for index in 0..<count { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: Self.shardCount * shardStride)
        UnsafeMutableRawPointer(slots).deallocate()
        bounds.deallocate()
    }

    func started() {
        shard[Self.inFlightSlot].wrappingAdd(1, ordering: .relaxed)
    }

    func finished(route: RouteLabel, status: Int, nanoseconds: Int64, requestBytes: Int, responseBytes: Int, itemCount: Int?) {
        let shard = shard
        shard[Self.inFlightSlot].wrappingSubtract(1, ordering: .relaxed)
        let block = shard + 1 + route.rawValue * routeStride
        block[StatusLabel.index(status)].wrappingAdd(1, ordering: .relaxed)
        Self.record(Int(truncatingIfNeeded: nanoseconds), in: duration, at: block)
        Self.record(requestBytes, in: requestSize, at: block)
        Self.record(responseBytes, in: responseSize, at: block)
        if let itemCount { Self.record(itemCount, in: items, at: shard) }
    }

    /// Out of line: one copy of the bucket search for the four histograms a request records.
    @inline(never)
    private static func record(_ value: Int, in histogram: Histogram, at block: UnsafeMutablePointer<Atomic<Int>>) {
        block[histogram.offset + histogram.bucket(of: value)].wrappingAdd(1, ordering: .relaxed)
        block[histogram.sumSlot].wrappingAdd(value, ordering: .relaxed)
    }

    // MARK: Shards

    /// This thread's shard.
    private var shard: UnsafeMutablePointer<Atomic<Int>> {
        @inline(__always) get { slots + Self.threadShard * shardStride }
    }

    /// This thread's shard index, given out in the order threads first record. Process-wide, so every
    /// `ServiceMetrics` puts a thread in the same shard.
    @inline(__always)
    static var threadShard: Int { shardIndexes.pointer.pointee }

    private static let threadCount = Atomic<Int>(0)

    private static let shardIndexes = ThreadLocal<Int>("the metrics shards") {
        threadCount.wrappingAdd(1, ordering: .relaxed).oldValue & (shardCount - 1)
    }

    // MARK: Reading

    /// Every series summed over the shards. Not taken atomically as a whole: see the type's comment.
    struct Snapshot: Equatable {
        /// One histogram: counts per bucket (not cumulative, the last one above every bound) and the sum.
        struct Counts: Equatable {
            var buckets: [Int]
            var sum: Int
            var count: Int { buckets.reduce(0, +) }
            /// What Prometheus's `_bucket` series say: values at or below each bound, then `+Inf`.
            var cumulative: [Int] {
                var total = 0
                return buckets.map { total += $0; return total }
            }
        }

        var inFlight: Int
        /// By `RouteLabel.rawValue`, then by `StatusLabel.index`.
        var requests: [[Int]]
        /// By `RouteLabel.rawValue`.
        var durations: [Counts]
        var requestSizes: [Counts]
        var responseSizes: [Counts]
        var items: Counts
    }

    func snapshot() -> Snapshot {
        var totals = [Int](repeating: 0, count: shardStride)
        for shard in 0..<Self.shardCount {
            let base = slots + shard * shardStride
            for slot in 0..<shardStride { totals[slot] &+= base[slot].load(ordering: .relaxed) }
        }
        func counts(_ histogram: Histogram, _ block: Int) -> Snapshot.Counts {
            let start = block + histogram.offset
            return Snapshot.Counts(
                buckets: Array(totals[start...start + histogram.bounds.count]), sum: totals[block + histogram.sumSlot])
        }
        let routes = RouteLabel.allCases.map { 1 + $0.rawValue * routeStride }
        return Snapshot(
            inFlight: totals[Self.inFlightSlot],
            requests: routes.map { Array(totals[$0..<$0 + Self.statusCount]) },
            durations: routes.map { counts(duration, $0) },
            requestSizes: routes.map { counts(requestSize, $0) },
            responseSizes: routes.map { counts(responseSize, $0) },
            items: counts(items, 0))
    }

    // MARK: Exposition

    /// The Prometheus text exposition (format 0.0.4): the request metrics, then what other parts own
    /// (cache, build), then `extra`.
    ///
    /// The request metrics are written as swift-prometheus wrote them (the same names, `# TYPE` lines,
    /// labels, `le` spellings, every series even at zero), but in a fixed order: routes in `RouteLabel`
    /// order, statuses in `StatusLabel.codes` order.
    func exposition(cache: LayoutCache, extra: [UInt8]) -> [UInt8] {
        let snapshot = snapshot()
        var text = ""
        text.reserveCapacity(48 * 1024)
        let routes = RouteLabel.allCases.map { "route=\"\($0.name)\"" }

        text += "# TYPE layoutd_http_requests_total counter\n"
        for route in RouteLabel.allCases {
            for status in 0..<Self.statusCount {
                text += "layoutd_http_requests_total{\(routes[route.rawValue]),status=\"\(StatusLabel.name(status))\"} "
                text += "\(snapshot.requests[route.rawValue][status])\n"
            }
        }
        // Seconds, spelled as swift-prometheus spelled a `Duration`; bytes and items as the `Double`s
        // they were recorded as there.
        func histogram(_ name: String, _ series: [Snapshot.Counts], _ histogram: Histogram, labels: [String], _ spell: (Int) -> String) {
            text += "# TYPE \(name) histogram\n"
            let bounds = histogram.bounds.map(spell) + ["+Inf"]
            for (counts, label) in zip(series, labels) {
                let prefix = label.isEmpty ? "" : label + ","
                for (bound, count) in zip(bounds, counts.cumulative) {
                    text += "\(name)_bucket{\(prefix)le=\"\(bound)\"} \(count)\n"
                }
                let braced = label.isEmpty ? "" : "{\(label)}"
                text += "\(name)_sum\(braced) \(spell(counts.sum))\n\(name)_count\(braced) \(counts.count)\n"
            }
        }
        histogram("layoutd_http_request_duration_seconds", snapshot.durations, duration, labels: routes, Self.seconds)
        histogram("layoutd_http_request_size_bytes", snapshot.requestSizes, requestSize, labels: routes, Self.decimal)
        histogram("layoutd_http_response_size_bytes", snapshot.responseSizes, responseSize, labels: routes, Self.decimal)
        histogram("layoutd_items_per_request", [snapshot.items], items, labels: [""], Self.decimal)
        text += "# TYPE layoutd_http_requests_in_flight gauge\n"
        text += "layoutd_http_requests_in_flight \(Self.decimal(snapshot.inFlight))\n"

        let statistics = cache.statistics
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
        var buffer = Array(text.utf8)
        buffer.append(contentsOf: extra)
        return buffer
    }

    /// Nanoseconds as seconds with no trailing zeros but one: 25 µs is `0.000025`, one second `1.0`.
    static func seconds(_ nanoseconds: Int) -> String {
        let whole = nanoseconds.magnitude / 1_000_000_000
        var fraction = nanoseconds.magnitude % 1_000_000_000
        var digits = 9
        while fraction != 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let spelled = String(fraction)
        let padded = fraction == 0 ? "0" : String(repeating: "0", count: digits - spelled.count) + spelled
        return (nanoseconds < 0 ? "-" : "") + "\(whole).\(padded)"
    }

    /// An integer as a decimal with `.0`, as a `Double` of it was spelled: `64.0`, exact at any size.
    static func decimal(_ value: Int) -> String { "\(value).0" }
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
