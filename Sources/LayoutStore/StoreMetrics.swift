import Locking

/// Counters of the store's operations, by operation: calls, failures, corrupt values found, and time
/// spent, for `/metrics`. Thread-safe.
final class StoreMetrics: Sendable {
    enum Operation: Int, CaseIterable {
        case save, load, delete

        var label: String {
            switch self {
            case .save: "save"
            case .load: "load"
            case .delete: "delete"
            }
        }
    }

    /// Upper bounds of the latency histogram, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    private struct Counts {
        var calls = [Int](repeating: 0, count: Operation.allCases.count)
        var errors = [Int](repeating: 0, count: Operation.allCases.count)
        var nanoseconds = [Int64](repeating: 0, count: Operation.allCases.count)
        var buckets = [Int](repeating: 0, count: Operation.allCases.count * StoreMetrics.buckets.count)
        var corruptValues = 0
        var bytesWritten = 0
        var bytesRead = 0
        var roundTrips = 0
    }

    // A lock, not atomics: every store call already waits on the network, and a scrape reads one
    // consistent set of counts.
    private let counts = LockedValueBox(Counts())

    func record(_ operation: Operation, nanoseconds elapsed: Int64, failed: Bool) {
        let index = operation.rawValue
        let bucket = Self.buckets.firstIndex { Double(elapsed) / 1e9 <= $0 }
        counts.withLockedValue { counts in
            counts.calls[index] += 1
            if failed { counts.errors[index] += 1 }
            counts.nanoseconds[index] += elapsed
            if let bucket { counts.buckets[index * Self.buckets.count + bucket] += 1 }
        }
    }

    func recordTraffic(written: Int = 0, read: Int = 0, roundTrips: Int = 0) {
        counts.withLockedValue { counts in
            counts.bytesWritten += written
            counts.bytesRead += read
            counts.roundTrips += roundTrips
        }
    }

    func recordCorrupt() { counts.withLockedValue { $0.corruptValues += 1 } }

    /// Bytes written and read and pipelines sent so far (for benchmarks and tests).
    var traffic: (written: Int, read: Int, roundTrips: Int) {
        counts.withLockedValue { ($0.bytesWritten, $0.bytesRead, $0.roundTrips) }
    }

    func exposition(health: StoreHealth) -> String {
        let counts = self.counts.withLockedValue { $0 }
        var text = "# HELP layoutd_store_up Whether the store carries out the service's commands (reason: why not).\n"
        text += "# TYPE layoutd_store_up gauge\n"
        switch health {
        case .up: text += "layoutd_store_up 1\n"
        case .down(let reason): text += "layoutd_store_up{reason=\"\(reason)\"} 0\n"
        }
        text += "# HELP layoutd_store_operations_total Calls to the store by operation.\n# TYPE layoutd_store_operations_total counter\n"
        for operation in Operation.allCases {
            text += "layoutd_store_operations_total{operation=\"\(operation.label)\"} \(counts.calls[operation.rawValue])\n"
        }
        text += "# HELP layoutd_store_errors_total Calls to the store that failed, by operation.\n# TYPE layoutd_store_errors_total counter\n"
        for operation in Operation.allCases {
            text += "layoutd_store_errors_total{operation=\"\(operation.label)\"} \(counts.errors[operation.rawValue])\n"
        }
        text += "# HELP layoutd_store_duration_seconds Time calls to the store took, by operation.\n# TYPE layoutd_store_duration_seconds histogram\n"
        for operation in Operation.allCases {
            var cumulative = 0
            for (bucket, bound) in Self.buckets.enumerated() {
                cumulative += counts.buckets[operation.rawValue * Self.buckets.count + bucket]
                text += "layoutd_store_duration_seconds_bucket{operation=\"\(operation.label)\",le=\"\(bound)\"} \(cumulative)\n"
            }
            let count = counts.calls[operation.rawValue]
            text += "layoutd_store_duration_seconds_bucket{operation=\"\(operation.label)\",le=\"+Inf\"} \(count)\n"
            let seconds = Double(counts.nanoseconds[operation.rawValue]) / 1e9
            text += "layoutd_store_duration_seconds_sum{operation=\"\(operation.label)\"} \(seconds)\n"
            text += "layoutd_store_duration_seconds_count{operation=\"\(operation.label)\"} \(count)\n"
        }
        text += "# HELP layoutd_store_corrupt_values_total Values read from the store that did not match their key (deleted).\n"
        text += "# TYPE layoutd_store_corrupt_values_total counter\nlayoutd_store_corrupt_values_total \(counts.corruptValues)\n"
        text += "# HELP layoutd_store_bytes_written_total Bytes of values sent to the store.\n# TYPE layoutd_store_bytes_written_total counter\n"
        text += "layoutd_store_bytes_written_total \(counts.bytesWritten)\n"
        text += "# HELP layoutd_store_bytes_read_total Bytes of values read from the store.\n# TYPE layoutd_store_bytes_read_total counter\n"
        text += "layoutd_store_bytes_read_total \(counts.bytesRead)\n"
        text += "# HELP layoutd_store_round_trips_total Pipelines sent to the store.\n# TYPE layoutd_store_round_trips_total counter\n"
        text += "layoutd_store_round_trips_total \(counts.roundTrips)\n"
        return text
    }
}
