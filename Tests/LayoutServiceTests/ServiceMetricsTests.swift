import FlowLayout
import Foundation
// Counters are atomics, not Mutex: on Linux Mutex waits on a futex that ThreadSanitizer does not see.
import Synchronization
import Testing

@testable import LayoutService

/// One request recorded as the service records it: started, then finished.
private func record(
    _ metrics: ServiceMetrics, _ route: RouteLabel = .layout, status: Int = 200, nanoseconds: Int64 = 40_000,
    requestBytes: Int = 100, responseBytes: Int = 4000, items: Int? = 20
) {
    metrics.started()
    metrics.finished(
        route: route, status: status, nanoseconds: nanoseconds, requestBytes: requestBytes,
        responseBytes: responseBytes, itemCount: items)
}

/// `/metrics` as text, with an empty cache and `extra` after it.
private func exposition(_ metrics: ServiceMetrics, extra: String = "") -> String {
    String(decoding: metrics.exposition(cache: LayoutCache(byteBudget: 1024), extra: Array(extra.utf8)), as: UTF8.self)
}

/// The value of the one series named exactly `series` (name and labels) in `text`.
private func value(_ series: String, in text: String) -> String? {
    let lines = text.split(separator: "\n").filter { $0.hasPrefix(series + " ") }
    return lines.count == 1 ? String(lines[0].dropFirst(series.count + 1)) : nil
}

@Suite("Service metrics")
struct ServiceMetricsTests {
    let metrics = ServiceMetrics()

    @Test func requestsAreCountedByRouteAndStatus() {
        record(metrics, .layout, status: 200)
        record(metrics, .layout, status: 200)
        record(metrics, .layout, status: 400)
        record(metrics, .storedAttributes, status: 404)
        record(metrics, .unknown, status: 404)
        record(metrics, .metrics, status: 418)
        let snapshot = metrics.snapshot()
        #expect(snapshot.requests[RouteLabel.layout.rawValue][StatusLabel.index(200)] == 2)
        #expect(snapshot.requests[RouteLabel.layout.rawValue][StatusLabel.index(400)] == 1)
        #expect(snapshot.requests.map { $0.reduce(0, +) }.reduce(0, +) == 6)

        let text = exposition(metrics)
        #expect(value(#"layoutd_http_requests_total{route="/v1/layout",status="200"}"#, in: text) == "2")
        #expect(value(#"layoutd_http_requests_total{route="/v1/layout",status="400"}"#, in: text) == "1")
        #expect(value(#"layoutd_http_requests_total{route="/v1/layout",status="404"}"#, in: text) == "0")
        #expect(value(#"layoutd_http_requests_total{route="/v1/layouts/{id}/attributes",status="404"}"#, in: text) == "1")
        #expect(value(#"layoutd_http_requests_total{route="unmatched",status="404"}"#, in: text) == "1")
        #expect(value(#"layoutd_http_requests_total{route="/metrics",status="other"}"#, in: text) == "1")
        #expect(value(#"layoutd_http_request_duration_seconds_count{route="/v1/layout"}"#, in: text) == "3")
        #expect(value(#"layoutd_http_request_size_bytes_count{route="/v1/layout"}"#, in: text) == "3")
        #expect(value(#"layoutd_http_response_size_bytes_count{route="/v1/layouts/{id}/attributes"}"#, in: text) == "1")
        #expect(value("layoutd_items_per_request_count", in: text) == "6")
    }

    @Test func statusIndexesFollowTheCodes() {
        for (index, code) in StatusLabel.codes.enumerated() {
            #expect(StatusLabel.index(code) == index)
            #expect(StatusLabel.name(index) == String(code))
        }
        for other in [0, 100, 202, 301, 401, 429, 502, 599] { #expect(StatusLabel.index(other) == StatusLabel.codes.count) }
        #expect(StatusLabel.name(StatusLabel.codes.count) == "other")
    }

    @Test func aValueEqualToABoundIsInThatBucket() {
        // Every bound exactly, one above it, and zero: bucket i holds bound i (`le`), one above goes up.
        let durations = ServiceMetrics.durationBuckets.map { Int64($0.components.seconds) * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 }
        for nanoseconds in [0] + durations + durations.map({ $0 + 1 }) {
            record(metrics, .layout, nanoseconds: nanoseconds, items: nil)
        }
        let bytes = ServiceMetrics.byteBuckets
        for size in [0] + bytes + bytes.map({ $0 + 1 }) {
            record(metrics, .layouts, requestBytes: size, responseBytes: size - 1, items: size)
        }
        let snapshot = metrics.snapshot()
        let duration = snapshot.durations[RouteLabel.layout.rawValue]
        #expect(duration.buckets == [1 + 1] + Array(repeating: 2, count: durations.count - 1) + [1])
        #expect(duration.cumulative == (0..<durations.count).map { 2 + 2 * $0 } + [2 * durations.count + 1])
        #expect(duration.count == 2 * durations.count + 1)

        let request = snapshot.requestSizes[RouteLabel.layouts.rawValue]
        #expect(request.buckets == [2] + Array(repeating: 2, count: bytes.count - 1) + [1])
        // One less than every value: 0 - 1 and each bound - 1 fall a bucket lower, each bound + 1 - 1 is the bound.
        let response = snapshot.responseSizes[RouteLabel.layouts.rawValue]
        #expect(response.buckets == [3] + Array(repeating: 2, count: bytes.count - 1) + [0])
        // The byte sizes as item counts: 0; 64, 65; 256, 257; 1024, 1025, 4096, 4097; ... 16777216, 16777217.
        #expect(snapshot.items.cumulative == [1, 1, 3, 5, 9, 13, 15, 19, 21])

        let text = exposition(metrics)
        #expect(value(#"layoutd_http_request_duration_seconds_bucket{route="/v1/layout",le="0.000025"}"#, in: text) == "2")
        #expect(value(#"layoutd_http_request_duration_seconds_bucket{route="/v1/layout",le="0.00005"}"#, in: text) == "4")
        #expect(value(#"layoutd_http_request_duration_seconds_bucket{route="/v1/layout",le="1.0"}"#, in: text) == "28")
        #expect(value(#"layoutd_http_request_duration_seconds_bucket{route="/v1/layout",le="+Inf"}"#, in: text) == "29")
        #expect(value(#"layoutd_http_request_size_bytes_bucket{route="/v1/layouts",le="64.0"}"#, in: text) == "2")
        #expect(value(#"layoutd_http_request_size_bytes_bucket{route="/v1/layouts",le="256.0"}"#, in: text) == "4")
        #expect(value(#"layoutd_http_request_size_bytes_bucket{route="/v1/layouts",le="16777216.0"}"#, in: text) == "20")
        #expect(value(#"layoutd_http_request_size_bytes_bucket{route="/v1/layouts",le="+Inf"}"#, in: text) == "21")
        #expect(value(#"layoutd_http_response_size_bytes_bucket{route="/v1/layouts",le="16777216.0"}"#, in: text) == "21")
        #expect(value(#"layoutd_items_per_request_bucket{le="1.0"}"#, in: text) == "1")
        #expect(value(#"layoutd_items_per_request_bucket{le="100.0"}"#, in: text) == "3")
        #expect(value(#"layoutd_items_per_request_bucket{le="10000000.0"}"#, in: text) == "19")
        #expect(value(#"layoutd_items_per_request_bucket{le="+Inf"}"#, in: text) == "21")
    }

    @Test func bucketSearchAgreesWithALinearScan() {
        // Every value around every bound of every histogram, against the definition.
        for bounds in [ServiceMetrics.byteBuckets, ServiceMetrics.itemBuckets, [5], [], [1, 2, 3]] {
            bounds.withUnsafeBufferPointer { pointer in
                let histogram = ServiceMetrics.Histogram(bounds: pointer, offset: 0)
                for value in [Int.min, -1, 0, Int.max] + bounds.flatMap({ [$0 - 1, $0, $0 + 1] }) {
                    #expect(histogram.bucket(of: value) == (bounds.firstIndex { value <= $0 } ?? bounds.count), "\(value) in \(bounds)")
                }
            }
        }
    }

    @Test func sumsAreExactAndSpelledAsBefore() {
        record(metrics, .live, nanoseconds: 1_500_000_000, requestBytes: 0, responseBytes: 15, items: nil)
        record(metrics, .live, nanoseconds: 25_000, requestBytes: 7, responseBytes: 16_777_217, items: 4000)
        record(metrics, .live, nanoseconds: 89_337, requestBytes: 0, responseBytes: 1, items: 4)
        let snapshot = metrics.snapshot()
        #expect(snapshot.durations[RouteLabel.live.rawValue].sum == 1_500_114_337)
        #expect(snapshot.responseSizes[RouteLabel.live.rawValue].sum == 16_777_233)
        #expect(snapshot.items == .init(buckets: [0, 1, 0, 0, 1, 0, 0, 0, 0], sum: 4004))

        let text = exposition(metrics)
        #expect(value(#"layoutd_http_request_duration_seconds_sum{route="/livez"}"#, in: text) == "1.500114337")
        #expect(value(#"layoutd_http_request_duration_seconds_sum{route="/readyz"}"#, in: text) == "0.0")
        #expect(value(#"layoutd_http_request_size_bytes_sum{route="/livez"}"#, in: text) == "7.0")
        #expect(value(#"layoutd_http_response_size_bytes_sum{route="/livez"}"#, in: text) == "16777233.0")
        #expect(value("layoutd_items_per_request_sum", in: text) == "4004.0")
        #expect(value("layoutd_items_per_request_count", in: text) == "2")
    }

    @Test func secondsAreSpelledLikeDurationsWere() {
        #expect(ServiceMetrics.seconds(0) == "0.0")
        #expect(ServiceMetrics.seconds(1) == "0.000000001")
        #expect(ServiceMetrics.seconds(25_000) == "0.000025")
        #expect(ServiceMetrics.seconds(2_500_000) == "0.0025")
        #expect(ServiceMetrics.seconds(89_337) == "0.000089337")
        #expect(ServiceMetrics.seconds(1_000_000_000) == "1.0")
        #expect(ServiceMetrics.seconds(12_340_000_000) == "12.34")
        #expect(ServiceMetrics.seconds(-25_000) == "-0.000025")
    }

    @Test func inFlightGoesUpAndDown() {
        #expect(metrics.snapshot().inFlight == 0)
        metrics.started()
        metrics.started()
        #expect(metrics.snapshot().inFlight == 2)
        #expect(value("layoutd_http_requests_in_flight", in: exposition(metrics)) == "2.0")
        metrics.finished(route: .health, status: 200, nanoseconds: 1, requestBytes: 0, responseBytes: 1, itemCount: nil)
        #expect(metrics.snapshot().inFlight == 1)
        // A request finished on another thread than it started on still balances, across shards.
        let done = DispatchSemaphore(value: 0)
        let metrics = metrics
        Thread {
            metrics.finished(route: .health, status: 200, nanoseconds: 1, requestBytes: 0, responseBytes: 1, itemCount: nil)
            done.signal()
        }.start()
        done.wait()
        #expect(metrics.snapshot().inFlight == 0)
        #expect(value("layoutd_http_requests_in_flight", in: exposition(metrics)) == "0.0")
    }

    @Test func everySeriesInAFixedOrderThenTheCacheAndExtra() {
        let text = exposition(metrics, extra: "# TYPE extra counter\nextra 1\n")
        let lines = text.split(separator: "\n").map(String.init)
        let types = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        #expect(types == [
            "layoutd_http_requests_total", "layoutd_http_request_duration_seconds", "layoutd_http_request_size_bytes",
            "layoutd_http_response_size_bytes", "layoutd_items_per_request", "layoutd_http_requests_in_flight",
            "layoutd_cache_hits_total", "layoutd_cache_misses_total", "layoutd_cache_evictions_total", "layoutd_cache_builds_total",
            "layoutd_cache_entries", "layoutd_cache_bytes", "layoutd_cache_budget_bytes", "layoutd_build_info", "extra",
        ])
        // Zero series included: every route with every status, every histogram with every bucket.
        let routes = RouteLabel.allCases.count
        let statuses = StatusLabel.codes.count + 1
        #expect(lines.filter { $0.hasPrefix("layoutd_http_requests_total{") }.count == routes * statuses)
        let counters = lines.filter { $0.hasPrefix("layoutd_http_requests_total{") }
        let expected = RouteLabel.allCases.flatMap { route in
            (0..<statuses).map { "layoutd_http_requests_total{route=\"\(route.name)\",status=\"\(StatusLabel.name($0))\"} 0" }
        }
        #expect(counters == expected)
        let le = lines.filter { $0.hasPrefix(#"layoutd_http_request_duration_seconds_bucket{route="/v1/cache""#) }
            .map { $0.split(separator: "\"")[3] }
        #expect(le == ["0.000025", "0.00005", "0.0001", "0.00025", "0.0005", "0.001", "0.0025", "0.005", "0.01",
                       "0.025", "0.05", "0.1", "0.25", "1.0", "+Inf"])
        let byteLe = lines.filter { $0.hasPrefix(#"layoutd_http_response_size_bytes_bucket{route="unmatched""#) }
            .map { $0.split(separator: "\"")[3] }
        #expect(byteLe == ["64.0", "256.0", "1024.0", "4096.0", "16384.0", "65536.0", "262144.0", "1048576.0",
                           "4194304.0", "16777216.0", "+Inf"])
        let itemLines = lines.filter { $0.hasPrefix("layoutd_items_per_request") }
        #expect(itemLines.first == #"layoutd_items_per_request_bucket{le="1.0"} 0"#)
        #expect(itemLines.suffix(3) == [#"layoutd_items_per_request_bucket{le="+Inf"} 0"#,
                                        "layoutd_items_per_request_sum 0.0", "layoutd_items_per_request_count 0"])
        for name in ["layoutd_http_request_duration_seconds", "layoutd_http_request_size_bytes", "layoutd_http_response_size_bytes"] {
            #expect(lines.filter { $0.hasPrefix(name + "_sum{") }.count == routes)
            #expect(lines.filter { $0.hasPrefix(name + "_count{") }.count == routes)
        }
        #expect(value("layoutd_cache_budget_bytes", in: text) == "1024")
        #expect(text.hasSuffix("extra 1\n"))
        // The same state, the same bytes.
        #expect(exposition(metrics, extra: "# TYPE extra counter\nextra 1\n") == text)
    }
}

/// Run under ThreadSanitizer by `make test-tsan`: many threads record at once (more than there are
/// shards, so some share one) while another scrapes.
@Suite("Concurrency: metrics shards under many threads")
struct MetricsConcurrencyTests {
    /// `threads` real threads (not a pool sized to the CPUs) each running `body` with its number, all
    /// at once: each takes its shard, then waits for the others before starting.
    private func onThreads(_ threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        let ready = Atomic<Int>(0)
        for index in 0..<threads {
            group.enter()
            Thread {
                _ = ServiceMetrics.threadShard
                ready.add(1, ordering: .relaxed)
                while ready.load(ordering: .relaxed) < threads { sched_yield() }
                body(index)
                group.leave()
            }.start()
        }
        group.wait()
    }

    @Test func aThreadKeepsItsShard() {
        let shards = (0..<3).map { _ in ServiceMetrics.threadShard }
        #expect(Set(shards).count == 1 && (0..<ServiceMetrics.shardCount).contains(shards[0]))
        // The next thread to record gets the next index (other tests' threads may come between).
        let other = Atomic<Int>(-1)
        let done = DispatchSemaphore(value: 0)
        Thread {
            other.store(ServiceMetrics.threadShard, ordering: .relaxed)
            done.signal()
        }.start()
        done.wait()
        #expect((0..<ServiceMetrics.shardCount).contains(other.load(ordering: .relaxed)))
    }

    /// 8 threads have a shard each; 40 share 16 shards, so additions from two threads to one slot meet.
    @Test(arguments: [(threads: 8, requests: 10_000), (threads: 40, requests: 5_000)])
    func concurrentRecordsSumExactly(threads: Int, requests: Int) {
        let metrics = ServiceMetrics()
        let scraping = Atomic<Bool>(true)
        let regressions = Atomic<Int>(0)
        let scraper = Thread {
            var last = 0
            while scraping.load(ordering: .relaxed) {
                let snapshot = metrics.snapshot()
                let total = snapshot.durations.map(\.count).reduce(0, +)
                if total < last { regressions.add(1, ordering: .relaxed) }
                last = total
                _ = metrics.exposition(cache: LayoutCache(byteBudget: 0), extra: [])
            }
        }
        scraper.start()
        onThreads(threads) { thread in
            for request in 0..<requests {
                metrics.started()
                let route = RouteLabel.allCases[(thread + request) % 3]
                let status = request % 2 == 0 ? 200 : 404
                metrics.finished(
                    route: route, status: status, nanoseconds: Int64(request % 100) * 1000, requestBytes: request % 300,
                    responseBytes: 5000, itemCount: request % 4 == 0 ? 3 : nil)
            }
        }
        scraping.store(false, ordering: .relaxed)
        while !scraper.isFinished { usleep(100) }

        let snapshot = metrics.snapshot()
        let total = threads * requests
        #expect(regressions.load(ordering: .relaxed) == 0)
        #expect(snapshot.inFlight == 0)
        #expect(snapshot.requests.map { $0.reduce(0, +) }.reduce(0, +) == total)
        #expect(snapshot.requests.map { $0[StatusLabel.index(200)] }.reduce(0, +) == total / 2)
        #expect(snapshot.requests.map { $0[StatusLabel.index(404)] }.reduce(0, +) == total / 2)
        #expect(snapshot.durations.map(\.count).reduce(0, +) == total)
        // Per thread: the sum over 0..<requests of (request % 100) µs, and of request % 300 bytes.
        let nanoseconds = (0..<requests).map { ($0 % 100) * 1000 }.reduce(0, +)
        #expect(snapshot.durations.map(\.sum).reduce(0, +) == threads * nanoseconds)
        let bytes = (0..<requests).map { $0 % 300 }.reduce(0, +)
        #expect(snapshot.requestSizes.map(\.sum).reduce(0, +) == threads * bytes)
        #expect(snapshot.responseSizes.map(\.sum).reduce(0, +) == total * 5000)
        #expect(snapshot.responseSizes.map { $0.buckets[4] }.reduce(0, +) == total)  // 5000 ≤ 16384
        #expect(snapshot.items.count == threads * ((requests + 3) / 4))
        #expect(snapshot.items.sum == 3 * snapshot.items.count)
    }
}
